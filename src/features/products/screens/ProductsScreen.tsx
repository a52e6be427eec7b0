/**
 * /products (001 §2; 000 §7 "Products"): every product with its offer; whoever may write
 * products (`products.write`) adds (choosing the offer), edits and deletes them. Refusals are
 * the API client's 'Error' toast (000 §8) and keep the dialog open; successes are said.
 */
import { useCan, useOffers, useRole } from '../../../api';
import { notify, useDocumentTitle } from '../../../ui';
import { useProductList, useProductMutations } from '../api';
import { ProductList } from '../components/ProductList';

/** The Products screen. */
export function ProductsScreen() {
  useDocumentTitle(['Products']);
  const listQ = useProductList();
  const offers = useOffers();
  const canWrite = useCan('products.write');
  const roleKnown = useRole() !== null;
  const m = useProductMutations();
  return (
    <ProductList
      products={listQ.data}
      loadError={listQ.error?.message}
      offers={offers.data ?? []}
      canWrite={canWrite}
      roleKnown={roleKnown}
      onCreate={async (v) => {
        const p = await m.create.mutateAsync(v);
        notify.success(`Product ${p.name} added`);
      }}
      onUpdate={async (x, v) => {
        const p = await m.update.mutateAsync({ id: x.ID, body: v });
        notify.success(`Product ${p.name} saved`);
      }}
      onDelete={async (x) => {
        await m.remove.mutateAsync(x.ID);
        notify.success(`Product ${x.name} deleted`);
      }}
    />
  );
}
