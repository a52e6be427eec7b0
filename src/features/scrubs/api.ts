/**
 * The scrubs slice's calls (001 §2 /scrubs/{id}, §7 "PUT, DELETE /api/v1/scrubs/{id}"): one
 * scrub (`GET /api/v1/scrubs/{id}`), its replacement and its deletion. Writes refresh the
 * scrub and its funnel's Scrubs tab; each rejects with the ApiError the client has shown (423
 * while the funnel is locked, 409 a scrub for that affiliate exists); one that goes through says so.
 */
import { useQuery } from '@tanstack/react-query';
import { call, keys, useWrite } from '../../api';
import { SCRUB_ROUTES, type Scrub, type ScrubFormValues } from '../../model';
import { notify } from '../../ui';
import { scrubName } from '../../ui/catalog/ScrubForm';

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

/** Replace and delete scrub `id` of funnel `funnelId` (`remove` is given the scrub, for its toast). */
export function useScrubMutations(id: number, funnelId: number) {
  const funnelScrubs = { queryKey: keys.scrubs(funnelId) };
  return {
    update: useWrite((form: ScrubFormValues) => call(SCRUB_ROUTES.update, { params: { id }, body: form }), {
      refresh: [{ queryKey: scrubKey(id) }, funnelScrubs],
      toasts: notify,
      success: (x) => `Saved the ${scrubName(x)}`,
    }),
    remove: useWrite((_scrub: Pick<Scrub, 'global' | 'affiliate_id'>) => call(SCRUB_ROUTES.remove, { params: { id } }), {
      drop: [scrubKey(id)],
      refresh: [funnelScrubs],
      toasts: notify,
      success: (_, x) => `Deleted the ${scrubName(x)}`,
    }),
  };
}
