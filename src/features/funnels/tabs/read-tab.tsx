/**
 * A tab that shows one read of the funnel (its scrubs, blocked users, images): its loader starts
 * the read, its component says what is loading until the read answers and then renders it with
 * the funnel's lock and the tab's writes. Written once for the tabs that differ only in those.
 */
import type { ReactElement } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Skeleton } from '../../../ui';
import { tabLoader, useFunnelTab } from './context';

/**
 * The route module (`loader`, `Component`) of a tab showing `query(funnelId)`'s answer:
 * `loading` names what loads ("Loading scrubs…"), `useWrites(funnelId)` is the tab's mutations
 * hook, and `render(data, locked, writes)` the tab's component.
 */
export function readTab<T, K extends QueryKey, W>(
  query: (funnelId: number) => UseQueryOptions<T, Error, T, K>,
  useWrites: (funnelId: number) => W,
  loading: string,
  render: (data: T, locked: boolean, writes: W) => ReactElement,
) {
  function Component() {
    const { funnelId, locked } = useFunnelTab();
    const q = useQuery(query(funnelId));
    const writes = useWrites(funnelId);
    if (!q.data) return <Skeleton label={loading} />;
    return render(q.data, locked, writes);
  }
  return { loader: tabLoader((qc, id) => void qc.prefetchQuery(query(id))), Component };
}
