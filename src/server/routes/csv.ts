/**
 * CSV uploads to the order platform (000 §7, 001 §7): campaigns' fulfillment and a funnel
 * offer's products. Only CSV (papaparse), at most 1 MB / 5,000 rows; every bad row is
 * reported with its line number (`errors: [{line, message}]`) and nothing is written
 * unless the whole file is valid (one transaction). Answers '{file} file uploaded
 * successfully' / '{file} file upload failed.' (000 §8, 001 §8). A products row whose SKU
 * is already a product of the offer updates that product instead of adding a second one.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '../../model/messages.ts';
import { CampaignFulfillmentRowSchema } from '../../model/campaigns.ts';
import { ProductCsvRowSchema } from '../../model/catalog.ts';
import type { CsvRowError } from '../../model/csv.ts';
import { campaigns, funnels, offers, products } from '../db/schema.ts';
import { ApiError, errors } from '../http.ts';
import { getFunnel } from '../repo.ts';
import { parseCsv } from '../uploads/csv.ts';
import { bearer, idParam, json, on, router, type Deps } from './common.ts';
import { describeFields } from './fields.ts';
import { MultipartFiles, uploadedFiles } from './images.ts';

const CsvResult = describeFields(z.object({ message: z.string(), rows: z.number().int() }), {
  message: "'{file} file uploaded successfully'", rows: 'How many rows were imported',
}).openapi('CsvUploadResult');
/** The products upload's answer: the rows read, and how many made a new product or updated one found by its SKU. */
const ProductsCsvResult = describeFields(z.object({ message: z.string(), rows: z.number().int(), created: z.number().int(), updated: z.number().int() }), {
  message: "'{file} file uploaded successfully'", rows: 'How many rows were imported',
  created: 'How many rows made a new product', updated: "How many rows updated the offer's product with the same SKU",
}).openapi('ProductsCsvUploadResult');
/** 001 §5: the products upload refuses any other file type with the seed's words. */
export const PRODUCTS_CSV_ONLY = 'Uploads of product lists accept only csv';
/** A row as read, with only its non-empty cells: which optional columns a row gives. */
const RawRow = z.record(z.string(), z.string());
const tags = ['CSV uploads'];
const failed = (file: string, status: 409 | 413 | 422, reason: string, rowErrors: CsvRowError[] = []) =>
  new ApiError(status, MSG.uploadFailed(file), {}, { reason, errors: rowErrors });
const csvBody = { content: { 'multipart/form-data': { schema: MultipartFiles } }, required: true };

/** CSV upload routes. */
export function csvRoutes(deps: Deps) {
  const app = router();
  const { db } = deps;

  on(app, 'csv.upload', createRoute({
    method: 'post', path: '/api/v1/csv_upload/sticky/campaigns_fulfillment', operationId: 'uploadFulfillmentCampaignsCsv', tags, security: bearer,
    summary: 'CSV with columns campaign_id, fulfillment (New Jersey, Ecomm, SRLC): sets the fulfillment of those campaigns',
    request: { body: csvBody }, responses: { 200: json(CsvResult, "'{file} file uploaded successfully'"), ...errors(400, 413, 415, 422) },
  }), async (c) => {
    const [file] = await uploadedFiles(c);
    const label = file.name || 'file';
    const parsed = parseCsv(file.name, new Uint8Array(await file.arrayBuffer()), CampaignFulfillmentRowSchema, ['campaign_id', 'fulfillment']);
    if (!parsed.ok) throw failed(label, parsed.status, parsed.reason, parsed.errors);
    const count = await db.transaction(async (tx) => {
      const ids = [...new Set(parsed.rows.map((r) => r.value.campaign_id))];
      const found = await tx.select({ ID: campaigns.ID, campaign_id: campaigns.campaign_id, locked: funnels.locked })
        .from(campaigns).leftJoin(funnels, eq(funnels.ID, campaigns.funnel_id)).where(inArray(campaigns.campaign_id, ids));
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
  });

  on(app, 'csv.upload', createRoute({
    method: 'post', path: '/api/v1/csv_upload/sticky/products_create/{funnelId}', operationId: 'uploadProductsCsv', tags, security: bearer,
    summary: "CSV of products (name, description, sku, cost_of_goods, product_price, shipping_weight; optional product_id, max_quantity, billing_model, product_category) for the funnel's offer: a row whose SKU is already a product of the offer updates it (empty optional cells keep its values), any other row creates one",
    request: { params: z.object({ funnelId: idParam('funnelId') }), body: csvBody },
    responses: { 201: json(ProductsCsvResult, "'{file} file uploaded successfully'"), ...errors(400, 404, 409, 413, 415, 422, 423) },
  }), async (c) => {
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
    const firstFree = await deps.integrations.platform.newProductId();
    const result = await db.transaction(async (tx) => {
      const f = await getFunnel(tx, funnelId, true);
      if (f.locked) throw new ApiError(423, MSG.locked);
      const existing = await tx.select({ ID: products.ID, product_id: products.product_id, sku: products.sku })
        .from(products).where(eq(products.offer_id, offer.offer_id)).for('update');
      const bySku = new Map<string, typeof existing>();
      for (const p of existing) bySku.set(p.sku, [...(bySku.get(p.sku) ?? []), p]);
      const rowErrors: CsvRowError[] = [];
      const skus = new Set<string>();
      // Platform ids the file ends with: kept by updated products, claimed by rows, held by the rest.
      const claimed = new Set<number>();
      const plan = parsed.rows.map((r) => {
        const matches = bySku.get(r.value.sku) ?? [];
        if (skus.has(r.value.sku)) rowErrors.push({ line: r.line, message: `SKU ${r.value.sku} appears more than once in the file` });
        else if (matches.length > 1) rowErrors.push({ line: r.line, message: `SKU ${r.value.sku} belongs to ${matches.length} products of this offer` });
        skus.add(r.value.sku);
        return { row: r, target: matches.length === 1 ? matches[0] : undefined };
      });
      const updatedIds = new Set(plan.flatMap((p) => (p.target ? [p.target.ID] : [])));
      const held = new Set(existing.filter((p) => !updatedIds.has(p.ID)).map((p) => p.product_id));
      for (const { row, target } of plan) {
        const id = row.value.product_id ?? target?.product_id;
        if (id == null) continue;
        if (claimed.has(id) || (held.has(id) && id !== target?.product_id)) rowErrors.push({ line: row.line, message: `Product ${id} already exists` });
        claimed.add(id);
      }
      if (rowErrors.length) {
        rowErrors.sort((a, b) => a.line - b.line);
        throw failed(label, 409, `${rowErrors.length} invalid row${rowErrors.length === 1 ? '' : 's'}`, rowErrors);
      }
      let next = firstFree;
      const taken = (n: number) => claimed.has(n) || held.has(n);
      const inserts = [];
      for (const { row, target } of plan) {
        const v = row.value;
        if (target) {
          const cells = given.get(row.line) ?? {};
          await tx.update(products).set({
            name: v.name, description: v.description, sku: v.sku, cost_of_goods: v.cost_of_goods, product_price: v.product_price, shipping_weight: v.shipping_weight,
            ...(v.product_id != null ? { product_id: v.product_id } : {}),
            ...('max_quantity' in cells ? { max_quantity: v.max_quantity } : {}),
            ...('billing_model' in cells ? { billing_model: v.billing_model } : {}),
            ...('product_category' in cells ? { product_category: v.product_category } : {}),
          }).where(eq(products.ID, target.ID));
          continue;
        }
        let product_id = v.product_id;
        if (product_id == null) {
          while (taken(next)) next++;
          product_id = next++;
        }
        inserts.push({ ...v, product_id, offer_id: offer.offer_id });
      }
      if (inserts.length) await tx.insert(products).values(inserts);
      return { created: inserts.length, updated: plan.length - inserts.length };
    });
    return c.json({ message: MSG.uploadOk(label), rows: parsed.rows.length, ...result }, 201);
  });

  return app;
}
