/**
 * Scrubs of a funnel (001 §3, §5, §7): list, create, replace, delete. Affiliate id digits
 * only, at most 4, required unless the scrub is global ('Missing Affiliate ID'); percent
 * 0–100. One scrub per affiliate (and one global) per funnel (409). Locked funnel: 423.
 */
import { SCRUB_ROUTES } from '../../model/contracts/scrubs.ts';
import { and, eq } from 'drizzle-orm';
import { type Scrub } from '../../model/scrubs.ts';
import type { Tx } from '../db/index.ts';
import { scrubs } from '../db/schema.ts';
import { pgCode } from '../documents/errors.ts';
import { ApiError, errors } from '../http.ts';
import { rowById } from '../repo.ts';
import { onGet, routes } from './common.ts';
import { onChildCreate, onChildDelete, onChildList, onChildReplace, type FunnelChild } from './funnel-children.ts';

const tags = ['Scrubs'];
type Row = typeof scrubs.$inferSelect;
const toScrub = ({ CreatedAt: _c, ...r }: Row): Scrub => r;

const duplicateMessage = (s: { global: boolean; affiliate_id: string }) =>
  s.global ? 'A global scrub already exists for this funnel' : `Scrub for affiliate ${s.affiliate_id} already exists`;

/** A global scrub has no affiliate; one scrub per affiliate (or global) per funnel. */
async function assertFree(tx: Tx, funnelId: number, s: { global: boolean; affiliate_id: string }, exceptId?: number): Promise<{ affiliate_id: string }> {
  const affiliate_id = s.global ? '' : s.affiliate_id;
  const rows = await tx
    .select({ ID: scrubs.ID })
    .from(scrubs)
    .where(and(eq(scrubs.funnel_id, funnelId), eq(scrubs.affiliate_id, affiliate_id)));
  if (rows.some((r) => r.ID !== exceptId)) throw new ApiError(409, duplicateMessage(s));
  return { affiliate_id };
}

/**
 * Runs `write` (the insert or update) with the affiliate id to store, once it is free in funnel
 * `funnelId` for scrub `exceptId` ({@link assertFree}); a unique violation it meets anyway is the same 409.
 */
async function writeFree<T>(
  tx: Tx,
  funnelId: number,
  s: { global: boolean; affiliate_id: string },
  exceptId: number | undefined,
  write: (affiliate_id: string) => Promise<T>,
): Promise<T> {
  const { affiliate_id } = await assertFree(tx, funnelId, s, exceptId);
  try {
    return await write(affiliate_id);
  } catch (e) {
    throw pgCode(e).code === '23505' ? new ApiError(409, duplicateMessage(s)) : e;
  }
}

/** The scrubs as the funnel child routes store and answer them: one per affiliate (and one global) per funnel. */
const SCRUB: FunnelChild<Row, Scrub, { global: boolean; affiliate_id: string }> = {
  table: scrubs,
  what: 'Scrub',
  read: 'scrubs.read',
  write: 'scrubs.write',
  toAnswer: toScrub,
  store: (tx, funnelId, body, exceptId, write) => writeFree(tx, funnelId, body, exceptId, (affiliate_id) => write({ ...body, affiliate_id })),
};

/** Scrub routes. */
export const scrubRoutes = routes((app, db) => {
  onChildList(app, db, SCRUB, { contract: SCRUB_ROUTES.ofFunnel, operationId: 'listFunnelScrubs', tags, summary: 'Scrubs of a funnel', answered: 'Scrubs' });

  onGet(
    app,
    'scrubs.read',
    {
      contract: SCRUB_ROUTES.get,
      operationId: 'getScrub',
      tags,
      summary: 'One scrub (the scrub detail view, 001 §2 /scrubs/{id})',
      answered: 'The scrub',
      errors: errors(404, 422),
    },
    async (id) => toScrub(await rowById(db, scrubs, id, 'Scrub')),
  );

  onChildCreate(app, db, SCRUB, {
    contract: SCRUB_ROUTES.create,
    operationId: 'createScrub',
    tags,
    summary: 'Add a scrub to a funnel',
    answered: 'The scrub',
    errors: errors(404, 409, 422, 423),
  });

  onChildReplace(app, db, SCRUB, {
    contract: SCRUB_ROUTES.update,
    operationId: 'updateScrub',
    tags,
    summary: 'Replace a scrub',
    answered: 'The scrub',
    errors: errors(404, 409, 422, 423),
  });

  onChildDelete(app, db, SCRUB, {
    contract: SCRUB_ROUTES.remove,
    operationId: 'deleteScrub',
    tags,
    summary: 'Delete a scrub',
    errors: errors(404, 422, 423),
  });
});
