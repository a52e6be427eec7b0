/**
 * /shipping (001 §2, §3 Shipping, §5, §7) as an operator uses it: empty, filled
 * (sorted by ID), create with the seed's ID rule first, a create the server refuses, edit
 * (code kept), delete with confirmation, sync from the store, each write asserted as the API
 * received it, a role that may not write (no actions, the reason said), and the list searched,
 * sorted and paged on the server.
 */
import preview from '../../../.storybook/preview';
import { recordingStory } from '../../screens';
import { expect, screen, waitFor, within } from 'storybook/test';
import { MSG, RMSG } from '../../../src/model';
import { ShippingScreen } from '../../../src/features/shipping/screens/ShippingScreen';
import { ADMIN_ONLY, ShippingList, noShippings } from '../../../src/features/shipping/components/ShippingList';
import { manyShippings, shippingHandlers, storyShippings } from './fixtures';
import { cedarRows } from '../../list-play';
import { columnOf, listScreen } from '../../list-screen';
import { retype, saveExpecting, stepRules, stepValue } from '../../dialog-steps';

const shippings = listScreen({ path: '/shipping', noun: 'shipping method', table: 'Shipping methods' }, ShippingScreen);

const meta = preview.meta({
  title: 'Shipping/ShippingScreen',
  component: ShippingScreen,
  subcomponents: { ShippingList },
  ...shippings.meta(shippingHandlers()),
});

/** The table once the list and the role (which decides the Actions column) have loaded. */
const tableOf = shippings.findTable;
/** The IDs in the table's rows, in order. */
const idsIn = (table: HTMLElement) => columnOf(table, 0);

/** No methods yet: the heading and the empty state saying how to add one. */
export const Empty = meta.story({
  parameters: { msw: { handlers: shippingHandlers({ shippings: [] }) } },
  play: shippings.empty(noShippings(true), async (canvas) =>
    expect(await canvas.findByRole('heading', { level: 1, name: 'Shipping' }, { timeout: 5000 })).toBeVisible(),
  ),
});

/** Filled: sorted by ID with name, description, price and code, and each row's actions. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    const table = await shippings.listed(step, canvas, 'The methods are listed by id', 0, ['1', '2', '3']);
    await step('A row shows description, price, code and its actions', async () => {
      const row = within(table).getByRole('row', { name: /Standard/ });
      await expect(row).toHaveTextContent('USPS First Class, 3–5 business days');
      await expect(row).toHaveTextContent('$4.95');
      await expect(row).toHaveTextContent('STD');
      for (const a of ['Edit Standard', 'Sync Standard from the store', 'Delete Standard'])
        await expect(within(row).getByRole('button', { name: a })).toBeEnabled();
    });
  },
});

/** Create: the seed's ID rule refuses first (nothing sent), then ID 6 is added with the store's details. */
export const Create = meta.story(
  recordingStory(
    (sent) => shippingHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { table, dialog, save } = await stepValue(step, 'Add shipping method opens the form', () => shippings.open(canvas, userEvent));
      const id = within(dialog).getByLabelText('Shipping ID');
      await stepRules(step, userEvent, dialog, [
        ["Save it empty: the seed's message", null, [RMSG.shippingId]],
        ['An id with letters: only numbers', () => userEvent.type(id, '12a'), [MSG.onlyNumbers]],
      ]);
      await step('An id of four digits: too long; nothing sent', async () => {
        await retype(userEvent, id, '1234');
        await saveExpecting(userEvent, dialog, [RMSG.shippingIdLength]);
        await expect(sent).toEqual([]);
      });
      await step("The store's methods not added yet are listed: Economy (6)", async () => {
        const offered = within(dialog).getByRole('group', { name: 'In the store, not added yet' });
        await waitFor(() =>
          expect(
            within(offered)
              .getAllByRole('button')
              .map((b) => b.textContent),
          ).toEqual(['6 · Economy ($3.95)']),
        );
      });
      await step('Add shipping 6 by picking it', async () => {
        await userEvent.clear(id);
        await userEvent.click(within(dialog).getByRole('button', { name: 'Use shipping 6 Economy' }));
        await expect(id).toHaveValue('6');
        await userEvent.click(save);
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add shipping method' })).toBeNull());
      });
      await step('The request, the new row and the toast', async () => {
        await expect(sent).toEqual([{ method: 'POST', path: '/api/v1/shippings', body: { ID: 6 } }]);
        await waitFor(() => expect(idsIn(table)).toEqual(['1', '2', '3', '6']));
        await expect(within(table).getByRole('row', { name: /Economy/ })).toHaveTextContent('ECO');
        await expect(await screen.findByText('Shipping 6 Economy added')).toBeVisible();
      });
    },
  ),
);

/** Create refused by the server (already added): the message stays in the form at the ID, the dialog open. */
export const CreateRefused = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    const { dialog } = await stepValue(step, 'Add shipping method opens the form', () => shippings.open(canvas, userEvent));
    await step('Save an id already added', async () => {
      await userEvent.type(within(dialog).getByLabelText('Shipping ID'), '1');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await step('The duplicate message on the id', async () => {
      await expect(await within(dialog).findByText('Shipping 1 already added')).toBeVisible();
      await expect(within(dialog).getByLabelText('Shipping ID')).toHaveAttribute('aria-invalid', 'true');
    });
  },
});

/** Edit: required fields refuse with the seed's rule; a valid edit sends name, description, price and the unchanged code. */
export const Edit = meta.story(
  recordingStory(
    (sent) => shippingHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { table, dialog } = await shippings.openEdit(step, canvas, userEvent, 'Priority', ['Shipping code', 'PRI']);
      const name = within(dialog).getByLabelText('Name');
      const price = within(dialog).getByLabelText('Price');
      await step("Clear name, description and price: the seed's messages; nothing sent", async () => {
        await userEvent.clear(name);
        await userEvent.clear(within(dialog).getByLabelText('Description'));
        await userEvent.clear(price);
        await saveExpecting(userEvent, dialog, [RMSG.shippingName, RMSG.description, RMSG.price]);
        await expect(sent).toEqual([]);
      });
      await step('Fill them in again and save', async () => {
        await userEvent.type(name, 'Priority Plus');
        await userEvent.type(within(dialog).getByLabelText('Description'), 'USPS Priority Mail Express');
        await userEvent.type(price, '12.5');
        await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Priority' })).toBeNull());
      });
      await step('The request and the updated row', async () => {
        await expect(sent).toEqual([
          {
            method: 'PUT',
            path: '/api/v1/shippings/2',
            body: { name: 'Priority Plus', description: 'USPS Priority Mail Express', price: 12.5, shipping_code: 'PRI' },
          },
        ]);
        const row = await within(table).findByRole('row', { name: /Priority Plus/ });
        await expect(row).toHaveTextContent('$12.50');
        await expect(row).toHaveTextContent('PRI');
      });
    },
  ),
);

/** Delete: Cancel keeps the row and sends nothing; Delete in the confirmation removes it. */
export const Delete = meta.story(
  shippings.deleteStory((sent) => shippingHandlers({ sent }), {
    row: 'Express',
    question: 'Are you sure you want to delete shipping method 3 Express?',
    path: '/api/v1/shippings/3',
    gone: (table) => expect(idsIn(table)).toEqual(['1', '2']),
  }),
);

/** Sync: re-reads the method from the store; the row shows the store's values. */
export const Sync = meta.story(
  recordingStory(
    (sent) => shippingHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      let table!: HTMLElement;
      await step('Sync Priority from the store', async () => {
        table = await tableOf(canvas);
        await userEvent.click(within(table).getByRole('button', { name: 'Sync Priority from the store' }));
      });
      await step("The row takes the store's values; the request and the toast", async () => {
        const row = await within(table).findByRole('row', { name: /Priority Mail, 1–3 business days/ }, { timeout: 5000 });
        await expect(row).toHaveTextContent('$9.50');
        await expect(row).toHaveTextContent('PRI2');
        await expect(sent).toEqual([{ method: 'POST', path: '/api/v1/shippings/sync/2', body: null }]);
        await expect(await screen.findByText('Shipping 2 Priority Mail synced from the store')).toBeVisible();
      });
    },
  ),
);

/** An operator: the list, no Add, Edit, Sync or Delete, and the reason said. */
export const Operator = meta.story({
  parameters: { msw: { handlers: shippingHandlers({ role: 'operator' }) } },
  play: shippings.readOnly(ADMIN_ONLY, (table) => expect(idsIn(table)).toEqual(['1', '2', '3']), true),
});

/** Searched, sorted and paged on the server, the state in the address (see stories/list-play.ts). */
export const SearchSortAndPage = meta.story(
  shippings.searchSortPageStory(shippingHandlers({ shippings: [...storyShippings, ...manyShippings(60)] }), {
    total: 63,
    column: 1,
    ...cedarRows('Freight'),
  }),
);
