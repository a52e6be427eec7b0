import preview from '../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn, screen, within } from 'storybook/test';
import { BulkBar, type BulkSelection } from '../../../src/features/funnels/components/BulkBar';
import { BULK_MSG, type FunnelBulkAnswer, type FunnelBulkChange, type FunnelBulkResult } from '../../../src/model/contracts/funnel-list-actions';
import { itemTexts } from '../../helpers';

/** Funnels as the server would hold them: ID → state. */
type Row = { name: string; version: number; locked: boolean; archived: boolean; publish_status: string };
const ROWS: Record<number, Row> = {
  1: { name: 'GlowSkin Summer', version: 3, locked: false, archived: false, publish_status: 'qc' },
  2: { name: 'FlexFit Launch', version: 5, locked: true, archived: false, publish_status: 'progress' },
  3: { name: 'PureBrite Evergreen', version: 2, locked: false, archived: false, publish_status: 'progress' },
};
/** The rows the fake server holds for the story being run. */
let held = structuredClone(ROWS);
const SELECTED: BulkSelection[] = [1, 2, 3].map((ID) => ({ ID, name: ROWS[ID]!.name }));

/**
 * The server's rules in memory (routes/funnel-bulk.ts): a locked funnel takes no change but its
 * unlock, a moved version is skipped, the same value is unchanged. `current()`'s rows are changed in place.
 */
function fakeServer(current: () => Record<number, Row>) {
  return async (changes: FunnelBulkChange[], dryRun: boolean): Promise<FunnelBulkAnswer> => {
    await Promise.resolve();
    const rows = current();
    const results = changes.map((ch): FunnelBulkResult => {
      const f = rows[ch.ID]!;
      const base = { ID: ch.ID, name: f.name, field: ch.field, from: f[ch.field], to: ch.value, version: f.version };
      if (ch.version !== undefined && ch.version !== f.version) return { ...base, outcome: 'skipped', reason: BULK_MSG.stale };
      if (f[ch.field] === ch.value) return { ...base, outcome: 'unchanged', reason: null };
      if (f.locked && ch.field !== 'locked') return { ...base, outcome: 'skipped', reason: BULK_MSG.locked };
      if (!dryRun) rows[ch.ID] = { ...f, [ch.field]: ch.value, version: f.version + 1 };
      return { ...base, outcome: 'changed', reason: null, version: rows[ch.ID]!.version };
    });
    const count = (o: FunnelBulkResult['outcome']) => results.filter((r) => r.outcome === o).length;
    return { dry_run: dryRun, results, changed: count('changed'), unchanged: count('unchanged'), skipped: count('skipped') };
  };
}

/** The bar with its selection in state, as the list holds it (cleared once an action is applied). */
function WithSelection(props: Omit<Parameters<typeof BulkBar>[0], 'selected' | 'onClear'>) {
  const [selected, setSelected] = useState(SELECTED);
  return <BulkBar {...props} selected={selected} onClear={() => setSelected([])} />;
}

const meta = preview.meta({
  title: 'Funnels/BulkBar',
  component: BulkBar,
  args: { selected: SELECTED, archived: false, onClear: fn(), onBulk: fn(fakeServer(() => held)) },
  // A fresh copy of the rows for every story: a story run twice starts from the same funnels.
  beforeEach: () => {
    held = structuredClone(ROWS);
  },
});

/** Set status: the summary names what changes from what to what and the locked funnel skipped; applying writes only those, and Undo puts them back. */
export const SetStatusThenUndo = meta.story({
  render: (args) => <WithSelection {...args} />,
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Choosing a status asks for the summary first (a dry run): nothing is written yet', async () => {
      await expect(canvas.getByText('3 funnels selected')).toBeVisible();
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Set status of the selected funnels' }), 'released');
      const dialog = await screen.findByRole('alertdialog', { name: 'Set status released 3 funnels?' });
      await expect(args.onBulk).toHaveBeenLastCalledWith(expect.any(Array), true);
      const will = within(dialog).getByRole('list', { name: 'Will change' });
      await expect(itemTexts(will)).toEqual(['GlowSkin Summer: qc → released', 'PureBrite Evergreen: progress → released']);
      await expect(within(dialog).getByRole('list', { name: 'Skipped' })).toHaveTextContent(`FlexFit Launch: ${BULK_MSG.locked}`);
    });
    await step('Applying sends exactly the two changes the summary showed, at the versions it read', async () => {
      await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Set status released 2 funnels' }));
      await expect(args.onBulk).toHaveBeenLastCalledWith(
        [
          { ID: 1, version: 3, field: 'publish_status', value: 'released' },
          { ID: 3, version: 2, field: 'publish_status', value: 'released' },
        ],
        false,
      );
      await expect(await canvas.findByRole('status')).toHaveTextContent('Status set to released on 2 funnels.');
      await expect(canvas.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    });
    await step('Undo puts each back to its old status, at its new version', async () => {
      await userEvent.click(canvas.getByRole('button', { name: /^Undo/ }));
      await expect(args.onBulk).toHaveBeenLastCalledWith(
        [
          { ID: 1, version: 4, field: 'publish_status', value: 'qc' },
          { ID: 3, version: 3, field: 'publish_status', value: 'progress' },
        ],
        false,
      );
      await expect(canvas.getByRole('status')).toHaveTextContent('Undone: 2 funnels back as they were.');
      await expect(canvas.queryByRole('button', { name: /^Undo/ })).toBeNull();
    });
  },
});

/** Lock: the locked funnel is listed as already locked; Cancel writes nothing. */
export const LockSummaryCancel = meta.story({
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Lock$/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Lock 3 funnels?' });
    await expect(within(dialog).getByRole('list', { name: 'Already locked' })).toHaveTextContent('FlexFit Launch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(args.onBulk).toHaveBeenCalledTimes(1);
    await expect(args.onBulk).toHaveBeenLastCalledWith(expect.any(Array), true);
  },
});

/** The Undo offer runs out: after its seconds only the sentence stays. */
export const UndoWindowEnds = meta.story({
  render: (args) => <WithSelection {...args} />,
  args: { undoSeconds: 1 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Unlock' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlock 1 funnel' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Unlocked 1 funnel.');
    await expect(canvas.getByRole('button', { name: /^Undo/ })).toBeVisible();
    await new Promise((r) => setTimeout(r, 1600));
    await expect(canvas.queryByRole('button', { name: /^Undo/ })).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('Unlocked 1 funnel.');
  },
});

/** The archived list offers Restore; a refused request shows the server's sentence and keeps the selection. */
export const RestoreRefused = meta.story({
  args: {
    archived: true,
    onBulk: fn((_changes: FunnelBulkChange[], _dryRun: boolean): Promise<FunnelBulkAnswer> => Promise.reject(new Error(BULK_MSG.changes))),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('button', { name: 'Archive' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Restore' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(BULK_MSG.changes);
    await expect(canvas.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('3 funnels selected');
  },
});
