/**
 * The Products side panel of the page editor (seed 000 §2, §3 "Page product", §9 packages).
 * Every change is one labelled command on the `page:<id>` document; typing in a field
 * coalesces into one undo step per field.
 */
import { useState } from 'react';
import { useDoc, useEditor, type DocId } from '../../../editor';
import { useOfferProducts } from '../api';
import {
  MAX_PRODUCT_FEATURES,
  MSG,
  PACKAGES,
  PageProductSchema,
  POPULARITY_OPTIONS,
  derivePackageFields,
  newPageProduct,
  newUid,
  packageOf,
  round2,
  withPackage,
  type Page,
  type PageProduct,
} from '../../../model';
import { Box, Button, CheckboxField, EmptyState, Inline, SelectField, Stack, TextField, styles as s, Skeleton } from '../../../ui';
import { MoneyField, useFormatMoney } from './currency';

/** Props of {@link ProductsPanel}. */
export interface ProductsPanelProps {
  pageId: number;
  /** The funnel's offer (offer_id): its products can be added. Null when the funnel has none. */
  offerId: number | null;
  /** A locked funnel shows the panel read-only (001 §4). */
  locked?: boolean;
}

type Draft = Page;

/** Field errors of one page product, keyed by field name, in the schema's (seeds') words. */
export function productErrors(p: PageProduct): Record<string, string> {
  const r = PageProductSchema.safeParse(p);
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

/** Lists the page's products and edits them (000 §3); see {@link ProductsPanelProps}. */
export function ProductsPanel({ pageId, offerId, locked = false }: ProductsPanelProps) {
  const doc: DocId<'page'> = `page:${pageId}`;
  const page = useDoc(doc);
  const editor = useEditor();
  const products = page?.meta.products ?? [];

  if (!page) return <Skeleton label="Loading page…" variant="lines" />;
  return (
    <section aria-labelledby="products-panel-title">
      <h2 id="products-panel-title">Products</h2>
      <AddProduct pageId={pageId} offerId={offerId} disabled={locked} />
      {products.length === 0 ? (
        <EmptyState message="No Products added" />
      ) : (
        <Stack as="ol" gap="md" listStyle="none" padding="none" margin="none">
          {products.map((p, i) => (
            <li key={i}>
              <ProductEditor
                doc={doc}
                index={i}
                product={p}
                count={products.length}
                locked={locked}
                onMove={(to) => editor.move(doc, `Move product ${p._package_name || i + 1}`, '/meta/products', i, to)}
                onRemove={() =>
                  editor.edit(doc, `Remove product ${p._package_name || i + 1}`, (d: Draft) => {
                    d.meta.products?.splice(i, 1);
                  })
                }
              />
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}

function AddProduct({ pageId, offerId, disabled }: { pageId: number; offerId: number | null; disabled: boolean }) {
  const editor = useEditor();
  const fmt = useFormatMoney();
  const q = useOfferProducts(offerId);
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState(1);
  if (!offerId || q.isError)
    return (
      <Box as="p" role="alert" className={s.errorText} whiteSpace="pre-line">
        {MSG.productsFetch.replace(' / ', '\n')}
      </Box>
    );
  const options = q.data ?? [];
  const chosen = options.find((o) => String(o.product_id) === productId) ?? options[0];
  return (
    <Box className={s.card} padding="md" marginBottom="md">
      <div className={s.grid2}>
        <SelectField
          label="Offer product"
          value={chosen ? String(chosen.product_id) : ''}
          disabled={disabled || !options.length}
          onChange={(e) => setProductId(e.target.value)}
          options={options.map((o) => ({ value: String(o.product_id), label: `${o.name} — ${fmt(o.product_price)}` }))}
          placeholder={q.isLoading ? 'Loading products…' : options.length ? undefined : 'No products in this offer'}
        />
        <SelectField
          label="Package"
          value={String(quantity)}
          disabled={disabled}
          onChange={(e) => setQuantity(Number(e.target.value))}
          options={PACKAGES.map((p) => ({ value: String(p.quantity), label: `${p.name} (${p.quantity}) — ${p.discount}% off` }))}
        />
      </div>
      <Button
        variant="primary"
        isDisabled={disabled || !chosen}
        onPress={() => {
          if (!chosen) return;
          const added = newPageProduct({ product_id: chosen.product_id, name: chosen.name }, round2(chosen.product_price * quantity), quantity);
          editor.edit(`page:${pageId}`, `Add product ${added._package_name}`, (d: Draft) => {
            (d.meta.products ??= []).push(added);
          });
        }}
      >
        + Add product
      </Button>
    </Box>
  );
}

interface ProductEditorProps {
  doc: DocId<'page'>;
  index: number;
  product: PageProduct;
  count: number;
  locked: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function ProductEditor({ doc, index: i, product: p, count, locked, onMove, onRemove }: ProductEditorProps) {
  const editor = useEditor();
  const fmt = useFormatMoney();
  const errors = productErrors(p);
  const derived = derivePackageFields(p);
  const title = `${p._package_name || `Product ${i + 1}`} — ${p.product_data_name}`;
  const set = <K extends keyof PageProduct>(label: string, key: K, value: PageProduct[K], merge = true) =>
    editor.edit(
      doc,
      label,
      (d: Draft) => {
        const x = d.meta.products?.[i];
        if (x) x[key] = value;
      },
      merge ? { mergeKey: `products/${i}/${String(key)}` } : undefined,
    );
  /** Sets a price the package's derived fields follow (its discount and savings), then derives them. */
  const setPrice = (label: string, key: '_price' | '_regPrice', n: number) =>
    editor.edit(
      doc,
      label,
      (d: Draft) => {
        const x = d.meta.products?.[i];
        if (!x) return; // removed meanwhile: nothing to set
        x[key] = n;
        Object.assign(x, derivePackageFields(x));
      },
      { mergeKey: `products/${i}/${key}` },
    );
  /** A price field of the product; `commit` records the typed amount. */
  const money = (label: string, key: '_price' | '_regPrice' | '_warranty', commit: (n: number) => void) => (
    <MoneyField label={label} value={p[key]} error={errors[key]} disabled={locked} onCommit={commit} />
  );
  const features = p.features ?? [];
  return (
    <Box as="fieldset" disabled={locked} className={s.card} padding="md" margin="none" aria-label={title}>
      <Box as="legend" fontWeight="bold" paddingY="none" paddingX="xs">
        {title}
      </Box>
      <div className={s.grid2}>
        {money('Price', '_price', (n) => setPrice('Set product price', '_price', n))}
        {money('Regular price', '_regPrice', (n) => setPrice('Set regular price', '_regPrice', n))}
        {money('Warranty price', '_warranty', (n) => set('Set warranty price', '_warranty', n))}
        <SelectField
          label="Package"
          value={String(p._quantity)}
          error={errors._quantity}
          options={PACKAGES.map((k) => ({ value: String(k.quantity), label: `${k.name} (${k.quantity})` }))}
          onChange={(e) => {
            const pkg = packageOf(Number(e.target.value));
            if (!pkg) return;
            // The package's discount sets the regular price (src/model/prices.ts), so the badge says it.
            editor.edit(doc, `Set package ${pkg.name}`, (d: Draft) => {
              const x = d.meta.products?.[i];
              const next = x && withPackage(x, pkg.quantity);
              if (x && next) Object.assign(x, next);
            });
          }}
        />
      </div>
      <Box as="p" margin="none" marginBottom="md">
        Unit price <strong data-testid="unit-price">{fmt(derived._unitPrice)}</strong> · You save <strong>{fmt(derived._save)}</strong> · Discount{' '}
        <strong data-testid="discount">{derived._package_discount}%</strong>
      </Box>
      <div className={s.grid2}>
        <TextField
          label="Product name"
          value={p.product_data_name}
          error={errors.product_data_name}
          onChange={(e) => set('Rename product', 'product_data_name', e.target.value)}
        />
        <TextField label="Cart name" value={p._cart_name} onChange={(e) => set('Set cart name', '_cart_name', e.target.value)} />
        <TextField label="Box name" value={p._box_name} onChange={(e) => set('Set box name', '_box_name', e.target.value)} />
        <SelectField
          label="Popularity"
          value={p.popularity ?? ''}
          placeholder="None"
          options={POPULARITY_OPTIONS}
          onChange={(e) => set('Set popularity', 'popularity', e.target.value, false)}
        />
        <TextField label="Product image URL" value={p.product_unit_img} onChange={(e) => set('Set product image', 'product_unit_img', e.target.value)} />
        <TextField
          label="Free shipping text"
          value={p.free_shipping_text}
          onChange={(e) => set('Set free shipping text', 'free_shipping_text', e.target.value)}
        />
        <TextField label="Free gift" value={p.free_gift} onChange={(e) => set('Set free gift', 'free_gift', e.target.value)} />
        <TextField label="Product info" value={p.product_info} onChange={(e) => set('Set product info', 'product_info', e.target.value)} />
      </div>
      <div className={s.row}>
        <CheckboxField
          label="Preselected"
          checked={p.preselected}
          onChange={(e) => {
            const on = e.target.checked;
            editor.edit(doc, on ? 'Preselect product' : 'Unselect product', (d: Draft) => {
              d.meta.products?.forEach((x, j) => {
                if (j === i) x.preselected = on;
                else if (on && x.preselected) x.preselected = false;
              });
            });
          }}
        />
        <CheckboxField label="Show discount" checked={p.showDiscount} onChange={(e) => set('Toggle show discount', 'showDiscount', e.target.checked, false)} />
        <CheckboxField label="Free shipping" checked={p.free_ship} onChange={(e) => set('Toggle free shipping', 'free_ship', e.target.checked, false)} />
        <CheckboxField label="Sell out" checked={p.sellOut} onChange={(e) => set('Toggle sell out', 'sellOut', e.target.checked, false)} />
      </div>
      <Box as="fieldset" border="none" padding="none" marginY="sm" marginX="none" aria-label={`Features of ${title}`}>
        <legend className={s.label}>
          Features ({features.length}/{MAX_PRODUCT_FEATURES})
        </legend>
        {features.map((f, j) => (
          <Inline key={j} wrap={false}>
            <TextField
              label={`Feature ${j + 1}`}
              value={f.f}
              onChange={(e) =>
                editor.edit(
                  doc,
                  'Edit feature',
                  (d: Draft) => {
                    const f = d.meta.products?.[i]?.features[j];
                    if (f) f.f = e.target.value;
                  },
                  { mergeKey: `products/${i}/features/${j}` },
                )
              }
            />
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove feature ${j + 1}`}
              isDisabled={locked}
              disabledReason={MSG.locked}
              onPress={() =>
                editor.edit(doc, 'Remove feature', (d: Draft) => {
                  d.meta.products?.[i]?.features.splice(j, 1);
                })
              }
            >
              Remove
            </Button>
          </Inline>
        ))}
        {errors.features && (
          <p role="alert" className={s.errorText}>
            {errors.features}
          </p>
        )}
        <Button
          size="sm"
          isDisabled={locked || features.length >= MAX_PRODUCT_FEATURES}
          onPress={() =>
            editor.edit(doc, 'Add feature', (d: Draft) => {
              const x = d.meta.products?.[i];
              if (x) (x.features ??= []).push({ uid: newUid(), f: '' });
            })
          }
        >
          + Add feature
        </Button>
        {features.length >= MAX_PRODUCT_FEATURES && !errors.features && <span className={s.helpText}> {MSG.maxFeatures}</span>}
      </Box>
      <div className={s.row}>
        <Button
          size="sm"
          isDisabled={locked || i === 0}
          disabledReason={locked ? MSG.locked : `${title} is first`}
          onPress={() => onMove(i - 1)}
          aria-label={`Move ${title} up`}
        >
          ↑ Up
        </Button>
        <Button
          size="sm"
          isDisabled={locked || i === count - 1}
          disabledReason={locked ? MSG.locked : `${title} is last`}
          onPress={() => onMove(i + 1)}
          aria-label={`Move ${title} down`}
        >
          ↓ Down
        </Button>
        <span className={s.spacer} />
        <Button size="sm" variant="danger" isDisabled={locked} disabledReason={MSG.locked} onPress={onRemove} aria-label={`Remove ${title}`}>
          Remove
        </Button>
      </div>
    </Box>
  );
}
