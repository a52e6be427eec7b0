/**
 * /products/{id} (001 §2 "Product detail; without state it redirects to /products"). The
 * product lists (/products and the offer page's products tab) open it with the product as
 * router state, `{ product }` (see `productState`); the detail shows that product at once and
 * refreshes it from `GET /api/v1/products/{id}`. Opened without that state (typed or pasted
 * address, a bookmark, or state of another product) it redirects to /products. The browser
 * keeps the state in its history entry, so a reload of the detail keeps showing it.
 * Save (the product form of 001 §5) and Delete (then back to /products) for `products.write`.
 */
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError, useCan, useOffers, useRole } from '../../../api';
import { useDocumentTitle, Skeleton } from '../../../ui';
import { ProductListItemSchema, useProduct, useProductMutations, type ProductListItem } from '../api';
import { ProductDetail } from '../components/ProductDetail';

/**
 * The product carried by the route state when it is the product of route id `id`.
 * @returns the product, or null (no state, another product's, or a state that is not a product).
 */
export function productFromState(state: unknown, id: string | undefined): ProductListItem | null {
  if (typeof state !== 'object' || state === null || !('product' in state)) return null;
  const p = ProductListItemSchema.safeParse(state.product);
  return p.success && String(p.data.ID) === id ? p.data : null;
}

/** The product detail screen. */
export function ProductScreen() {
  const { id } = useParams();
  const { state } = useLocation() as { state: unknown };
  const initial = productFromState(state, id);
  if (!initial) return <Navigate to="/products" replace />;
  return <ConnectedProduct initial={initial} />;
}

function ConnectedProduct({ initial }: { initial: ProductListItem }) {
  const navigate = useNavigate();
  const q = useProduct(initial.ID, initial);
  const offers = useOffers();
  const canWrite = useCan('products.write');
  const roleKnown = useRole() !== null;
  const m = useProductMutations();
  useDocumentTitle([q.data.name, 'Products']);
  if (q.isError && q.error instanceof ApiError && q.error.status === 404) return <Navigate to="/products" replace />;
  // The form or the read-only values depend on the role: neither is shown before it is known.
  if (!roleKnown) return <Skeleton label="Loading the product…" variant="lines" />;
  const p = q.data;
  const o = offers.data?.find((x) => x.offer_id === p.offer_id);
  const offer = o ? { ID: o.ID, offer_id: o.offer_id, name: o.name } : (p.offer ?? null);
  return (
    <ProductDetail
      product={p}
      offer={offer}
      canWrite={canWrite}
      roleKnown={roleKnown}
      onSave={(v) => m.update.mutateAsync({ id: p.ID, body: v })}
      onDelete={async () => {
        await m.remove.mutateAsync(p);
        void navigate('/products', { replace: true });
      }}
    />
  );
}
