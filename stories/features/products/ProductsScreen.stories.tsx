/**
 * /products (001 §2, §5, §9) as an operator uses it: empty ('No Products added'),
 * filled (every product with its offer, names opening the detail with the product as state),
 * Add product (the offer required first, then the form's 'Missing …' messages, then the body as
 * the API received it, max quantity 100 by default), edit, delete with the confirmation, a
 * role that may not write products, and the list searched, sorted and paged on the server.
 */
import preview from '../../../.storybook/preview';
import { recordingStory } from '../../screens';
import { expect, screen, waitFor, within } from 'storybook/test';
import { expectToast } from '../../helpers';
import { MSG, RMSG } from '../../../src/model';
import { ProductsScreen } from '../../../src/features/products/screens/ProductsScreen';
import { NO_PRODUCTS, PRODUCTS_READ_ONLY, ProductList } from '../../../src/features/products/components/ProductList';
import { AddProduct, EditProductForm } from '../../../src/features/products/components/ProductDialogs';
import { catalogHandlers, manyProducts, storyProducts } from '../offers/fixtures';
import { cedarRows } from '../../list-play';
import { columnOf, listScreen } from '../../list-screen';
import { BILLING_MODELS, optionsOf, PRODUCT_VERTICALS, productSent, type ProductTexts, typeProduct } from './product-form';
import { saveAndClose, stepRules, stepValue } from '../../dialog-steps';

const products = listScreen({ path: '/products', noun: 'product', table: 'Products' }, ProductsScreen);

const meta = preview.meta({
  title: 'Products/ProductsScreen',
  component: ProductsScreen,
  subcomponents: { ProductList, AddProduct, EditProductForm },
  ...products.meta(catalogHandlers()),
});

const namesIn = (table: HTMLElement) => columnOf(table, 1);

/** No products: the seed's empty state. */
export const Empty = meta.story({
  parameters: { msw: { handlers: catalogHandlers({ products: [] }) } },
  play: products.empty(NO_PRODUCTS),
});

/** Filled: every product with its billing model, vertical and offer (linking to the offer's products tab). */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    const table = await products.listed(step, canvas, 'The products are listed by name', 1, ['GlowSkin Serum 30ml', 'GlowSkin Serum 60ml', 'FlexFit Band Set']);
    await step('A row shows vertical, billing model and its links', async () => {
      const row = within(table).getByRole('row', { name: /FlexFit Band Set/ });
      await expect(row).toHaveTextContent('Sports & Fitness');
      await expect(row).toHaveTextContent('One Time Purchase');
      await expect(within(row).getByRole('link', { name: 'FlexFit Resistance Bands' })).toHaveAttribute('href', '/offers/2/products');
      await expect(within(row).getByRole('link', { name: 'FlexFit Band Set' })).toHaveAttribute('href', '/products/3');
    });
  },
});

/** The product the Create story types in. */
const pen: ProductTexts = { name: 'PureBrite Pen', description: 'Whitening pen', sku: 'PB-PEN-1', cost: '1.5', price: '19.95', weight: '0.1' };

/** Add product: 'Please select an offer' and the form's 'Missing …' messages first (nothing sent), then the product. */
export const Create = meta.story(
  recordingStory(
    (sent) => catalogHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { table, dialog, save } = await stepValue(step, 'Add product opens the form', () => {
        return products.open(canvas, userEvent);
      });
      await step("Save it empty: the seed's messages; the choices offered", async () => {
        await userEvent.click(save);
        for (const m of [MSG.productName, RMSG.description, RMSG.sku, RMSG.costOfGoods, RMSG.price, RMSG.shippingWeight])
          await expect(await within(dialog).findByText(m)).toBeVisible();
        await expect(within(dialog).getByLabelText('Max quantity')).toHaveValue('100');
        await expect(optionsOf(dialog, 'Billing model')).toEqual(BILLING_MODELS);
        await expect(optionsOf(dialog, 'Product vertical')).toEqual(PRODUCT_VERTICALS);
      });
      await step('Fill in the product without an offer and save', async () => {
        await typeProduct(userEvent, dialog, pen);
        await userEvent.selectOptions(within(dialog).getByLabelText('Billing model'), '3');
        await userEvent.click(save);
      });
      await step("The seed's message; nothing sent", async () => {
        await expect(await within(dialog).findByText(MSG.offerRequired)).toBeVisible();
        await expect(sent).toEqual([]);
      });
      await step('Pick the offer and save', async () => {
        await userEvent.selectOptions(within(dialog).getByLabelText('Offer'), '10231');
        await userEvent.click(save);
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add product' })).toBeNull());
      });
      await step('The request, the new row and the toast', async () => {
        await expect(sent).toEqual([
          {
            method: 'POST',
            path: '/api/v1/products',
            body: {
              offer_id: 10231,
              product_id: null,
              ...productSent(pen),
              max_quantity: 100,
              billing_model: 3,
              product_category: '',
              shipping_id: null,
            },
          },
        ]);
        await waitFor(() => expect(namesIn(table)).toContain('PureBrite Pen'));
        await expectToast('Product PureBrite Pen added');
      });
    },
  ),
);

/** Edit: the product's values; a cleared price is 'Missing Price'; a new price is saved. */
export const Edit = meta.story(
  recordingStory(
    (sent) => catalogHandlers({ sent }),
    async ({ canvas, userEvent, step }, sent) => {
      const { table, dialog } = await products.openEdit(step, canvas, userEvent, 'GlowSkin Serum 60ml', ['Billing model', '3']);
      const price = within(dialog).getByLabelText('Price');
      await stepRules(step, userEvent, dialog, [["Clear the price: the seed's message", () => userEvent.clear(price), [RMSG.price]]]);
      await step('A new price and save', async () => {
        await userEvent.type(price, '44.5');
        await saveAndClose(userEvent, dialog);
      });
      await step("The request and the row's new price", async () => {
        await expect(sent).toHaveLength(1);
        await expect(sent[0]).toMatchObject({
          method: 'PUT',
          path: '/api/v1/products/2',
          body: { product_price: 44.5, billing_model: 3, sku: 'SKU-2', offer_id: 10231 },
        });
        await waitFor(() => expect(within(table).getByRole('row', { name: /60ml/ })).toHaveTextContent('$44.50'));
      });
    },
  ),
);

/** Delete: Cancel sends nothing; Delete removes the product. */
export const Delete = meta.story(
  products.deleteStory((sent) => catalogHandlers({ sent }), {
    row: 'FlexFit Band Set',
    question: 'Are you sure you want to delete the product FlexFit Band Set (SKU-3)?',
    path: '/api/v1/products/3',
    gone: (table) => expect(namesIn(table)).toEqual(['GlowSkin Serum 30ml', 'GlowSkin Serum 60ml']),
  }),
);

/** A role without products.write (the sticky account): the list, no Add, Edit or Delete, and the reason. */
export const Forbidden = meta.story({
  parameters: { msw: { handlers: catalogHandlers({ role: 'sticky' }) } },
  play: products.readOnly(PRODUCTS_READ_ONLY, (table) => expect(namesIn(table)).toHaveLength(3)),
});

/** Searched, sorted and paged on the server, the state in the address (see stories/list-play.ts). */
export const SearchSortAndPage = meta.story(
  products.searchSortPageStory(catalogHandlers({ products: [...storyProducts, ...manyProducts(60)] }), {
    total: 63,
    column: 1,
    ...cedarRows('Cream'),
  }),
);
