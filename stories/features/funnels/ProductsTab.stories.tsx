import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ProductsTab } from '../../../src/features/funnels/components/ProductsTab';
import { products } from '../../../tests/fixtures/demo';
import { emptyTabStory, lockedTabStory } from './locked-tab';
import {
  deleteAfterAsking,
  editPrefilled,
  listsRows,
  openDialog,
  openDialogAt,
  pressIn,
  retype,
  saveAndClose,
  saveExpecting,
  stepValue,
  typeFields,
} from '../../dialog-steps';
import { calledForRow, resolvingSpies } from '../../spies';
import { fileNamed, stepOpenUpload, stepRefusedBeforeSending, uploadRefusedStory } from './upload-file';
import { BILLING_MODELS, optionsOf, PRODUCT_VERTICALS, productSent, type ProductTexts, typeProduct } from '../products/product-form';

/** A file named `name` holding `text`. */
const csvFile = (name: string, text = 'name,description,sku,cost_of_goods,product_price,shipping_weight\nMask,Sheet mask,GS-MASK,1,9.99,0.1\n') =>
  fileNamed(name, text);

const meta = preview.meta({
  title: 'Funnels/ProductsTab',
  component: ProductsTab,
  args: {
    products,
    offerId: 10234,
    currency: 'USD',
    language: 'en',
    ...resolvingSpies('onCreate', 'onCreateBundle', 'onUpdate', 'onDelete', 'onUpload'),
  },
});

/** The offer's products with prices in the funnel's currency and billing models by name; edit (prefilled) changes the price; delete asks first. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The products are listed with price and billing model', () =>
      listsRows(canvas.getByRole('table', { name: 'Products' }), { rows: [/GlowSkin Eye Gel 15ml.*GS-EG-15.*\$24\.00.*30 Day Subscription/] }),
    );
    await step('Edit a product: change its price', () =>
      editPrefilled(
        canvas,
        userEvent,
        'Edit GlowSkin Night Cream 50ml',
        { SKU: 'GS-NC-50', 'Billing model': '2', Price: '44.5' },
        (dialog) => retype(userEvent, within(dialog).getByLabelText('Price'), '42'),
        calledForRow(args.onUpdate, 2, {
          offer_id: 10234,
          product_id: 2102,
          name: 'GlowSkin Night Cream 50ml',
          description: 'Overnight repair cream',
          sku: 'GS-NC-50',
          cost_of_goods: 7.1,
          product_price: 42,
          shipping_weight: 0.18,
          max_quantity: 6,
          billing_model: 2,
          product_category: 'Skin Care',
          shipping_id: 1,
        }),
      ),
    );
    await step('Delete a product, after asking', () =>
      deleteAfterAsking(canvas, userEvent, {
        button: 'Delete GlowSkin Eye Gel 15ml',
        dialog: 'Delete product',
        question: 'Are you sure you want to delete the product GlowSkin Eye Gel 15ml (SKU GS-EG-15)?',
        deleted: calledForRow(args.onDelete, 3),
        waitClosed: false,
      }),
    );
  },
});

/** Prices follow the funnel's currency and language. */
export const InEuro = meta.story({
  args: { currency: 'EUR', language: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { name: /GlowSkin Vitamin C Serum 30ml/ })).toHaveTextContent('39,95 €');
  },
});

/** The product the Add story types in (productSent: what it sends). */
const toner: ProductTexts = { name: 'GlowSkin Toner', description: 'A gentle toner', sku: 'GS-TON-100', cost: '3.20', price: '19.99', weight: '0.3' };

/** Add product: max quantity 100 and One Time Purchase by default; a subscription is one of 001 §9's billing models. */
export const Add = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    let dialog!: HTMLElement;
    let billing!: HTMLElement;
    await step("Add product opens the form with the defaults and the seed's options", async () => {
      dialog = await openDialogAt(canvas, userEvent, 'Add product', 'Product name');
      await expect(within(dialog).getByLabelText('Max quantity')).toHaveValue('100');
      billing = within(dialog).getByLabelText('Billing model');
      await expect(
        within(billing)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(BILLING_MODELS);
      await expect(optionsOf(dialog, 'Product vertical')).toEqual(PRODUCT_VERTICALS);
    });
    await step('Fill it in and save', async () => {
      await typeProduct(userEvent, dialog, toner);
      await userEvent.selectOptions(billing, '4');
      await userEvent.selectOptions(within(dialog).getByLabelText('Product vertical'), 'Skin Care');
      await saveAndClose(userEvent, dialog, () =>
        expect(args.onCreate).toHaveBeenCalledWith({
          offer_id: 10234,
          product_id: null,
          ...productSent(toner),
          max_quantity: 100,
          billing_model: 4,
          product_category: 'Skin Care',
          shipping_id: null,
        }),
      );
    });
  },
});

/** The product form's seed messages (001 §5): every required field says 'Missing …'; nothing is saved. */
export const Invalid = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepValue(step, 'Open Add product', () => openDialog(canvas, userEvent, 'Add product'));
    await step("Save it empty: the seed's messages", async () => {
      await pressIn(userEvent, dialog);
      for (const m of ['Missing Product Name', 'Missing Description', 'Missing SKU', 'Missing Cost of Goods', 'Missing Price', 'Missing Shipping Weight']) {
        await expect(await within(dialog).findByText(m)).toBeVisible();
      }
    });
    await step('Letters in the id and a negative price are refused; nothing saved', async () => {
      await typeFields(userEvent, dialog, { 'Product ID': '12x', Price: '-1' });
      await saveExpecting(userEvent, dialog, ['Input only numbers', 'Price must be a number of 0 or more']);
      await expect(args.onCreate).not.toHaveBeenCalled();
    });
  },
});

/** Add bundle: at least 2 products of the offer, each with a quantity; then one call. */
export const AddBundle = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const dialog = await stepValue(step, 'Open Add bundle', () => openDialog(canvas, userEvent, 'Add bundle'));
    await step('A bundle of one product is refused', async () => {
      await typeFields(userEvent, dialog, { 'Bundle name': 'GlowSkin Night & Day', SKU: 'GS-BUNDLE-2', Price: '74.90' });
      await userEvent.click(within(dialog).getByLabelText(/GlowSkin Vitamin C Serum 30ml/));
      await saveExpecting(userEvent, dialog, ['A bundle needs at least 2 products']);
    });
    await step('Add two of a second product: saved', async () => {
      await userEvent.click(within(dialog).getByLabelText(/GlowSkin Night Cream 50ml/));
      const qty = within(dialog).getByLabelText('Quantity of GlowSkin Night Cream 50ml');
      await retype(userEvent, qty, '2');
      await saveAndClose(userEvent, dialog, () =>
        expect(args.onCreateBundle).toHaveBeenCalledWith({
          offer_id: 10234,
          product_id: null,
          name: 'GlowSkin Night & Day',
          description: '',
          sku: 'GS-BUNDLE-2',
          cost_of_goods: 0,
          product_price: 74.9,
          shipping_weight: 0,
          max_quantity: 100,
          billing_model: 2,
          product_category: '',
          shipping_id: null,
          items: [
            { product_id: 1, quantity: 1 },
            { product_id: 2, quantity: 2 },
          ],
        }),
      );
    });
  },
});

/** The products CSV: anything but a .csv is refused with the seed's words (001 §5) before sending; a CSV is sent. */
export const UploadCsv = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const { dialog, input } = await stepOpenUpload(
      step,
      canvas,
      userEvent,
      'Open the upload: the update rule is said',
      'Upload products CSV',
      /A row whose SKU the offer already has updates that product/,
    );
    await stepRefusedBeforeSending(
      step,
      userEvent,
      dialog,
      csvFile('products.xlsx'),
      'products.xlsx file upload failed. Uploads of product lists accept only csv',
      args.onUpload,
    );
    await step('Upload a CSV', async () => {
      await userEvent.upload(input, csvFile('products.csv'));
      await saveAndClose(
        userEvent,
        dialog,
        () => expect(args.onUpload).toHaveBeenCalledWith(expect.objectContaining({ name: 'products.csv' }), expect.any(Function)),
        'Upload',
      );
    });
  },
});

/** A refused products upload keeps the dialog open with the bad rows. */
export const UploadRefused = meta.story(
  uploadRefusedStory('onUpload', 'Upload products CSV', csvFile('products.csv'), {
    reason: '1 invalid row',
    lines: [{ line: 2, message: 'Missing SKU' }],
    said: 'The reason and the bad line are listed',
  }),
);

/** No products: the seed's empty state; the Add buttons are there. */
export const Empty = meta.story(
  emptyTabStory({ products: [] }, 'No Products added', {
    step: 'Add and upload are still there',
    buttons: ['Add product', 'Upload products CSV'],
  }),
);

/** A funnel without an offer has no products: the seed's 'No Offer added' and where to set it. */
export const NoOffer = meta.story({
  args: { products: [], offerId: null },
  play: async ({ canvas, step }) => {
    await step('No offer: the empty state says where to choose one', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('No Offer added');
      await expect(canvas.getByText(/Choose the funnel's offer in the Details tab/)).toBeVisible();
    });
    await step('No Add product', async () => {
      await expect(canvas.queryByRole('button', { name: 'Add product' })).toBeNull();
    });
  },
});

/** Locked funnel: no add, bundle, upload, edit or delete, and the reason is said. */
export const Locked = meta.story(
  lockedTabStory(
    ['Add product', 'Add bundle', 'Upload products CSV', 'Edit GlowSkin Eye Gel 15ml', 'Delete GlowSkin Vitamin C Serum 30ml'],
    'The funnel is locked: unlock it to add, edit or delete products.',
  ),
);
