/**
 * One CSV drop zone of the Sticky page (000 §2 "Campaign fulfilment CSV upload"; 001 §5
 * "Uploads of product lists accept only csv", §7): the file picker (userEvent.upload) and a
 * drop; while a file is sent the progress bar; what the upload last said; a zone that takes no
 * file with its reason. The Checked stories hold the zone as the screen does, checking each
 * file with the slice's own check (src/features/sticky/csv-check.ts) before `onFile`.
 */
import preview from '../../../.storybook/preview';

import { useState } from 'react';
import { expect, fn, userEvent as baseUser, waitFor } from 'storybook/test';
import { CsvDropZone, type CsvDropZoneProps, type ZoneOutcome } from '../../../src/features/sticky/components/CsvDropZone';
import { CSV_EMPTY, PRODUCTS_CSV_ONLY, csvFileProblem } from '../../../src/features/sticky/csv-check';
import { MSG } from '../../../src/model';

/** Every file the zone handed on (synchronously, before the check), for the stories where it must take none. */
const taken: File[] = [];

/** The zone as the screen holds it: a file is checked first; a refused one is said and not passed on, an accepted one goes to onFile. */
function Checked(props: CsvDropZoneProps) {
  const [outcome, setOutcome] = useState<ZoneOutcome | null>(props.outcome);
  return (
    <CsvDropZone
      {...props}
      outcome={outcome}
      onFile={(file) => {
        taken.push(file);
        void csvFileProblem(file, PRODUCTS_CSV_ONLY).then((problem) => {
          if (problem) {
            setOutcome({ ok: false, message: `${MSG.uploadFailed(file.name)} ${problem}` });
            return;
          }
          props.onFile(file);
          setOutcome({ ok: true, message: MSG.uploadOk(file.name) });
        });
      }}
    />
  );
}

const meta = preview.meta({
  title: 'Sticky/CsvDropZone',
  component: CsvDropZone,
  args: {
    label: 'Products CSV file',
    help: 'Columns name, description, sku, cost_of_goods, product_price, shipping_weight. At most 1 MB and 5000 rows.',
    sending: null,
    outcome: null,
    onFile: fn(),
  },
  render: (args) => <Checked {...args} />,
});

const csv = (name: string, text: string) => new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'text/plain' });
const input = (canvas: { getByLabelText: (t: RegExp) => HTMLElement }) => canvas.getByLabelText(/^Products CSV file/) as HTMLInputElement;

/** Drops `file` on `target` as the browser does (real DragEvents carrying a DataTransfer). */
function dropFile(target: Element, file: File) {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  for (const type of ['dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
}

/** Ready: the label, 'Choose a file or drop it here', the help tied to the input; the input is the first tab stop and takes csv only. */
export const Ready = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await step('The zone says what to choose and which columns', async () => {
      await expect(canvas.getByText('Choose a file or drop it here')).toBeVisible();
      await expect(input(canvas)).toHaveAccessibleDescription(/^Columns name, description, sku/);
      await expect(input(canvas)).toHaveAttribute('accept', '.csv,text/csv');
    });
    await step('Tab reaches the file input', async () => {
      await userEvent.tab();
      await expect(input(canvas)).toHaveFocus();
    });
  },
});

/** A csv by the picker is accepted: onFile gets it and the seed's '{file} file uploaded successfully' shows. */
export const PickCsv = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let file!: File;
    await step('Choose a CSV file: it is passed on', async () => {
      file = csv('products.csv', 'name,sku\nSerum,GS-1\n');
      await userEvent.upload(input(canvas), file);
      await waitFor(() => expect(args.onFile).toHaveBeenCalledWith(file));
    });
    await step('The success message; the input is emptied', async () => {
      await expect(await canvas.findByRole('status')).toHaveTextContent('products.csv file uploaded successfully');
      // The input is emptied, so the same file can be chosen again.
      await expect(input(canvas).value).toBe('');
    });
  },
});

/**
 * A file that is not .csv: the picker offers csv only (nothing taken); chosen anyway ('All
 * files') it is refused with 001 §5's 'Uploads of product lists accept only csv'; onFile not called.
 */
export const PickNotCsv = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('A non-CSV file is not offered by the picker', async () => {
      taken.length = 0;
      await userEvent.upload(input(canvas), csv('products.txt', 'name,sku\n'));
      await expect(taken).toEqual([]);
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
    await step("Forced in anyway: the seed's message; nothing passed on", async () => {
      const anyFile = baseUser.setup({ applyAccept: false });
      await anyFile.upload(input(canvas), csv('products.txt', 'name,sku\n'));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(`products.txt file upload failed. ${PRODUCTS_CSV_ONLY}`);
      await expect(args.onFile).not.toHaveBeenCalled();
    });
  },
});

/** A dropped file: a non-csv refused with the message, an empty csv refused, a csv accepted. */
export const Drop = meta.story({
  play: async ({ canvas, args, step }) => {
    let zone!: HTMLElement;
    await step("Drop a spreadsheet: the seed's message", async () => {
      zone = canvas.getByTestId('drop-zone');
      dropFile(zone, csv('report.xlsx', 'x'));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(`report.xlsx file upload failed. ${PRODUCTS_CSV_ONLY}`);
    });
    await step("Drop an empty CSV: the seed's message; nothing passed on", async () => {
      dropFile(zone, csv('empty.csv', ''));
      await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent(`empty.csv file upload failed. ${CSV_EMPTY}`));
      await expect(args.onFile).not.toHaveBeenCalled();
    });
    await step('Drop a good CSV: passed on, the success message', async () => {
      const good = csv('good.csv', 'name,sku\nSerum,GS-1\n');
      dropFile(zone, good);
      await waitFor(() => expect(args.onFile).toHaveBeenCalledWith(good));
      await expect(await canvas.findByRole('status')).toHaveTextContent('good.csv file uploaded successfully');
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  },
});

/** While a file is sent: its progress (40 %), and the zone takes no other file. */
export const Sending = meta.story({
  args: { sending: { file: 'products.csv', fraction: 0.4 } },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The progress bar, the input disabled', async () => {
      taken.length = 0;
      const bar = canvas.getByRole('progressbar', { name: 'Uploading products.csv: 40%' });
      await expect(bar).toHaveAttribute('value', '40');
      await expect(input(canvas)).toBeDisabled();
    });
    await step('Drop or choose another file: nothing taken', async () => {
      dropFile(canvas.getByTestId('drop-zone'), csv('other.csv', 'a\n1\n'));
      await userEvent.upload(input(canvas), csv('other.csv', 'a\n1\n'));
      await expect(taken).toEqual([]);
      await expect(args.onFile).not.toHaveBeenCalled();
    });
  },
});

/** A zone that takes no file says why (e.g. 'Pick a funnel first'); a drop is ignored. */
export const Disabled = meta.story({
  args: { disabled: true, disabledReason: 'Pick a funnel first' },
  play: async ({ canvas, args, step }) => {
    await step('Pick a funnel first; the input disabled', async () => {
      taken.length = 0;
      await expect(canvas.getByText('Pick a funnel first')).toBeVisible();
      await expect(canvas.queryByText('Choose a file or drop it here')).toBeNull();
      await expect(input(canvas)).toBeDisabled();
    });
    await step('Drop a file: nothing taken', async () => {
      dropFile(canvas.getByTestId('drop-zone'), csv('products.csv', 'a\n1\n'));
      await expect(taken).toEqual([]);
      await expect(args.onFile).not.toHaveBeenCalled();
      await expect(canvas.queryByRole('status')).toBeNull();
    });
  },
});

/** What a refused upload said (the server's reason after the seed's words) stays under the zone as an alert. */
export const Refused = meta.story({
  args: { outcome: { ok: false, message: 'products.csv file upload failed. Row 3: Missing SKU' } },
  play: async ({ canvas, step }) => {
    await step('The refusal stays under the zone', async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('products.csv file upload failed. Row 3: Missing SKU');
    });
    await step('The input is enabled for another try', async () => {
      await expect(input(canvas)).toBeEnabled();
    });
  },
});
