/**
 * Time travel: the slider over one document's recorded changes, the version line,
 * what differs from now (worked out with the model's `versionDifferences`, as the Logs tab's
 * container does), Restore and its reasons, and the document select.
 */
import preview from '../../../.storybook/preview';

import { expect, fireEvent, fn, waitFor, within } from 'storybook/test';
import { TimeTravel } from '../../../src/features/funnels/components/TimeTravel';
import { newPageProduct, versionDifferences, type AuditLog, type Page } from '../../../src/model';
import { describeValue } from '../../../src/ui';
import { checkoutPage } from '../../../tests/fixtures/demo';
import { at } from '../../../tests/at';
import { cellTexts } from '../../helpers';
import { controlled } from '../../controlled';

const doc = `page:${checkoutPage.ID}`;
const change = (ID: number, title: string, day: number, ops: AuditLog['ops'], inverse: AuditLog['inverse']): AuditLog => ({
  ID,
  funnel_id: 1,
  CreatedAt: `2026-11-${day}T10:00:00.000Z`,
  type: 'diff',
  title,
  message: '',
  task_url: '',
  doc,
  ops,
  inverse,
  version: ID - 4,
  user: { name: 'Olivia Operator' },
});
/** page 11's changes, oldest first: its creation, a price change, a reorder. */
const entries: AuditLog[] = [
  change(5, 'Create page Checkout', 18, [{ op: 'add', path: '', value: {} }], []),
  change(
    6,
    'Set product price',
    19,
    [{ op: 'replace', path: '/meta/products/0/_price', value: 34.95 }],
    [{ op: 'replace', path: '/meta/products/0/_price', value: 39.95 }],
  ),
  change(
    7,
    'Move package Studio up',
    20,
    [{ op: 'move', from: '/meta/products/1', path: '/meta/products/0' }],
    [{ op: 'move', from: '/meta/products/0', path: '/meta/products/1' }],
  ),
];

/** The page as it was after "Set product price": Single at 34.95. */
const past: Page = structuredClone(checkoutPage);
past.meta.products![0]!._price = 34.95;
/** The page now: Studio moved up, Single back at 39.95, a Deluxe package added since. */
const now: Page = structuredClone(checkoutPage);
const packages = now.meta.products!;
now.meta.products = [
  at(packages, 1, 'Studio'),
  at(packages, 0, 'Single'),
  at(packages, 2, 'Multi'),
  { ...newPageProduct({ product_id: 2101, name: 'GlowSkin Vitamin C Serum 30ml' }, 119.8, 4), uid: 'pkg-deluxe' },
]; // a fixed uid: the screenshot shows it
const differences = versionDifferences(past, now);

const docs = [
  { doc: 'funnel:1', label: 'Funnel' },
  { doc, label: 'Page Checkout' },
  { doc: 'page:10', label: 'Page Presell article' },
];

/** The panel with its chosen entry kept in state (as the container keeps it in the address), reporting every move to `onEntry`. */
const Travelling = controlled(TimeTravel, 'entryId', 'onEntry');

const meta = preview.meta({
  title: 'Funnels/TimeTravel',
  component: TimeTravel,
  render: (a) => <Travelling {...a} />,
  args: {
    docs,
    doc,
    onDoc: fn(),
    entries,
    entryId: 6,
    onEntry: fn(),
    differences,
    now,
    onRestore: fn(),
    onClose: fn(),
  },
});

const panel = (canvas: { getByRole: (r: 'region', o: { name: string }) => HTMLElement }) => canvas.getByRole('region', { name: 'Time travel' });

/** The slider and the ← / → buttons move between versions; each move names the version's entry. */
export const MoveBetweenVersions = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const p = within(panel(canvas));
    const slider = p.getByRole('slider', { name: 'Version' });
    await step('Version 2 of 3 is shown and named', async () => {
      await expect(slider).toHaveValue('1');
      await expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^After “Set product price”, /));
      await expect(p.getByText(/^Version 2 of 3: after/)).toHaveTextContent('Version 2 of 3: after Set product price by Olivia Operator');
    });
    await step('Later version: the saved version, no later one', async () => {
      await userEvent.click(p.getByRole('button', { name: 'Later version' }));
      await expect(args.onEntry).toHaveBeenLastCalledWith(7);
      await expect(p.getByText(/^Version 3 of 3/)).toHaveTextContent('Move package Studio up');
      await expect(p.getByText(/^Version 3 of 3/)).toHaveTextContent('(the saved version)');
      await expect(p.getByRole('button', { name: 'Later version' })).toBeDisabled();
    });
    await step('Slide to the first version: no earlier one', async () => {
      // The slider, moved as a drag or the arrow keys move it (a value change), to the first version.
      await fireEvent.change(slider, { target: { value: '0' } });
      await expect(args.onEntry).toHaveBeenLastCalledWith(5);
      await expect(slider).toHaveValue('0');
      await expect(p.getByText(/^Version 1 of 3/)).toHaveTextContent('after Create page Checkout');
      await expect(p.getByRole('button', { name: 'Earlier version' })).toBeDisabled();
    });
    await step('Later, then earlier again', async () => {
      await userEvent.click(p.getByRole('button', { name: 'Later version' }));
      await expect(args.onEntry).toHaveBeenLastCalledWith(6);
      await expect(slider).toHaveValue('1');
      await userEvent.click(p.getByRole('button', { name: 'Earlier version' }));
      await expect(args.onEntry).toHaveBeenLastCalledWith(5);
      await expect(args.onEntry.mock.calls.map((c) => c[0])).toEqual([7, 5, 6, 5]);
    });
  },
});

/**
 * What differs from now, by identity: the Single price changed, the packages reordered (one
 * 'order' row, not every shifted value) and a package added since. Restore records it.
 */
export const Differences = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The price change, the new order and the added package are listed', async () => {
      const table = within(panel(canvas)).getByRole('table', { name: 'Differences from now' });
      const rows = cellTexts(table);
      await expect(rows).toHaveLength(3);
      await expect(rows).toContainEqual(['meta › products › “Single” › _price', '34.95', '39.95']);
      await expect(rows).toContainEqual(['meta › products (order)', '["Single","Studio","Multi"]', '["Studio","Single","Multi"]']);
      const added = rows.find((r) => r[0] === 'meta › products › “Deluxe” (added since)');
      await expect(added?.[1]).toBe('(removed)');
      await expect(added?.[2]).toBe(describeValue(at(now.meta.products!, 3, 'Deluxe')));
    });
    await step('Restore this version', async () => {
      const restore = canvas.getByRole('button', { name: 'Restore this version' });
      await expect(restore).toBeEnabled();
      await userEvent.click(restore);
      await expect(args.onRestore).toHaveBeenCalledTimes(1);
    });
  },
});

/** The version is the same as now: it says so, and there is nothing to restore. */
export const SameAsNow = meta.story({
  args: { differences: [] },
  play: async ({ canvas, step }) => {
    await step('It says so; nothing to restore', async () => {
      await expect(within(panel(canvas)).getByRole('status')).toHaveTextContent('This version is the same as now.');
      await expect(canvas.queryByRole('table', { name: 'Differences from now' })).toBeNull();
      await expect(canvas.getByRole('button', { name: 'Restore this version' })).toBeDisabled();
    });
  },
});

/** A locked funnel: Restore is off and says why (its description). */
export const RestoreBlocked = meta.story({
  args: { restoreBlocked: 'Unlock the funnel to revert or restore changes' },
  play: async ({ canvas, step }) => {
    await step('Restore is off and says why', async () => {
      const restore = canvas.getByRole('button', { name: 'Restore this version' });
      await expect(restore).toBeDisabled();
      await expect(restore).toHaveAccessibleDescription('Unlock the funnel to revert or restore changes');
      await expect(canvas.getByText('Unlock the funnel to revert or restore changes')).toBeVisible();
    });
  },
});

/** A change that no longer replays: the reason is an alert and Restore is off. */
export const ReplayError = meta.story({
  args: {
    differences: null,
    error: 'The change "Move package Studio up" of 2026-11-20T10:00:00.000Z cannot be replayed: path /meta/products/1 does not exist',
  },
  play: async ({ canvas, step }) => {
    await step('The reason is an alert; Restore is off', async () => {
      await expect(within(panel(canvas)).getByRole('alert')).toHaveTextContent('cannot be replayed: path /meta/products/1 does not exist');
      await expect(canvas.getByRole('button', { name: 'Restore this version' })).toBeDisabled();
    });
  },
});

/** The document select lists the funnel and its pages; choosing one calls onDoc; Close time travel calls onClose. */
export const ChooseDocument = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const select = canvas.getByLabelText('Document');
    await step('The select lists the funnel and its pages', async () => {
      await expect(select).toHaveValue(doc);
      await expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Funnel', 'Page Checkout', 'Page Presell article']);
    });
    await step('Choose the funnel', async () => {
      await userEvent.selectOptions(select, 'Funnel');
      await expect(args.onDoc).toHaveBeenCalledWith('funnel:1');
    });
    await step('Close time travel', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Close time travel' }));
      await expect(args.onClose).toHaveBeenCalledTimes(1);
    });
  },
});

/** A document without recorded changes yet: it says so, no slider. */
export const NoChanges = meta.story({
  args: { entries: [], entryId: null, differences: null },
  play: async ({ canvas, step }) => {
    await step('It says so; no slider', async () => {
      await expect(within(panel(canvas)).getByRole('status')).toHaveTextContent('No recorded changes of this document yet.');
      await expect(canvas.queryByRole('slider')).toBeNull();
    });
  },
});

/** A page version shows its rendering (the preview slot) below the differences. */
export const WithPreview = meta.story({
  args: { preview: <iframe title="Page Checkout as it was" srcDoc="<h1>Checkout</h1>" /> },
  play: async ({ canvas }) => {
    const frame = canvas.getByTitle('Page Checkout as it was');
    await waitFor(() => expect((frame as HTMLIFrameElement).contentDocument?.body.textContent).toBe('Checkout'));
  },
});
