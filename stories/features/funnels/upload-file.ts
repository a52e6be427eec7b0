/**
 * Files for the upload stories of a funnel's tabs: a file as the browser hands it over, a file
 * chooser set to "All files" picking it, the error an upload the server refuses rejects with,
 * the two steps the tabs' upload dialogs share (send a file; a file that is not CSV refused) and
 * the story of an upload the server refuses.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { openDialog, pressIn, stepValue } from '../../dialog-steps';
import { itemTexts } from '../../helpers';

/** A file named `name` holding `text`: text/csv when the name ends in .csv, else a binary type. */
export const fileNamed = (name: string, text: string) => new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' });

/** Sets the input's file as a file chooser set to "All files" does (userEvent.upload would honour `accept`). */
export function chooseFile(input: HTMLElement, file: File) {
  const dt = new DataTransfer();
  dt.items.add(file);
  (input as HTMLInputElement).files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * The error an upload the API refuses (422) rejects with: `<file> file upload failed.`, its
 * `reason` and the bad rows, as src/api's client raises it.
 */
export const refusedUpload = (file: string, reason: string, errors: { line: number; message: string }[]) =>
  Object.assign(new Error(`${file} file upload failed.`), { status: 422, body: { message: `${file} file upload failed.`, reason, errors } });

/** The label of the file input of a tab's upload dialog. */
const CSV_INPUT = 'CSV file';

/**
 * Opens the upload dialog by its `button`, picks `file` in its CSV file input and presses Upload.
 * @returns the dialog (still open while the upload runs or after a refusal).
 */
export async function uploadThrough(canvas: StoryContext['canvas'], userEvent: StoryContext['userEvent'], button: string, file: File): Promise<HTMLElement> {
  const dialog = await openDialog(canvas, userEvent, button);
  await userEvent.upload(within(dialog).getByLabelText(CSV_INPUT), file);
  await pressIn(userEvent, dialog, 'Upload');
  return dialog;
}

/**
 * Picks `file` (not a CSV) in the open upload `dialog` as a chooser set to "All files" does and
 * presses Upload: the alert says `message` and `upload` (the tab's upload spy) was never called,
 * the file being refused before anything is sent.
 */
export async function expectRefusedBeforeSending(userEvent: StoryContext['userEvent'], dialog: HTMLElement, file: File, message: string, upload: unknown) {
  chooseFile(within(dialog).getByLabelText(CSV_INPUT), file);
  await pressIn(userEvent, dialog, 'Upload');
  await expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  await expect(upload).not.toHaveBeenCalled();
}

/**
 * The step `label` that opens the upload dialog by its `button` and finds the dialog saying
 * `said` (what the file must hold); returns the dialog and its CSV file input.
 */
export const stepOpenUpload = (
  step: StoryContext['step'],
  canvas: StoryContext['canvas'],
  userEvent: StoryContext['userEvent'],
  label: string,
  button: string,
  said: RegExp,
) =>
  stepValue(step, label, async () => {
    const dialog = await openDialog(canvas, userEvent, button);
    await expect(within(dialog).getByText(said)).toBeVisible();
    return { dialog, input: within(dialog).getByLabelText(CSV_INPUT) };
  });

/** The step 'A file that is not CSV is refused': {@link expectRefusedBeforeSending} with the same arguments. */
export const stepRefusedBeforeSending = (step: StoryContext['step'], ...args: Parameters<typeof expectRefusedBeforeSending>) =>
  step('A file that is not CSV is refused', () => expectRefusedBeforeSending(...args));

/**
 * A tab's story of an upload the server refuses: its upload spy `spy` (an arg) rejects with
 * {@link refusedUpload} of `file`, `reason` and `lines`; the step 'Upload a CSV the server refuses'
 * sends `file` through the dialog of `button`, then the step `said` finds the alert saying
 * `<file> file upload failed. <reason>` and listing each bad line as 'Line <n>: <message>', and
 * `also(dialog)` (when given) holds.
 */
export function uploadRefusedStory<K extends string>(
  spy: K,
  button: string,
  file: File,
  o: { reason: string; lines: { line: number; message: string }[]; said: string; also?: (dialog: HTMLElement) => Promise<unknown> },
) {
  return {
    args: { [spy]: fn(() => Promise.reject(refusedUpload(file.name, o.reason, o.lines))) } as Record<K, ReturnType<typeof fn>>,
    play: async ({ canvas, userEvent, step }: Pick<StoryContext, 'canvas' | 'userEvent' | 'step'>) => {
      let dialog!: HTMLElement;
      await step('Upload a CSV the server refuses', async () => {
        dialog = await uploadThrough(canvas, userEvent, button, file);
      });
      await step(o.said, async () => {
        const alert = await within(dialog).findByRole('alert');
        await expect(alert).toHaveTextContent(`${file.name} file upload failed. ${o.reason}`);
        await expect(itemTexts(alert)).toEqual(o.lines.map((l) => `Line ${l.line}: ${l.message}`));
        await o.also?.(dialog);
      });
    },
  };
}
