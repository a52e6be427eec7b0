/**
 * The funnel page's Campaigns tab, connected (000 §7 "Campaigns"): reads a page of the funnel's
 * campaigns while the tab is open (searched, sorted and paged on the server; that state is in the
 * address, so Back restores it), writes through {@link useCampaignMutations} and says each
 * success in a toast (a refusal is said by the API client and keeps the dialog open).
 */
import { keys, useOffers } from '../../../api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../../api/list';
import { pathOf } from '../../../model/contract';
import { CAMPAIGN_ROUTES, FUNNEL_CAMPAIGN_SORTS } from '../../../model/contracts/campaigns';
import { notify, Skeleton } from '../../../ui';
import { listPaging, listQueryOf, useListState, type ListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { useCampaignMutations } from '../../../api/campaigns';
import { campaignName, CampaignsTab } from '../components/CampaignsTab';
import { LoadFailed } from '../load-failed';

/** The read of one page of funnel `funnelId`'s campaigns as the list state `state` says (the tab's loader starts it too). */
export const campaignsPageQuery = (funnelId: number, state: ListState<(typeof FUNNEL_CAMPAIGN_SORTS)[number]>) =>
  listPageQuery(
    keys.funnelCampaigns(funnelId),
    { path: pathOf(CAMPAIGN_ROUTES.ofFunnel.path, { id: funnelId }), answer: CAMPAIGN_ROUTES.ofFunnel.answer },
    listQueryOf(state),
  );

/**
 * The Campaigns tab of funnel `funnelId`; `offerId` is the funnel's offer (its platform
 * offer_id, `Funnel.offer`) or null; `locked`: read-only.
 */
export function CampaignsTabScreen({ funnelId, offerId, locked }: { funnelId: number; offerId: number | null; locked: boolean }) {
  const { state, go } = useListState(FUNNEL_CAMPAIGN_SORTS);
  const q = useQuery({ ...campaignsPageQuery(funnelId, state), placeholderData: keepPreviousData });
  const m = useCampaignMutations(funnelId);
  const offers = useOffers();
  if (q.isError) return <LoadFailed message="The campaigns could not be loaded." onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton label="Loading campaigns…" />;
  return (
    <CampaignsTab
      funnelId={funnelId}
      campaigns={q.data.rows}
      list={listPaging(state, go, q, csvExport(pathOf(CAMPAIGN_ROUTES.exportOfFunnel.path, { id: funnelId }), listQueryOf(state), 'campaigns.csv'))}
      offerId={offerId}
      locked={locked}
      offerName={offers.data?.find((o) => o.offer_id === offerId)?.name}
      onCreate={async (v) => {
        const c = await m.create.mutateAsync(v);
        notify.success(`Added ${campaignName(c)}`);
      }}
      onUpdate={async (c, form) => {
        const u = await m.update.mutateAsync({ id: c.ID, form });
        notify.success(`Saved ${campaignName(u)}`);
      }}
      onDelete={async (c) => {
        await m.remove.mutateAsync(c.ID);
        notify.success(`Deleted ${campaignName(c)}`);
      }}
      onCreateFromOffer={async (v) => {
        const made = await m.fromOffer.mutateAsync(v);
        notify.success(
          `Created ${made.length} campaign${made.length === 1 ? '' : 's'}: ${made.map((c) => `${c.campaign_id} (${c.regions.join(', ')})`).join(', ')}`,
        );
      }}
      onUploadFulfillment={async (file, onProgress) => notify.success((await m.uploadFulfillment.mutateAsync({ file, onProgress })).message)}
    />
  );
}
