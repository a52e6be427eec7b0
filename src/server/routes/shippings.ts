/**
 * Stores and shipping methods (001 §7): `GET /stores` from the order platform; shipping
 * list, create (the store's ID, at most 3 digits; details read from the store unless
 * given), edit (name, description, price required), delete, and `sync/{id}` which re-reads
 * a method from the store. 001 §3: "ids come from the external store". The store's list is
 * read through the catalogue cache (integrations/catalog-cache.ts), its time in the headers;
 * create and sync read the one method live.
 */
import { SHIPPING_ROUTES, SHIPPING_SORTS } from '../../model/contracts/shippings.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { StoreShippingSchema, type Shipping } from '../../model/shippings.ts';
import { shippings } from '../db/schema.ts';
import { pgCode } from '../documents/errors.ts';
import { PLATFORM_ERROR_DOCS } from '../integrations/platform.ts';
import { ApiError, errors, notFound } from '../http.ts';
import { bearer, contractRoute, IdParams, json, on, onDelete, createRouteOf, replaceRouteOf, routes } from './common.ts';
import { type ListSpec, lowered, onList } from './list-query.ts';
import { tableListRead, onListCsv, type CsvColumn, fieldColumns } from './csv-export.ts';
import { oneRow } from '../db/index.ts';

const StoreShippingDoc = StoreShippingSchema.extend({}).openapi('StoreShipping');

/** The shipping list's search and sort (001 §3 Shipping: ID, name, description, price, shipping code). */
export const SHIPPING_LIST: ListSpec<(typeof SHIPPING_SORTS)[number]> = {
  noun: 'shipping methods',
  sorts: {
    id: shippings.ID,
    name: lowered(shippings.name),
    description: lowered(shippings.description),
    price: shippings.price,
    code: lowered(shippings.shipping_code),
  },
  id: shippings.ID,
  text: [shippings.name, shippings.shipping_code],
  searchHelp: "part of the method's name or shipping code, or its ID (a whole number)",
};

const toShipping = ({ CreatedAt: _c, ...r }: typeof shippings.$inferSelect): Shipping => r;

/** The export's columns: the list's. */
const SHIPPING_CSV: CsvColumn<Shipping>[] = [...fieldColumns({ ID: 'ID', Name: 'name', Description: 'description', Price: 'price', Code: 'shipping_code' })];

const StoreQuery = z.object({
  refresh: z
    .enum(['true', 'false', '1', '0'], { error: 'Refresh must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .openapi({
      param: { name: 'refresh', in: 'query' },
      type: 'boolean',
      description: 'true: read the list from the order platform now instead of the copy cached for PLATFORM_CACHE_SECONDS',
    }),
});

/** The headers of `GET /shippings/store`: when the list was read, from which platform, and whether that read is old. */
const SYNC_HEADERS = {
  'X-Synced-At': {
    description: 'When the list was read from the order platform (ISO 8601, to the millisecond); the local platform is read at every request',
    schema: { type: 'string' as const, format: 'date-time', example: '2026-03-02T09:57:00.000Z' },
  },
  'Last-Modified': { description: 'The same time as an HTTP-date', schema: { type: 'string' as const, example: 'Mon, 02 Mar 2026 09:57:00 GMT' } },
  'X-Order-Platform': {
    description: 'The order platform the list comes from, as operators name it (ORDER_PLATFORM)',
    schema: { type: 'string' as const, enum: ['Sticky.io', '29next', 'the local platform'], example: 'Sticky.io' },
  },
  'X-Sync-Error': {
    description:
      "Only when reading the platform again failed: why (the provider's message, percent-encoded as by encodeURIComponent for anything but printable ASCII); the list is then the last copy read, at X-Synced-At",
    schema: { type: 'string' as const, example: 'Sticky.io is not answering: paused for 30 s' },
  },
};

/** `text` fit for a header value: printable ASCII kept, anything else (and `%`) percent-encoded. */
const headerText = (text: string) =>
  text.replace(/[^\x20-\x24\x26-\x7e]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '?';
    }
  });

/** Store and shipping routes. */
export const shippingRoutes = routes((app, db, deps) => {
  /** The list's read of a request: the JSON list and its CSV export page through the same. */
  const list = tableListRead(SHIPPING_LIST, db, shippings, (rows) => rows.map(toShipping));
  const { platform, catalog } = deps.integrations;

  on(
    app,
    'stores.read',
    createRoute({
      method: SHIPPING_ROUTES.stores.method,
      path: SHIPPING_ROUTES.stores.path,
      operationId: 'listStores',
      tags: ['Stores'],
      security: bearer,
      summary: "The order platform's stores",
      responses: { 200: json(SHIPPING_ROUTES.stores.answer, 'Stores') },
    }),
    async (c) => c.json(await platform.stores(), 200),
  );

  onList(
    app,
    'shippings.read',
    {
      contract: SHIPPING_ROUTES.list,
      operationId: 'listShippings',
      tags: ['Shipping'],
      summary: 'Shipping methods, searched, sorted and paged on the server',
      description:
        'The shipping methods matching `q`, sorted by `sort` (default: by ID). With `page` or `per_page` the answer is one page; without them every matching method. The answer stays a JSON array; `X-Total-Count` says how many methods match in all.',
      spec: SHIPPING_LIST,
      answered: 'The shipping methods (of the page)',
    },
    list,
  );

  onListCsv(app, 'shippings.read', {
    path: SHIPPING_ROUTES.export.path,
    operationId: 'exportShippings',
    tags: ['Shipping'],
    spec: SHIPPING_LIST,
    columns: SHIPPING_CSV,
    stem: 'shipping',
    read: list,
  });

  on(
    app,
    'shippings.read',
    contractRoute(
      SHIPPING_ROUTES.store,
      {
        operationId: 'listStoreShippings',
        tags: ['Shipping'],
        summary: "The store's shipping methods, by ID, each saying whether it is added here (what Add shipping method offers)",
        description:
          "Read from the order platform through this process's cache: a copy younger than PLATFORM_CACHE_SECONDS (default 300) is answered without asking the platform; " +
          '`refresh=true` reads it again now. X-Synced-At says when the list was read. When reading it again fails, the last copy is answered with X-Sync-Error saying why ' +
          "(an operator can still pick a method, and is told the list is old); with no copy yet the platform's error is answered (502/503).",
      },
      {
        request: { query: StoreQuery },
        responses: { 200: { ...json(z.array(StoreShippingDoc), "The store's shipping methods"), headers: SYNC_HEADERS }, ...errors(422, PLATFORM_ERROR_DOCS) },
      },
    ),
    async (c) => {
      const list = await catalog.shippings({ refresh: c.req.valid('query').refresh });
      const added = new Set((await db.select({ ID: shippings.ID }).from(shippings)).map((r) => r.ID));
      const headers: Record<string, string> = {
        'X-Synced-At': list.synced_at,
        'Last-Modified': new Date(list.synced_at).toUTCString(),
        'X-Order-Platform': catalog.platformName,
        // The body carries no time: a browser must not reuse it by Last-Modified's heuristic freshness.
        'Cache-Control': 'no-cache',
      };
      if (list.stale) headers['X-Sync-Error'] = headerText(list.error ?? 'The order platform could not be read');
      return c.json(
        list.items.map((m) => ({ ...m, added: added.has(m.ID) })),
        200,
        headers,
      );
    },
  );

  on(
    app,
    'shippings.write',
    createRouteOf({
      contract: SHIPPING_ROUTES.create,
      operationId: 'createShipping',
      tags: ['Shipping'],
      summary: "Add the store's shipping method `ID`; name, description and price come from the store unless given",
      answered: 'The shipping method',
      errors: errors(404, 409, 422),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const [dup] = await db.select({ ID: shippings.ID }).from(shippings).where(eq(shippings.ID, body.ID));
      if (dup) throw new ApiError(409, `Shipping ${body.ID} already added`);
      let values: Shipping;
      if (body.name !== undefined && body.description !== undefined && body.price !== undefined) {
        values = { ID: body.ID, name: body.name, description: body.description, price: body.price, shipping_code: body.shipping_code ?? '' };
      } else {
        const found = await catalog.shipping(body.ID);
        if (!found) throw new ApiError(404, `Shipping ${body.ID} was not found in the store`);
        values = {
          ID: body.ID,
          name: body.name ?? found.name,
          description: body.description ?? found.description,
          price: body.price ?? found.price,
          shipping_code: body.shipping_code ?? found.shipping_code,
        };
      }
      try {
        const row = oneRow(await db.insert(shippings).values(values).returning(), 'shippings: row');
        return c.json(toShipping(row), 201);
      } catch (e) {
        if (pgCode(e).code === '23505') throw new ApiError(409, `Shipping ${body.ID} already added`);
        throw e;
      }
    },
  );

  on(
    app,
    'shippings.write',
    replaceRouteOf({
      contract: SHIPPING_ROUTES.update,
      operationId: 'updateShipping',
      tags: ['Shipping'],
      summary: 'Edit a shipping method',
      answered: 'The shipping method',
      errors: errors(404, 422),
    }),
    async (c) => {
      // No row updated: the id is not one of ours (a 404, never the 500 oneRow's error was).
      const [row] = await db
        .update(shippings)
        .set(c.req.valid('json'))
        .where(eq(shippings.ID, c.req.valid('param').id))
        .returning();
      if (!row) throw notFound('Shipping');
      return c.json(toShipping(row), 200);
    },
  );

  onDelete(
    app,
    'shippings.write',
    {
      contract: SHIPPING_ROUTES.remove,
      operationId: 'deleteShipping',
      tags: ['Shipping'],
      summary: 'Delete a shipping method (products and campaigns using it keep none)',
      errors: errors(404, 422),
    },
    'Shipping',
    async (id) => {
      const gone = await db.delete(shippings).where(eq(shippings.ID, id)).returning({ ID: shippings.ID });
      if (!gone.length) throw notFound('Shipping');
    },
  );

  on(
    app,
    'shippings.write',
    createRoute({
      method: SHIPPING_ROUTES.sync.method,
      path: SHIPPING_ROUTES.sync.path,
      operationId: 'syncShipping',
      tags: ['Shipping'],
      security: bearer,
      summary: 'Re-read shipping method {id} from the store (adds it when missing here)',
      description:
        'Reads the method from the order platform (Sticky.io with ORDER_PLATFORM=sticky); an unreachable platform answers 502/503 and nothing changes here.',
      request: { params: IdParams },
      responses: { 200: json(SHIPPING_ROUTES.sync.answer, 'The shipping method'), ...errors(404, 422, PLATFORM_ERROR_DOCS) },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      // Live (a sync must be fresh); the answer also replaces the method in the cached store list.
      const found = await catalog.shipping(id);
      if (!found) throw new ApiError(404, `Shipping ${id} was not found in the store`);
      const { ID: _id, ...rest } = found;
      const row = oneRow(await db.insert(shippings).values(found).onConflictDoUpdate({ target: shippings.ID, set: rest }).returning(), 'shippings: row');
      return c.json(toShipping(row), 200);
    },
  );
});
