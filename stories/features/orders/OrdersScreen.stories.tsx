/**
 * /orders (001 §2 "Orders: A paginated table", §7, §9 "page size default 10,
 * current page 1; sort and filter are server-side") as an operator uses it: empty, filled,
 * paging (next, last, a typed page — asked for as it is typed — page size), sorting (asked for as a header is pressed), filters (each message first, nothing
 * sent; then applied on the server; nothing matching), a state opened from a shared URL,
 * loading, a failed read, and a role the server refuses. Each play asserts what the screen
 * asked the server for (msw, from fixtures.ts).
 */
import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { expect, fireEvent, waitFor, within } from 'storybook/test';
import { MSG } from '../../../src/model';
import { OrdersScreen } from '../../../src/features/orders/screens/OrdersScreen';
import { NO_MATCHES, NO_ORDERS, OrdersTable } from '../../../src/features/orders/components/OrdersTable';
import { RANGE_MESSAGE } from '../../../src/features/orders/components/OrderFiltersForm';
import { recordingStory, routeStory } from '../../screens';
import { answerOf, ordersHandlers, storyOrders } from './fixtures';
import { retype } from '../../dialog-steps';
import { forbiddenStory } from '../../list-screen';
import { playEmptyScreen } from '../../helpers';

const meta = preview.meta({
  title: 'Orders/OrdersScreen',
  component: OrdersScreen,
  subcomponents: { OrdersTable },
  ...routeStory('/orders', <OrdersScreen />, ordersHandlers()),
});

/** A story whose query strings the orders handlers log in `asked` (emptied as the play starts; see {@link recordingStory}). */
const askingStory = (play: (ctx: StoryContext, asked: string[]) => Promise<void>) => recordingStory<string>((asked) => ordersHandlers({ asked }), play);

type Canvas = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
/** The table once a page is shown (not busy). */
const shownTable = async (canvas: Canvas) => {
  const table = await canvas.findByRole('table', { name: 'Orders' }, { timeout: 5000 });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'), { timeout: 5000 });
  return table;
};
/** The IDs in the table's rows, in order. */
const idsIn = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((tr) => Number(tr.querySelector('td')?.textContent));
/** The IDs the fixture's server answers `query` with. */
const idsOf = (query: string) => {
  const a = answerOf(storyOrders, new URLSearchParams(query));
  return 'rows' in a ? a.rows.map((r) => r.ID) : [];
};
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
const pagerOf = (canvas: Canvas) => canvas.findByRole('navigation', { name: 'Pages' });

/** No orders at all: the empty state, no table. */
export const Empty = meta.story({
  parameters: { msw: { handlers: ordersHandlers({ orders: [] }) } },
  play: playEmptyScreen('Orders', NO_ORDERS),
});

/** Filled: page 1 of 14 by ID, newest first (the defaults of 001 §9), each field shown. */
export const Filled = meta.story(
  askingStory(async ({ canvas, step }, asked) => {
    let table!: HTMLElement;
    await step('The newest ten orders, sorted by ID', async () => {
      table = await shownTable(canvas);
      await expect(idsIn(table)).toEqual(range(137, 128));
      await expect(asked[0]).toBe('limit=10&page=1&sort=ID&order=desc');
      await expect(within(table).getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'descending');
    });
    await step('A row shows every column', async () => {
      const first = within(table).getAllByRole('row')[1]!;
      for (const text of ['2025-06-30 12:00:00', 'paypal', '105', 'txn_abb01fb9', '10.4.155.227', '1002', '12002', '5035', 'Completed'])
        await expect(first).toHaveTextContent(text);
    });
    await step('The pager: page 1 of 14', async () => {
      const pager = await pagerOf(canvas);
      await expect(pager).toHaveTextContent('of 14');
      await expect(pager).toHaveTextContent('Showing 1–10 of 137 orders');
      await expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
      await expect(within(pager).getByRole('button', { name: 'Next page' })).toBeEnabled();
    });
  }),
);

/** Paging: Next, Last (7 rows, Next disabled), a typed page (letters and a page past the end refused), Previous, rows per page. */
export const Paging = meta.story(
  askingStory(async ({ canvas, userEvent, step }, asked) => {
    let table!: HTMLElement;
    let pager!: HTMLElement;
    let input!: HTMLElement;
    await step('The first page', async () => {
      table = await shownTable(canvas);
      pager = await pagerOf(canvas);
    });
    await step('Next page', async () => {
      await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
      await waitFor(() => expect(idsIn(table)).toEqual(range(127, 118)));
      await expect(pager).toHaveTextContent('Showing 11–20 of 137 orders');
      await expect(asked).toContain('limit=10&page=2&sort=ID&order=desc');
    });
    await step('Last page', async () => {
      await userEvent.click(within(pager).getByRole('button', { name: 'Last page' }));
      await waitFor(() => expect(idsIn(table)).toEqual(range(7, 1)));
      await expect(pager).toHaveTextContent('Showing 131–137 of 137 orders');
      await expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();
    });
    await step('A page that is not a number: only numbers', async () => {
      input = within(pager).getByLabelText('Page', { exact: true });
      await expect(input).toHaveValue('14');
      await userEvent.clear(input);
      await userEvent.type(input, 'x{Enter}');
      await expect(await within(pager).findByRole('alert')).toHaveTextContent(MSG.onlyNumbers);
    });
    await step('A page past the end: the range, nothing asked', async () => {
      await userEvent.clear(input);
      await userEvent.type(input, '99{Enter}');
      await expect(await within(pager).findByRole('alert')).toHaveTextContent('Pages go from 1 to 14');
      await expect(asked.some((q) => q.includes('page=99'))).toBe(false);
    });
    await step('A page number typed is asked for before Enter, and Enter shows it', async () => {
      await userEvent.clear(input);
      await userEvent.type(input, '11');
      await waitFor(() => expect(asked).toContain('limit=10&page=11&sort=ID&order=desc'));
      await expect(idsIn(table)).toEqual(range(7, 1));
      await userEvent.type(input, '{Enter}');
      await waitFor(() => expect(idsIn(table)).toEqual(range(37, 28)));
      await expect(asked.filter((q) => q.includes('&page=11&'))).toHaveLength(1);
    });
    await step('The same page box shows the page gone to (not a new one: the keyboard focus stays in it)', async () => {
      await expect(within(pager).getByLabelText('Page', { exact: true })).toBe(input);
      await expect(input).toHaveValue('11');
    });
    await step('Go to page 5', async () => {
      await userEvent.clear(input);
      await userEvent.type(input, '5{Enter}');
      await waitFor(() => expect(idsIn(table)).toEqual(range(97, 88)));
    });
    await step('Previous page, then First page', async () => {
      await userEvent.click(within(pager).getByRole('button', { name: 'Previous page' }));
      await waitFor(() => expect(idsIn(table)).toEqual(range(107, 98)));
      await userEvent.click(within(pager).getByRole('button', { name: 'First page' }));
      await waitFor(() => expect(idsIn(table)).toEqual(range(137, 128)));
    });
    await step('25 rows per page', async () => {
      await userEvent.selectOptions(within(pager).getByLabelText('Rows per page'), '25');
      await waitFor(() => expect(idsIn(table)).toEqual(range(137, 113)));
      await expect(pager).toHaveTextContent('Showing 1–25 of 137 orders');
      await expect(pager).toHaveTextContent('of 6');
      await expect(asked).toContain('limit=25&page=1&sort=ID&order=desc');
    });
  }),
);

/** Sorting: a header click asks the server for that column (A→Z first, then Z→A) from page 1, the press already; the rows are its answer. */
export const Sorting = meta.story(
  askingStory(async ({ canvas, userEvent, step }, asked) => {
    let table!: HTMLElement;
    await step('The second page', async () => {
      table = await shownTable(canvas);
      await userEvent.click(within(await pagerOf(canvas)).getByRole('button', { name: 'Next page' }));
      await waitFor(() => expect(idsIn(table)).toEqual(range(127, 118)));
    });
    await step('Sort by payment method: back to page 1, ascending', async () => {
      await userEvent.click(within(table).getByRole('button', { name: 'Payment method' }));
      const asc = 'limit=10&page=1&sort=payment_method&order=asc';
      await waitFor(() => expect(idsIn(table)).toEqual(idsOf(asc)));
      await expect(asked).toContain(asc);
      await expect(within(table).getByRole('columnheader', { name: 'Payment method' })).toHaveAttribute('aria-sort', 'ascending');
      await expect(within(table).getByRole('columnheader', { name: 'ID' })).not.toHaveAttribute('aria-sort');
      await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('amex');
    });
    await step('Sort again: descending, asked for as the header is pressed, before the click, once', async () => {
      const desc = 'limit=10&page=1&sort=payment_method&order=desc';
      const header = within(table).getByRole('button', { name: 'Payment method' });
      await fireEvent.pointerDown(header);
      await waitFor(() => expect(asked).toContain(desc));
      await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('amex');
      await userEvent.click(header);
      await waitFor(() => expect(idsIn(table)).toEqual(idsOf(desc)));
      await expect(asked.filter((q) => q === desc)).toHaveLength(1);
      await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('visa');
      await expect(within(table).getByRole('columnheader', { name: 'Payment method' })).toHaveAttribute('aria-sort', 'descending');
    });
  }),
);

/** Filters: 'Input only numbers' and From after To refused with nothing sent; then a campaign and Completed applied on the server; nothing matching; cleared. */
export const Filters = meta.story(
  askingStory(async ({ canvas, userEvent, step }, asked) => {
    let table!: HTMLElement;
    await step('Open the filters: the form loads with the box', async () => {
      table = await shownTable(canvas);
      await expect(canvas.queryByRole('form', { name: 'Filter orders' })).toBeNull();
      await userEvent.click(canvas.getByText('Filters'));
      await expect(await canvas.findByRole('form', { name: 'Filter orders' }, { timeout: 5000 })).toBeVisible();
    });
    // The form is remounted with the filters in force after each Apply: found anew each time.
    const form = () => within(canvas.getByRole('form', { name: 'Filter orders' }));
    const apply = () => form().getByRole('button', { name: 'Apply filters' });
    await step('A campaign id with letters and a backwards range, then Apply', async () => {
      await userEvent.type(form().getByLabelText('Campaign ID'), '12x');
      await fireEvent.change(form().getByLabelText('Created from'), { target: { value: '2025-06-30' } });
      await fireEvent.change(form().getByLabelText('Created to'), { target: { value: '2025-06-01' } });
      await userEvent.click(apply());
    });
    await step("The seed's messages; nothing asked", async () => {
      await expect(await form().findByText(MSG.onlyNumbers)).toBeVisible();
      await expect(form().getByText(RANGE_MESSAGE)).toBeVisible();
      await expect(asked.some((q) => q.includes('filters='))).toBe(false);
    });
    await step('A good campaign id and a status, then Apply', async () => {
      await retype(userEvent, form().getByLabelText('Campaign ID'), '12002');
      await fireEvent.change(form().getByLabelText('Created from'), { target: { value: '' } });
      await fireEvent.change(form().getByLabelText('Created to'), { target: { value: '' } });
      await userEvent.selectOptions(form().getByLabelText('Status'), 'Completed');
      await userEvent.click(apply());
    });
    await step('Only completed orders of campaign 12002', async () => {
      const q = `limit=10&page=1&sort=ID&order=desc&filters=${encodeURIComponent('{"campaign_id":12002,"is_done":true}')}`;
      await waitFor(() => expect(asked).toContain(q));
      await waitFor(() => expect(idsIn(table)).toEqual(idsOf(q)));
      const a = answerOf(storyOrders, new URLSearchParams(q));
      await expect(await pagerOf(canvas)).toHaveTextContent(`of ${'total_rows' in a ? a.total_rows : -1} orders`);
      for (const row of within(table).getAllByRole('row').slice(1)) {
        await expect(row).toHaveTextContent('12002');
        await expect(row).toHaveTextContent(/Completed/);
      }
    });
    await step('An order id nothing matches: the empty state, then its clear', async () => {
      await userEvent.type(form().getByLabelText('Order ID'), '999');
      await userEvent.click(apply());
      const empty = await canvas.findByText(NO_MATCHES, {}, { timeout: 5000 });
      await userEvent.click(within(empty.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Clear filters' }));
    });
    await step('Every order again; the filters box stays open, its fields empty', async () => {
      const again = await shownTable(canvas);
      await waitFor(() => expect(idsIn(again)).toEqual(range(137, 128)));
      await expect(form().getByLabelText('Order ID')).toHaveValue('');
      await expect(canvas.getByText('Filters', { exact: true })).toBeVisible();
    });
  }),
);

const sharedAsked: string[] = [];
/** A shared link: page 3 by Campaign ID ascending is what is asked for and shown. */
export const FromSharedUrl = meta.story({
  ...routeStory('/orders', <OrdersScreen />, ordersHandlers({ asked: sharedAsked }), '/orders?page=3&sort=campaign_id&order=asc'),
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step("The shared link's page and sort are asked", async () => {
      sharedAsked.length = 0;
      table = await shownTable(canvas);
      const q = 'limit=10&page=3&sort=campaign_id&order=asc';
      await waitFor(() => expect(idsIn(table)).toEqual(idsOf(q)));
      await expect(sharedAsked[0]).toBe(q);
    });
    await step('The sorted column and the pager say so', async () => {
      await expect(within(table).getByRole('columnheader', { name: 'Campaign ID' })).toHaveAttribute('aria-sort', 'ascending');
      await expect(await pagerOf(canvas)).toHaveTextContent('Showing 21–30 of 137 orders');
    });
  },
});

/** Loading: the skeleton of a page of rows, busy, Next not yet offered. */
export const Loading = meta.story({
  parameters: { msw: { handlers: ordersHandlers({ hang: true }) } },
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step('The table is busy while loading', async () => {
      table = await canvas.findByRole('table', { name: 'Orders' }, { timeout: 5000 });
      await expect(table).toHaveAttribute('aria-busy', 'true');
      await expect(await canvas.findByText('Loading orders…')).toBeInTheDocument();
    });
    await step('Placeholder rows; no next page', async () => {
      await expect(table.querySelectorAll('tbody tr')).toHaveLength(10);
      await expect(within(await pagerOf(canvas)).getByRole('button', { name: 'Next page' })).toBeDisabled();
    });
  },
});

/** The read fails: the server's message where the table would be, and Try again. */
export const LoadError = meta.story({
  parameters: { msw: { handlers: ordersHandlers({ status: 503 }) } },
  play: async ({ canvas, step }) => {
    await step("The server's message with Try again", async () => {
      const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
      await expect(alert).toHaveTextContent('Database unavailable');
      await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    });
    await step('No table', async () => {
      await expect(canvas.queryByRole('table')).toBeNull();
    });
  },
});

/** A role without `orders.read` (the sticky account; the menu does not offer it Orders): the server's refusal is said, no rows. */
export const ForbiddenRole = meta.story(
  forbiddenStory(ordersHandlers({ role: 'sticky' }), 'Your role (sticky) may not read orders', {
    label: 'No table and no pager',
    table: true,
    text: /Showing/,
  }),
);
