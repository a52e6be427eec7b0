/**
 * /offers/{id}/{tab} (001 §2 "Offer page; tabs: funnels, products, campaign"), connected: the
 * `offers/:id` layout route reads the offer (with its products and funnels), the offer list and
 * the stores (its loader starts them while the code loads); each tab is a child route of its own
 * (../tabs/, loaded on first visit, the campaign tab with a loader that starts its campaigns'
 * read), shown in the selected tab's panel through the outlet. /offers/{id} and an unknown tab
 * go to the first tab (funnels); an id that is not a number or no offer's says 'Offer {id} not
 * found' with the way back to /offers. Edit and Delete for `offers.write` (a deleted offer
 * returns to /offers). Refusals: a 409 is the 001 §8 info toast, others the 'Error' toast;
 * successes are said.
 */
import { Navigate, Outlet, useMatch, useNavigate, useParams } from 'react-router-dom';
import { ApiError, useCan } from '../../../api';
import { OFFER_TABS, type OfferTab } from '../../../model';
import { notify, useDocumentTitle, Skeleton } from '../../../ui';
import { offerQueries, useOffer, useOfferList, useOfferMutations, useStores } from '../api';
import { OfferNotFound, OfferPage } from '../components/OfferPage';
import { isOfferTab, offerTabLoader, type OfferTabContext } from '../tabs/context';

export { loadOfferTab } from '../tabs';

/** A route id that can name an offer row: digits only. */
const asId = (raw: string | undefined): number | null => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** Starts the offer page's reads while its code loads. */
export const loader = offerTabLoader((qc, id) => {
  void qc.prefetchQuery(offerQueries.detail(id));
  void qc.prefetchQuery(offerQueries.list());
  void qc.prefetchQuery(offerQueries.stores());
});

/** The offer page. */
export function OfferScreen() {
  const params = useParams();
  const tab = useMatch({ path: '/offers/:id/:tab', end: false })?.params.tab;
  const id = asId(params.id);
  if (id === null) return <OfferNotFound id={params.id ?? ''} />;
  if (!isOfferTab(tab)) return <Navigate to={`/offers/${id}/${OFFER_TABS[0]}`} replace />;
  return <ConnectedOffer id={id} tab={tab} />;
}

function ConnectedOffer({ id, tab }: { id: number; tab: OfferTab }) {
  const navigate = useNavigate();
  const q = useOffer(id);
  const offers = useOfferList();
  const stores = useStores();
  const canWriteOffers = useCan('offers.write');
  const m = useOfferMutations();
  useDocumentTitle([q.data?.name, 'Offers']);
  if (q.isError) {
    if (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 422)) return <OfferNotFound id={String(id)} />;
    throw q.error;
  }
  if (!q.data) return <Skeleton label="Loading the offer…" variant="lines" />;
  const offer = q.data;
  const context: OfferTabContext = { id, offer };
  const outlet = <Outlet context={context} />;
  return (
    <OfferPage
      offer={offer}
      tab={tab}
      onSelectTab={(t) => void navigate(`/offers/${id}/${t}`)}
      offers={offers.data ?? [offer]}
      stores={stores.data ?? []}
      canWrite={canWriteOffers}
      onDuplicate={(message) => notify.info(message)}
      onUpdate={(v) => m.update.mutateAsync({ id, body: v })}
      onDelete={async () => {
        await m.remove.mutateAsync(offer);
        void navigate('/offers');
      }}
      content={{ funnels: outlet, products: outlet, campaign: outlet }}
    />
  );
}
