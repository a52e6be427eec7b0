/**
 * /products/{id} (001 §2 "Product detail; without state it redirects to /products"):
 * opened with the product as router state (as the lists open it) it shows the product form
 * filled; each 'Missing …' message refuses; a valid save sends the whole form; Delete (after the
 * confirmation) returns to /products. Opened without state, or with another product's state,
 * it redirects to /products. A role that may not write products reads the values only.
 */
import preview from '../../../.storybook/preview';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { expect } from 'storybook/test';
import { expectToast } from '../../helpers';
import { ProductScreen } from '../../../src/features/products/screens/ProductScreen';
import { PRODUCTS_READ_ONLY } from '../../../src/features/products/components/ProductList';
import { catalogHandlers, storyProducts } from '../offers/fixtures';
import { deleteAndLeaveStory, recordingStory } from '../../screens';
import { clearRequiredAndSave, productSent, type ProductTexts, typeProduct } from './product-form';

/** Where the screen navigated to when it left its route. */
function Left() {
  return <p role="status">Navigated to {useLocation().pathname}</p>;
}

/** Opens /products/{id} at `url` with router `state`, as a list's link does (or without, as a typed address). */
function AtProduct({ url, state, children }: { url: string; state?: unknown; children: ReactNode }) {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={url} state={state} replace />} />
      <Route path="/products/:id" element={children} />
      <Route path="*" element={<Left />} />
    </Routes>
  );
}

const p2 = storyProducts[1];
const at = (url: string, state?: unknown) => () => (
  <AtProduct url={url} state={state}>
    <ProductScreen />
  </AtProduct>
);
const meta = preview.meta({
  title: 'Products/ProductScreen',
  component: ProductScreen,
  render: at('/products/2', { product: p2 }),
  parameters: { msw: { handlers: catalogHandlers() } },
});

/** Filled: the product from the state, its offer linked, the form holding its values. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    await step("The product's name and its offer", async () => {
      await expect(await canvas.findByRole('heading', { level: 1, name: 'GlowSkin Serum 60ml' }, { timeout: 5000 })).toBeVisible();
      await expect(await canvas.findByRole('link', { name: 'GlowSkin Vitamin C Serum (10231)' }, { timeout: 5000 })).toHaveAttribute(
        'href',
        '/offers/1/products',
      );
    });
    await step('The form holds the stored values; Delete is offered', async () => {
      await expect(canvas.getByLabelText('Product name')).toHaveValue('GlowSkin Serum 60ml');
      await expect(canvas.getByLabelText('SKU')).toHaveValue('SKU-2');
      await expect(canvas.getByLabelText('Billing model')).toHaveValue('3');
      await expect(canvas.getByLabelText('Max quantity')).toHaveValue('100');
      await expect(canvas.getByRole('button', { name: 'Delete product' })).toBeEnabled();
    });
  },
});

/** What InvalidThenSaved types in once the messages have shown. */
const xl: ProductTexts = { name: 'GlowSkin Serum 60ml XL', description: 'Bigger bottle', sku: 'GS-60-XL', cost: '6', price: '49', weight: '0.5' };

/** Invalid: every required field cleared gives its 'Missing …' message, nothing sent; then a valid save is sent and said. */
export const InvalidThenSaved = meta.story(
  recordingStory(
    (sent) => catalogHandlers({ sent }),
    async ({ canvas, canvasElement, userEvent, step }, sent) => {
      await step('The product loads', async () => {
        await canvas.findByRole('heading', { level: 1, name: 'GlowSkin Serum 60ml' }, { timeout: 5000 });
      });
      await step("Clear every field and save: the seed's messages; nothing sent", async () => {
        await clearRequiredAndSave(userEvent, canvas);
        await expect(sent).toEqual([]);
      });
      await step('Fill them in and save', async () => {
        await typeProduct(userEvent, canvasElement, xl);
        await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
      });
      await step('The toast, the request and the new heading', async () => {
        await expectToast('Product GlowSkin Serum 60ml XL saved');
        await expect(sent).toEqual([
          {
            method: 'PUT',
            path: '/api/v1/products/2',
            body: {
              offer_id: 10231,
              product_id: 5002,
              ...productSent(xl),
              max_quantity: 100,
              billing_model: 3,
              product_category: 'Skin Care',
              shipping_id: null,
            },
          },
        ]);
        await expect(await canvas.findByRole('heading', { level: 1, name: 'GlowSkin Serum 60ml XL' }, { timeout: 5000 })).toBeVisible();
      });
    },
  ),
);

/** Delete: after the confirmation the product is deleted and the list is shown. */
export const Delete = meta.story(
  deleteAndLeaveStory(
    (sent) => catalogHandlers({ sent }),
    { button: 'Delete product', dialog: 'Delete product', question: 'Are you sure you want to delete the product GlowSkin Serum 60ml (SKU-2)?' },
    { to: '/products', path: '/api/v1/products/2' },
  ),
);

/** Opened without state (a typed address): redirected to /products. */
export const WithoutState = meta.story({
  render: at('/products/2'),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigated to /products', {}, { timeout: 5000 })).toBeVisible();
  },
});

/** Opened with another product's state: redirected to /products too. */
export const OtherProductsState = meta.story({
  render: at('/products/3', { product: p2 }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Navigated to /products', {}, { timeout: 5000 })).toBeVisible();
  },
});

/** A role without products.write (the sticky account): the values to read, no form, Save or Delete. */
export const Forbidden = meta.story({
  parameters: { msw: { handlers: catalogHandlers({ role: 'sticky' }) } },
  play: async ({ canvas, step }) => {
    await step("The read-only notice and the product's facts", async () => {
      await expect(await canvas.findByText(PRODUCTS_READ_ONLY, {}, { timeout: 5000 })).toBeVisible();
      await expect(canvas.getByText('30 Day Subscription')).toBeVisible();
      await expect(canvas.getByText('SKU-2')).toBeVisible();
    });
    await step('No Save, Delete or form', async () => {
      await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
      await expect(canvas.queryByRole('button', { name: 'Delete product' })).toBeNull();
      await expect(canvas.queryByLabelText('Product name')).toBeNull();
    });
  },
});
