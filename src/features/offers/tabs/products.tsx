/** The offer page's Products tab (001 §2, the product form of 001 §5): the offer's products (read with the offer) and Add product. */
import { useCan } from '../../../api';
import { useOfferPageMutations } from '../api';
import { OfferProductsTable } from '../components/OfferTabs';
import { useOfferTab } from './context';

/** /offers/{id}/products. */
export function Component() {
  const { id, offer } = useOfferTab();
  const canWrite = useCan('products.write');
  const pm = useOfferPageMutations(id, offer.offer_id);
  return <OfferProductsTable products={offer.products} offerId={offer.offer_id} canWrite={canWrite} onAdd={(v) => pm.addProduct.mutateAsync(v)} />;
}
