/**
 * Pixels (001 §3, §5, §7, §8): list per funnel, create ONE per call and page (the SPA
 * calls once per selected page), replace, delete. Name, location (head/body) and code are
 * required; the code is stored with double quotes turned into single quotes and line
 * breaks removed. A create without a body answers 'No body provided'. Locked funnel: 423.
 */
import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { MSG } from '../../model/messages.ts';
import { type Pixel } from '../../model/pixels.ts';
import { PIXEL_ROUTES } from '../../model/contracts/children.ts';
import { oneRow, type Tx } from '../db/index.ts';
import { pages, pixels } from '../db/schema.ts';
import { ApiError, errors } from '../http.ts';
import { on, onDelete, createRouteOf, replaceRouteOf, routes } from './common.ts';
import { childrenOfFunnel, deleteChild, lockedChild, onFunnelList, unlockedFunnel } from './funnel-children.ts';

const tags = ['Pixels'];
type Row = typeof pixels.$inferSelect;
const toPixel = ({ CreatedAt: _c, ...r }: Row): Pixel => ({ ...r, location: r.location as Pixel['location'], pageIds: [r.page] });

/** 400 'No body provided' (001 §8) for an empty body, `null` or `{}`. */
const requireBody: MiddlewareHandler = async (c, next) => {
  const text = (await c.req.text().catch(() => '')).trim();
  if (text === '' || text === 'null' || /^\{\s*\}$/.test(text)) throw new ApiError(400, MSG.noBody);
  await next();
};

async function assertPageOfFunnel(tx: Tx, funnelId: number, pageId: number): Promise<void> {
  const [p] = await tx
    .select({ ID: pages.ID })
    .from(pages)
    .where(and(eq(pages.ID, pageId), eq(pages.funnel_id, funnelId)));
  if (!p) throw new ApiError(422, 'The page is not a page of this funnel');
}

/** Pixel routes. */
export const pixelRoutes = routes((app, db) => {
  onFunnelList(
    app,
    'pixels.read',
    { contract: PIXEL_ROUTES.ofFunnel, operationId: 'listFunnelPixels', tags, summary: 'Pixels of a funnel', answered: 'Pixels' },
    db,
    (funnelId) => childrenOfFunnel(db, pixels, funnelId, toPixel),
  );

  on(
    app,
    'pixels.write',
    createRouteOf({
      contract: PIXEL_ROUTES.create,
      operationId: 'createPixel',
      tags,
      summary: 'Add a pixel to ONE page (one call per selected page)',
      middleware: [requireBody],
      answered: 'The pixel',
      errors: errors(400, 404, 422, 423),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) => {
        await unlockedFunnel(tx, body.funnel_id);
        await assertPageOfFunnel(tx, body.funnel_id, body.page);
        return oneRow(await tx.insert(pixels).values(body).returning(), 'pixels: returning');
      });
      return c.json(toPixel(row), 201);
    },
  );

  on(
    app,
    'pixels.write',
    replaceRouteOf({
      contract: PIXEL_ROUTES.update,
      operationId: 'updatePixel',
      tags,
      summary: 'Replace a pixel',
      answered: 'The pixel',
      errors: errors(404, 422, 423),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const row = await db.transaction(async (tx) => {
        const cur = await lockedChild<Row>(tx, pixels, id, 'Pixel');
        await assertPageOfFunnel(tx, cur.funnel_id, body.page);
        return oneRow(await tx.update(pixels).set(body).where(eq(pixels.ID, id)).returning(), 'pixels: returning');
      });
      return c.json(toPixel(row), 200);
    },
  );

  onDelete(
    app,
    'pixels.write',
    { contract: PIXEL_ROUTES.remove, operationId: 'deletePixel', tags, summary: 'Delete a pixel', errors: errors(404, 422, 423) },
    'Pixel',
    (id) => deleteChild(db, pixels, id, 'Pixel'),
  );
});
