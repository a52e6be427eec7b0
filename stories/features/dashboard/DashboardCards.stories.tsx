/**
 * The dashboard's cards on their own (001 §2 "/", §9 active/total in percent with 2
 * decimals): filled, an item with nothing yet (0.00 %), loading, a dashboard that cannot be
 * read, none at all, and the keyboard reorder (handle, Space, ArrowRight, Space) reporting
 * every card's name in the new order once, at drop; Escape reports nothing.
 */
import preview from '../../../.storybook/preview';

import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { DashboardCards, type DashboardCardsProps } from '../../../src/features/dashboard/components/DashboardCards';
import type { DashboardItem } from '../../../src/model';
import { SortableList } from '../../../src/ui';
import { keyboardMove } from '../page-editor/panel-steps';
import { storyCards } from './fixtures';

/** Holds the order as the screen does: a reorder reported by the cards is shown at once. */
function Harness({ items, loadError, onReorder }: DashboardCardsProps) {
  const [order, setOrder] = useState<DashboardItem[] | undefined>(items);
  return (
    <DashboardCards
      items={order}
      loadError={loadError}
      onReorder={(names) => {
        onReorder(names);
        setOrder((cur) => cur && names.map((n) => cur.find((c) => c.name === n)!));
      }}
    />
  );
}

const meta = preview.meta({
  title: 'Dashboard/DashboardCards',
  component: DashboardCards,
  subcomponents: { SortableList },
  args: { items: storyCards, onReorder: fn() },
  render: (args) => <Harness {...args} />,
});

const namesIn = (list: HTMLElement) => [...list.querySelectorAll('h2')].map((h) => h.textContent);

/** Filled: every card with its percentage (2 decimals), a bar and the counts; the reorder hint. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    let list!: HTMLElement;
    await step('The heading, the hint and the cards in order', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(canvas.getByText('Drag a card by its handle to reorder; your order is kept.')).toBeVisible();
      list = canvas.getByRole('list', { name: 'Dashboard cards' });
      await expect(namesIn(list)).toEqual(storyCards.map((c) => c.name));
    });
    const card = (name: string) => within(list).getByRole('article', { name });
    await step("Each card's percent and counts", async () => {
      await expect(within(card('Funnels')).getByTestId('percent-Funnels')).toHaveTextContent('42.86%');
      await expect(card('Funnels')).toHaveTextContent('3 of 7 active');
      await expect(card('Templates')).toHaveTextContent('91.67%');
      await expect(card('Orders')).toHaveTextContent('16,667 of 50,000 active');
      await expect(card('Domains')).toHaveTextContent('0.00%');
    });
    await step("A card's reorder handle", async () => {
      await expect(within(card('Users')).getByRole('button', { name: 'Reorder Users' })).toBeEnabled();
    });
  },
});

/** Keyboard: Reorder Funnels, Space, ArrowRight, Space moves it one place; onReorder gets every name in the new order, once. Escape first moves nothing. */
export const KeyboardReorder = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const list = canvas.getByRole('list', { name: 'Dashboard cards' });
    const handle = () => canvas.getByRole('button', { name: 'Reorder Funnels' });
    await step('Move Funnels, then Escape: nothing changes', async () => {
      await keyboardMove(userEvent, handle(), ['[ArrowRight]'], 2, '[Escape]');
      await expect(args.onReorder).not.toHaveBeenCalled();
      await expect(namesIn(list)[0]).toBe('Funnels');
    });
    await step('Move Funnels two places and drop: the new order is passed on', async () => {
      await keyboardMove(userEvent, handle(), ['[ArrowRight]'], 2);
      const moved = ['Pages', 'Funnels', 'Templates', 'Offers', 'Domains', 'Campaigns', 'Orders', 'Users'];
      await waitFor(() => expect(args.onReorder).toHaveBeenCalledTimes(1));
      await expect(args.onReorder).toHaveBeenCalledWith(moved);
      await waitFor(() => expect(namesIn(list)).toEqual(moved));
      await expect(handle()).toHaveFocus();
    });
  },
});

/** One card only: no reorder hint. */
export const OneCard = meta.story({
  args: { items: [{ name: 'Funnels', active: 1, total: 3 }] },
  play: async ({ canvas, step }) => {
    await step('The percent', async () => {
      await expect(canvas.getByTestId('percent-Funnels')).toHaveTextContent('33.33%');
    });
    await step('No reorder hint', async () => {
      await expect(canvas.queryByText(/Drag a card by its handle/)).toBeNull();
    });
  },
});

/** Nothing to show: 'No dashboard items', no list. */
export const Empty = meta.story({
  args: { items: [] },
  play: async ({ canvas, step }) => {
    await step('The empty state', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('No dashboard items');
    });
    await step('No cards', async () => {
      await expect(canvas.queryByRole('list', { name: 'Dashboard cards' })).toBeNull();
    });
  },
});

/** While the cards load: a busy skeleton status, its words hidden but read. */
export const Loading = meta.story({
  args: { items: undefined },
  play: async ({ canvas, step }) => {
    await step('The dashboard is loading', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('Loading the dashboard…');
      await expect(canvas.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    });
  },
});

/** The cards cannot be read: the reason where they would be. */
export const LoadError = meta.story({
  args: { items: undefined, loadError: 'Database unavailable' },
  play: async ({ canvas, step }) => {
    await step("The server's message", async () => {
      await expect(canvas.getByRole('alert')).toHaveTextContent('Database unavailable');
    });
    await step('No status', async () => {
      await expect(canvas.queryByRole('status')).toBeNull();
    });
  },
});
