/** The Campaigns tab (000 §7 "Campaigns"): a page of the funnel's campaigns, as the address says. */
import { FUNNEL_CAMPAIGN_SORTS } from '../../../model/contracts/campaigns';
import { readListState } from '../../../ui/list/list-state';
import { campaignsPageQuery, CampaignsTabScreen } from '../screens/CampaignsTabScreen';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id, url) => void qc.prefetchQuery(campaignsPageQuery(id, readListState(url.searchParams, FUNNEL_CAMPAIGN_SORTS))));

/** /funnels/{id}/campaigns. */
export function Component() {
  const { funnelId, funnel, locked } = useFunnelTab();
  return <CampaignsTabScreen funnelId={funnelId} offerId={funnel.offer || null} locked={locked} />;
}
