/**
 * The scrub routes (001 §2 "/scrubs/{id}", §3, §5, §7) as both sides know them: a funnel's
 * scrubs, one scrub, create, replace and delete.
 */
import { z } from 'zod';
import { contract, DeletedSchema } from '../contract';
import { ScrubBodySchema, ScrubFormSchema, ScrubSchema } from '../scrubs';

/** The scrub routes; `{id}` is the scrub's row ID, except in `ofFunnel` (the funnel's). */
export const SCRUB_ROUTES = {
  /** The funnel's scrubs, by ID. */
  ofFunnel: contract({ method: 'get', path: '/api/v1/funnels/{id}/scrubs', answer: z.array(ScrubSchema) }),
  /** One scrub (404 'Scrub not found'). */
  get: contract({ method: 'get', path: '/api/v1/scrubs/{id}', answer: ScrubSchema }),
  /** The scrub form plus its funnel creates a scrub (409 when one for that affiliate exists). */
  create: contract({ method: 'post', path: '/api/v1/scrubs', body: ScrubBodySchema, answer: ScrubSchema, status: 201 }),
  /** The whole form replaces the scrub. */
  update: contract({ method: 'put', path: '/api/v1/scrubs/{id}', body: ScrubFormSchema, answer: ScrubSchema }),
  /** Deletes the scrub (423 while its funnel is locked). */
  remove: contract({ method: 'delete', path: '/api/v1/scrubs/{id}', answer: DeletedSchema }),
};
