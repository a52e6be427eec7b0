/**
 * The page editor's "Published page" right after a domain is added: the
 * editor then asks for `https://<new domain><page_path>`, which nothing serves until the next
 * publish (the live release is still the funnel's `funnel-<id>.localhost` site) and whose name
 * may resolve nowhere. The preview reads the funnel's live release instead, based at our
 * `/sites/<site>/` address; a funnel never published says so in words.
 */
import { describe, expect, it } from 'vitest';
import { localSiteName } from '../../src/model/index.ts';
import { PREVIEW_NOT_YET_PUBLISHED } from '../../src/server/publish/page-preview.ts';
import { serverForTests } from './file-server.ts';

const t = serverForTests();

const previewOf = (url: string) => t.api('GET', `/api/v1/preview?url=${encodeURIComponent(url)}`);

/** A copy of demo funnel 1 (no domain: published at funnel-<id>.localhost) and its checkout's path. */
async function copy(name: string) {
  const r = await t.api('POST', '/api/v1/funnels/1/clone', { body: { name } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const id = (r.body as { ID: number }).ID;
  const pages = (await t.api('GET', `/api/v1/funnels/${id}/pages`)).body as { page_type: string; page_path: string }[];
  return { id, path: pages.find((p) => p.page_type === 'checkout')!.page_path };
}

async function publish(id: number) {
  const res = await fetch(`${t.url}/api/v1/funnels/${id}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
  expect(await res.text()).toContain('"progress":100');
}

/** Adds subdomain `name` of the demo's flexfit-bands.com (domain 2) to funnel `id`. @returns its full name. */
async function addDomain(id: number, name: string) {
  const r = await t.api('POST', '/api/v1/domains/', { body: { name, funnel_id: id, domain_id: 2 } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body as { name: string }).name;
}

describe('GET /api/v1/preview?url= for a domain added since the last publish', () => {
  it('shows the live release (still on this admin), based at its /sites/ address', async () => {
    const { id, path } = await copy('Preview new domain');
    await publish(id);
    const domain = await addDomain(id, 'preview-new');
    const res = await previewOf(`https://${domain}${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const site = localSiteName(id);
    expect(res.headers.get('content-location')).toBe(`${t.url}/sites/${site}${path}`);
    expect(res.text).toContain(`<base href="${t.url}/sites/${site}${path}">`);
    expect(res.text).toContain((await (await fetch(`${t.url}/sites/${site}${path}`)).text()).match(/<h1[^>]*>[^<]*<\/h1>/)?.[0] ?? '<h1');
    expect(res.text).not.toMatch(/<script/);
  });

  it("after the next publish, the domain's own release", async () => {
    const { id, path } = await copy('Preview republished');
    await publish(id);
    const domain = await addDomain(id, 'preview-republished');
    await publish(id);
    const res = await previewOf(`https://${domain}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-location')).toBe(`${t.url}/sites/${domain}${path}`);
  });

  it('a funnel with a domain that was never published: 404 saying so, not "could not be fetched"', async () => {
    const { id, path } = await copy('Preview never published');
    const domain = await addDomain(id, 'preview-never');
    const res = await previewOf(`https://${domain}${path}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: PREVIEW_NOT_YET_PUBLISHED });
  });
});
