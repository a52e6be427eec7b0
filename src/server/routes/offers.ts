/**
 * Offers (000 §7 "Offers"; 001 §3, §5): list, read, create (`POST /offers`,
 * `POST /offers/create/` and `POST /offers/create/{id}` — the build wizard's first step,
 * with the platform offer id in the path), replace and delete. Rules (001 §5): offer id and
 * Everflow id digits only, at most 5 ('Input only numbers'); 29next requires a store ('You
 * have to select store'); a duplicate offer id is 'Offer [id] already exists' (409).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { asc, count, eq } from 'drizzle-orm';
import { LIMITS } from '../../model/constants.ts';
import { MSG } from '../../model/messages.ts';
import { OfferCreateByIdSchema, OfferSchema, type Offer } from '../../model/catalog.ts';
import { bodyOf } from '../../model/contract.ts';
import { OFFER_ROUTES, OFFER_SORTS } from '../../model/contracts/offers.ts';
import { oneRow, type Tx } from '../db/index.ts';
import { funnels, offers, stores } from '../db/schema.ts';
import { pgCode } from '../documents/errors.ts';
import { idempotent } from '../documents/idempotency.ts';
import { ApiError, errors } from '../http.ts';
import { EVERFLOW_ERROR_DOCS, everflowOfferUnknown } from '../integrations/everflow.ts';
import { deleteById, getOffer, offerProducts, rowById, toOffer } from '../repo.ts';
import { pagesUsingOffer, refuseInUse } from '../usage.ts';
import type { Context } from 'hono';
import { bearer, json, jsonBody, on, onDelete, onGet, send, WriteHeaders, type AppEnv, replaceRouteOf, routes } from './common.ts';
import { type ListSpec, lowered, onList } from './list-query.ts';
import { listRead, onListCsv, type CsvColumn, fieldColumns } from './csv-export.ts';

const tags = ['Offers'];

/** The export's columns: the list's. */
const OFFER_CSV: CsvColumn<Offer>[] = [
  ...fieldColumns({ ID: 'ID', 'Offer ID': 'offer_id', 'Everflow OID': 'ef_offer_id', Name: 'name', Platform: 'platform' }),
  { header: 'Store', cell: (o) => o.store?.name ?? null },
];

/** The offer list's search and sort (001 §2 /offers: ID, offer ID, Everflow ID, name, platform). */
export const OFFER_LIST: ListSpec<(typeof OFFER_SORTS)[number]> = {
  noun: 'offers',
  sorts: { id: offers.ID, offer_id: offers.offer_id, ef_offer_id: offers.ef_offer_id, name: lowered(offers.name), platform: offers.platform },
  id: offers.ID,
  text: [offers.name],
  numbers: [offers.offer_id, offers.ef_offer_id],
  searchHelp: "part of the offer's name, or its ID, offer ID or Everflow ID (a whole number)",
};
/** A create may carry an Idempotency-Key: a retry replays the first answer. */
const IdempotencyHeaders = WriteHeaders.pick({ 'idempotency-key': true });

/** `{id}` of `/offers/create/{id}`: the platform offer id, digits only, at most 5. */
const OfferIdParams = z.object({
  id: z
    .string()
    .regex(/^\d+$/, MSG.onlyNumbers)
    .max(LIMITS.offerId, MSG.onlyNumbers)
    .transform(Number)
    .pipe(z.number().int().min(1, MSG.onlyNumbers))
    .openapi({ param: { name: 'id', in: 'path' }, example: '10231', description: 'The platform offer id' }),
});

type OfferValues = { offer_id: number; ef_offer_id: number | null; name: string; platform: 'sticky' | '29next'; store_id: number | null };

/** Store exists (422) and the offer id is free (409 'Offer [id] already exists'). */
async function checkOffer(tx: Tx, v: OfferValues, exceptId?: number): Promise<void> {
  if (v.store_id != null) {
    const [s] = await tx.select({ ID: stores.ID }).from(stores).where(eq(stores.ID, v.store_id));
    if (!s) throw new ApiError(422, 'Store not found');
  }
  const [dup] = await tx.select({ ID: offers.ID }).from(offers).where(eq(offers.offer_id, v.offer_id));
  if (dup && dup.ID !== exceptId) throw new ApiError(409, MSG.offerExists(v.offer_id));
}

/** Offer and product-by-offer routes. */
export const offerRoutes = routes((app, db, deps) => {
  /** The list's read of a request (offers with their store): the JSON list and its CSV export page through the same. */
  const list = listRead(
    OFFER_LIST,
    (where, order) =>
      db
        .select()
        .from(offers)
        .leftJoin(stores, eq(stores.ID, offers.store_id))
        .where(where)
        .orderBy(...order)
        .$dynamic(),
    (where) => db.select({ n: count() }).from(offers).where(where),
    (rows) => rows.map((r) => toOffer(r.offers, r.stores)),
  );

  /**
   * With Everflow configured (EVERFLOW_API_KEY), `ef_offer_id` must be an Everflow offer: 422 on
   * the field when Everflow does not know it; an unreachable Everflow is its
   * 502 / 503 (ProviderError). Runs before anything is written.
   */
  const checkEverflow = async (efId: number | null) => {
    const ef = deps.integrations.everflow;
    if (!ef || efId == null) return;
    if (!(await ef.offer(efId))) throw new ApiError(422, everflowOfferUnknown(efId), {}, { field: 'ef_offer_id' });
  };

  /**
   * Creates the offer. With an `Idempotency-Key` (the build wizard's retries) a replay answers
   * the first creation instead of 409 'Offer [id] already exists' (src/server/README.md, "Write contract").
   */
  const create = async (c: Context<AppEnv>, v: OfferValues) => {
    await checkEverflow(v.ef_offer_id);
    const res = await idempotent(db, c.get('user'), c.req.header('Idempotency-Key'), { method: 'POST', path: c.req.path, body: v }, async (tx) => {
      await checkOffer(tx, v);
      let id: number;
      try {
        id = oneRow(await tx.insert(offers).values(v).returning({ ID: offers.ID }), 'offers: returning').ID;
      } catch (e) {
        if (pgCode(e).code === '23505') throw new ApiError(409, MSG.offerExists(v.offer_id));
        throw e;
      }
      return { status: 201 as const, body: await getOffer(tx, id), etag: null };
    });
    return send(c, res);
  };

  onList(
    app,
    'offers.read',
    {
      contract: OFFER_ROUTES.list,
      operationId: 'listOffers',
      tags,
      summary: 'Offers with their store, searched, sorted and paged on the server',
      description:
        'The offers (with their store) matching `q`, sorted by `sort` (default: by ID). With `page` or `per_page` the answer is one page; without them every matching offer (the offer pickers). The answer stays a JSON array; `X-Total-Count` says how many offers match in all.',
      spec: OFFER_LIST,
      answered: 'The offers (of the page)',
      errors: errors(401),
    },
    list,
  );

  onListCsv(app, 'offers.read', {
    path: OFFER_ROUTES.export.path,
    operationId: 'exportOffers',
    tags,
    spec: OFFER_LIST,
    columns: OFFER_CSV,
    stem: 'offers',
    read: list,
  });

  /**
   * A route taking the offer form and answering {@link create}'s 201: `POST /offers` and the build
   * wizard's `POST /offers/create/` (with its undocumented alias without the slash).
   */
  const onCreate = (route: { path: string; operationId: string; hide?: true; summary: string; errors: ReturnType<typeof errors> }) =>
    on(
      app,
      'offers.write',
      createRoute({
        method: 'post',
        path: route.path,
        operationId: route.operationId,
        tags,
        security: bearer,
        ...(route.hide ? { hide: route.hide } : {}),
        summary: route.summary,
        request: { headers: IdempotencyHeaders, body: jsonBody(bodyOf(OFFER_ROUTES.create)) },
        responses: { 201: json(OFFER_ROUTES.create.answer, 'The offer'), ...route.errors },
      }),
      async (c) => create(c, c.req.valid('json')),
    );
  onCreate({
    path: OFFER_ROUTES.create.path,
    operationId: 'createOffer',
    summary: 'Create an offer (offer form)',
    errors: errors(404, 409, 422, EVERFLOW_ERROR_DOCS),
  });
  onCreate({
    path: '/api/v1/offers/create/',
    operationId: 'createOfferInWizard',
    summary: 'Create an offer (the build wizard\'s "create offer" step; same body as POST /offers)',
    errors: errors(409, 422, EVERFLOW_ERROR_DOCS),
  });
  onCreate({
    path: '/api/v1/offers/create',
    operationId: 'createOfferInWizardAlias',
    hide: true,
    summary: 'Alias of POST /api/v1/offers/create/',
    errors: errors(409, 422, EVERFLOW_ERROR_DOCS),
  });

  on(
    app,
    'offers.write',
    createRoute({
      method: 'post',
      path: '/api/v1/offers/create/{id}',
      operationId: 'createOfferWithPlatformId',
      tags,
      security: bearer,
      summary: 'Create the offer with platform offer id {id}',
      request: { headers: IdempotencyHeaders, params: OfferIdParams, body: jsonBody(OfferCreateByIdSchema) },
      responses: { 201: json(OfferSchema, 'The offer'), ...errors(409, 422, EVERFLOW_ERROR_DOCS) },
    }),
    async (c) => create(c, { ...c.req.valid('json'), offer_id: c.req.valid('param').id }),
  );

  onGet(
    app,
    'offers.read',
    {
      contract: OFFER_ROUTES.get,
      operationId: 'getOffer',
      tags,
      summary: 'One offer with its products and funnels',
      answered: 'The offer',
      errors: errors(401, 404),
    },
    async (id) => {
      const offer = await getOffer(db, id);
      const fs = await db.select({ ID: funnels.ID, name: funnels.name }).from(funnels).where(eq(funnels.offer, offer.offer_id)).orderBy(asc(funnels.ID));
      return { ...offer, products: await offerProducts(db, offer.offer_id), funnels: fs };
    },
  );

  on(
    app,
    'offers.write',
    replaceRouteOf({
      contract: OFFER_ROUTES.update,
      operationId: 'updateOffer',
      tags,
      summary: 'Replace an offer; a new offer id follows to its funnels, products and campaigns',
      answered: 'The offer',
      errors: errors(404, 409, 422, EVERFLOW_ERROR_DOCS),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const v = c.req.valid('json');
      const [before] = await db.select({ ef_offer_id: offers.ef_offer_id }).from(offers).where(eq(offers.ID, id));
      if (!before) throw new ApiError(404, 'Offer not found');
      if (v.ef_offer_id !== before.ef_offer_id) await checkEverflow(v.ef_offer_id);
      await db.transaction(async (tx) => {
        await rowById(tx, offers, id, 'Offer', true);
        await checkOffer(tx, v, id);
        try {
          await tx.update(offers).set(v).where(eq(offers.ID, id));
        } catch (e) {
          if (pgCode(e).code === '23505') throw new ApiError(409, MSG.offerExists(v.offer_id));
          throw e;
        }
      });
      return c.json(await getOffer(db, id), 200);
    },
  );

  onDelete(
    app,
    'offers.write',
    {
      contract: OFFER_ROUTES.remove,
      operationId: 'deleteOffer',
      tags,
      summary: 'Delete an offer with its products (refused while a funnel uses it)',
      description:
        'Refused (409) while a funnel is on the offer — with `pages`, the pages that sell it, when it has some — or while a live release ' +
        'serves pages of it: nothing is unhooked silently.',
      errors: errors(404, 409, 422),
    },
    'Offer',
    (id) =>
      deleteById(db, offers, id, 'Offer', async (tx, cur) => {
        refuseInUse(
          `Offer ${cur.offer_id} (${cur.name})`,
          await pagesUsingOffer(tx, cur.offer_id),
          'Attach another offer to their funnels (and publish) first',
        );
        const { n } = oneRow(await tx.select({ n: count() }).from(funnels).where(eq(funnels.offer, cur.offer_id)), 'offers: count');
        if (n > 0)
          throw new ApiError(
            409,
            `Offer ${cur.offer_id} is used by ${n} funnel${n === 1 ? '' : 's'}: attach another offer to ${n === 1 ? 'it' : 'them'} first`,
          );
      }),
  );
});
