/**
 * A list's Export CSV (src/ui/list/ExportCsvButton.tsx) on its own: pressing it asks for the file
 * (the story's request answers as the server does: text/csv with the file's name), hands it to the
 * browser's download and says so; the same action is listed for the command palette while the
 * button is shown; a refusal is said with the server's sentence; an empty list offers neither.
 * The list screens show it beside their search box (PagedTable's `list.exportCsv`).
 */
import preview from '../../.storybook/preview';

import { expect, fn, waitFor, within } from 'storybook/test';
import { useRegisteredScreenActions } from '../../src/ui/screen-actions';
import { ExportCsvButton } from '../../src/ui/list/ExportCsvButton';

/** What the palette would list: the open screen's actions. */
function PaletteActions() {
  const actions = useRegisteredScreenActions();
  return (
    <ul aria-label="Palette actions">
      {actions.map((a) => (
        <li key={a.id}>
          <button type="button" aria-label={`Palette: ${a.label}`} onClick={a.run}>
            {a.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

const csv = () =>
  Promise.resolve(
    new Response('\uFEFFID,Name\r\n1,Apple\r\n', {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="fruits-2026-11-29.csv"' },
    }),
  );

const meta = preview.meta({
  title: 'UI/ExportCsvButton',
  component: ExportCsvButton,
  args: { request: fn(csv), fallbackName: 'fruits.csv' },
  render: (args) => (
    <>
      <ExportCsvButton {...args} />
      <PaletteActions />
    </>
  ),
});

/** Export CSV asks for the file and says it was downloaded under the server's name; the palette lists the same action, which does the same. */
export const Downloads = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const region = () => within(canvas.getByRole('region', { name: 'Notifications' }));
    await step('Press Export CSV: the file is asked for and downloaded', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(args.request).toHaveBeenCalledTimes(1));
      await expect(await region().findByRole('status')).toHaveTextContent('Downloaded fruits-2026-11-29.csv');
    });
    await step('The palette lists Export CSV, which asks again', async () => {
      const palette = within(canvas.getByRole('list', { name: 'Palette actions' }));
      await userEvent.click(palette.getByRole('button', { name: 'Palette: Export CSV' }));
      await waitFor(() => expect(args.request).toHaveBeenCalledTimes(2));
    });
  },
});

/** A refused export says the server's sentence as an error. */
export const Refused = meta.story({
  args: { request: fn(() => Promise.reject(new Error('Sort must be one of: id, -id, name, -name'))) },
  play: async ({ canvas, userEvent, step }) => {
    await step('Press Export CSV: the refusal is said', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }));
      const alert = await within(canvas.getByRole('region', { name: 'Notifications' })).findByRole('alert');
      await expect(alert).toHaveTextContent('Sort must be one of: id, -id, name, -name');
      await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    });
  },
});

/** Nothing to export: the button is disabled and the palette has no Export CSV. */
export const EmptyList = meta.story({
  args: { isDisabled: true },
  play: async ({ canvas, args, step }) => {
    await step('Disabled, and not in the palette', async () => {
      await expect(canvas.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
      await expect(within(canvas.getByRole('list', { name: 'Palette actions' })).queryByRole('button')).toBeNull();
      await expect(args.request).not.toHaveBeenCalled();
    });
  },
});
