/**
 * The Logs tab connected (src/features/funnels/screens/LogsTabScreen.tsx) inside the
 * funnel page, with the editor bar above it and the story's real editor store: "Revert this
 * change" on an old price change that a later change changed again, and time travel to the
 * version after it. The API is msw (`revertHandlers`: page 11 created with Single at 39.95,
 * changed to 34.95, then to 29.95).
 */
import preview from '../../../.storybook/preview';

import { expect, screen, waitFor, within } from 'storybook/test';
import { EditorBar } from '../../../src/app/editing/EditorBar';
import { FunnelScreen } from '../../../src/features/funnels/screens/FunnelScreen';
import { LogFilters } from '../../../src/features/funnels/components/LogFilters';
import { LogsTabScreen } from '../../../src/features/funnels/screens/LogsTabScreen';
import type { Page } from '../../../src/model';
import { revertHandlers } from '../../../.storybook/handlers';
import { checkoutPage, funnel } from '../../../tests/fixtures/demo';
import { expectUndoRedo, snapshot, storeOf, cellTexts } from '../../helpers';
import { screenHandlers } from '../../screens';
import { AtFunnel } from './at-funnel';

const doc = `page:${checkoutPage.ID}` as const;
const FIRST = 'Set Single price to 34.95';

const meta = preview.meta({
  title: 'Funnels/LogsTabScreen',
  component: FunnelScreen,
  subcomponents: { LogsTabScreen, LogFilters },
  render: () => (
    <AtFunnel url={`/funnels/${funnel.ID}/pages`}>
      <EditorBar docs={[`funnel:${funnel.ID}`]} />
    </AtFunnel>
  ),
});

/** A fresh API per story (a story's Save changes its copy of page 11). */
const api = () => ({ msw: { handlers: [...revertHandlers(), ...screenHandlers()] } });

const priceOf = (p: Page) => p.meta.products?.[0]?._price;

/** Opens the Logs tab by its tab and returns the list item of the change titled `title`. */
async function openLogs(canvas: HTMLElement, user: { click: (el: Element) => Promise<void> }, title: string) {
  await user.click(await within(canvas).findByRole('tab', { name: 'Logs' }, { timeout: 5000 }));
  return within(canvas).findByRole('listitem', { name: `Change: ${title}` }, { timeout: 5000 });
}

/**
 * Reverting the first price change (39.95 → 34.95) after a later one (→ 29.95): the dialog
 * shows both values and keeps the later one unless told; "Revert it to" records one command
 * "Revert: …" that puts 39.95 back. The editor bar shows it unsaved, in History; undo gives
 * back the exact previous page, redo the revert; Save sends it.
 */
export const RevertOverALaterChange = meta.story({
  parameters: api(),
  play: async ({ canvasElement, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    let dialog!: HTMLElement;
    let group!: HTMLElement;
    let before!: Page;
    let bar!: HTMLElement;
    await step('Ask to revert the first change: a later change of the same place is said', async () => {
      const change = await openLogs(canvasElement, userEvent, FIRST);
      await userEvent.click(within(change).getByRole('button', { name: `Revert this change: ${FIRST}` }));
      dialog = await screen.findByRole('alertdialog', { name: `Revert ${FIRST}` });
      await expect(dialog).toHaveTextContent(`${FIRST} on Page Checkout, by Olivia Operator`);
      group = await within(dialog).findByRole('radiogroup', { name: 'meta › products › “Single” › _price' }, { timeout: 5000 });
      await expect(dialog).toHaveTextContent('One place was changed again after this change.');
      await expect(within(group).getByRole('radio', { name: 'Keep the value now: 29.95' })).toBeChecked();
    });
    await step('The page is read into the store to plan the revert', async () => {
      // The page was read into the store to plan the revert: this is the copy before it.
      before = snapshot<Page>(store, doc);
      await expect(priceOf(before)).toBe(29.95);
      await expect(before.version).toBe(3);
    });
    await step('Choose to revert the price and confirm', async () => {
      await userEvent.click(within(group).getByRole('radio', { name: 'Revert it to: 39.95' }));
      await expect(within(group).getByRole('radio', { name: 'Revert it to: 39.95' })).toBeChecked();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(await screen.findByText(`Reverted “${FIRST}” on Page Checkout: Save to keep it`)).toBeVisible();
    });

    await step('Only the price went back; one unsaved history entry', async () => {
      const after = snapshot<Page>(store, doc);
      await expect(priceOf(after)).toBe(39.95);
      // Only the price went back: everything else is the copy as it was.
      await expect({ ...after, meta: { ...after.meta, products: after.meta.products?.slice(1) } }).toEqual({
        ...before,
        meta: { ...before.meta, products: before.meta.products?.slice(1) },
      });
      bar = within(canvasElement).getByRole('toolbar', { name: 'Editing' });
      await expect(within(bar).getByRole('status')).toHaveTextContent('Unsaved changes');
      await userEvent.click(within(bar).getByRole('button', { name: 'History (1)' }));
      await expect(within(bar).getByRole('list', { name: 'History' })).toHaveTextContent(`Revert: ${FIRST}`);
    });

    await step('Undo and redo are exact', async () => {
      await expectUndoRedo(
        store,
        doc,
        before,
        () => userEvent.click(within(bar).getByRole('button', { name: `Undo Revert: ${FIRST}` })),
        () => userEvent.click(within(bar).getByRole('button', { name: `Redo Revert: ${FIRST}` })),
      );
      await expect(within(bar).getByRole('status')).toHaveTextContent('Unsaved changes');
    });

    await step('Save: the saved keys are shown', async () => {
      await userEvent.click(within(bar).getByRole('button', { name: 'Save' }));
      const proof = await screen.findByRole('dialog', { name: 'Changes saved' });
      await expect(within(proof).getByRole('region', { name: 'Saved keys of Page Checkout' })).toHaveTextContent('/meta/products/0/_price');
      await userEvent.click(within(proof).getByRole('button', { name: 'OK' }));
      await expect(within(bar).getByRole('status')).toHaveTextContent('All changes saved');
      await expect(store.getState().docs[doc]?.version).toBe(4);
    });
  },
});

/** Cancel leaves everything as it was: nothing recorded, nothing unsaved. */
export const RevertCancelled = meta.story({
  parameters: api(),
  play: async ({ canvasElement, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    let dialog!: HTMLElement;
    await step('Ask to revert the first change', async () => {
      const change = await openLogs(canvasElement, userEvent, FIRST);
      await userEvent.click(within(change).getByRole('button', { name: `Revert this change: ${FIRST}` }));
      dialog = await screen.findByRole('alertdialog', { name: `Revert ${FIRST}` });
      await within(dialog).findByRole('radiogroup', {}, { timeout: 5000 });
    });
    await step('Cancel changes nothing', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(store.getState().undoCount).toBe(0);
      await expect(priceOf(snapshot<Page>(store, doc))).toBe(29.95);
      await expect(within(within(canvasElement).getByRole('toolbar', { name: 'Editing' })).getByRole('status')).toHaveTextContent('All changes saved');
    });
  },
});

/**
 * Each change reads as a sentence on the page by its name: the package is named from the page
 * as it was before the change (the server's copy walked back through the later changes), the
 * price as old → new; "Show raw ops" opens the op table and says so (aria-expanded).
 */
export const ChangesAsSentences = meta.story({
  parameters: api(),
  play: async ({ canvasElement, userEvent, step }) => {
    const canvas = within(canvasElement);
    const first = await openLogs(canvasElement, userEvent, FIRST);
    const sentences = (title: string) =>
      within(canvas.getByRole('list', { name: `Changes of ${title}` }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await step('Every change as its sentence, named on the page as it was', async () => {
      await waitFor(() => expect(sentences(FIRST)).toEqual(['Checkout › Products › Single › Price 39.95 → 34.95']));
      await expect(sentences('Set Single price to 29.95')).toEqual(['Checkout › Products › Single › Price 34.95 → 29.95']);
      await expect(sentences('Create page Checkout')).toEqual(['Checkout created']);
      await expect(within(first).getByText('Checkout', { exact: true })).toBeVisible();
    });
    await step('Show raw ops: the op table of that change only', async () => {
      const toggle = within(first).getByRole('button', { name: 'Show raw ops' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(toggle);
      await expect(within(first).getByRole('button', { name: 'Hide raw ops' })).toHaveAttribute('aria-expanded', 'true');
      const table = within(first).getByRole('table', { name: `Operations of ${FIRST}` });
      await expect(within(table).getByRole('cell', { name: '/meta/products/0/_price' })).toBeVisible();
      await expect(canvas.getAllByRole('table', { name: /^Operations of / })).toHaveLength(1);
    });
  },
});

/**
 * The log's filters (001 §7 "Logs"): Kind narrows to notes, Author to one person's entries (the
 * server reads only those), both together can match nothing — "No entries match these filters"
 * with Clear filters — and Clear filters shows every entry again.
 */
export const FilterByKindAndAuthor = meta.story({
  parameters: api(),
  play: async ({ canvasElement, userEvent, step }) => {
    const canvas = within(canvasElement);
    const entries = () => canvas.getAllByRole('listitem').filter((li) => /^(Change|Note): /.test(li.getAttribute('aria-label') ?? ''));
    const names = () => entries().map((li) => li.getAttribute('aria-label'));
    await openLogs(canvasElement, userEvent, FIRST);
    const filters = canvas.getByRole('group', { name: 'Filter the log' });
    await step('Every entry, then only the notes', async () => {
      await expect(entries()).toHaveLength(4);
      await userEvent.selectOptions(within(filters).getByLabelText('Kind'), 'Notes');
      await waitFor(() => expect(names()).toEqual(['Note: Prices']));
    });
    await step("Everyone's notes and changes, then only Olivia's", async () => {
      await userEvent.selectOptions(within(filters).getByLabelText('Kind'), 'Changes and notes');
      await waitFor(() => expect(entries()).toHaveLength(4));
      await userEvent.selectOptions(within(filters).getByLabelText('Author'), 'Olivia Operator');
      await waitFor(() => expect(names()).toEqual([`Change: ${FIRST}`]));
    });
    await step('Olivia wrote no note: nothing matches, and Clear filters brings every entry back', async () => {
      await userEvent.selectOptions(within(filters).getByLabelText('Kind'), 'Notes');
      await expect(await canvas.findByText('No entries match these filters')).toBeVisible();
      await userEvent.click(canvas.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
      await waitFor(() => expect(entries()).toHaveLength(4));
      await expect(within(filters).getByLabelText('Author')).toHaveValue('');
      await expect(within(filters).getByLabelText('Kind')).toHaveValue('');
    });
  },
});

/**
 * "View this version" on the first price change: the slider and the version line show it, the
 * differences name the price (34.95 then, 29.95 now), the frame renders that version, and
 * "Restore this version" records one command that puts it back (undoable).
 */
export const TimeTravelAndRestore = meta.story({
  parameters: api(),
  play: async ({ canvasElement, userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const canvas = within(canvasElement);
    let panel!: typeof canvas;
    let slider!: HTMLElement;
    let bar!: typeof canvas;
    await step('View the version after the first change: its differences and its page', async () => {
      const change = await openLogs(canvasElement, userEvent, FIRST);
      await userEvent.click(within(change).getByRole('button', { name: `View this version: after ${FIRST}` }));
      panel = within(await canvas.findByRole('region', { name: 'Time travel' }));
      slider = panel.getByRole('slider', { name: 'Version' });
      await expect(slider).toHaveValue('1');
      await expect(panel.getByText(/^Version 2 of 3:/)).toHaveTextContent(`after ${FIRST} by Olivia Operator`);
      const table = await panel.findByRole('table', { name: 'Differences from now' }, { timeout: 5000 });
      await expect(cellTexts(table)).toEqual([['meta › products › “Single” › _price', '34.95', '29.95']]);
      const frame = await panel.findByTitle<HTMLIFrameElement>('Page Checkout as it was', {}, { timeout: 5000 });
      await waitFor(() => expect(frame.contentDocument?.body.textContent).toContain('Single: $34.95'), { timeout: 5000 });
    });

    await step('The latest version is the saved one, the same as now', async () => {
      // The latest version is the saved one: the same as now.
      await userEvent.click(panel.getByRole('button', { name: 'Later version' }));
      await expect(panel.getByText(/^Version 3 of 3:/)).toHaveTextContent('(the saved version)');
      await expect(await panel.findByText('This version is the same as now.')).toBeVisible();
      await userEvent.click(panel.getByRole('button', { name: 'Earlier version' }));
      await expect(slider).toHaveValue('1');
    });

    await step('Restore this version: unsaved', async () => {
      await userEvent.click(await panel.findByRole('button', { name: 'Restore this version' }));
      await expect(await screen.findByText(`Restored Page Checkout to the version after “${FIRST}”: Save to keep it`)).toBeVisible();
      await expect(priceOf(snapshot<Page>(store, doc))).toBe(34.95);
      await expect(await panel.findByText('This version is the same as now.')).toBeVisible();
      bar = within(canvas.getByRole('toolbar', { name: 'Editing' }));
      await expect(bar.getByRole('status')).toHaveTextContent('Unsaved changes');
    });
    await step('Undo gives back the saved page', async () => {
      await userEvent.click(bar.getByRole('button', { name: `Undo Restore the version after “${FIRST}”` }));
      await expect(priceOf(snapshot<Page>(store, doc))).toBe(29.95);
      await expect(bar.getByRole('status')).toHaveTextContent('All changes saved');
    });
  },
});
