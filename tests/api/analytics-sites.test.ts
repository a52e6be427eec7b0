/**
 * The sites server (`npm run sites`, read-only database sessions) takes its pages' analytics
 * events too: POST /e by Host and POST /sites/<site>/e are stored (in READ WRITE transactions)
 * and the admin's analytics API reports them; a page of no live release is still refused. One
 * PostgreSQL and one bucket (tests/api/two-processes.ts).
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { FunnelAnalytics } from '../../src/model/index.ts';
import { call, lastProgress, type ListedRelease, type Node, type SitesProcess } from './two-processes.ts';
import { deploymentOfFile } from './deployment-of-file.ts';

const FUNNEL = 1;
let admin: Node;
let sites: SitesProcess;
let site = '';
let pageId = 0;

deploymentOfFile(async (d) => {
  admin = await d.start('admin', { DEMO_ORDERS: '1000' });
  const published = await call(admin, 'PUT', `/api/v1/funnels/${FUNNEL}/publish`);
  expect(lastProgress(published.text).progress).toBe(100);
  site = ((await call(admin, 'GET', `/api/v1/funnels/${FUNNEL}/releases`)).json as unknown as ListedRelease[]).find((r) => r.live)!.site;
  pageId = Number(((await call(admin, 'GET', `/api/v1/funnels/${FUNNEL}/pages`)).json as unknown as { ID: number }[])[0]!.ID);
  sites = await d.startSites('sites');
});

/** POSTs `body` to `p` of the sites server with Host `host`. */
function post(p: string, host: string, body: string): Promise<{ status: number; body: string }> {
  const u = new URL(sites.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: p, method: 'POST', headers: { Host: host, 'Content-Type': 'text/plain' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

describe('POST /e on the sites server', () => {
  it('stores the events of its pages, by Host and under /sites/<site>/, and the admin reports them', async () => {
    const event = (visitor: string) => JSON.stringify({ events: [{ kind: 'view', page: pageId, visitor }] });
    expect(await post('/e', site, event('sites-host-1'))).toEqual({ status: 204, body: '' });
    expect(await post(`/sites/${site}/e`, '127.0.0.1', event('sites-path-1'))).toEqual({ status: 204, body: '' });
    expect((await post('/e', site, JSON.stringify({ events: [{ kind: 'view', page: 999999 }] }))).status).toBe(404);
    await new Promise((r) => setTimeout(r, 500));
    const a = (await call(admin, 'GET', `/api/v1/funnels/${FUNNEL}/analytics`)).json as unknown as FunnelAnalytics;
    expect(a.steps.find((s) => s.page_id === pageId)).toMatchObject({ visitors: 2, events: { view: 2 } });
  });
});
