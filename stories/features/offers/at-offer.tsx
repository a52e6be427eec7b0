/**
 * The offer page as the app routes it (src/features/offers/routes.tsx): the `offers/:id` layout
 * with each tab a child route (src/features/offers/tabs/), opened at a URL.
 */
import { Navigate, Route, Routes } from 'react-router-dom';
import { OFFER_TABS, type OfferTab } from '../../../src/model';
import { OfferScreen } from '../../../src/features/offers/screens/OfferScreen';
import * as campaign from '../../../src/features/offers/tabs/campaign';
import * as funnels from '../../../src/features/offers/tabs/funnels';
import * as products from '../../../src/features/offers/tabs/products';
import { Left } from '../../screens';

const TABS: Record<OfferTab, { Component: () => React.JSX.Element }> = { funnels, products, campaign };

/** Opens `url` (`/offers/{id}/{tab}`) on the offer page. */
export function AtOffer({ url }: { url: string }) {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={url} replace />} />
      <Route path="/offers/:id" element={<OfferScreen />}>
        {OFFER_TABS.map((t) => {
          const Tab = TABS[t].Component;
          return <Route key={t} path={t} element={<Tab />} />;
        })}
        <Route path="*" element={null} />
      </Route>
      <Route path="*" element={<Left />} />
    </Routes>
  );
}
