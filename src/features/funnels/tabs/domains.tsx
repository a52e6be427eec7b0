/** The Domains tab (000 §7 "Domains"; 001 §3 Domain). */
import { keys } from '../../../api';
import { domainReads } from '../../../api/domains';
import { DomainsTabScreen } from '../screens/DomainsTabScreen';
import { funnelQueries } from '../tab-queries';
import { tabLoader, useFunnelTab } from './context';

export const loader = tabLoader((qc, id) => {
  void qc.prefetchQuery(funnelQueries.domains(id));
  void qc.prefetchQuery({ queryKey: keys.domains, queryFn: domainReads.all });
});

/** /funnels/{id}/domains. */
export function Component() {
  const { funnelId, locked } = useFunnelTab();
  return <DomainsTabScreen funnelId={funnelId} locked={locked} />;
}
