/**
 * The keyboard shortcut sheet: `?` outside a text field opens it (through the launcher) and
 * lists every shortcut by where it works; Close or Escape closes it. A Mac reads ⌘ for Ctrl.
 */
import preview from '../../../.storybook/preview';

import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { http, HttpResponse } from 'msw';
import { ShortcutSheet } from '../../../src/features/palette/components/ShortcutSheet';
import { PaletteLauncher } from '../../../src/features/palette/PaletteLauncher';
import { storyUser } from '../../screens';

const meta = preview.meta({
  title: 'Palette/ShortcutSheet',
  component: ShortcutSheet,
  args: { isOpen: true, onClose: fn() },
  parameters: { msw: { handlers: [http.get('/api/v1/me', () => HttpResponse.json(storyUser))] } },
});

const sheet = () => screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 5000 });

/** Every group and its shortcuts; Close closes. */
export const Open = meta.story({
  play: async ({ args, userEvent, step }) => {
    await step('The groups', async () => {
      const dialog = await sheet();
      await expect(
        within(dialog)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual([
        'Anywhere',
        'In the command palette',
        'While editing (funnel, page and template editors)',
        'In the template editor’s page',
        'In sortable lists (dashboard cards, panel items)',
      ]);
    });
    await step('Undo, redo and save as the editor handles them', async () => {
      const editing = within(within(await sheet()).getByRole('region', { name: 'While editing (funnel, page and template editors)' }));
      await expect(editing.getByRole('row', { name: /Undo/ })).toHaveTextContent('Ctrl+Z');
      await expect(editing.getByRole('row', { name: /Redo/ })).toHaveTextContent('Ctrl+Shift+Z or Ctrl+Y');
      await expect(editing.getByRole('row', { name: /Save/ })).toHaveTextContent('Ctrl+S');
    });
    await step('Close', async () => {
      await userEvent.click(within(await sheet()).getByRole('button', { name: 'Close' }));
      await expect(args.onClose).toHaveBeenCalled();
    });
  },
});

/** On a Mac the command key is written ⌘. */
export const Mac = meta.story({
  args: { mac: true },
  play: async ({ step }) => {
    await step('⌘K opens the palette', async () => {
      const anywhere = within(within(await sheet()).getByRole('region', { name: 'Anywhere' }));
      await expect(anywhere.getByRole('row', { name: /command palette/ })).toHaveTextContent('⌘+K');
    });
  },
});

/** `?` outside a text field opens the sheet; Escape closes it; `?` typed in a text field stays text. */
export const QuestionMarkOpensIt = meta.story({
  render: () => (
    <div>
      <button type="button">Somewhere on the page</button>
      <input aria-label="A text field" />
      <PaletteLauncher />
    </div>
  ),
  play: async ({ canvas, userEvent, step }) => {
    await step('? in a text field is typed', async () => {
      const field = canvas.getByRole('textbox', { name: 'A text field' });
      await userEvent.click(field);
      await userEvent.keyboard('?');
      await expect(field).toHaveValue('?');
      await expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    });
    await step('? elsewhere opens the sheet', async () => {
      canvas.getByRole('button', { name: 'Somewhere on the page' }).focus();
      await userEvent.keyboard('?');
      await sheet();
    });
    await step('Escape closes it and the focus returns', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Somewhere on the page' })).toHaveFocus());
    });
  },
});
