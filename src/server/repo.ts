/**
 * Row ↔ entity mapping and the loads every route shares. Entities are the model's shapes
 * (src/model): exactly the fields the SPA and the editor's documents carry.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { storedDetails, type AuditLog, type Funnel, type Offer, type Page, type Template } from '../model/index.ts';
import type { ProductOut } from '../model/catalog.ts';
import type { Db, Tx } from './db/index.ts';
import { auditLogs, domains, funnels, offers, pages, products, shippings, stores, templates } from './db/schema.ts';
import { notFound } from './http.ts';

/** Anything that runs queries: the database or a transaction. */
export type Q = Db | Tx;

type FunnelRow = typeof funnels.$inferSelect;
type PageRow = typeof pages.$inferSelect;
type TemplateRow = typeof templates.$inferSelect;

/**
 * Funnel row → entity AS STORED: `details.cf_secret_key` included (publishing uses it), no
 * derived members. Never answer it as is: answers carry {@link funnelView} of it (the secret
 * is write-only). `offer` is 0 when the offer was deleted (the schema then rejects edits
 * until one is set).
 */
export function toFunnel(r: FunnelRow): Funnel {
  const details = storedDetails(r.details as Funnel['details']);
  if (!details.cf_secret_key) delete details.cf_secret_key;
  return {
    ID: r.ID,
    name: r.name,
    offer: r.offer ?? 0,
    currency: r.currency as Funnel['currency'],
    language: r.language as Funnel['language'],
    countries: r.countries as Funnel['countries'],
    page_id: r.page_id,
    cs_number: r.cs_number,
    cs_email: r.cs_email,
    locked: r.locked,
    archived: r.archived,
    publish_status: r.publish_status as Funnel['publish_status'],
    details,
    version: r.version,
  };
}

/** Page row → entity. */
export function toPage(r: PageRow): Page {
  return {
    ID: r.ID,
    funnel_id: r.funnel_id,
    name: r.name,
    page_type: r.page_type as Page['page_type'],
    page_path: r.page_path,
    template_id: r.template_id,
    page_id: r.page_id,
    page_alt_id: r.page_alt_id,
    split: r.split as Page['split'],
    meta: r.meta,
    version: r.version,
  };
}

/** Template row → entity. */
export function toTemplate(r: TemplateRow): Template {
  return {
    ID: r.ID,
    name: r.name,
    page_type: r.page_type as Template['page_type'],
    layout: r.layout,
    template_host_url: r.template_host_url,
    meta: r.meta,
    archived: r.archived,
    version: r.version,
  };
}

/** Product row (+ its shipping method) → entity (000 §3, 001 §3 with the product form's fields). */
export function toProduct(r: typeof products.$inferSelect, shipping: { ID: number; name: string; price: number } | null = null): ProductOut {
  return { ...r, shipping };
}

/** Offer row (+ its store) → entity. */
export function toOffer(r: typeof offers.$inferSelect, store: { ID: number; name: string } | null): Offer {
  return {
    ID: r.ID,
    offer_id: r.offer_id,
    ef_offer_id: r.ef_offer_id,
    name: r.name,
    platform: r.platform as Offer['platform'],
    store_id: r.store_id,
    store,
  };
}

/**
 * Loads a funnel as stored (with its secret: see {@link toFunnel}); with `forUpdate` the row
 * is locked until the transaction ends.
 * @throws ApiError 404 'Funnel not found'.
 */
export async function getFunnel(q: Q, id: number, forUpdate = false): Promise<Funnel> {
  const base = q.select().from(funnels).where(eq(funnels.ID, id));
  return foundFunnel(forUpdate ? await base.for('update') : await base);
}

/** The funnel of a one-row result. @throws ApiError 404 'Funnel not found' when there is none. */
function foundFunnel([row]: FunnelRow[]): Funnel {
  if (!row) throw notFound('Funnel');
  return toFunnel(row);
}

/**
 * {@link getFunnel} outside a transaction as a statement prepared once on `db` (no SQL built
 * per call; PostgreSQL plans it once per connection): for the hottest read, `GET /funnels/{id}`.
 * The loader throws ApiError 404 'Funnel not found'.
 */
export function funnelLoader(db: Db): (id: number) => Promise<Funnel> {
  const byId = db
    .select()
    .from(funnels)
    .where(eq(funnels.ID, sql.placeholder('id')))
    .prepare('funnel_by_id');
  return async (id) => foundFunnel(await byId.execute({ id }));
}

/** A table whose rows are known by an `ID` column. */
export type TableWithId = PgTable & { ID: PgColumn };

/** A row read from a table passed generically, as the caller's row type `T`: drizzle cannot infer a row type for such a table. */
export const asRow = <T>(row: unknown): T => row as T;
/** `rows` read from a table passed generically, as the caller's row type `T` (see {@link asRow}). */
export const asRows = <T>(rows: unknown): T[] => asRow<T[]>(rows);

/**
 * Loads row `id` of `table` (optionally FOR UPDATE) as it is stored: the one load by ID of the
 * entities that answer 404 when missing.
 * @throws ApiError 404 `${what} not found` when there is none.
 */
export async function rowById<T extends TableWithId>(q: Q, table: T, id: number, what: string, forUpdate = false): Promise<T['$inferSelect']> {
  const t: TableWithId = table;
  const base = q.select().from(t).where(eq(t.ID, id));
  const [row] = asRows<T['$inferSelect']>(forUpdate ? await base.for('update') : await base);
  if (!row) throw notFound(what);
  return row;
}

/**
 * Deletes row `id` of `table` in one transaction: the row loaded FOR UPDATE ({@link rowById}),
 * then `check(tx, row)` refuses what must not go (a row still in use: 409; its funnel locked:
 * 423), then the DELETE. The one delete of the entities that refuse while something needs them.
 * @throws ApiError 404 `${what} not found`; what `check` throws.
 */
export async function deleteById<T extends TableWithId>(
  db: Db,
  table: T,
  id: number,
  what: string,
  check: (tx: Tx, row: T['$inferSelect']) => Promise<void>,
): Promise<void> {
  const t: TableWithId = table;
  await db.transaction(async (tx) => {
    await check(tx, await rowById(tx, table, id, what, true));
    await tx.delete(t).where(eq(t.ID, id));
  });
}

/** Loads a page (optionally FOR UPDATE). @throws ApiError 404 'Page not found'. */
export async function getPage(q: Q, id: number, forUpdate = false): Promise<Page> {
  return toPage(await rowById(q, pages, id, 'Page', forUpdate));
}

/** Loads a template (optionally FOR UPDATE). @throws ApiError 404 'Template not found'. */
export async function getTemplate(q: Q, id: number, forUpdate = false): Promise<Template> {
  return toTemplate(await rowById(q, templates, id, 'Template', forUpdate));
}

/** All pages of a funnel, ordered by ID (creation order). */
export async function funnelPages(q: Q, funnelId: number): Promise<Page[]> {
  return (await q.select().from(pages).where(eq(pages.funnel_id, funnelId)).orderBy(pages.ID)).map(toPage);
}

/**
 * Loads an offer with its store, by `ID` or (with `by: 'offer_id'`) by its platform offer_id.
 * @throws ApiError 404 'Offer not found'.
 */
export async function getOffer(q: Q, id: number, by: 'ID' | 'offer_id' = 'ID'): Promise<Offer> {
  const [row] = await q
    .select()
    .from(offers)
    .leftJoin(stores, eq(stores.ID, offers.store_id))
    .where(eq(by === 'ID' ? offers.ID : offers.offer_id, id));
  if (!row) throw notFound('Offer');
  return toOffer(row.offers, row.stores);
}

/** Products matching `where` with their shipping method, by ID. */
export async function productsWhere(q: Q, where: SQL | undefined): Promise<ProductOut[]> {
  const rows = await q
    .select({ p: products, s: { ID: shippings.ID, name: shippings.name, price: shippings.price } })
    .from(products)
    .leftJoin(shippings, eq(shippings.ID, products.shipping_id))
    .where(where)
    .orderBy(products.ID);
  return rows.map((r) => toProduct(r.p, r.s?.ID != null ? r.s : null));
}

/** Products of the offer whose platform `offer_id` is `offerId`, by ID. */
export async function offerProducts(q: Q, offerId: number): Promise<ProductOut[]> {
  return productsWhere(q, eq(products.offer_id, offerId));
}

/** The domain name attached to a funnel, or null. */
export async function funnelDomain(q: Q, funnelId: number): Promise<string | null> {
  const [row] = await q.select({ name: domains.name }).from(domains).where(eq(domains.funnel_id, funnelId)).orderBy(domains.ID).limit(1);
  return row?.name ?? null;
}

/** Audit row → entity (with its author's id and whether it is a system entry; `deletable` is the route's, per user). */
/** An audit entry as the server answers it: author id and system flag always set. */
export type AnsweredAudit = AuditLog & { user_id: number | null; system: boolean };

export function toAudit(a: typeof auditLogs.$inferSelect, userName: string | null): AnsweredAudit {
  return {
    ID: a.ID,
    funnel_id: a.funnel_id ?? 0,
    CreatedAt: a.CreatedAt.toISOString(),
    type: a.type as AuditLog['type'],
    title: a.title,
    message: a.message,
    task_url: a.task_url,
    doc: a.doc,
    ops: a.ops ?? null,
    inverse: a.inverse ?? null,
    // A deleted author's name was kept on the entry (migration 0012).
    version: a.version,
    user: { name: userName ?? a.author_name ?? '' },
    user_id: a.user_id,
    system: a.system,
  };
}

/** True when a page path is already used in the funnel (optionally ignoring page `exceptId`). */
export async function pathTaken(q: Q, funnelId: number, path: string, exceptId?: number): Promise<boolean> {
  const rows = await q
    .select({ ID: pages.ID })
    .from(pages)
    .where(and(eq(pages.funnel_id, funnelId), eq(pages.page_path, path)));
  return rows.some((r) => r.ID !== exceptId);
}
