/** The Details tab (001 §3 Funnel details): the funnel document's fields, edited through the command log. */
import { useQuery } from '@tanstack/react-query';
import { FunnelDetailsForm } from '../components/FunnelDetailsForm';
import { funnelQueries } from '../tab-queries';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => {
  void qc.prefetchQuery(funnelQueries.offers());
  void qc.prefetchQuery(funnelQueries.pages(id));
});

/** /funnels/{id}/details. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  const offers = useQuery(funnelQueries.offers());
  const pages = useQuery(funnelQueries.pages(funnelId));
  return <FunnelDetailsForm funnelId={funnelId} offers={offers.data ?? []} pages={pages.data ?? []} locked={locked} />;
}
