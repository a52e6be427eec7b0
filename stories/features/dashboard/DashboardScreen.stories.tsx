/**
 * / (001 §2 Dashboard, §9 "active/total percentage with 2 decimals") as a user sees
 * it: the cards with their percentages, an empty item (0.00%), a keyboard reorder saved on the
 * server and shown after a reload, a mouse-free cancel that saves nothing, a refused save that
 * puts the cards back, and a dashboard that cannot be read.
 */
import preview from '../../../.storybook/preview';

import { useQueryClient } from '@tanstack/react-query';
import { expect, waitFor, within } from 'storybook/test';
import { DashboardScreen } from '../../../src/features/dashboard/screens/DashboardScreen';
import { routeStory } from '../../screens';
import { keyboardMove } from '../page-editor/panel-steps';
import { dashboardHandlers } from './fixtures';

const meta = preview.meta({
  title: 'Dashboard/DashboardScreen',
  component: DashboardScreen,
  ...routeStory(
    '/dashboard',
    <>
      <DashboardScreen />
      <Reload />
    </>,
    dashboardHandlers(),
  ),
});

/** A button that drops the cached cards and reads them again, as a page reload does. */
function Reload() {
  const qc = useQueryClient();
  return (
    <button
      type="button"
      onClick={() => {
        qc.removeQueries({ queryKey: ['dashboard'] });
        void qc.refetchQueries({ queryKey: ['dashboard'] });
      }}
    >
      Read again
    </button>
  );
}

type Finder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
const listOf = (canvas: Finder) => canvas.findByRole('list', { name: 'Dashboard cards' }, { timeout: 5000 });
/** The card names in the order shown. */
const namesIn = (list: HTMLElement) => [...list.querySelectorAll('h2')].map((h) => h.textContent);

/** Filled: a card per item with active/total in percent, 2 decimals, and the counts. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    let list!: HTMLElement;
    await step('The heading and the cards in order', async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeVisible();
      list = await listOf(canvas);
      await expect(namesIn(list)).toEqual(['Funnels', 'Pages', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Orders', 'Users']);
    });
    const card = (name: string) => within(list).getByRole('article', { name });
    await step("Each card's percent and counts", async () => {
      await expect(card('Funnels')).toHaveTextContent('42.86%');
      await expect(card('Funnels')).toHaveTextContent('3 of 7 active');
      await expect(card('Pages')).toHaveTextContent('100.00%');
      await expect(card('Orders')).toHaveTextContent('33.33%');
      await expect(card('Orders')).toHaveTextContent('16,667 of 50,000 active');
      // An item with nothing yet is 0.00 %, not NaN.
      await expect(card('Domains')).toHaveTextContent('0.00%');
      await expect(within(card('Users')).getByRole('button', { name: 'Reorder Users' })).toBeEnabled();
    });
  },
});

const sent: string[][] = [];
/** Keyboard reorder: Funnels one place right; the order is saved and comes back so from the server. Escape first: nothing saved. */
export const KeyboardReorder = meta.story({
  parameters: { msw: { handlers: dashboardHandlers({ sent }) } },
  play: async ({ canvas, userEvent, step }) => {
    let list!: HTMLElement;
    let moved!: string[];
    await step('The cards load', async () => {
      sent.length = 0;
      list = await listOf(canvas);
    });
    const handle = () => canvas.getByRole('button', { name: 'Reorder Funnels' });
    await step('Move Funnels, then Escape: nothing sent', async () => {
      await keyboardMove(userEvent, handle(), ['[ArrowRight]'], 2, '[Escape]');
      await expect(namesIn(list)[0]).toBe('Funnels');
      await expect(sent).toEqual([]);
    });
    await step('Move Funnels two places and drop: the new order is sent', async () => {
      await keyboardMove(userEvent, handle(), ['[ArrowRight]'], 2);
      moved = ['Pages', 'Funnels', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Orders', 'Users'];
      await waitFor(() => expect(namesIn(list)).toEqual(moved));
      await waitFor(() => expect(sent).toEqual([moved]));
    });
    await step('Read again: the order is kept', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Read again' }));
      await waitFor(() => expect(namesIn(canvas.getByRole('list', { name: 'Dashboard cards' }))).toEqual(moved));
    });
  },
});

/** The server refuses the save (a role that may not write): the cards go back to where they were. */
export const RefusedReorder = meta.story({
  parameters: { msw: { handlers: dashboardHandlers({ refuse: true }) } },
  play: async ({ canvas, userEvent, step }) => {
    let list!: HTMLElement;
    await step('The cards load', async () => {
      list = await listOf(canvas);
    });
    await step('Move Orders and drop; the server refuses: the order goes back', async () => {
      // Orders one place left, dropped; the server says no.
      await keyboardMove(userEvent, canvas.getByRole('button', { name: 'Reorder Orders' }), ['[ArrowLeft]'], 6);
      await waitFor(() => expect(namesIn(list)).toEqual(['Funnels', 'Pages', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Orders', 'Users']));
    });
  },
});

/** Nothing to show: the empty state. */
export const Empty = meta.story({
  parameters: { msw: { handlers: dashboardHandlers({ cards: [] }) } },
  play: async ({ canvas, step }) => {
    await step('The empty state', async () => {
      await expect(await canvas.findByText('No dashboard items', {}, { timeout: 5000 })).toBeVisible();
    });
    await step('No cards', async () => {
      await expect(canvas.queryByRole('list', { name: 'Dashboard cards' })).toBeNull();
    });
  },
});

/** The dashboard cannot be read: the server's reason where the cards would be. */
export const LoadError = meta.story({
  parameters: { msw: { handlers: dashboardHandlers({ fail: true }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Database unavailable');
  },
});
