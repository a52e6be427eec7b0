/**
 * /products (001 §2; 000 §7 "Products"): every product with its offer; whoever may write
 * products (`products.write`) adds (choosing the offer), edits and deletes them. Refusals are
 * the API client's 'Error' toast (000 §8) and keep the dialog open; successes are said. The list
 * is searched, sorted and paged on the server, that state in the URL (`/products?q=serum&sort=price`:
 * shareable, Back restores the previous one).
 */
import { recordHandlers, useCan, useOffers, useRole } from '../../../api';
import { PRODUCT_SORTS } from '../../../model';
import { useDocumentTitle } from '../../../ui';
import { listPaging, listQueryOf, useListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { PRODUCT_ROUTES } from '../../../model/contracts/products';
import { useProductMutations, useProductPage } from '../api';
import { ProductList } from '../components/ProductList';

/** The Products screen. */
export function ProductsScreen() {
  useDocumentTitle(['Products']);
  const { state, go } = useListState(PRODUCT_SORTS);
  const listQ = useProductPage(state);
  const offers = useOffers();
  const canWrite = useCan('products.write');
  const roleKnown = useRole() !== null;
  const m = useProductMutations();
  return (
    <ProductList
      products={listQ.data?.rows}
      list={listPaging(state, go, listQ, csvExport(PRODUCT_ROUTES.export.path, listQueryOf(state), 'products.csv'))}
      loadError={listQ.error?.message}
      offers={offers.data ?? []}
      canWrite={canWrite}
      roleKnown={roleKnown}
      {...recordHandlers(m)}
    />
  );
}
