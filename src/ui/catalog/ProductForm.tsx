/**
 * The product form (001 §5) and the bundle form (000 §7 `POST /api/v1/products/bundle`):
 * the fields of a product of the funnel's offer with the seeds' 'Missing …' messages, billing
 * models and product verticals of 001 §9.
 */
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import {
  BILLING_MODELS,
  PRODUCT_DEFAULT_MAX_QUANTITY,
  PRODUCT_VERTICALS,
  ProductBundleSchema,
  ProductFormSchema,
  type ProductBundleValues,
  type ProductForm as ProductFormInput,
  type ProductFormValues,
  type ProductOut,
} from '../../model';
import { Box, SelectField, TextAreaField, TextField, styles as s } from '..';

import * as c from './catalog.css';
import { DialogForm, useDialogForm } from '../DialogForm';

/** Billing models of 001 §9 as select options: "2 — One Time Purchase". */
export const BILLING_OPTIONS = Object.entries(BILLING_MODELS).map(([value, label]) => ({ value, label: `${value} — ${label}` }));

/** The billing model's name (001 §9), or its number when unknown. */
export const billingName = (n: number) => (BILLING_MODELS as Record<number, string>)[n] ?? String(n);

/** The form's values from a product (edit): numbers as the text fields show them. */
export const productFormOf = (p: ProductOut): ProductFormInput => ({
  offer_id: p.offer_id,
  product_id: String(p.product_id),
  name: p.name,
  description: p.description,
  sku: p.sku,
  cost_of_goods: String(p.cost_of_goods),
  product_price: String(p.product_price),
  shipping_weight: String(p.shipping_weight),
  max_quantity: String(p.max_quantity),
  billing_model: String(p.billing_model),
  product_category: (PRODUCT_VERTICALS as readonly string[]).includes(p.product_category) ? (p.product_category as ProductFormInput['product_category']) : '',
  shipping_id: p.shipping_id,
});

/** Props of {@link ProductForm}. */
export interface ProductFormProps {
  id: string;
  /** Must hold `offer_id` (the funnel's offer); an edit holds the product's values ({@link productFormOf}). */
  defaultValues: Partial<ProductFormInput>;
  /** The product is a bundle: its products are kept (they are chosen when it is created). */
  bundle?: boolean;
  onSave: (v: ProductFormValues) => Promise<unknown> | void;
}

/**
 * The product form (001 §5): product name, description, SKU, cost of goods, price and
 * shipping weight are required ('Missing Product Name', 'Missing Description', 'Missing
 * SKU', 'Missing Cost of Goods', 'Missing Price', 'Missing Shipping Weight'); max quantity
 * defaults to 100; billing model one of 001 §9's (One Time Purchase by default); the product
 * id is the order platform's (left empty, the platform gives one). Prices in the offer's currency.
 */
export function ProductForm({ id, defaultValues, bundle = false, onSave }: ProductFormProps) {
  const { handleSubmit, field } = useDialogForm(ProductFormSchema, 'name', {
    product_id: '',
    name: '',
    description: '',
    sku: '',
    cost_of_goods: '',
    product_price: '',
    shipping_weight: '',
    max_quantity: String(PRODUCT_DEFAULT_MAX_QUANTITY),
    billing_model: '2',
    product_category: '',
    ...defaultValues,
  });
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      {bundle && (
        <Box as="p" marginTop="none" className={s.helpText}>
          A bundle&apos;s products are kept as they were chosen when it was created.
        </Box>
      )}
      <TextField label="Product name" {...field('name')} />
      <TextAreaField label="Description" {...field('description')} />
      <div className={s.grid2}>
        <TextField label="SKU" {...field('sku')} />
        <TextField label="Product ID" inputMode="numeric" help="The order platform's id; leave empty to get a new one." {...field('product_id')} />
        <TextField label="Cost of goods" inputMode="decimal" {...field('cost_of_goods')} />
        <TextField label="Price" inputMode="decimal" {...field('product_price')} />
        <TextField label="Shipping weight" inputMode="decimal" help="0 to 1000" {...field('shipping_weight')} />
        <TextField label="Max quantity" inputMode="numeric" help={`${PRODUCT_DEFAULT_MAX_QUANTITY} by default`} {...field('max_quantity')} />
        <SelectField label="Billing model" options={BILLING_OPTIONS} {...field('billing_model')} />
        <SelectField label="Product vertical" placeholder="None" options={PRODUCT_VERTICALS} {...field('product_category')} />
      </div>
    </DialogForm>
  );
}

type BundleInput = z.input<typeof ProductBundleSchema>;
type BundleItem = NonNullable<BundleInput['items']>[number];

/** Props of {@link BundleForm}. */
export interface BundleFormProps {
  id: string;
  /** The funnel's offer (platform offer_id). */
  offerId: number;
  /** The offer's products a bundle can hold (not bundles themselves). */
  products: Pick<ProductOut, 'ID' | 'name' | 'sku'>[];
  onSave: (v: ProductBundleValues) => Promise<unknown> | void;
}

/** An optional number field: empty means "use the default". */
const emptyAsDefault = (v: string) => (v === '' ? undefined : v);

/**
 * A bundle (`POST /api/v1/products/bundle`): a product made of at least 2 products of the
 * offer ('A bundle needs at least 2 products'), each with a quantity of 1 to 100. Name, SKU
 * and price are required as on the product form; description, cost of goods and shipping
 * weight may stay empty.
 */
export function BundleForm({ id, offerId, products, onSave }: BundleFormProps) {
  const { handleSubmit, control, errors, field } = useDialogForm(ProductBundleSchema, 'name', {
    offer_id: offerId,
    name: '',
    sku: '',
    product_price: '',
    max_quantity: String(PRODUCT_DEFAULT_MAX_QUANTITY),
    billing_model: '2',
    product_category: '',
    items: [],
  });
  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <TextField label="Bundle name" {...field('name')} />
      <div className={s.grid2}>
        <TextField label="SKU" {...field('sku')} />
        <TextField label="Price" inputMode="decimal" {...field('product_price')} />
        <SelectField label="Billing model" options={BILLING_OPTIONS} {...field('billing_model')} />
        <TextField label="Max quantity" inputMode="numeric" {...field('max_quantity')} />
        <TextField label="Cost of goods" inputMode="decimal" help="Optional" {...field('cost_of_goods', { setValueAs: emptyAsDefault })} />
        <TextField label="Shipping weight" inputMode="decimal" help="Optional" {...field('shipping_weight', { setValueAs: emptyAsDefault })} />
      </div>
      <TextAreaField label="Description" help="Optional" {...field('description')} />
      <Controller
        control={control}
        name="items"
        render={({ field }) => {
          const items: BundleItem[] = field.value ?? [];
          const set = (next: BundleItem[]) => field.onChange(next);
          return (
            <fieldset className={c.choiceList} aria-describedby={itemsError ? `${id}-items-error` : undefined}>
              <legend>Products in the bundle</legend>
              {products.length === 0 && (
                <Box as="p" margin="none" className={s.helpText}>
                  The offer has no products yet.
                </Box>
              )}
              {products.map((p) => {
                const at = items.findIndex((i) => i.product_id === p.ID);
                const item = items[at];
                const qtyError = at >= 0 ? errors.items?.[at]?.quantity?.message : undefined;
                return (
                  <div key={p.ID} className={c.choice}>
                    <input
                      type="checkbox"
                      id={`${id}-item-${p.ID}`}
                      checked={!!item}
                      onBlur={field.onBlur}
                      onChange={() => set(item ? items.filter((i) => i.product_id !== p.ID) : [...items, { product_id: p.ID, quantity: '1' }])}
                    />
                    <label htmlFor={`${id}-item-${p.ID}`}>
                      {p.name} <code>{p.sku}</code>
                    </label>
                    {item && (
                      <input
                        className={`${s.input} ${c.quantity}`}
                        inputMode="numeric"
                        aria-label={`Quantity of ${p.name}`}
                        value={String(item.quantity ?? '')}
                        aria-invalid={qtyError ? true : undefined}
                        onChange={(e) => set(items.map((i) => (i.product_id === p.ID ? { ...i, quantity: e.currentTarget.value } : i)))}
                      />
                    )}
                    {qtyError && (
                      <span role="alert" className={s.errorText}>
                        {qtyError}
                      </span>
                    )}
                  </div>
                );
              })}
              {itemsError && (
                <span id={`${id}-items-error`} role="alert" className={s.errorText}>
                  {itemsError}
                </span>
              )}
            </fieldset>
          );
        }}
      />
    </DialogForm>
  );
}
