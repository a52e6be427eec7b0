/**
 * The offer page's Campaign tab (001 §2, §9): the offer's campaigns (its own read, started by
 * the loader), '+ Add Campaign' by id and Create campaigns from offer.
 */
import { useCan } from '../../../api';
import { notify } from '../../../ui';
import { offerQueries, useOfferCampaigns, useOfferPageMutations } from '../api';
import { OfferCampaignsTable } from '../components/OfferTabs';
import { offerTabLoader, useOfferTab } from './context';

export const loader = offerTabLoader((qc, id) => void qc.prefetchQuery(offerQueries.campaigns(id)));

/** /offers/{id}/campaign. */
export function Component() {
  const { id, offer } = useOfferTab();
  const campaigns = useOfferCampaigns(id);
  const canWrite = useCan('campaigns.write');
  const pm = useOfferPageMutations(id, offer.offer_id);
  return (
    <OfferCampaignsTable
      campaigns={campaigns.data}
      loadError={campaigns.error?.message}
      offerId={offer.offer_id}
      canWrite={canWrite}
      onAdd={(v) => pm.addCampaign.mutateAsync(v)}
      onCreateFromOffer={async (v) => {
        const made = await pm.campaignsFromOffer.mutateAsync(v);
        notify.success(
          `Created ${made.length} campaign${made.length === 1 ? '' : 's'}: ${made.map((c) => `${c.campaign_id} (${c.regions.join(', ')})`).join(', ')}`,
        );
      }}
    />
  );
}
