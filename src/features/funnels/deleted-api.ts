/**
 * Deleted funnels in the SPA: the tombstones and each deleted funnel's audit log,
 * read with the model's schemas. Admin only (action `audit.deleted`); nothing here writes.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../api';
import { AUDIT_PAGE, AUDIT_ROUTES, type AuditLog } from '../../model';
import { DELETED_PAGE, type DeletedFunnelSummary } from '../../model/deleted-funnels';

/** Query key of the deleted funnels (and, under it, one's log). */
export const deletedKey = ['deleted-funnels'] as const;

/**
 * One page of `GET /api/v1/deleted_funnels`, last deleted first, before tombstone `before`.
 * @throws ApiError on a non-2xx status (403 for a role that may not read them).
 */
export const deletedFunnelsPage = (before?: number) => call(AUDIT_ROUTES.deleted, { query: { before: before ? String(before) : undefined } });

/** One page of a deleted funnel's log, newest first, before entry `before`. @throws ApiError on a non-2xx status. */
export const deletedFunnelLogPage = (funnelId: number, before?: number) =>
  call(AUDIT_ROUTES.deletedLog, { params: { id: funnelId }, query: { before: before ? String(before) : undefined } });

/** The deleted funnels, a page at a time ("Load more"). */
export const useDeletedFunnels = () =>
  useInfiniteQuery({
    queryKey: deletedKey,
    queryFn: ({ pageParam }) => deletedFunnelsPage(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: DeletedFunnelSummary[]) => (last.length < DELETED_PAGE.size ? undefined : last.at(-1)?.ID),
  });

/** Deleted funnel `funnelId`'s log (none while null), a page at a time. */
export const useDeletedFunnelLog = (funnelId: number | null) =>
  useInfiniteQuery({
    queryKey: [...deletedKey, funnelId, 'audit'],
    queryFn: ({ pageParam }) => deletedFunnelLogPage(funnelId ?? 0, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: AuditLog[]) => (last.length < AUDIT_PAGE.size ? undefined : last.at(-1)?.ID),
    enabled: funnelId !== null,
  });
