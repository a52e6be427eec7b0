/**
 * The funnel page's Products tab, connected (000 §7 "Products", 001 §7): reads the products
 * of the funnel's offer while the tab is open (none without an offer), writes through
 * {@link useProductMutations} and says each success in a toast (a refusal is said by the API
 * client and keeps the dialog open). Prices show in the funnel's currency.
 */
import { useFunnel } from '../../../api';
import { notify, Skeleton } from '../../../ui';
import { useFunnelProducts, useProductMutations } from '../../../api/products';
import { ProductsTab } from '../components/ProductsTab';
import { LoadFailed } from '../load-failed';

/**
 * The Products tab of funnel `funnelId`; `offerId` is the funnel's offer (its platform
 * offer_id, `Funnel.offer`) or null; `locked`: read-only.
 */
export function ProductsTabScreen({ funnelId, offerId, locked }: { funnelId: number; offerId: number | null; locked: boolean }) {
  const q = useFunnelProducts(funnelId, offerId != null);
  const m = useProductMutations(funnelId, offerId);
  const funnel = useFunnel(funnelId);
  if (offerId != null && q.isError) return <LoadFailed message="The products could not be loaded." onRetry={() => void q.refetch()} />;
  if (offerId != null && !q.data) return <Skeleton label="Loading products…" />;
  return (
    <ProductsTab
      products={q.data ?? []}
      offerId={offerId}
      locked={locked}
      currency={funnel.data?.currency}
      language={funnel.data?.language}
      onCreate={async (v) => {
        const p = await m.create.mutateAsync(v);
        notify.success(`Product ${p.name} added`);
      }}
      onCreateBundle={async (v) => {
        const p = await m.createBundle.mutateAsync(v);
        notify.success(`Bundle ${p.name} added`);
      }}
      onUpdate={async (p, form) => {
        const u = await m.update.mutateAsync({ id: p.ID, form });
        notify.success(`Product ${u.name} saved`);
      }}
      onDelete={async (p) => {
        await m.remove.mutateAsync(p.ID);
        notify.success(`Product ${p.name} deleted`);
      }}
      onUpload={async (file, onProgress) => {
        const r = await m.uploadCsv.mutateAsync({ file, onProgress });
        notify.success(`${r.message}: ${r.created} created, ${r.updated} updated`);
      }}
    />
  );
}
