/**
 * Scrubs of a funnel (001 §3, §5, §7): list, create, replace, delete. Affiliate id digits
 * only, at most 4, required unless the scrub is global ('Missing Affiliate ID'); percent
 * 0–100. One scrub per affiliate (and one global) per funnel (409). Locked funnel: 423.
 */
import { SCRUB_ROUTES } from '../../model/contracts/scrubs.ts';
import { and, eq } from 'drizzle-orm';
import { type Scrub } from '../../model/scrubs.ts';
import { oneRow, type Tx } from '../db/index.ts';
import { scrubs } from '../db/schema.ts';
import { pgCode } from '../documents/errors.ts';
import { ApiError, errors, notFound } from '../http.ts';
import { on, onDelete, onGet, createRouteOf, replaceRouteOf, routes } from './common.ts';
import { childrenOfFunnel, deleteChild, lockedChild, onFunnelList, unlockedFunnel } from './funnel-children.ts';

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

/** Scrub routes. */
export const scrubRoutes = routes((app, db) => {
  onFunnelList(
    app,
    'scrubs.read',
    { contract: SCRUB_ROUTES.ofFunnel, operationId: 'listFunnelScrubs', tags, summary: 'Scrubs of a funnel', answered: 'Scrubs' },
    db,
    (funnelId) => childrenOfFunnel(db, scrubs, funnelId, toScrub),
  );

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
    async (id) => {
      const [row] = await db.select().from(scrubs).where(eq(scrubs.ID, id));
      if (!row) throw notFound('Scrub');
      return toScrub(row);
    },
  );

  on(
    app,
    'scrubs.write',
    createRouteOf({
      contract: SCRUB_ROUTES.create,
      operationId: 'createScrub',
      tags,
      summary: 'Add a scrub to a funnel',
      answered: 'The scrub',
      errors: errors(404, 409, 422, 423),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) => {
        await unlockedFunnel(tx, body.funnel_id);
        return writeFree(tx, body.funnel_id, body, undefined, async (affiliate_id) =>
          oneRow(
            await tx
              .insert(scrubs)
              .values({ ...body, affiliate_id })
              .returning(),
            'scrubs: returning',
          ),
        );
      });
      return c.json(toScrub(row), 201);
    },
  );

  on(
    app,
    'scrubs.write',
    replaceRouteOf({
      contract: SCRUB_ROUTES.update,
      operationId: 'updateScrub',
      tags,
      summary: 'Replace a scrub',
      answered: 'The scrub',
      errors: errors(404, 409, 422, 423),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) => {
        const cur = await lockedChild<Row>(tx, scrubs, id, 'Scrub');
        return writeFree(tx, cur.funnel_id, body, id, async (affiliate_id) =>
          oneRow(
            await tx
              .update(scrubs)
              .set({ ...body, affiliate_id })
              .where(eq(scrubs.ID, id))
              .returning(),
            'scrubs: returning',
          ),
        );
      });
      return c.json(toScrub(row), 200);
    },
  );

  onDelete(
    app,
    'scrubs.write',
    { contract: SCRUB_ROUTES.remove, operationId: 'deleteScrub', tags, summary: 'Delete a scrub', errors: errors(404, 422, 423) },
    'Scrub',
    (id) => deleteChild(db, scrubs, id, 'Scrub'),
  );
});
