/** The offer page's Funnels tab (001 §2): the funnels that use the offer (read with the offer). */
import { OfferFunnelsTable } from '../components/OfferTabs';
import { useOfferTab } from './context';

/** /offers/{id}/funnels. */
export function Component() {
  const { offer } = useOfferTab();
  return <OfferFunnelsTable funnels={offer.funnels} />;
}
