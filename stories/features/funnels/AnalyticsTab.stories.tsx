/**
 * The Analytics tab connected (src/features/funnels/screens/AnalyticsTabScreen.tsx) with the
 * editor bar above it and the story's real editor store; the API is msw (analytics-fixtures.ts:
 * funnel 1 with a 50/50 split whose skip page wins). A filter lives in the address and Back
 * returns to the previous one; Promote the winner is one command on the split page that the
 * bar's Undo takes back exactly and Redo re-applies; no events, and a failed load with Try again.
 */
import preview from '../../../.storybook/preview';

import { expect, fn, waitFor, within } from 'storybook/test';
import { EditorBar } from '../../../src/app/editing/EditorBar';
import { AnalyticsTab, NO_EVENTS_MSG } from '../../../src/features/funnels/components/analytics/AnalyticsTab';
import { AnalyticsTabScreen } from '../../../src/features/funnels/screens/AnalyticsTabScreen';
import type { Page } from '../../../src/model';
import { funnel } from '../../../tests/fixtures/demo';
import { expectUndoRedo, snapshot, storeOf } from '../../helpers';
import { AtRoute, screenHandlers } from '../../screens';
import { AddressBar } from '../../list-address';
import { analyticsHandlers, RANGE, splitPage } from './analytics-fixtures';

const seen = fn();
const meta = preview.meta({
  title: 'Funnels/AnalyticsTab',
  component: AnalyticsTabScreen,
  subcomponents: { AnalyticsTab },
  args: { funnelId: funnel.ID },
  render: (a) => (
    <AtRoute path="/funnels/:id/:tab" url={`/funnels/${funnel.ID}/analytics?${RANGE}`}>
      <EditorBar docs={[`funnel:${funnel.ID}`]} />
      <AddressBar />
      <AnalyticsTabScreen funnelId={a.funnelId} />
    </AtRoute>
  ),
  beforeEach: () => {
    seen.mockClear();
  },
  parameters: { msw: { handlers: [...analyticsHandlers({ seen: (q) => seen(q) }), ...screenHandlers()] } },
});

const STEPS = 'Visitors, conversion and drop-off per step';
const doc = `page:${splitPage.ID}` as const;

/**
 * An affiliate filter: the address carries it and the steps show that affiliate's 400 visitors;
 * Back returns to every visitor's 1,000. Promote the winner sets the split's percentage to 100
 * (the skip page won; the match condition stays), as one command: Undo restores the exact
 * previous page, Redo re-applies it.
 */
export const FilterAndPromote = meta.story({
  play: async ({ canvasElement, userEvent, loaded, step }) => {
    const c = within(canvasElement);
    const store = storeOf(loaded);
    const homeRow = async () => within(await c.findByRole('table', { name: STEPS }, { timeout: 10_000 })).getByRole('row', { name: /^Home/ });
    await step('Every visitor of the range: 1,000 enter', async () => {
      await expect(await homeRow()).toHaveTextContent('Home (presell)1,000100.0 %0.0 %');
      await waitFor(() => expect(c.getByTestId('steps-chart').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(6));
      await expect(seen).toHaveBeenLastCalledWith(RANGE);
    });
    await step('Filter by affiliate 77: the address says so and 400 enter', async () => {
      await userEvent.type(c.getByLabelText('Affiliate'), '77');
      await userEvent.click(c.getByRole('button', { name: 'Apply' }));
      // The router's navigation renders in a transition: the address follows the click, not with it.
      await waitFor(() => expect(c.getByRole('status', { name: 'Address' })).toHaveTextContent(`/funnels/${funnel.ID}/analytics?${RANGE}&affiliate=77`));
      await waitFor(async () => expect(await homeRow()).toHaveTextContent('Home (presell)400'));
      await expect(seen).toHaveBeenLastCalledWith(`${RANGE}&affiliate=77`);
    });
    await step('Back: the previous filters and numbers return', async () => {
      await userEvent.click(c.getByRole('button', { name: 'Back' }));
      await waitFor(async () => expect(await homeRow()).toHaveTextContent('Home (presell)1,000'));
      await expect(c.getByLabelText('Affiliate')).toHaveValue('');
    });
    let before!: Page;
    await step('Promote the winner: the split sends everyone else to the skip page, unsaved', async () => {
      const card = c.getByRole('region', { name: 'Split test: Traffic split' });
      await expect(within(card).getByText('Clear winner')).toBeVisible();
      await userEvent.click(within(card).getByRole('button', { name: 'Promote the winner' }));
      await waitFor(() => expect(store.getState().docs[doc]?.dirty).toBe(true));
      before = structuredClone(splitPage);
      await expect(snapshot<Page>(store, doc).split).toEqual([
        { uid: 'cond0match', type: 'match', param: 'utm_source', value: 'fb' },
        { uid: 'cond1perce', type: 'percent', param: '', value: '100' },
      ]);
      await expect(within(card).getByRole('status')).toHaveTextContent('Promoted: every visitor not matched goes to Skip page (B): Presell B.');
      await expect(c.getByText('Unsaved changes')).toBeVisible();
    });
    await step("Undo with the bar's Undo restores the exact page; Redo re-applies", async () => {
      await expect(store.getState().past).toHaveLength(1);
      await expectUndoRedo(
        store,
        doc,
        before,
        () => userEvent.click(c.getByRole('button', { name: 'Undo Promote the winner of Traffic split' })),
        () => userEvent.click(c.getByRole('button', { name: 'Redo Promote the winner of Traffic split' })),
      );
    });
  },
});

/** No event yet: the tab says how events arrive (publish; the published pages send them). */
export const NoEventsYet = meta.story({
  parameters: { msw: { handlers: [...analyticsHandlers({ empty: true }), ...screenHandlers()] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(NO_EVENTS_MSG, {}, { timeout: 10_000 })).toBeVisible();
    await expect(c.queryByRole('table', { name: STEPS })).toBeNull();
  },
});

/** The analytics could not be read: the reason is said, and Try again reads them. */
export const LoadFailed = meta.story({
  parameters: { msw: { handlers: [...analyticsHandlers({ failOnce: true }), ...screenHandlers()] } },
  play: async ({ canvasElement, userEvent }) => {
    const c = within(canvasElement);
    const alert = await c.findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('The analytics could not be loaded: The database did not answer in time');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await c.findByRole('table', { name: STEPS }, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(c.getByTestId('steps-chart').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(6));
  },
});
