/**
 * The split conditions of a split page (001 §4: percent, or match with a GET parameter and a
 * value) in the page's settings, the dialog the Pages tab and the flow diagram's
 * node open: each rule of src/model/split.ts shows under its field as it is typed, the shares
 * are said once they add up, and undo/redo restore the exact page.
 */
import preview from '../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { SplitConditionsEditor } from '../../../src/features/funnels/components/flow-split';
import { PageSettingsDialog } from '../../../src/features/funnels/components/PageSettings';
import type { Page } from '../../../src/model';
import { SPLIT_MSG } from '../../../src/model/split';
import { pages, templates } from '../../../tests/fixtures/demo';
import { freshUid, snapshot, storeOf, expectUndoRedoAll } from '../../helpers';
import { typeFields } from '../../dialog-steps';

const splitPage: Page = {
  ID: 40,
  funnel_id: 1,
  name: 'Traffic split',
  page_type: 'split',
  page_path: '/split/',
  template_id: null,
  page_id: 11,
  page_alt_id: 12,
  split: [],
  meta: {},
  version: 1,
};

const meta = preview.meta({
  title: 'Funnels/SplitConditionsEditor',
  component: SplitConditionsEditor,
  args: { doc: 'page:40' as const, page: splitPage },
  render: () => <PageSettingsDialog page={splitPage} pages={[...pages, splitPage]} templates={templates} part="settings" onClose={fn()} />,
});

/** Add a percentage and a match: out-of-range, non-numbers and a match without its parameter are said; then the shares. */
export const EditConditions = meta.story({
  play: async ({ userEvent, loaded, step }) => {
    const store = storeOf(loaded);
    const doc = 'page:40' as const;
    let dialog!: HTMLElement;
    let before!: Page;
    await step('The settings of a split page hold its conditions', async () => {
      dialog = await screen.findByRole('dialog', { name: 'Page settings: Traffic split' });
      await waitFor(() => expect(store.getState().docs[doc]).toBeDefined());
      before = snapshot<Page>(store, doc);
      await expect(within(dialog).getByText('No conditions: every visitor goes to the next page.')).toBeVisible();
    });
    await step('A percentage over 100 or not a number is refused as typed', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: '+ Percent' }));
      const percent = within(dialog).getByLabelText('Percent of condition 1');
      await userEvent.type(percent, '150');
      await expect(within(dialog).getByText(SPLIT_MSG.percent)).toBeVisible();
      await userEvent.clear(percent);
      await userEvent.type(percent, 'x');
      await expect(within(dialog).getByText(SPLIT_MSG.percent)).toBeVisible();
      await userEvent.clear(percent);
      await userEvent.type(percent, '30');
      await expect(within(dialog).queryByText(SPLIT_MSG.percent)).toBeNull();
      await expect(within(dialog).getByRole('status')).toHaveTextContent('Skip page: 30% · Next page: 70%');
    });
    await step('A match needs its GET parameter', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: '+ Match' }));
      await expect(within(dialog).getByText(SPLIT_MSG.param)).toBeVisible();
      await typeFields(userEvent, dialog, { 'GET parameter of condition 2': 'src', 'Value of condition 2': 'fb' });
      await expect(within(dialog).queryByText(SPLIT_MSG.param)).toBeNull();
      await expect(snapshot<Page>(store, doc).split).toEqual([
        { uid: freshUid(), type: 'percent', param: '', value: '30' },
        { uid: freshUid(), type: 'match', param: 'src', value: 'fb' },
      ]);
    });
    await step('Percentages over 100 together are said', async () => {
      await userEvent.click(within(dialog).getByRole('button', { name: '+ Percent' }));
      await userEvent.type(within(dialog).getByLabelText('Percent of condition 3'), '80');
      await expect(within(dialog).getByRole('alert')).toHaveTextContent(SPLIT_MSG.sum(110));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove split condition 3' }));
      await expect(within(dialog).queryByText(SPLIT_MSG.sum(110))).toBeNull();
    });
    await step('Undo all restores the page, redo all brings the conditions back', async () => {
      await expectUndoRedoAll(store, doc, before);
    });
  },
});
