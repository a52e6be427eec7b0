import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_MSG } from '../../src/model/index.ts';
import { isPublicAddress, PREVIEW_MAX_BYTES, PREVIEW_STYLES, previewPage } from '../../src/server/publish/page-preview.ts';
import { serverForTests } from './file-server.ts';

const t = serverForTests();

const previewOf = (url: string) => t.api('GET', `/api/v1/preview?url=${encodeURIComponent(url)}`);

describe('POST /api/v1/preview: rich text and countries through the renderer', () => {
  it('outputs review and list rich text sanitized by DOMPurify, formatting kept, and countries by name', async () => {
    const page = (await t.api('GET', '/api/v1/pages/2')).body;
    const meta = {
      ...page.meta,
      reviews: [
        {
          id: 'r1',
          avatar: '',
          user: 'Ann',
          reviewTitle: 'Loved it',
          country: 'DE',
          review:
            '<p>Hi <b>bold</b> <a href="javascript:alert(1)">bad</a> <a href="https://example.com/x">good</a><script>alert(1)</script><img src=x onerror="alert(2)"></p>',
        },
      ],
      list: [{ id: 'l1', boldText: 'Fast', listText: '<p onclick="x()">ships <em>today</em></p><iframe src="https://evil.example"></iframe>', img: '' }],
      intShipping: [{ id: 's1', shipping_id: 3, country: 'GB', price: 4.5 }],
    };
    const res = await t.api('POST', '/api/v1/preview', { body: { page: { ...page, meta } } });
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain('<p>Hi <strong>bold</strong> bad <a href="https://example.com/x">good</a></p>');
    expect(html).toContain('<p>ships <em>today</em></p>');
    expect(html).not.toMatch(/alert\(|onerror|onclick|javascript:|evil\.example/);
    expect(html).toContain('(Germany)');
    expect(html).toMatch(/intShipping\.0\.country">United Kingdom</);
  });

  it('answers 404 with a message for a funnel that does not exist', async () => {
    const res = await t.api('POST', '/api/v1/preview', { body: { page: { funnel_id: 99999, page_type: 'checkout', meta: {} } } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Funnel not found');
  });
});

describe('GET /api/v1/preview?url=: a published page by its URL (000 §2)', () => {
  let published = '';
  beforeAll(async () => {
    // Give the funnel a tag-manager id so the published page carries a script block.
    const f = await t.api('GET', '/api/v1/funnels/1');
    const res = await t.api('PUT', '/api/v1/funnels/1', {
      body: { ...f.body, details: { ...f.body.details, GTM: 'ABC123' } },
      headers: { 'If-Match': `"${f.body.version}"` },
    });
    expect(res.status).toBe(200);
    const pub = await fetch(`${t.url}/api/v1/funnels/1/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
    expect(await pub.text()).toContain('"progress":100');
    published = await (await fetch(`${t.url}/sites/glowskin-offer.com/checkout/`)).text();
    expect(published).toContain('<script');
  });

  it('serves our own published page with scripts removed and the base address and styles injected', async () => {
    const url = `${t.url}/sites/glowskin-offer.com/checkout/`;
    const res = await previewOf(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.text).toContain(`<base href="${url}">`);
    expect(res.text).toContain(PREVIEW_STYLES);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).not.toContain('googletagmanager');
    // The page itself is kept: its heading and styles.
    expect(res.text).toContain('Choose your package');
    expect(res.text).toMatch(/<style>[^<]*\.checks/);
  });

  it('reads a host we publish from the live release, not the network, based at our /sites/ address', async () => {
    const res = await previewOf('https://glowskin-offer.com/checkout');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<base href="${t.url}/sites/glowskin-offer.com/checkout">`);
    expect(res.headers.get('content-location')).toBe(`${t.url}/sites/glowskin-offer.com/checkout`);
    expect(res.text).toContain('Choose your package');
  });

  it('answers 404 for a page that is not published', async () => {
    const res = await previewOf(`${t.url}/sites/glowskin-offer.com/no-such-page/`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(PREVIEW_MSG.notPublished);
  });

  it.each([
    'http://127.0.0.1:9/',
    'http://localhost/',
    'http://10.1.2.3/',
    'http://192.168.0.1/',
    'http://172.16.5.4/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://0.0.0.0/',
  ])('refuses the private or loopback address %s', async (url) => {
    const res = await previewOf(url);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(PREVIEW_MSG.refused);
  });

  it('refuses our own origin outside /sites/ (not a way into the API)', async () => {
    const res = await previewOf(`${t.url}/api/v1/funnels`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(PREVIEW_MSG.refused);
  });

  it.each(['ftp://example.com/', 'javascript:alert(1)', 'not a url', 'http://user:pw@example.com/', '/sites/glowskin-offer.com/'])(
    'answers 422 for the URL %s',
    async (url) => {
      const res = await previewOf(url);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(PREVIEW_MSG.url);
    },
  );

  it('answers 401 without a token', async () => {
    const res = await t.api('GET', `/api/v1/preview?url=${encodeURIComponent(`${t.url}/sites/glowskin-offer.com/`)}`, { token: null });
    expect(res.status).toBe(401);
  });
});

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])('allows public unicast %s', (a) => {
    expect(isPublicAddress(a)).toBe(true);
  });
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    'not-an-ip',
  ])('refuses %s', (a) => {
    expect(isPublicAddress(a)).toBe(false);
  });
});

describe('previewPage on a remote host (loopback stands in for a public one)', () => {
  let server: http.Server;
  let origin = '';
  const deps = (allowed: (a: string) => boolean = () => true) => ({ sitesDir: '/nonexistent', publicUrl: 'http://admin.invalid', isAllowedAddress: allowed });
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/page') {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(
          '<!doctype html><html><head><title>P</title><script src="https://cdn.example/x.js"></script><link rel="stylesheet" href="/s.css"></head>' +
            '<body onload="steal()"><h1>Remote</h1><script>steal()</script><a href="javascript:steal()">x</a><iframe src="/frame"></iframe></body></html>',
        );
      } else if (req.url === '/hop') {
        res.writeHead(302, { Location: '/page' }).end();
      } else if (req.url === '/to-private') {
        res.writeHead(302, { Location: 'http://10.0.0.1/page' }).end();
      } else if (req.url === '/big') {
        res.setHeader('Content-Type', 'text/html');
        res.end('x'.repeat(PREVIEW_MAX_BYTES + 1));
      } else if (req.url === '/json') {
        res.setHeader('Content-Type', 'application/json');
        res.end('{}');
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('removes scripts, handlers and frames, keeps stylesheets, follows a redirect and uses the final URL as base', async () => {
    const p = await previewPage(`${origin}/hop`, deps());
    expect(p.url).toBe(`${origin}/page`);
    expect(p.html).toContain(`<base href="${origin}/page">`);
    expect(p.html).toContain('<h1>Remote</h1>');
    expect(p.html).toContain('<link rel="stylesheet" href="/s.css">');
    expect(p.html).not.toMatch(/<script|onload|steal\(\)|<iframe/i);
  });

  it('checks every redirect target again', async () => {
    await expect(
      previewPage(
        `${origin}/to-private`,
        deps((a) => a === '127.0.0.1'),
      ),
    ).rejects.toMatchObject({ status: 422, message: PREVIEW_MSG.refused });
  });

  it('refuses a host whose address the policy does not allow', async () => {
    await expect(
      previewPage(
        `${origin}/page`,
        deps(() => false),
      ),
    ).rejects.toMatchObject({ status: 422, message: PREVIEW_MSG.refused });
  });

  it('answers 413 over 5MB, 422 for a page that is not HTML, 404 for a missing page', async () => {
    await expect(previewPage(`${origin}/big`, deps())).rejects.toMatchObject({ status: 413, message: PREVIEW_MSG.tooLarge });
    await expect(previewPage(`${origin}/json`, deps())).rejects.toMatchObject({ status: 422, message: PREVIEW_MSG.notHtml });
    await expect(previewPage(`${origin}/gone`, deps())).rejects.toMatchObject({ status: 404, message: PREVIEW_MSG.notFound });
  });
});
