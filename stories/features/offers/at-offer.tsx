/**
 * The offer page as the app routes it (src/features/offers/routes.tsx): the `offers/:id` layout
 * with each tab a child route (src/features/offers/tabs/), opened at a URL.
 */
import type { OfferTab } from '../../../src/model';
import { OfferScreen } from '../../../src/features/offers/screens/OfferScreen';
import * as campaign from '../../../src/features/offers/tabs/campaign';
import * as funnels from '../../../src/features/offers/tabs/funnels';
import * as products from '../../../src/features/offers/tabs/products';
import { AtTabbedPage } from '../../screens';

/** Each tab's route module, in the order of OFFER_TABS. */
const TABS: Record<OfferTab, { Component: () => React.JSX.Element }> = { funnels, products, campaign };

/** Opens `url` (`/offers/{id}/{tab}`) on the offer page. */
export function AtOffer({ url }: { url: string }) {
  return <AtTabbedPage url={url} path="/offers/:id" page={<OfferScreen />} tabs={TABS} />;
}
