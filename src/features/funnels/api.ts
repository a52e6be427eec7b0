/**
 * The funnels slice's funnel-level mutations (000 §7, 001 §7): create, clone, delete, lock,
 * archive, and a funnel's status from the list. The funnel page's tabs (pages, audit log,
 * gallery, Publish) are in `tabs-api.ts`, so the list route loads none of the page schemas.
 * Answers are parsed with the model's schemas; writes invalidate what they change. Shared
 * reads (a funnel, the list, offers, templates) are in `src/api`.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, keys, patchDocument } from '../../api';
import { FUNNEL_ROUTES, randomId, type Funnel, type FunnelListItem, type NewFunnel } from '../../model';

/** Refreshes the funnel list and, with an id, that funnel. */
export function invalidateFunnel(qc: QueryClient, funnelId?: number) {
  void qc.invalidateQueries({ queryKey: keys.funnels });
  if (funnelId) void qc.invalidateQueries({ queryKey: keys.funnel(funnelId) });
}

/** Funnel mutations of 000 §7: create, clone, delete, lock, and archive. Each answers the funnel document. */
export function useFunnelMutations() {
  const qc = useQueryClient();
  return {
    create: useMutation({
      mutationFn: (b: NewFunnel) => call(FUNNEL_ROUTES.create, { body: b }),
      onSuccess: () => invalidateFunnel(qc),
    }),
    clone: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => call(FUNNEL_ROUTES.clone, { params: { id }, body: { name } }),
      onSuccess: () => invalidateFunnel(qc),
    }),
    remove: useMutation({ mutationFn: (id: number) => call(FUNNEL_ROUTES.remove, { params: { id } }), onSuccess: () => invalidateFunnel(qc) }),
    lock: useMutation({
      mutationFn: ({ id, locked }: { id: number; locked: boolean }) => call(FUNNEL_ROUTES.lock, { params: { id }, body: { locked } }),
      onSuccess: (_d, v) => invalidateFunnel(qc, v.id),
    }),
    /** Archive (leaves the default list) or restore (001 §2 funnel menu "Archive"). */
    archive: useMutation({
      mutationFn: ({ id, archived }: { id: number; archived: boolean }) => call(FUNNEL_ROUTES.archive, { params: { id }, body: { archived } }),
      onSuccess: (_d, v) => {
        void qc.invalidateQueries({ queryKey: keys.audit(v.id) });
        invalidateFunnel(qc, v.id);
      },
    }),
  };
}

/**
 * Sets a funnel's publish status from the list (001 §2): one `replace` of `/publish_status`
 * with the row's version (If-Match), labelled for the audit log.
 * @throws StaleError when the funnel changed since the list was read; ApiError otherwise.
 */
export function setPublishStatus(f: FunnelListItem, status: Funnel['publish_status']) {
  return patchDocument(`funnel:${f.ID}`, [{ op: 'replace', path: '/publish_status', value: status }], {
    version: f.version,
    idempotencyKey: randomId(),
    label: `Set status ${status}`,
  });
}
