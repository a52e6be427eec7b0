/**
 * CSV uploads to the order platform (000 §7, 001 §7): campaigns' fulfillment and a funnel
 * offer's products. Only CSV (papaparse), at most 1 MB / 5,000 rows; every bad row is
 * reported with its line number (`errors: [{line, message}]`) and nothing is written
 * unless the whole file is valid (one transaction). Answers '{file} file uploaded
 * successfully' / '{file} file upload failed.' (000 §8, 001 §8).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
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
    summary: "CSV of products (name, description, sku, cost_of_goods, product_price, shipping_weight; optional product_id, max_quantity, billing_model, product_category) created for the funnel's offer",
    request: { params: z.object({ funnelId: idParam('funnelId') }), body: csvBody },
    responses: { 201: json(CsvResult, "'{file} file uploaded successfully'"), ...errors(400, 404, 409, 413, 415, 422, 423) },
  }), async (c) => {
    const funnelId = c.req.valid('param').funnelId;
    const funnel = await getFunnel(db, funnelId);
    if (funnel.locked) throw new ApiError(423, MSG.locked);
    const [offer] = funnel.offer ? await db.select({ offer_id: offers.offer_id }).from(offers).where(eq(offers.offer_id, funnel.offer)) : [];
    if (!offer) throw new ApiError(422, MSG.productsFetch);
    const [file] = await uploadedFiles(c);
    const label = file.name || 'file';
    const parsed = parseCsv(file.name, new Uint8Array(await file.arrayBuffer()), ProductCsvRowSchema,
      ['name', 'description', 'sku', 'cost_of_goods', 'product_price', 'shipping_weight']);
    if (!parsed.ok) throw failed(label, parsed.status, parsed.reason, parsed.errors);
    const firstFree = await deps.integrations.platform.newProductId();
    const count = await db.transaction(async (tx) => {
      const f = await getFunnel(tx, funnelId, true);
      if (f.locked) throw new ApiError(423, MSG.locked);
      const given = parsed.rows.map((r) => r.value.product_id).filter((v): v is number => v != null);
      const taken = new Set((given.length
        ? await tx.select({ product_id: products.product_id }).from(products).where(and(eq(products.offer_id, offer.offer_id), inArray(products.product_id, given)))
        : []).map((p) => p.product_id));
      const rowErrors: CsvRowError[] = [];
      const seen = new Set<number>();
      for (const r of parsed.rows) {
        const id = r.value.product_id;
        if (id == null) continue;
        if (taken.has(id) || seen.has(id)) rowErrors.push({ line: r.line, message: `Product ${id} already exists` });
        seen.add(id);
      }
      if (rowErrors.length) throw failed(label, 409, `${rowErrors.length} invalid row${rowErrors.length === 1 ? '' : 's'}`, rowErrors);
      let next = firstFree;
      while (seen.has(next)) next++;
      const values = parsed.rows.map((r) => {
        let product_id = r.value.product_id;
        if (product_id == null) {
          while (seen.has(next)) next++;
          product_id = next++;
        }
        return { ...r.value, product_id, offer_id: offer.offer_id };
      });
      await tx.insert(products).values(values);
      return values.length;
    });
    return c.json({ message: MSG.uploadOk(label), rows: count }, 201);
  });

  return app;
}
