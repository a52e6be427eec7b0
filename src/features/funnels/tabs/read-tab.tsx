/**
 * A tab that shows one read of the funnel (its scrubs, blocked users, images): its loader starts
 * the read, its component says what is loading until the read answers, or that it failed with
 * Try again, and then renders it with the funnel's lock and the tab's writes. Written once for
 * the tabs that differ only in those.
 */
import type { ReactElement } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Skeleton } from '../../../ui';
import { LoadFailed } from '../load-failed';
import { tabLoader, useFunnelTab } from './context';

/**
 * The route module (`loader`, `Component`) of a tab showing `query(funnelId)`'s answer:
 * `noun` names what it reads ("scrubs": "Loading scrubs…", "The scrubs could not be loaded: …"),
 * `useWrites(funnelId)` is the tab's mutations hook, and `render(data, locked, writes)` the tab's component.
 */
export function readTab<T, K extends QueryKey, W>(
  query: (funnelId: number) => UseQueryOptions<T, Error, T, K>,
  useWrites: (funnelId: number) => W,
  noun: string,
  render: (data: T, locked: boolean, writes: W) => ReactElement,
) {
  function Component() {
    const { funnelId, locked } = useFunnelTab();
    const q = useQuery(query(funnelId));
    const writes = useWrites(funnelId);
    if (q.isError && !q.data) return <LoadFailed message={`The ${noun} could not be loaded: ${q.error.message}`} onRetry={() => void q.refetch()} />;
    if (!q.data) return <Skeleton label={`Loading ${noun}…`} />;
    return render(q.data, locked, writes);
  }
  return { loader: tabLoader((qc, id) => void qc.prefetchQuery(query(id))), Component };
}
