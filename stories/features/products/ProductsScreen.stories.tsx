/**
 * /products (001 §2, §5, §9) as an operator uses it: empty ('No Products added'),
 * filled (every product with its offer, names opening the detail with the product as state),
 * Add product (the offer required first, then the form's 'Missing …' messages, then the body as
 * the API received it, max quantity 100 by default), edit, delete with the confirmation, a
 * role that may not write products, and the list searched, sorted and paged on the server.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { MSG, RMSG } from '../../../src/model';
import { ProductsScreen } from '../../../src/features/products/screens/ProductsScreen';
import { NO_PRODUCTS, PRODUCTS_READ_ONLY, ProductList } from '../../../src/features/products/components/ProductList';
import { AddProduct, EditProductForm } from '../../../src/features/products/components/ProductDialogs';
import { AtRoute } from '../../screens';
import { catalogHandlers, manyProducts, storyProducts, type SentRequest } from '../offers/fixtures';
import { ListRoute } from '../../list-address';
import { playSearchSortPage } from '../../list-play';
import { playConfirmDelete } from '../../helpers';

const meta = {
  title: 'Products/ProductsScreen',
  component: ProductsScreen,
  subcomponents: { ProductList, AddProduct, EditProductForm },
  render: () => (
    <AtRoute path="/products" url="/products">
      <ProductsScreen />
    </AtRoute>
  ),
  parameters: { msw: { handlers: catalogHandlers() } },
} satisfies Meta<typeof ProductsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

type Finder = { findByRole: (role: string, o: object, w?: object) => Promise<HTMLElement> };
const tableOf = async (canvas: Finder) => {
  await canvas.findByRole('button', { name: 'Add product' }, { timeout: 5000 });
  return canvas.findByRole('table', { name: 'Products' }, { timeout: 5000 });
};
const namesIn = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[1]?.textContent);
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

/** No products: the seed's empty state. */
export const Empty: Story = {
  parameters: { msw: { handlers: catalogHandlers({ products: [] }) } },
  play: async ({ canvas, userEvent, step }) => {
    await step('The empty state, no table', async () => {
      await expect(await canvas.findByText(NO_PRODUCTS, {}, { timeout: 5000 })).toBeVisible();
      await expect(canvas.queryByRole('table')).toBeNull();
    });
    await step('Add product next to the message opens the form', async () => {
      // The one Add product control sits next to the message and opens the same dialog.
      const add = await within(canvas.getByRole('status')).findByRole('button', { name: 'Add product' });
      await expect(canvas.getAllByRole('button', { name: 'Add product' })).toHaveLength(1);
      await userEvent.click(add);
      await expect(await screen.findByRole('dialog', { name: 'Add product' })).toBeVisible();
    });
  },
};

/** Filled: every product with its billing model, vertical and offer (linking to the offer's products tab). */
export const Filled: Story = {
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step('The products are listed by name', async () => {
      table = await tableOf(canvas);
      await expect(namesIn(table)).toEqual(['GlowSkin Serum 30ml', 'GlowSkin Serum 60ml', 'FlexFit Band Set']);
    });
    await step('A row shows vertical, billing model and its links', async () => {
      const row = within(table).getByRole('row', { name: /FlexFit Band Set/ });
      await expect(row).toHaveTextContent('Sports & Fitness');
      await expect(row).toHaveTextContent('One Time Purchase');
      await expect(within(row).getByRole('link', { name: 'FlexFit Resistance Bands' })).toHaveAttribute('href', '/offers/2/products');
      await expect(within(row).getByRole('link', { name: 'FlexFit Band Set' })).toHaveAttribute('href', '/products/3');
    });
  },
};

const createSent: SentRequest[] = [];
/** Add product: 'Please select an offer' and the form's 'Missing …' messages first (nothing sent), then the product. */
export const Create: Story = {
  parameters: { msw: { handlers: catalogHandlers({ sent: createSent }) } },
  play: async ({ canvas, userEvent, step }) => {
    let table!: HTMLElement;
    let dialog!: HTMLElement;
    let save!: HTMLElement;
    await step('Add product opens the form', async () => {
      createSent.length = 0;
      table = await tableOf(canvas);
      await userEvent.click(canvas.getByRole('button', { name: 'Add product' }));
      dialog = await screen.findByRole('dialog', { name: 'Add product' });
      save = within(dialog).getByRole('button', { name: 'Save' });
    });
    await step("Save it empty: the seed's messages; the choices offered", async () => {
      await userEvent.click(save);
      for (const m of [MSG.productName, RMSG.description, RMSG.sku, RMSG.costOfGoods, RMSG.price, RMSG.shippingWeight])
        await expect(await within(dialog).findByText(m)).toBeVisible();
      await expect(within(dialog).getByLabelText('Max quantity')).toHaveValue('100');
      await expect([...within(dialog).getByLabelText('Billing model').querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        '2 — One Time Purchase',
        '3 — 30 Day Subscription',
        '4 — 60 Day Subscription',
        '5 — One Day Subscription',
      ]);
      await expect([...within(dialog).getByLabelText('Product vertical').querySelectorAll('option')].map((o) => o.textContent)).toEqual([
        'None',
        'Home & Garden',
        'Skin Care',
        'Sports & Fitness',
        'Teeth Whitening',
        'Entertainment Recreation & Leisure',
        'Hair',
        'Family',
        'Education',
      ]);
    });
    await step('Fill in the product without an offer and save', async () => {
      await userEvent.type(within(dialog).getByLabelText('Product name'), 'PureBrite Pen');
      await userEvent.type(within(dialog).getByLabelText('Description'), 'Whitening pen');
      await userEvent.type(within(dialog).getByLabelText('SKU'), 'PB-PEN-1');
      await userEvent.type(within(dialog).getByLabelText('Cost of goods'), '1.5');
      await userEvent.type(within(dialog).getByLabelText('Price'), '19.95');
      await userEvent.type(within(dialog).getByLabelText('Shipping weight'), '0.1');
      await userEvent.selectOptions(within(dialog).getByLabelText('Billing model'), '3');
      await userEvent.click(save);
    });
    await step("The seed's message; nothing sent", async () => {
      await expect(await within(dialog).findByText(MSG.offerRequired)).toBeVisible();
      await expect(createSent).toEqual([]);
    });
    await step('Pick the offer and save', async () => {
      await userEvent.selectOptions(within(dialog).getByLabelText('Offer'), '10231');
      await userEvent.click(save);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).toBeNull());
    });
    await step('The request, the new row and the toast', async () => {
      await expect(createSent).toEqual([
        {
          method: 'POST',
          path: '/api/v1/products',
          body: {
            offer_id: 10231,
            product_id: null,
            name: 'PureBrite Pen',
            description: 'Whitening pen',
            sku: 'PB-PEN-1',
            cost_of_goods: 1.5,
            product_price: 19.95,
            shipping_weight: 0.1,
            max_quantity: 100,
            billing_model: 3,
            product_category: '',
            shipping_id: null,
          },
        },
      ]);
      await waitFor(() => expect(namesIn(table)).toContain('PureBrite Pen'));
      await expect(await toasts().findByText('Product PureBrite Pen added', {}, { timeout: 5000 })).toBeVisible();
    });
  },
};

const editSent: SentRequest[] = [];
/** Edit: the product's values; a cleared price is 'Missing Price'; a new price is saved. */
export const Edit: Story = {
  parameters: { msw: { handlers: catalogHandlers({ sent: editSent }) } },
  play: async ({ canvas, userEvent, step }) => {
    let table!: HTMLElement;
    let dialog!: HTMLElement;
    let price!: HTMLElement;
    await step('Edit GlowSkin Serum 60ml: the form holds its values', async () => {
      editSent.length = 0;
      table = await tableOf(canvas);
      await userEvent.click(within(table).getByRole('button', { name: 'Edit GlowSkin Serum 60ml' }));
      dialog = await screen.findByRole('dialog', { name: 'Edit GlowSkin Serum 60ml' });
      await expect(within(dialog).getByLabelText('Billing model')).toHaveValue('3');
      price = within(dialog).getByLabelText('Price');
    });
    await step("Clear the price: the seed's message", async () => {
      await userEvent.clear(price);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(await within(dialog).findByText(RMSG.price)).toBeVisible();
    });
    await step('A new price and save', async () => {
      await userEvent.type(price, '44.5');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
    await step("The request and the row's new price", async () => {
      await expect(editSent).toHaveLength(1);
      await expect(editSent[0]).toMatchObject({
        method: 'PUT',
        path: '/api/v1/products/2',
        body: { product_price: 44.5, billing_model: 3, sku: 'SKU-2', offer_id: 10231 },
      });
      await waitFor(() => expect(within(table).getByRole('row', { name: /60ml/ })).toHaveTextContent('$44.50'));
    });
  },
};

const deleteSent: SentRequest[] = [];
/** Delete: Cancel sends nothing; Delete removes the product. */
export const Delete: Story = {
  parameters: { msw: { handlers: catalogHandlers({ sent: deleteSent }) } },
  play: async ({ canvas, userEvent, step }) => {
    deleteSent.length = 0;
    const table = await tableOf(canvas);
    await playConfirmDelete({
      step,
      userEvent,
      button: () => within(table).getByRole('button', { name: 'Delete FlexFit Band Set' }),
      dialog: 'Delete product',
      question: 'Are you sure you want to delete the product FlexFit Band Set (SKU-3)?',
      nothingDone: () => expect(deleteSent).toEqual([]),
    });
    await step('The request, and the row goes', async () => {
      await expect(deleteSent).toEqual([{ method: 'DELETE', path: '/api/v1/products/3', body: null }]);
      await waitFor(() => expect(namesIn(table)).toEqual(['GlowSkin Serum 30ml', 'GlowSkin Serum 60ml']));
    });
  },
};

/** A role without products.write (the sticky account): the list, no Add, Edit or Delete, and the reason. */
export const Forbidden: Story = {
  parameters: { msw: { handlers: catalogHandlers({ role: 'sticky' }) } },
  play: async ({ canvas, step }) => {
    let table!: HTMLElement;
    await step('The read-only notice and the products', async () => {
      await expect(await canvas.findByText(PRODUCTS_READ_ONLY, {}, { timeout: 5000 })).toBeVisible();
      table = await canvas.findByRole('table', { name: 'Products' });
      await expect(namesIn(table)).toHaveLength(3);
    });
    await step('No Add and no row buttons', async () => {
      await expect(canvas.queryByRole('button', { name: 'Add product' })).toBeNull();
      // The headers' sort buttons are not actions: no button in the rows.
      await expect([...table.querySelectorAll('tbody button')]).toEqual([]);
    });
  },
};

/** Searched, sorted and paged on the server, the state in the address (see stories/list-play.ts). */
export const SearchSortAndPage: Story = {
  parameters: { msw: { handlers: catalogHandlers({ products: [...storyProducts, ...manyProducts(60)] }) } },
  render: () => (
    <ListRoute path="/products">
      <ProductsScreen />
    </ListRoute>
  ),
  play: (ctx) =>
    playSearchSortPage(ctx, {
      path: '/products',
      table: 'Products',
      noun: 'products',
      total: 63,
      search: 'cedar',
      matches: 15,
      column: 1,
      sort: { header: /^Name/, key: 'name' },
      firstAsc: 'Cedar Cream 003',
      firstDesc: 'Cedar Cream 059',
    }),
};
