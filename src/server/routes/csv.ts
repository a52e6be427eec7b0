/**
 * CSV uploads to the order platform (000 §7, 001 §7): campaigns' fulfillment and a funnel
 * offer's products. Only CSV (papaparse), at most 1 MB / 5,000 rows; every bad row is
 * reported with its line number (`errors: [{line, message}]`) and nothing is written
 * unless the whole file is valid (one transaction). Answers '{file} file uploaded
 * successfully' / '{file} file upload failed.' (000 §8, 001 §8). A products row whose SKU
 * is already a product of the offer updates that product instead of adding a second one.
 */
import { PREVIEW_ROUTES } from '../../model/contracts/preview.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '../../model/messages.ts';
import { CampaignFulfillmentRowSchema } from '../../model/campaigns.ts';
import { ProductCsvRowSchema } from '../../model/catalog.ts';
import type { CsvRowError } from '../../model/csv.ts';
import type { Tx } from '../db/index.ts';
import { auditLogs, campaigns, funnels, offers, products } from '../db/schema.ts';
import { ApiError, errors } from '../http.ts';
import { ProviderError } from '../integrations/http-retry.ts';
import { compensateOnFailure, platformAuditRow, takeBack, type PlatformCreated } from '../integrations/platform.ts';
import { getFunnel } from '../repo.ts';
import { parseCsv } from '../uploads/csv.ts';
import { bearer, idParam, json, on, routes } from './common.ts';
import { platformProduct, productNotAtPlatform } from './products.ts';
import { MultipartFiles, uploadedFiles } from './images.ts';

/** 001 §5: the products upload refuses any other file type with the seed's words. */
export const PRODUCTS_CSV_ONLY = 'Uploads of product lists accept only csv';
/** A row as read, with only its non-empty cells: which optional columns a row gives. */
const RawRow = z.record(z.string(), z.string());
const tags = ['CSV uploads'];
const failed = (file: string, status: 409 | 413 | 422 | 502 | 503, reason: string, rowErrors: CsvRowError[] = [], headers: Record<string, string> = {}) =>
  new ApiError(status, MSG.uploadFailed(file), headers, { reason, errors: rowErrors });

/** A stored product row. */
type ProductRow = typeof products.$inferSelect;

/**
 * What a products file does to an offer's products (`existing`, as stored): each row with the
 * product its SKU updates (or none: a new product), the row errors that refuse the file (a SKU
 * twice in the file or on two products; a platform id another product holds or another row
 * claims), and `taken(id)` — whether an id is held by a product the file does not update or claimed by a row.
 */
function planProductsCsv<V extends { sku: string; product_id: number | null }>(rows: { line: number; value: V }[], existing: ProductRow[]) {
  const bySku = new Map<string, ProductRow[]>();
  for (const p of existing) bySku.set(p.sku, [...(bySku.get(p.sku) ?? []), p]);
  const errors: CsvRowError[] = [];
  const skus = new Set<string>();
  const plan = rows.map((r) => {
    const matches = bySku.get(r.value.sku) ?? [];
    if (skus.has(r.value.sku)) errors.push({ line: r.line, message: `SKU ${r.value.sku} appears more than once in the file` });
    else if (matches.length > 1) errors.push({ line: r.line, message: `SKU ${r.value.sku} belongs to ${matches.length} products of this offer` });
    skus.add(r.value.sku);
    return { row: r, target: matches.length === 1 ? matches[0] : undefined };
  });
  const updatedIds = new Set(plan.flatMap((p) => (p.target ? [p.target.ID] : [])));
  const held = new Set(existing.filter((p) => !updatedIds.has(p.ID)).map((p) => p.product_id));
  // Platform ids the file ends with: kept by updated products, claimed by rows, held by the rest.
  const claimed = new Set<number>();
  for (const { row, target } of plan) {
    const id = row.value.product_id ?? target?.product_id;
    if (id == null) continue;
    if (claimed.has(id) || (held.has(id) && id !== target?.product_id)) errors.push({ line: row.line, message: `Product ${id} already exists` });
    claimed.add(id);
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows: plan, errors, taken: (id: number) => claimed.has(id) || held.has(id) };
}

const csvBody = { content: { 'multipart/form-data': { schema: MultipartFiles } }, required: true };

/** CSV upload routes. */
export const csvRoutes = routes((app, db, deps) => {
  on(
    app,
    'csv.upload',
    createRoute({
      method: PREVIEW_ROUTES.fulfillmentCsv.method,
      path: PREVIEW_ROUTES.fulfillmentCsv.path,
      operationId: 'uploadFulfillmentCampaignsCsv',
      tags,
      security: bearer,
      summary: 'CSV with columns campaign_id, fulfillment (New Jersey, Ecomm, SRLC): sets the fulfillment of those campaigns',
      request: { body: csvBody },
      responses: { 200: json(PREVIEW_ROUTES.fulfillmentCsv.answer, "'{file} file uploaded successfully'"), ...errors(400, 413, 415, 422) },
    }),
    async (c) => {
      const [file] = await uploadedFiles(c);
      const label = file.name || 'file';
      const parsed = parseCsv(file.name, new Uint8Array(await file.arrayBuffer()), CampaignFulfillmentRowSchema, ['campaign_id', 'fulfillment']);
      if (!parsed.ok) throw failed(label, parsed.status, parsed.reason, parsed.errors);
      const count = await db.transaction(async (tx) => {
        const ids = [...new Set(parsed.rows.map((r) => r.value.campaign_id))];
        const found = await tx
          .select({ ID: campaigns.ID, campaign_id: campaigns.campaign_id, locked: funnels.locked })
          .from(campaigns)
          .leftJoin(funnels, eq(funnels.ID, campaigns.funnel_id))
          .where(inArray(campaigns.campaign_id, ids));
        const rowErrors: CsvRowError[] = [];
        for (const r of parsed.rows) {
          const mine = found.filter((f) => f.campaign_id === r.value.campaign_id);
          if (!mine.length) rowErrors.push({ line: r.line, message: `Campaign ${r.value.campaign_id} not found` });
          else if (mine.some((m) => m.locked)) rowErrors.push({ line: r.line, message: MSG.locked });
        }
        if (rowErrors.length) throw failed(label, 422, `${rowErrors.length} invalid row${rowErrors.length === 1 ? '' : 's'}`, rowErrors);
        for (const r of parsed.rows) {
          await tx.update(campaigns).set({ fulfillment: r.value.fulfillment }).where(eq(campaigns.campaign_id, r.value.campaign_id));
        }
        return parsed.rows.length;
      });
      return c.json({ message: MSG.uploadOk(label), rows: count }, 200);
    },
  );

  on(
    app,
    'csv.upload',
    createRoute({
      method: PREVIEW_ROUTES.productsCsv.method,
      path: PREVIEW_ROUTES.productsCsv.path,
      operationId: 'uploadProductsCsv',
      tags,
      security: bearer,
      summary:
        "CSV of products (name, description, sku, cost_of_goods, product_price, shipping_weight; optional product_id, max_quantity, billing_model, product_category) for the funnel's offer: a row whose SKU is already a product of the offer updates it (empty optional cells keep its values), any other row creates one",
      request: { params: z.object({ funnelId: idParam('funnelId') }), body: csvBody },
      description:
        'With an order platform of its own (ORDER_PLATFORM=sticky or 29next) the file goes there first: a `product_id` given by hand must name ' +
        'a product it has (422, every such row listed; it is linked, not overwritten), a new row is created there and stored here with the id it ' +
        'answered, a row that updates a product keeping its id is updated there. A refusing or unreachable platform answers 502/503 (`reason` is its message, `errors` the row it refused); whatever was already sent ' +
        'is taken back and nothing is stored here. Each change sent is audited with its answer id.',
      responses: {
        201: json(PREVIEW_ROUTES.productsCsv.answer, "'{file} file uploaded successfully'"),
        ...errors(400, 404, 409, 413, 415, 422, 423, { 502: 'products.csv file upload failed.', 503: 'products.csv file upload failed.' }),
      },
    }),
    async (c) => {
      const funnelId = c.req.valid('param').funnelId;
      const funnel = await getFunnel(db, funnelId);
      if (funnel.locked) throw new ApiError(423, MSG.locked);
      const [offer] = funnel.offer ? await db.select({ offer_id: offers.offer_id }).from(offers).where(eq(offers.offer_id, funnel.offer)) : [];
      if (!offer) throw new ApiError(422, MSG.productsFetch);
      const [file] = await uploadedFiles(c);
      const label = file.name || 'file';
      if (!/\.csv$/i.test(file.name)) throw failed(label, 422, PRODUCTS_CSV_ONLY);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const parsed = parseCsv(file.name, bytes, ProductCsvRowSchema, ['name', 'description', 'sku', 'cost_of_goods', 'product_price', 'shipping_weight']);
      if (!parsed.ok) throw failed(label, parsed.status, parsed.reason, parsed.errors);
      // The same file read again as plain cells: which optional columns each row gives.
      const raw = parseCsv(file.name, bytes, RawRow, []);
      const given = new Map(raw.ok ? raw.rows.map((r) => [r.line, r.value]) : []);
      const { platform } = deps.integrations;
      /** What the file does to the offer's products as they are now; row errors (409) refuse the whole file. */
      const planFile = async (tx: Tx, lock: boolean) => {
        const f = await getFunnel(tx, funnelId, lock);
        if (f.locked) throw new ApiError(423, MSG.locked);
        const q = tx.select().from(products).where(eq(products.offer_id, offer.offer_id));
        const plan = planProductsCsv(parsed.rows, lock ? await q.for('update') : await q);
        if (plan.errors.length) throw failed(label, 409, `${plan.errors.length} invalid row${plan.errors.length === 1 ? '' : 's'}`, plan.errors);
        return plan;
      };
      /** The row's product as the platform is sent it: the row's cells over the stored product's (empty optional cells keep its values). */
      const input = (row: (typeof parsed.rows)[number], target: ProductRow | undefined) => {
        const cells = given.get(row.line) ?? {};
        const v = row.value;
        return platformProduct({
          ...v,
          shipping_id: target?.shipping_id ?? null,
          max_quantity: target && !('max_quantity' in cells) ? target.max_quantity : v.max_quantity,
          billing_model: target && !('billing_model' in cells) ? target.billing_model : v.billing_model,
          product_category: target && !('product_category' in cells) ? target.product_category : v.product_category,
        });
      };

      // A platform with a catalogue of its own (Sticky.io, 29next) is sent the file first: ids given by
      // hand must exist there, new products are created there, updated ones updated there; any failure
      // takes back what was sent, and only then is the file stored here.
      const sentOut: { row: number; sent: PlatformCreated }[] = [];
      const madeIds = new Map<number, number>();
      const undo: (() => Promise<void>)[] = [];
      let sentPlan: (number | undefined)[] | null = null;
      if (platform.product) {
        const plan = await db.transaction((tx) => planFile(tx, false));
        sentPlan = plan.rows.map((r) => r.target?.ID);
        const missing: CsvRowError[] = [];
        for (const { row, target } of plan.rows) {
          const id = row.value.product_id;
          if (id != null && id !== target?.product_id && !(await platform.product(id)))
            missing.push({ line: row.line, message: productNotAtPlatform(platform, id) });
        }
        if (missing.length) throw failed(label, 422, `${missing.length} invalid row${missing.length === 1 ? '' : 's'}`, missing);
        let at = 1;
        try {
          for (const { row, target } of plan.rows) {
            if (target || row.value.product_id != null) continue;
            at = row.line;
            const made = await platform.createProduct(input(row, undefined));
            madeIds.set(row.line, made.id);
            sentOut.push({ row: row.line, sent: made });
            undo.push(() => platform.undoCreates('product', [made.id]));
          }
          for (const { row, target } of plan.rows) {
            // Only a product that keeps its id is updated there; an id given by hand links, as in the product form.
            if (!target || (row.value.product_id ?? target.product_id) !== target.product_id) continue;
            at = row.line;
            sentOut.push({ row: row.line, sent: await platform.updateProduct(target.product_id, input(row, target)) });
            undo.push(() => platform.updateProduct(target.product_id, platformProduct(target)).then(() => undefined));
          }
        } catch (e) {
          await takeBack(undo);
          // The platform's words, at the line it refused (000 §8 Error notification: '{file} file upload failed.').
          if (e instanceof ProviderError) throw failed(label, e.status === 503 ? 503 : 502, e.message, [{ line: at, message: e.message }], e.headers);
          throw e;
        }
      }
      const firstFree = platform.product ? 0 : await platform.newProductId();
      const result = await compensateOnFailure(
        () => takeBack(undo),
        () =>
          db.transaction(async (tx) => {
            const plan = await planFile(tx, true);
            // What was sent must still be what the file does: a colleague's change meanwhile refuses the file (and takes the sending back).
            if (sentPlan && plan.rows.some((r, i) => r.target?.ID !== sentPlan[i])) {
              throw failed(label, 409, "The offer's products changed while the file was being sent to the platform: upload it again");
            }
            let next = firstFree;
            const inserts = [];
            for (const { row, target } of plan.rows) {
              const v = row.value;
              if (target) {
                const cells = given.get(row.line) ?? {};
                await tx
                  .update(products)
                  .set({
                    name: v.name,
                    description: v.description,
                    sku: v.sku,
                    cost_of_goods: v.cost_of_goods,
                    product_price: v.product_price,
                    shipping_weight: v.shipping_weight,
                    ...(v.product_id != null ? { product_id: v.product_id } : {}),
                    ...('max_quantity' in cells ? { max_quantity: v.max_quantity } : {}),
                    ...('billing_model' in cells ? { billing_model: v.billing_model } : {}),
                    ...('product_category' in cells ? { product_category: v.product_category } : {}),
                  })
                  .where(eq(products.ID, target.ID));
                continue;
              }
              let product_id = v.product_id ?? madeIds.get(row.line);
              if (product_id == null) {
                // The local platform: the next ids no product of the offer holds or the file claims.
                while (plan.taken(next)) next++;
                product_id = next++;
              }
              inserts.push({ ...v, product_id, offer_id: offer.offer_id });
            }
            if (inserts.length) await tx.insert(products).values(inserts);
            const userId = c.get('user').user_id;
            const audits = sentOut.flatMap((o) => platformAuditRow(platform.kind, o.sent, userId, funnelId) ?? []);
            if (audits.length) await tx.insert(auditLogs).values(audits);
            return { created: inserts.length, updated: plan.rows.length - inserts.length };
          }),
      );
      return c.json({ message: MSG.uploadOk(label), rows: parsed.rows.length, ...result }, 201);
    },
  );
});
