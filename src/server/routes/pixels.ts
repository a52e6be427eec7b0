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
import type { Tx } from '../db/index.ts';
import { pages, pixels } from '../db/schema.ts';
import { ApiError, errors } from '../http.ts';
import { routes } from './common.ts';
import { onChildCreate, onChildDelete, onChildList, onChildReplace, type FunnelChild } from './funnel-children.ts';

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

/** The pixels as the funnel child routes store and answer them: a pixel's page is a page of its funnel. */
const PIXEL: FunnelChild<Row, Pixel, { page: number }> = {
  table: pixels,
  what: 'Pixel',
  read: 'pixels.read',
  write: 'pixels.write',
  toAnswer: toPixel,
  store: async (tx, funnelId, body, _exceptId, write) => {
    await assertPageOfFunnel(tx, funnelId, body.page);
    return write(body);
  },
};

/** Pixel routes. */
export const pixelRoutes = routes((app, db) => {
  onChildList(app, db, PIXEL, { contract: PIXEL_ROUTES.ofFunnel, operationId: 'listFunnelPixels', tags, summary: 'Pixels of a funnel', answered: 'Pixels' });

  onChildCreate(app, db, PIXEL, {
    contract: PIXEL_ROUTES.create,
    operationId: 'createPixel',
    tags,
    summary: 'Add a pixel to ONE page (one call per selected page)',
    middleware: [requireBody],
    answered: 'The pixel',
    errors: errors(400, 404, 422, 423),
  });

  onChildReplace(app, db, PIXEL, {
    contract: PIXEL_ROUTES.update,
    operationId: 'updatePixel',
    tags,
    summary: 'Replace a pixel',
    answered: 'The pixel',
    errors: errors(404, 422, 423),
  });

  onChildDelete(app, db, PIXEL, {
    contract: PIXEL_ROUTES.remove,
    operationId: 'deletePixel',
    tags,
    summary: 'Delete a pixel',
    errors: errors(404, 422, 423),
  });
});
