/** The Products tab (000 §7 "Products"): the products of the funnel's offer. */
import { ProductsTabScreen } from '../screens/ProductsTabScreen';
import { funnelQueries } from '../tab-queries';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => void qc.prefetchQuery(funnelQueries.products(id)));

/** /funnels/{id}/products. */
export function Component() {
  const { funnelId, funnel, locked } = useFunnelTab();
  return <ProductsTabScreen funnelId={funnelId} offerId={funnel.offer || null} locked={locked} />;
}
