/**
 * /offers/{id}/{tab} (001 §2 "Offer page; tabs: funnels, products, campaign"), connected: reads
 * the offer (with its products and funnels) and, while the campaign tab is open, its campaigns.
 * An unknown tab redirects to the first tab (funnels); an id that is not a number or no offer's
 * says 'Offer {id} not found' with the way back to /offers. Edit and Delete for `offers.write`
 * (a deleted offer returns to /offers), Add product for `products.write`, '+ Add Campaign' and
 * Create campaigns from offer for `campaigns.write`. Refusals: a 409 is the 001 §8 info toast,
 * others the 'Error' toast; successes are said.
 */
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { ApiError, useCan } from '../../../api';
import { notify, useDocumentTitle, Skeleton } from '../../../ui';
import { useOffer, useOfferCampaigns, useOfferList, useOfferMutations, useOfferPageMutations, useStores } from '../api';
import { OfferNotFound, OfferPage } from '../components/OfferPage';
import { isOfferTab, OFFER_TABS, OfferCampaignsTable, OfferFunnelsTable, OfferProductsTable } from '../components/OfferTabs';

/** A route id that can name an offer row: digits only. */
const asId = (raw: string | undefined): number | null => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** The offer page. */
export function OfferScreen() {
  const params = useParams();
  const id = asId(params.id);
  if (id === null) return <OfferNotFound id={params.id ?? ''} />;
  if (!isOfferTab(params.tab)) return <Navigate to={`/offers/${id}/${OFFER_TABS[0]}`} replace />;
  return <ConnectedOffer id={id} tab={params.tab} />;
}

function ConnectedOffer({ id, tab }: { id: number; tab: (typeof OFFER_TABS)[number] }) {
  const navigate = useNavigate();
  const q = useOffer(id);
  const offers = useOfferList();
  const stores = useStores();
  const campaigns = useOfferCampaigns(id, tab === 'campaign');
  const canWriteOffers = useCan('offers.write');
  const canWriteProducts = useCan('products.write');
  const canWriteCampaigns = useCan('campaigns.write');
  const m = useOfferMutations();
  const pm = useOfferPageMutations(id, q.data?.offer_id ?? 0);
  useDocumentTitle([q.data?.name, 'Offers']);
  if (q.isError) {
    if (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 422)) return <OfferNotFound id={String(id)} />;
    throw q.error;
  }
  if (!q.data) return <Skeleton label="Loading the offer…" variant="lines" />;
  const offer = q.data;
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
      content={{
        funnels: <OfferFunnelsTable funnels={offer.funnels} />,
        products: (
          <OfferProductsTable products={offer.products} offerId={offer.offer_id} canWrite={canWriteProducts} onAdd={(v) => pm.addProduct.mutateAsync(v)} />
        ),
        campaign: (
          <OfferCampaignsTable
            campaigns={campaigns.data}
            loadError={campaigns.error?.message}
            offerId={offer.offer_id}
            canWrite={canWriteCampaigns}
            onAdd={(v) => pm.addCampaign.mutateAsync(v)}
            onCreateFromOffer={async (v) => {
              const made = await pm.campaignsFromOffer.mutateAsync(v);
              notify.success(
                `Created ${made.length} campaign${made.length === 1 ? '' : 's'}: ${made.map((c) => `${c.campaign_id} (${c.regions.join(', ')})`).join(', ')}`,
              );
            }}
          />
        ),
      }}
    />
  );
}
