/**
 * The product detail on its own (001 §2 "/products/{id}"; §5 product form), with the screen's
 * writes as `fn()` args: the form filled with the product for whoever may write products, each
 * 'Missing …' message of 001 §5 (nothing saved), a valid save with the values as numbers, a
 * refused save keeping what was typed, Delete after the confirmation, a delete refused because
 * pages offer the product (the pages listed in the confirmation); a bundle with its
 * products; a role that reads only (the values and the note, no form), and no note while the
 * role is still loading.
 */
import preview from '../../../.storybook/preview';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ProductDetail } from '../../../src/features/products/components/ProductDetail';
import { PRODUCTS_READ_ONLY } from '../../../src/features/products/components/ProductList';
import { product } from '../offers/fixtures';
import { deleteAsksFirstStory, itemTexts } from '../../helpers';
import { clearRequiredAndSave, productSent, type ProductTexts, typeProduct } from './product-form';
import { confirmDelete, retype } from '../../dialog-steps';
import { saveSends } from '../../form-story';
import { inUseError, inUseRefusal } from '../../spies';

const serum = product(2, 10231, 'GlowSkin Serum 60ml', { billing_model: 3, shipping_id: 1, shipping: { ID: 1, name: 'Standard', price: 4.95 } });
const offer = { ID: 1, offer_id: 10231, name: 'GlowSkin Vitamin C Serum' };

const meta = preview.meta({
  title: 'Products/ProductDetail',
  component: ProductDetail,
  args: { product: serum, offer, canWrite: true, onSave: fn(async () => {}), onDelete: fn(async () => {}) },
});

/** Filled: the name, the offer linked, the form holding the product's values. */
export const Filled = meta.story({
  play: async ({ canvas, step }) => {
    await step("The product's name, its offer and the way back", async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'GlowSkin Serum 60ml' })).toBeVisible();
      await expect(canvas.getByRole('link', { name: 'GlowSkin Vitamin C Serum (10231)' })).toHaveAttribute('href', '/offers/1/products');
      await expect(canvas.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    });
    await step('The form holds the stored values; no read-only note', async () => {
      await expect(canvas.getByLabelText('Product name')).toHaveValue('GlowSkin Serum 60ml');
      await expect(canvas.getByLabelText('SKU')).toHaveValue('SKU-2');
      await expect(canvas.getByLabelText('Price')).toHaveValue('31.95');
      await expect(canvas.getByLabelText('Billing model')).toHaveValue('3');
      await expect(canvas.queryByRole('note')).toBeNull();
    });
  },
});

/** What InvalidThenSaved types in once the messages have shown. */
const xl: ProductTexts = { name: 'GlowSkin Serum XL', description: 'Bigger bottle', sku: 'GS-XL', cost: '6', price: '49.5', weight: '0.5' };

/** Every required field cleared: 001 §5's 'Missing …' messages, nothing saved; then a valid save gets the values as numbers. */
export const InvalidThenSaved = meta.story({
  play: async ({ canvas, canvasElement, userEvent, args, step }) => {
    await step("Clear every field and save: the seed's messages; nothing saved", async () => {
      await clearRequiredAndSave(userEvent, canvas);
      await expect(args.onSave).not.toHaveBeenCalled();
    });
    await step('Fill them in and save', async () => {
      await typeProduct(userEvent, canvasElement, xl);
      await saveSends(
        userEvent,
        canvas,
        args.onSave,
        expect.objectContaining({
          offer_id: 10231,
          product_id: 5002,
          ...productSent(xl),
          max_quantity: 100,
          billing_model: 3,
        }),
      );
    });
  },
});

/** A save the server refuses: the form keeps what was typed and Save is offered again. */
export const SaveRefused = meta.story({
  args: { onSave: fn(() => Promise.reject(new Error('Product 5002 already exists'))) },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Change the SKU and save', async () => {
      await retype(userEvent, canvas.getByLabelText('SKU'), 'GS-NEW');
      await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    });
    await step('Refused: the form stays with what was typed', async () => {
      await waitFor(() => expect(args.onSave).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled());
      await expect(canvas.getByLabelText('SKU')).toHaveValue('GS-NEW');
    });
  },
});

/** Delete asks with the product's name and SKU: Cancel calls nothing, Delete calls onDelete. */
export const Delete = meta.story(
  deleteAsksFirstStory({
    button: 'Delete product',
    dialog: 'Delete product',
    question: 'Are you sure you want to delete the product GlowSkin Serum 60ml (SKU-2)?',
  }),
);

/** The server refuses the delete because pages offer the product (409 with the pages): the confirmation stays open and lists them; nothing is unhooked. */
const refused = inUseError(
  inUseRefusal(
    'Product 4101 (GlowSkin Serum 60ml)',
    [
      { funnel_id: 1, funnel_name: 'GlowSkin Serum – US Launch', ID: 2, name: 'Checkout', page_path: '/checkout/', live: true },
      { funnel_id: 2, funnel_name: 'PureBrite', ID: 7, name: 'Order', page_path: '/order/', live: false },
    ],
    'Remove it from their Products panel (and publish) first',
  ),
  'in use',
);
export const DeleteRefusedInUse = meta.story({
  args: { onDelete: fn(() => Promise.reject(refused)) },
  play: async ({ canvas, userEvent, args, step }) => {
    let confirm!: HTMLElement;
    await step('Delete and confirm: the server refuses', async () => {
      confirm = await confirmDelete(canvas, userEvent, 'Delete product', 'Delete product');
      await waitFor(() => expect(args.onDelete).toHaveBeenCalledTimes(1));
    });
    await step('The confirmation stays open and names every page that offers it', async () => {
      const alert = await within(confirm).findByRole('alert');
      await expect(alert).toHaveTextContent('Product 4101 (GlowSkin Serum 60ml) is used by 2 pages:');
      await expect(itemTexts(alert)).toEqual(['Checkout (/checkout/) of GlowSkin Serum – US Launch, live', 'Order (/order/) of PureBrite']);
      await expect(alert).toHaveTextContent('Remove it from their Products panel (and publish) first');
    });
    await step('Cancel closes it; opening it again starts without the refusal', async () => {
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await userEvent.click(canvas.getByRole('button', { name: 'Delete product' }));
      confirm = await screen.findByRole('alertdialog', { name: 'Delete product' });
      await expect(within(confirm).queryByRole('alert')).toBeNull();
    });
  },
});

/** A bundle: the badge, the note that its products are kept, and its products listed. */
export const Bundle = meta.story({
  args: {
    product: {
      ...serum,
      name: 'Serum duo',
      bundle: [
        { product_id: 5001, quantity: 2 },
        { product_id: 5003, quantity: 1 },
      ],
    },
  },
  play: async ({ canvas, step }) => {
    await step('A bundle says how its products are kept', async () => {
      await expect(canvas.getByText('Bundle')).toBeVisible();
      await expect(canvas.getByText("A bundle's products are kept as they were chosen when it was created.")).toBeVisible();
    });
    await step("The bundle's products are listed", async () => {
      const list = within(canvas.getByRole('heading', { name: 'Products in the bundle' }).parentElement!).getByRole('list');
      await expect(itemTexts(list)).toEqual(['2 × product 5001', '1 × product 5003']);
    });
  },
});

/** A role that may not write products: the note, the values to read, no form, Save or Delete; an unknown offer by its id. */
export const ReadOnly = meta.story({
  args: { canWrite: false, offer: null },
  play: async ({ canvas, step }) => {
    await step('The read-only note and the offer', async () => {
      await expect(canvas.getByRole('note')).toHaveTextContent(PRODUCTS_READ_ONLY);
      await expect(canvas.getByText('Offer: Offer 10231')).toBeVisible();
    });
    await step("The product's facts", async () => {
      const facts = Object.fromEntries([...canvasFacts(canvas.getByText('Billing model').closest('dl')!)]);
      await expect(facts).toEqual({
        'Product ID': '5002',
        SKU: 'SKU-2',
        Price: '$31.95',
        'Cost of goods': '$4.50',
        'Billing model': '30 Day Subscription',
        Vertical: 'Skin Care',
        'Shipping weight': '0.3',
        'Max quantity': '100',
        Shipping: 'Standard ($4.95)',
      });
    });
    await step('No form and no buttons', async () => {
      await expect(canvas.queryByLabelText('Product name')).toBeNull();
      await expect(canvas.queryByRole('button')).toBeNull();
    });
  },
});

/** While the role loads: neither the form nor the read-only note. */
export const RoleLoading = meta.story({
  args: { canWrite: false, roleKnown: false },
  play: async ({ canvas, step }) => {
    await step('The heading shows', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'GlowSkin Serum 60ml' })).toBeVisible();
    });
    await step('No note and no Delete', async () => {
      await expect(canvas.queryByRole('note')).toBeNull();
      await expect(canvas.queryByRole('button', { name: 'Delete product' })).toBeNull();
    });
  },
});

/** The detail's facts as [label, value] pairs. */
function canvasFacts(dl: HTMLElement): [string, string][] {
  return [...dl.querySelectorAll('div')].map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']);
}
