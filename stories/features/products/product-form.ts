/**
 * The product form as the product stories fill it (the funnel's Products tab and /products):
 * the choices the seed offers, and the required fields typed in.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MSG, RMSG } from '../../../src/model';
import { PRODUCT_VERTICALS as MODEL_VERTICALS } from '../../../src/model/constants';

/** The Product vertical select's options, in order: None, then the seed's verticals (001 §3 Product). */
export const PRODUCT_VERTICALS = ['None', ...MODEL_VERTICALS];

/** The Billing model select's options, in order (001 §9's billing models, by id). */
export const BILLING_MODELS = ['2 — One Time Purchase', '3 — 30 Day Subscription', '4 — 60 Day Subscription', '5 — One Day Subscription'];

/** The option texts of the select labelled `label` in `dialog`. */
export const optionsOf = (dialog: HTMLElement, label: string) => [...within(dialog).getByLabelText(label).querySelectorAll('option')].map((o) => o.textContent);

/** The required fields, in the form's order, each with the seed's message when it is left empty (001 §5). */
const REQUIRED: [label: string, message: string][] = [
  ['Product name', MSG.productName],
  ['Description', RMSG.description],
  ['SKU', RMSG.sku],
  ['Cost of goods', RMSG.costOfGoods],
  ['Price', RMSG.price],
  ['Shipping weight', RMSG.shippingWeight],
];

/** Clears every required field of the form in `canvas`, presses Save, and expects each field's 'Missing …' message (each waited for). */
export async function clearRequiredAndSave(user: StoryContext['userEvent'], canvas: StoryContext['canvas']) {
  for (const [label] of REQUIRED) await user.clear(canvas.getByLabelText(label));
  await user.click(canvas.getByRole('button', { name: 'Save' }));
  for (const [, message] of REQUIRED) await expect(await canvas.findByText(message)).toBeVisible();
}

/** A product's required texts as an operator types them: name, description, SKU, cost of goods, price and shipping weight. */
export interface ProductTexts {
  name: string;
  description: string;
  sku: string;
  cost: string;
  price: string;
  weight: string;
}

/** What the form sends of the texts `p` (001 §5): name, description and SKU as typed; cost of goods, price and shipping weight as numbers. */
export const productSent = (p: ProductTexts) => ({
  name: p.name,
  description: p.description,
  sku: p.sku,
  cost_of_goods: Number(p.cost),
  product_price: Number(p.price),
  shipping_weight: Number(p.weight),
});

/** Types the product's required texts into the form in `dialog` (or a story's canvasElement, for a form on its own): name, description, SKU, cost of goods, price and shipping weight. */
export async function typeProduct(user: StoryContext['userEvent'], dialog: HTMLElement, p: ProductTexts) {
  const d = within(dialog);
  await user.type(d.getByLabelText('Product name'), p.name);
  await user.type(d.getByLabelText('Description'), p.description);
  await user.type(d.getByLabelText('SKU'), p.sku);
  await user.type(d.getByLabelText('Cost of goods'), p.cost);
  await user.type(d.getByLabelText('Price'), p.price);
  await user.type(d.getByLabelText('Shipping weight'), p.weight);
}
