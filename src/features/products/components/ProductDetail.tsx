/**
 * The product detail (001 §2 "/products/{id}"): the product's name, offer, ids, price, billing
 * model, vertical, shipping and (for a bundle) its products; for whoever may write products the
 * product form of 001 §5 to edit it (Save) and Delete with a confirmation; others read the
 * values. Presentational: the product screen reads the product and performs the writes.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, type ProductFormValues } from '../../../model';
import { Box, Button, ConfirmDialog, DetailHeader, Inline, styles as s } from '../../../ui';
import { useInUseDelete } from '../../../ui/list/useInUseDelete';
import { billingName, ProductForm, productFormOf } from '../../../ui/catalog/ProductForm';
import type { ProductListItem } from '../api';
import { deleteProductQuestion, PRODUCTS_READ_ONLY } from './ProductList';

/** The offer a product belongs to, as the detail shows it. */
export interface ProductOffer {
  ID: number;
  offer_id: number;
  name: string;
}

/** Props of {@link ProductDetail}. */
export interface ProductDetailProps {
  product: ProductListItem;
  /** The product's offer (its page is linked), when known. */
  offer: ProductOffer | null;
  /** Edit and Delete are offered (`products.write`). */
  canWrite: boolean;
  /** False while the signed-in role is loading: no read-only note yet. Default true. */
  roleKnown?: boolean;
  /** Each write rejects when the server refuses (the form keeps what was typed). */
  onSave: (v: ProductFormValues) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

/** See {@link ProductDetailProps}. */
export function ProductDetail({ product: p, offer, canWrite, roleKnown = true, onSave, onDelete }: ProductDetailProps) {
  const [saving, setSaving] = useState(false);
  const { ask, dialog: deleteDialog } = useInUseDelete(deleteProductQuestion, onDelete);
  const facts: [string, string][] = [
    ['Product ID', String(p.product_id)],
    ['SKU', p.sku],
    ['Price', formatMoney(p.product_price)],
    ['Cost of goods', formatMoney(p.cost_of_goods)],
    ['Billing model', billingName(p.billing_model)],
    ['Vertical', p.product_category || '—'],
    ['Shipping weight', String(p.shipping_weight)],
    ['Max quantity', String(p.max_quantity)],
    ['Shipping', p.shipping ? `${p.shipping.name} (${formatMoney(p.shipping.price)})` : '—'],
  ];
  return (
    <section aria-labelledby="product-title">
      <DetailHeader back={{ to: '/products', label: 'Products' }} titleId="product-title" title={p.name}>
        {p.bundle && <span className={`${s.badge} ${s.tone.info}`}>Bundle</span>}
        <span className={s.spacer} />
        {roleKnown && !canWrite && (
          <Box as="span" role="note" fontSize="small" color="muted">
            {PRODUCTS_READ_ONLY}
          </Box>
        )}
        {canWrite && <Button onPress={() => ask(p)}>Delete product</Button>}
      </DetailHeader>
      <p>
        Offer:{' '}
        {offer ? (
          <Link to={`/offers/${offer.ID}/products`}>
            {offer.name} ({offer.offer_id})
          </Link>
        ) : (
          `Offer ${p.offer_id}`
        )}
      </p>
      {canWrite ? (
        <>
          <ProductForm
            key={`${p.ID}`}
            id="product-detail-form"
            defaultValues={productFormOf(p)}
            bundle={!!p.bundle}
            onSave={async (v) => {
              setSaving(true);
              try {
                await onSave(v);
              } catch {
                /* said by the API client; the form keeps what was typed */
              } finally {
                setSaving(false);
              }
            }}
          />
          <Inline marginTop="md">
            <Button variant="primary" type="submit" form="product-detail-form" isDisabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </Inline>
        </>
      ) : (
        <>
          <p>{p.description}</p>
          <dl className={s.grid2}>
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt className={s.label}>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {p.bundle && (
        <Box marginTop="md">
          <Box as="h2" fontSize="h2">
            Products in the bundle
          </Box>
          <ul>
            {p.bundle.map((i) => (
              <li key={i.product_id}>
                {i.quantity} × product {i.product_id}
              </li>
            ))}
          </ul>
        </Box>
      )}
      {canWrite && <ConfirmDialog title="Delete product" {...deleteDialog} />}
    </section>
  );
}
