/**
 * "API responses are parsed, not cast": the SPA's own read calls (each slice's
 * `api.ts`, the shared reads in src/api) run against the real server and must parse every
 * answer with the model's schemas. A drift between server and SPA fails here, not on a screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerShapeError, configureApi, fetchMe, pageReads, requestParsed, sharedReads, templateReads } from '../../src/api/index.ts';
import { funnelReads } from '../../src/features/funnels/tabs-api.ts';
import { pageEditorReads } from '../../src/features/page-editor/api.ts';
import { fetchHealth } from '../../src/features/status/api.ts';
import { FunnelSchema } from '../../src/model/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  configureApi({ getToken: () => t.token }, t.url);
  // Something of every kind in the audit log: a note and a recorded change.
  await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, title: 'Checked copy', message: 'ok', task_url: '' } });
});
afterAll(() => t.close());

describe('the SPA parses every answer it reads with the model schemas', () => {
  it('session and health', async () => {
    expect((await fetchMe()).role).toBe('admin');
    expect((await fetchHealth()).status).toBe('ok');
  });

  it('shared reads: funnel list, a funnel document, offers, templates', async () => {
    const list = await sharedReads.funnels();
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) expect((await sharedReads.funnel(row.ID)).ID).toBe(row.ID);
    expect((await sharedReads.offers()).length).toBeGreaterThan(0);
    expect((await templateReads.templates()).length).toBeGreaterThan(0);
  });

  it("funnels slice: every funnel's pages and audit log", async () => {
    for (const f of await sharedReads.funnels()) {
      const pages = await funnelReads.pages(f.ID);
      expect(pages.every((p) => p.funnel_id === f.ID)).toBe(true);
      await funnelReads.auditLog(f.ID);
    }
    const log = await funnelReads.auditLog(1);
    expect(log.some((e) => e.type === 'note' && e.title === 'Checked copy')).toBe(true);
  });

  it("page editor slice: every page document, the offer's products and the gallery", async () => {
    for (const f of await sharedReads.funnels()) {
      for (const p of await funnelReads.pages(f.ID)) expect((await pageReads.page(p.ID)).ID).toBe(p.ID);
      expect(Array.isArray(await pageEditorReads.offerProducts(f.offer))).toBe(true);
      expect(Array.isArray(await pageReads.images(f.ID))).toBe(true);
    }
  });

  it('an answer of another shape is refused with the path that differs', async () => {
    // The funnel list is not a funnel: parsing it as one must fail, naming where.
    const err = await requestParsed(FunnelSchema, 'GET', '/api/v1/funnels').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnswerShapeError);
    expect((err as AnswerShapeError).message).toMatch(/^The API answered GET \/api\/v1\/funnels in an unexpected shape \(/);
  });
});
