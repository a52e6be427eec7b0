/**
 * The scrubs slice's calls (001 §2 /scrubs/{id}, §7 "PUT, DELETE /api/v1/scrubs/{id}"): one
 * scrub (`GET /api/v1/scrubs/{id}`), its replacement and its deletion. Writes refresh the
 * scrub and its funnel's Scrubs tab; each rejects with the ApiError the client has shown (423
 * while the funnel is locked, 409 a scrub for that affiliate exists).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, keys } from '../../api';
import { SCRUB_ROUTES, type ScrubFormValues } from '../../model';

/** The scrub's query key. */
export const scrubKey = (id: number) => ['scrubs', id] as const;

/** One scrub (read only while `enabled`); 404 'Scrub not found'. */
export const useScrub = (id: number, enabled = true) =>
  useQuery({
    queryKey: scrubKey(id),
    enabled,
    queryFn: () => call(SCRUB_ROUTES.get, { params: { id }, notify: false }),
    retry: false,
  });

/** Replace and delete scrub `id` of funnel `funnelId`. */
export function useScrubMutations(id: number, funnelId: number) {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: scrubKey(id) });
    void qc.invalidateQueries({ queryKey: keys.scrubs(funnelId) });
  };
  return {
    update: useMutation({ mutationFn: (form: ScrubFormValues) => call(SCRUB_ROUTES.update, { params: { id }, body: form }), onSuccess: done }),
    remove: useMutation({
      mutationFn: () => call(SCRUB_ROUTES.remove, { params: { id } }),
      onSuccess: () => {
        qc.removeQueries({ queryKey: scrubKey(id) });
        void qc.invalidateQueries({ queryKey: keys.scrubs(funnelId) });
      },
    }),
  };
}
