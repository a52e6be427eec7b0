/**
 * Campaigns (000 §7 "Campaigns"; 001 §3): per funnel and per offer, created by id, from an
 * offer (one per region, through the order platform), their fulfillment set in bulk.
 * Rules (000 §5, 001 §5): campaign id digits only, at most 5; duplicates 'Campaign [id]
 * already added' (409); a locked funnel refuses changes to its campaigns (423).
 */
import { bodyOf } from '../../model/contract.ts';
import { CAMPAIGN_ROUTES, FUNNEL_CAMPAIGN_SORTS } from '../../model/contracts/campaigns.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { MSG } from '../../model/messages.ts';
import { CampaignFulfillmentSchema, type Campaign } from '../../model/campaigns.ts';
import { oneRow, type Tx } from '../db/index.ts';
import { auditLogs, campaigns, offers, shippings } from '../db/schema.ts';
import { ProviderError } from '../integrations/http-retry.ts';
import { PLATFORM_ERROR_DOCS, platformAuditRow, undoOnFailure, type PlatformCreated } from '../integrations/platform.ts';
import { pgCode } from '../documents/errors.ts';
import { idempotent } from '../documents/idempotency.ts';
import { assertUnlocked } from '../documents/locks.ts';
import { ApiError, errors, notFound, publicMessage } from '../http.ts';
import { deleteById, getFunnel, rowById, type Q } from '../repo.ts';
import { bearer, IdParams, json, jsonBody, on, onDelete, onGet, send, WriteHeaders, createRouteOf, replaceRouteOf, routes } from './common.ts';
import { describeFields } from './fields.ts';
import { listAnswer, listErrors, listPage, listQueryDoc, lowered, parseListQuery, totalHeader, type ListSpec } from './list-query.ts';
import { csvRoute, listCsv, listRead, type CsvColumn, fieldColumns } from './csv-export.ts';

const tags = ['Campaigns'];

/** The Campaigns tab's search and sort (its table: campaign id, name, country, payment, fulfillment). */
export const FUNNEL_CAMPAIGN_LIST: ListSpec<(typeof FUNNEL_CAMPAIGN_SORTS)[number]> = {
  noun: 'campaigns',
  sorts: {
    campaign_id: campaigns.campaign_id,
    name: lowered(campaigns.campaign_name),
    country: campaigns.country_code,
    payment: campaigns.payment_method,
    fulfillment: campaigns.fulfillment,
  },
  id: campaigns.ID,
  text: [campaigns.campaign_name, campaigns.country_code, campaigns.description],
  numbers: [campaigns.campaign_id],
  searchHelp: "part of the campaign's name, country or description, or its ID or campaign ID (a whole number)",
};

type CampaignRow = typeof campaigns.$inferSelect;

/** The export's columns: the Campaigns tab's, and the campaign's shipping. */
const CAMPAIGN_CSV: CsvColumn<Campaign>[] = [
  ...fieldColumns({
    ID: 'ID',
    'Campaign ID': 'campaign_id',
    Name: 'campaign_name',
    Country: 'country_code',
    Payment: 'payment_method',
    Fulfillment: 'fulfillment',
    Shipping: 'shipping_name',
  }),
];

/** Row (+ its shipping's name) → the API's campaign with both seeds' field names. */
export function toCampaign(r: CampaignRow, shippingName: string | null): Campaign {
  return {
    ID: r.ID,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name,
    name: r.campaign_name,
    country_code: r.country_code,
    country: r.country_code,
    scrub: r.scrub,
    is_scrub: r.scrub,
    funnel_id: r.funnel_id,
    offer_id: r.offer_id,
    description: r.description,
    sufix: r.sufix,
    regions: r.regions as Campaign['regions'],
    payment_method: r.payment_method,
    shipping_id: r.shipping_id,
    shipping_name: shippingName,
    fulfillment: r.fulfillment,
  };
}

/** The campaigns and their shipping's name, for {@link listCampaigns} and the Campaigns tab's {@link funnelCampaigns}. */
const withShipping = (q: Q) => q.select({ c: campaigns, s: shippings.name }).from(campaigns).leftJoin(shippings, eq(shippings.ID, campaigns.shipping_id));
const toCampaigns = (rows: { c: CampaignRow; s: string | null }[]) => rows.map((r) => toCampaign(r.c, r.s));

/** Campaigns matching `where`, with shipping names, by ID. */
export async function listCampaigns(q: Q, where: SQL | undefined): Promise<Campaign[]> {
  return toCampaigns(await withShipping(q).where(where).orderBy(asc(campaigns.ID)));
}

/** The Campaigns tab's read of a request for funnel `funnelId`: the JSON list and its CSV export page through the same. */
const funnelCampaigns = (q: Q, funnelId: number) =>
  listRead(
    FUNNEL_CAMPAIGN_LIST,
    (where, order) =>
      withShipping(q)
        .where(and(eq(campaigns.funnel_id, funnelId), where))
        .orderBy(...order)
        .$dynamic(),
    (where) =>
      q
        .select({ n: count() })
        .from(campaigns)
        .where(and(eq(campaigns.funnel_id, funnelId), where)),
    toCampaigns,
  );

async function oneCampaign(q: Q, id: number): Promise<Campaign> {
  const [c] = await listCampaigns(q, eq(campaigns.ID, id));
  if (!c) throw notFound('Campaign');
  return c;
}

/** Refuses a second campaign with the same platform id in the same funnel (or, without a funnel, the same offer). */
async function assertNotAdded(tx: Tx, campaignId: number, funnelId: number | null, offerId: number | null, exceptId?: number): Promise<void> {
  const where =
    funnelId != null
      ? and(eq(campaigns.funnel_id, funnelId), eq(campaigns.campaign_id, campaignId))
      : and(isNull(campaigns.funnel_id), eq(campaigns.offer_id, offerId ?? -1), eq(campaigns.campaign_id, campaignId));
  const rows = await tx.select({ ID: campaigns.ID }).from(campaigns).where(where);
  if (rows.some((r) => r.ID !== exceptId)) throw new ApiError(409, MSG.campaignAdded(campaignId));
}

/** Checks the references of a campaign body: funnel (404, 423), offer and shipping (422). */
async function checkRefs(tx: Tx, body: { funnel_id: number | null; offer_id: number | null; shipping_id: number | null }): Promise<number | null> {
  let offerId = body.offer_id;
  if (body.funnel_id != null) {
    const f = await getFunnel(tx, body.funnel_id);
    await assertUnlocked(tx, f.ID);
    offerId ??= f.offer || null;
  }
  if (offerId != null) {
    const [o] = await tx.select({ ID: offers.ID }).from(offers).where(eq(offers.offer_id, offerId));
    if (!o) throw new ApiError(422, 'Offer not found');
  }
  if (body.shipping_id != null) {
    const [s] = await tx.select({ ID: shippings.ID }).from(shippings).where(eq(shippings.ID, body.shipping_id));
    if (!s) throw new ApiError(422, 'Shipping not found');
  }
  return offerId;
}

const insertOrConflict = async <T>(campaignId: number, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (e) {
    if (pgCode(e).code === '23505') throw new ApiError(409, MSG.campaignAdded(campaignId));
    throw e;
  }
};

/** Campaign routes. */
export const campaignRoutes = routes((app, db, deps) => {
  on(
    app,
    'campaigns.read',
    createRoute({
      method: CAMPAIGN_ROUTES.ofFunnel.method,
      path: CAMPAIGN_ROUTES.ofFunnel.path,
      operationId: 'listFunnelCampaigns',
      tags,
      security: bearer,
      summary: 'Campaigns of a funnel, searched, sorted and paged on the server',
      description:
        "The funnel's campaigns matching `q`, sorted by `sort` (default: by ID). With `page` or `per_page` the answer is one page; without them every matching campaign. The answer stays a JSON array; `X-Total-Count` says how many campaigns match in all.",
      request: { params: IdParams, query: z.object(listQueryDoc(FUNNEL_CAMPAIGN_LIST)) },
      responses: {
        200: listAnswer(CAMPAIGN_ROUTES.ofFunnel.answer, 'Campaigns (of the page of the list)', FUNNEL_CAMPAIGN_LIST.noun),
        ...errors(401, 403, 404, 422),
        ...listErrors(FUNNEL_CAMPAIGN_LIST),
      },
    }),
    async (c) => {
      const f = await getFunnel(db, c.req.valid('param').id);
      const req = parseListQuery(c.req.query(), FUNNEL_CAMPAIGN_LIST);
      const { rows, total } = await listPage(req, funnelCampaigns(db, f.ID)(req));
      return c.json(rows, 200, totalHeader(total));
    },
  );

  on(
    app,
    'campaigns.read',
    csvRoute({
      path: CAMPAIGN_ROUTES.exportOfFunnel.path,
      operationId: 'exportFunnelCampaigns',
      tags,
      noun: FUNNEL_CAMPAIGN_LIST.noun,
      columns: CAMPAIGN_CSV,
      query: z.object(listQueryDoc(FUNNEL_CAMPAIGN_LIST)),
      params: IdParams,
      errors: { ...errors(404, 422), ...listErrors(FUNNEL_CAMPAIGN_LIST) },
    }),
    async (c) => {
      const f = await getFunnel(db, Number(c.req.param('id')));
      const req = parseListQuery(c.req.query(), FUNNEL_CAMPAIGN_LIST);
      return listCsv(`funnel-${f.ID}-campaigns`, CAMPAIGN_CSV, req, (r) => funnelCampaigns(db, f.ID)(r).rows());
    },
  );

  onGet(
    app,
    'campaigns.read',
    {
      contract: CAMPAIGN_ROUTES.ofOffer,
      operationId: 'listOfferCampaigns',
      tags,
      summary: "Campaigns of an offer (by offer ID; the offer page's campaign tab)",
      answered: 'Campaigns',
      errors: errors(401, 403, 404, 422),
    },
    async (id) => {
      const [o] = await db.select({ offer_id: offers.offer_id }).from(offers).where(eq(offers.ID, id));
      if (!o) throw notFound('Offer');
      return listCampaigns(db, eq(campaigns.offer_id, o.offer_id));
    },
  );

  onGet(
    app,
    'campaigns.read',
    {
      contract: CAMPAIGN_ROUTES.get,
      operationId: 'getCampaign',
      tags,
      summary: 'One campaign (the campaign detail view, 000 §2)',
      answered: 'The campaign',
      errors: errors(401, 403, 404, 422),
    },
    (id) => oneCampaign(db, id),
  );

  on(
    app,
    'campaigns.write',
    createRoute({
      method: CAMPAIGN_ROUTES.create.method,
      path: CAMPAIGN_ROUTES.create.path,
      operationId: 'createCampaign',
      tags,
      security: bearer,
      summary: "Add a campaign by id to a funnel or an offer (duplicate: 'Campaign [id] already added')",
      request: { headers: WriteHeaders.pick({ 'idempotency-key': true }), body: jsonBody(bodyOf(CAMPAIGN_ROUTES.create)) },
      responses: { 201: json(CAMPAIGN_ROUTES.create.answer, 'The campaign'), ...errors(401, 403, 404, 409, 422, 423) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      // With an Idempotency-Key (the build wizard's retries) a replay answers the first creation
      // instead of 409 'Campaign [id] already added'.
      const res = await idempotent(db, c.get('user'), c.req.header('Idempotency-Key'), { method: 'POST', path: c.req.path, body }, async (tx) => {
        const offerId = await checkRefs(tx, body);
        await assertNotAdded(tx, body.campaign_id, body.funnel_id, offerId);
        const row = oneRow(
          await insertOrConflict(body.campaign_id, () =>
            tx
              .insert(campaigns)
              .values({ ...body, offer_id: offerId })
              .returning(),
          ),
          'campaigns: row',
        );
        return { status: 201 as const, body: await oneCampaign(tx, row.ID), etag: null };
      });
      return send(c, res);
    },
  );

  on(
    app,
    'campaigns.write',
    createRouteOf({
      contract: CAMPAIGN_ROUTES.fromOffer,
      operationId: 'listPlatformCampaigns',
      tags,
      summary: 'Create campaigns from an offer: one per region, ids allocated by the order platform (regions and fulfillment required)',
      description:
        'Each campaign is created at the order platform first and stored here, with the id the platform gave it, only once ' +
        'every one was acknowledged; a refusing or unreachable platform answers 502/503 with its message and nothing is stored.',
      answered: 'The new campaigns',
      errors: errors(401, 403, 404, 409, 422, 423, PLATFORM_ERROR_DOCS),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { platform } = deps.integrations;
      const [offer] = await db.select().from(offers).where(eq(offers.offer_id, body.offer_id));
      if (!offer) throw new ApiError(422, 'Offer not found');
      if (body.funnel_id != null) {
        const funnelId = body.funnel_id;
        await getFunnel(db, funnelId);
        // A locked funnel refuses before anything is sent to the platform.
        await db.transaction((tx) => assertUnlocked(tx, funnelId));
      }
      const values = body.regions.map((region) => ({
        funnel_id: body.funnel_id,
        offer_id: offer.offer_id,
        campaign_name: [offer.name, region, body.sufix === 'Default' ? '' : body.sufix].filter(Boolean).join(' '),
        country_code: region === 'PP' ? 'US' : region === 'UK' ? 'GB' : region,
        payment_method: region === 'PP' ? ('paypal' as const) : ('card' as const),
        regions: [region],
        fulfillment: body.fulfillment,
        sufix: body.sufix,
        description: body.description,
      }));
      let made: PlatformCreated[];
      try {
        made = await platform.createCampaigns(
          values.map((v) => ({
            name: v.campaign_name,
            description: v.description ?? '',
            country_code: v.country_code,
            payment_method: v.payment_method,
            shipping_id: null,
          })),
        );
      } catch (e) {
        if (e instanceof ProviderError) throw e;
        throw new ApiError(409, publicMessage(e));
      }
      if (made.length < values.length) throw new Error('The platform gave fewer campaign ids than regions');
      const created = await undoOnFailure(platform, 'campaign', made, () =>
        db.transaction(async (tx) => {
          if (body.funnel_id != null) await assertUnlocked(tx, body.funnel_id);
          const rowsIn = values.map((v, i) => ({ ...v, campaign_id: made[i]?.id ?? Number.NaN }));
          for (const v of rowsIn) await assertNotAdded(tx, v.campaign_id, v.funnel_id, v.offer_id);
          const rows = await insertOrConflict(oneRow(rowsIn, 'the campaigns to create').campaign_id, () =>
            tx.insert(campaigns).values(rowsIn).returning({ ID: campaigns.ID }),
          );
          for (const m of made) {
            const audit = platformAuditRow(platform.kind, m, c.get('user').user_id, body.funnel_id);
            if (audit) await tx.insert(auditLogs).values(audit);
          }
          return listCampaigns(
            tx,
            inArray(
              campaigns.ID,
              rows.map((r) => r.ID),
            ),
          );
        }),
      );
      return c.json(created, 201);
    },
  );

  on(
    app,
    'campaigns.fulfillment',
    createRoute({
      method: 'post',
      path: '/api/v1/campaigns/fulfillment',
      operationId: 'listFulfillmentCampaigns',
      tags,
      security: bearer,
      summary: 'Set the fulfillment (New Jersey, Ecomm, SRLC) of every campaign with the given platform campaign id(s)',
      request: { body: jsonBody(CampaignFulfillmentSchema) },
      responses: {
        200: json(
          describeFields(z.object({ message: z.string(), updated: z.number().int() }), {
            message: 'What was done, e.g. "Fulfillment set to Ecomm for 2 campaigns"',
            updated: 'How many campaigns were updated',
          }),
          'Updated',
        ),
        ...errors(401, 403, 404, 422, 423),
      },
    }),
    async (c) => {
      const { campaigns_id, fulfillment_id } = c.req.valid('json');
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ ID: campaigns.ID, campaign_id: campaigns.campaign_id, funnel_id: campaigns.funnel_id })
          .from(campaigns)
          .where(inArray(campaigns.campaign_id, campaigns_id));
        const missing = campaigns_id.find((id) => !rows.some((r) => r.campaign_id === id));
        if (missing !== undefined) throw new ApiError(404, `Campaign ${missing} not found`);
        for (const f of new Set(rows.map((r) => r.funnel_id).filter((x): x is number => x != null))) await assertUnlocked(tx, f);
        await tx
          .update(campaigns)
          .set({ fulfillment: fulfillment_id })
          .where(
            inArray(
              campaigns.ID,
              rows.map((r) => r.ID),
            ),
          );
        return rows.length;
      });
      return c.json({ message: `Fulfillment set to ${fulfillment_id} for ${updated} campaign${updated === 1 ? '' : 's'}`, updated }, 200);
    },
  );

  on(
    app,
    'campaigns.write',
    replaceRouteOf({
      contract: CAMPAIGN_ROUTES.update,
      operationId: 'updateCampaign',
      tags,
      summary: 'Replace a campaign',
      answered: 'The campaign',
      errors: errors(401, 403, 404, 409, 422, 423),
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const saved = await db.transaction(async (tx) => {
        const cur = await rowById(tx, campaigns, id, 'Campaign', true);
        if (cur.funnel_id != null) await assertUnlocked(tx, cur.funnel_id);
        const offerId = await checkRefs(tx, body);
        await assertNotAdded(tx, body.campaign_id, body.funnel_id, offerId, id);
        await insertOrConflict(body.campaign_id, () =>
          tx
            .update(campaigns)
            .set({ ...body, offer_id: offerId })
            .where(eq(campaigns.ID, id)),
        );
        return oneCampaign(tx, id);
      });
      return c.json(saved, 200);
    },
  );

  onDelete(
    app,
    'campaigns.write',
    {
      contract: CAMPAIGN_ROUTES.remove,
      operationId: 'deleteCampaign',
      tags,
      summary: 'Delete a campaign',
      errors: errors(401, 403, 404, 422, 423),
    },
    'Campaign',
    (id) =>
      deleteById(db, campaigns, id, 'Campaign', async (tx, cur) => {
        if (cur.funnel_id != null) await assertUnlocked(tx, cur.funnel_id);
      }),
  );
});
