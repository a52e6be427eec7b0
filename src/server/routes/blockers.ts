/**
 * Blocked users / order-decline rules of a funnel (000 §3 Block form; 001 §3, §7 "Block
 * User" tab): list, create, replace, delete. user_ip must be an IP (000 §5); at least one
 * of IP, country, e-mail or phone. A locked funnel refuses changes (423).
 */
import { eq } from 'drizzle-orm';
import { type Blocker } from '../../model/blockers.ts';
import { BLOCKER_ROUTES } from '../../model/contracts/children.ts';
import { blockers } from '../db/schema.ts';
import { errors } from '../http.ts';
import { createRouteOf, on, onDelete, replaceRouteOf, routes } from './common.ts';
import { childrenOfFunnel, deleteChild, lockedChild, onFunnelList, unlockedFunnel } from './funnel-children.ts';
import { oneRow } from '../db/index.ts';

const tags = ['Blockers'];
type Row = typeof blockers.$inferSelect;
const toBlocker = (r: Row): Blocker => ({ ...r, UpdatedAt: r.UpdatedAt.toISOString() });

/** Blocker routes. */
export const blockerRoutes = routes((app, db) => {
  onFunnelList(
    app,
    'blockers.read',
    { contract: BLOCKER_ROUTES.ofFunnel, operationId: 'listFunnelBlockers', tags, summary: 'Blocked users of a funnel', answered: 'Blockers' },
    db,
    (funnelId) => childrenOfFunnel(db, blockers, funnelId, toBlocker),
  );

  on(
    app,
    'blockers.write',
    createRouteOf({
      contract: BLOCKER_ROUTES.create,
      operationId: 'createBlocker',
      tags,
      summary: 'Block a user (IP, country, e-mail or phone) or set an order-decline limit',
      answered: 'The blocker',
      errors: errors(404, 422, 423),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) => {
        await unlockedFunnel(tx, body.funnel_id);
        return oneRow(await tx.insert(blockers).values(body).returning(), 'blockers: returning');
      });
      return c.json(toBlocker(row), 201);
    },
  );

  on(
    app,
    'blockers.write',
    replaceRouteOf({
      contract: BLOCKER_ROUTES.update,
      operationId: 'updateBlocker',
      tags,
      summary: 'Replace a blocker',
      answered: 'The blocker',
      errors: errors(404, 422, 423),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) => {
        await lockedChild<Row>(tx, blockers, id, 'Blocker');
        return oneRow(
          await tx
            .update(blockers)
            .set({ ...body, UpdatedAt: new Date() })
            .where(eq(blockers.ID, id))
            .returning(),
          'blockers: returning',
        );
      });
      return c.json(toBlocker(row), 200);
    },
  );

  onDelete(
    app,
    'blockers.write',
    { contract: BLOCKER_ROUTES.remove, operationId: 'deleteBlocker', tags, summary: 'Delete a blocker', errors: errors(404, 422, 423) },
    'Blocker',
    (id) => deleteChild(db, blockers, id, 'Blocker'),
  );
});
