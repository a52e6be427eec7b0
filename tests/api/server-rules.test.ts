/**
 * Rules the server keeps as the forms do ("Rules the server must keep"): each block
 * sends what the browser's form would refuse straight to the API and expects the form's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, RMSG } from '../../src/model/index.ts';
import { urlFieldMessage } from '../../src/model/url.ts';
import { SLIDER_IMAGE_MSG } from '../../src/model/images.ts';
import { SPLIT_MSG } from '../../src/model/split.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { at } from '../at.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 10 });
});
afterAll(async () => {
  await t?.close();
});

interface Chunk {
  progress: number;
  message: string;
}

/** Publishes funnel `id` and returns the last NDJSON line. */
async function publish(id: number): Promise<Chunk | undefined> {
  const res = await fetch(`${t.url}/api/v1/funnels/${id}/publish`, { method: 'PUT', headers: { Authorization: `Bearer ${t.token}` } });
  const lines = (await res.text()).split('\n').filter((l) => l.trim() !== '');
  return lines.map((l) => JSON.parse(l) as Chunk).at(-1);
}

/** The funnel's current version as an If-Match header. */
async function ifMatch(path: string): Promise<Record<string, string>> {
  return { 'If-Match': `"${((await t.api('GET', path)).body as { version: number }).version}"` };
}

/** PATCHes the document at `path` with the JSON Patch `ops` against its current version. */
async function patchCurrent(path: string, ops: unknown[]) {
  return t.api('PATCH', path, { patch: true, body: ops, headers: await ifMatch(path) });
}

describe('funnel details: dl_offer_name, index page, support number and e-mail (000 §5)', () => {
  it('a PATCH or PUT may not clear them: 422 with the details form message and the field', async () => {
    const cases: [unknown[], string, string][] = [
      [[{ op: 'replace', path: '/details/dl_offer_name', value: '  ' }], MSG.dlOfferName, 'details.dl_offer_name'],
      [[{ op: 'replace', path: '/cs_number', value: '' }], MSG.supportNumber, 'cs_number'],
      [[{ op: 'replace', path: '/cs_email', value: '' }], MSG.supportEmail, 'cs_email'],
      [[{ op: 'replace', path: '/page_id', value: null }], MSG.indexPage, 'page_id'],
    ];
    for (const [ops, message, field] of cases) {
      const r = await patchCurrent('/api/v1/funnels/2', ops);
      expect([r.status, r.body], JSON.stringify(ops)).toEqual([422, { message, field }]);
    }
    const put = await t.api('PUT', '/api/v1/funnels/2', { body: { cs_number: '' }, headers: await ifMatch('/api/v1/funnels/2') });
    expect([put.status, put.body]).toEqual([422, { message: MSG.supportNumber, field: 'cs_number' }]);
    const f = (await t.api('GET', '/api/v1/funnels/2')).body as { cs_number: string; cs_email: string; page_id: number; details: { dl_offer_name: string } };
    expect(f.cs_number).not.toBe('');
    expect(f.details.dl_offer_name).not.toBe('');
    // Any other edit still saves.
    const ok = await patchCurrent('/api/v1/funnels/2', [{ op: 'replace', path: '/cs_number', value: '+1 555 0100' }]);
    expect(ok.status).toBe(200);
  });

  it('the pre-publish check refuses a funnel without them, then publishes it once they are set', async () => {
    const OFFER = at(demoData().offers, 0, 'demo offer').offer_id;
    const products = ((await t.api('GET', '/api/v1/pages/2')).body as { meta: { products: unknown[] } }).meta.products;
    const f = (await t.api('POST', '/api/v1/funnels', { body: { name: 'Internal name 27', offer: OFFER } })).body as { ID: number };
    const thanks = (
      await t.api('POST', '/api/v1/pages', { body: { funnel_id: f.ID, name: 'Thank You', page_type: 'thankyou', page_path: '/thank-you/', template_id: 5 } })
    ).body as { ID: number };
    const checkout = (
      await t.api('POST', '/api/v1/pages', {
        body: { funnel_id: f.ID, name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', template_id: 2, page_id: thanks.ID, meta: { products } },
      })
    ).body as { ID: number };
    const path = `/api/v1/funnels/${f.ID}`;
    expect((await patchCurrent(path, [{ op: 'replace', path: '/page_id', value: checkout.ID }])).status).toBe(200);
    expect(await publish(f.ID)).toEqual({ progress: 0, message: [MSG.dlOfferName, MSG.supportNumber, MSG.supportEmail].join('\n') });
    const set = await patchCurrent(path, [
      { op: 'replace', path: '/details/dl_offer_name', value: 'Brand 27' },
      { op: 'replace', path: '/cs_number', value: '+1 555 0127' },
      { op: 'replace', path: '/cs_email', value: 'help@brand27.example' },
    ]);
    expect(set.status).toBe(200);
    expect(await publish(f.ID)).toEqual({ progress: 100, message: 'Done' });
  });
});

describe('URL fields: http(s) or a site path only', () => {
  const HOSTILE = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<b>x</b>',
    '//evil.example/x.png',
    'logo.png',
    'https://',
    'http://a b/x.png',
    ' /x.png',
  ];

  it('funnel details: logo, favicon, white logo, manual and banner images are refused with the field named', async () => {
    const path = '/api/v1/funnels/1';
    for (const value of HOSTILE) {
      const cases: [unknown, string][] = [
        [{ op: 'replace', path: '/details/logo', value }, urlFieldMessage('Logo URL')],
        [{ op: 'replace', path: '/details/favicon', value }, urlFieldMessage('Favicon URL')],
        [{ op: 'replace', path: '/details/logo_white', value }, urlFieldMessage('White logo URL')],
        [{ op: 'add', path: '/details/manual/-', value: { manual_id: '9', manual_img: value } }, MSG.imageUrl],
        [{ op: 'add', path: '/details/bannerImageAffid/-', value: { affid_img: '77', desktop_src: value, mobile_src: '' } }, MSG.imageUrl],
      ];
      for (const [op, message] of cases) {
        const r = await patchCurrent(path, [op]);
        expect([r.status, (r.body as { message: string }).message], JSON.stringify(op)).toEqual([422, message]);
      }
    }
    const put = await t.api('PUT', path, { body: { details: { logo: 'javascript:alert(1)' } }, headers: await ifMatch(path) });
    expect([put.status, (put.body as { message: string }).message]).toEqual([422, urlFieldMessage('Logo URL')]);
    const ok = await patchCurrent(path, [
      { op: 'replace', path: '/details/logo', value: 'https://cdn.example.com/logo.png?v=2' },
      { op: 'replace', path: '/details/favicon', value: '/favicon.ico' },
      { op: 'add', path: '/details/manual/-', value: { manual_id: '9', manual_img: '/uploads/1/manual%201.png' } },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("a note's task URL and a page's redirect path", async () => {
    for (const value of HOSTILE) {
      const note = await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, message: 'Checked', task_url: value } });
      expect([note.status, (note.body as { message: string }).message], value).toEqual([422, urlFieldMessage('Task URL')]);
      const redirect = await patchCurrent('/api/v1/pages/1', [{ op: 'add', path: '/meta/redirect', value: { path: value } }]);
      expect([redirect.status, (redirect.body as { message: string }).message], value).toEqual([422, MSG.redirectPath]);
    }
    expect((await t.api('POST', '/api/v1/audit_logs', { body: { funnel_id: 1, message: 'Checked', task_url: 'https://tasks.example.com/FA-9' } })).status).toBe(
      201,
    );
  });
});

describe('campaign region and fulfillment on every campaign write (001 §5)', () => {
  it('create and update refuse a campaign without a region or a fulfillment; nothing is written', async () => {
    const before = ((await t.api('GET', '/api/v1/funnels/2/campaigns')).body as unknown[]).length;
    const body = { campaign_id: '46001', funnel_id: 2, regions: ['US'], fulfillment: 'Ecomm' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, regions: [] }, RMSG.regions],
      [{ ...body, regions: undefined }, RMSG.regions],
      [{ ...body, regions: ['US', 'US'] }, RMSG.regions],
      [{ ...body, fulfillment: '' }, RMSG.fulfillment],
      [{ ...body, fulfillment: undefined }, RMSG.fulfillment],
      [{ ...body, fulfillment: 'Moon' }, RMSG.fulfillment],
    ];
    for (const [b, message] of cases) {
      const r = await t.api('POST', '/api/v1/campaigns', { body: b });
      expect([r.status, r.body], JSON.stringify(b)).toEqual([422, { message }]);
    }
    expect(((await t.api('GET', '/api/v1/funnels/2/campaigns')).body as unknown[]).length).toBe(before);
    const made = await t.api('POST', '/api/v1/campaigns', { body });
    expect(made.status).toBe(201);
    const id = (made.body as { ID: number }).ID;
    for (const [b, message] of cases) {
      const r = await t.api('PUT', `/api/v1/campaigns/${id}`, { body: b });
      expect([r.status, r.body], JSON.stringify(b)).toEqual([422, { message }]);
    }
    expect((await t.api('GET', `/api/v1/campaigns/${id}`)).body).toMatchObject({ regions: ['US'], fulfillment: 'Ecomm' });
  });
});

describe("the template editor's CSS check on the server", () => {
  it("refuses a style sheet a browser would have to recover from with 'Not valid css code', and saves valid nested CSS", async () => {
    for (const css of ['body { color: red', 'a{color:"x}', 'a{color:red} /* open', 'a{color:}', 'a{color:red} $$ {}']) {
      const tpl = await patchCurrent('/api/v1/templates/1', [{ op: 'add', path: '/meta/css', value: css }]);
      expect([tpl.status, tpl.body], css).toEqual([422, { message: MSG.invalidCode('css') }]);
      const page = await patchCurrent('/api/v1/pages/1', [{ op: 'add', path: '/meta/css', value: css }]);
      expect([page.status, page.body], css).toEqual([422, { message: MSG.invalidCode('css') }]);
    }
    const nested = '.hero{color:red; .title{font-weight:700} &:hover{color:blue}}';
    const ok = await patchCurrent('/api/v1/templates/1', [{ op: 'add', path: '/meta/css', value: nested }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((ok.body as { meta: { css: string } }).meta.css).toBe(nested);
  });
});

describe('deleting a template, product or offer that pages use is refused with the pages', () => {
  interface Refusal {
    message: string;
    pages: { funnel_id: number; ID: number; page_path: string; live: boolean }[];
  }
  const ids = (r: { body: unknown }) => (r.body as Refusal).pages.map((p) => [p.ID, p.live]);

  it('a template used by saved pages: 409 naming each page; the template and its pages stay', async () => {
    const r = await t.api('DELETE', '/api/v1/templates/3');
    expect(r.status).toBe(409);
    expect((r.body as Refusal).message).toMatch(/^Template "One-Click Upsell 1" is used by 4 pages: .*\(\/upsell1\/\) of .*\. Choose another template/);
    expect(ids(r)).toEqual([
      [3, false],
      [8, false],
      [13, false],
      [18, false],
    ]);
    expect((await t.api('GET', '/api/v1/templates/3')).status).toBe(200);
    expect(((await t.api('GET', '/api/v1/pages/3')).body as { template_id: number }).template_id).toBe(3);
  });

  it('a product offered by a page, and still by the live release after the page dropped it; an unused one is deleted', async () => {
    expect(ids(await t.api('DELETE', '/api/v1/products/3'))).toEqual([[4, false]]);
    expect(await publish(1)).toEqual({ progress: 100, message: 'Done' });
    const drop = await patchCurrent('/api/v1/pages/4', [{ op: 'replace', path: '/meta/products', value: [] }]);
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    const live = await t.api('DELETE', '/api/v1/products/3');
    expect(live.status).toBe(409);
    expect(ids(live)).toEqual([[4, true]]);
    expect((live.body as Refusal).message).toContain('(/upsell2/) of GlowSkin Serum – US Launch, live');
    expect((await t.api('GET', '/api/v1/products/3')).status).toBe(200);
    expect((await t.api('DELETE', '/api/v1/products/4')).status).toBe(200);
  });

  it("an offer whose funnel's pages sell it: 409 with the pages", async () => {
    const r = await t.api('DELETE', '/api/v1/offers/2');
    expect(r.status).toBe(409);
    expect((r.body as Refusal).message).toMatch(/^Offer 10245 \(.*\) is used by 5 pages: /);
    expect(ids(r).map(([id]) => id)).toEqual([6, 7, 8, 10, 9]);
  });
});

describe('gallery names beyond ASCII and the image slider', () => {
  const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  const JPG = new Uint8Array(
    Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
      Buffer.alloc(64),
      Buffer.from([0xff, 0xd9]),
    ]),
  );

  it('"Größe.png" and "café.jpg" are stored as given, listed, served and deleted', async () => {
    const r = await t.upload('/api/v1/images/1', [
      { name: 'Größe.png', data: PNG },
      { name: 'cafe\u0301.jpg', data: JPG },
    ]);
    expect(r.status, r.text).toBe(201);
    const images = r.body.images as { name: string; url: string }[];
    expect(images.map((i) => i.name).sort()).toEqual(['Größe.png', 'café.jpg']);
    const png = images.find((i) => i.name === 'Größe.png')!;
    expect(png.url).toBe(`${t.url}/uploads/1/Gr%C3%B6%C3%9Fe.png`);
    const got = await fetch(png.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toBe('inline; filename="Groe.png"; filename*=UTF-8\'\'Gr%C3%B6%C3%9Fe.png');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
    expect(((await t.api('GET', '/api/v1/images/1')).body as { name: string }[]).map((i) => i.name)).toEqual(expect.arrayContaining(['Größe.png', 'café.jpg']));
    expect((await t.api('DELETE', `/api/v1/images/1/${encodeURIComponent('café.jpg')}`)).status).toBe(200);
  });

  it('a page refuses a slider entry that is a PDF or a video; an image saves', async () => {
    for (const img of ['/uploads/1/manual.pdf', '/uploads/1/intro.mp4']) {
      const r = await patchCurrent('/api/v1/pages/2', [{ op: 'add', path: '/meta/imgSlider', value: [{ id: 'slide-1', img }] }]);
      expect([r.status, r.body], img).toEqual([422, { message: SLIDER_IMAGE_MSG }]);
    }
    const ok = await patchCurrent('/api/v1/pages/2', [
      { op: 'add', path: '/meta/imgSlider', value: [{ id: 'slide-1', img: '/uploads/1/Gr%C3%B6%C3%9Fe.png' }] },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('split conditions (001 §4): the server refuses what the split editor refuses', () => {
  it('a percent outside 0–100 or not a number, a match without its parameter, percentages over 100 in all: 422, nothing written', async () => {
    const base = { funnel_id: 2, name: 'Split 27', page_type: 'split', page_path: '/split-27/' };
    const cases: [unknown[], string][] = [
      [[{ type: 'percent', value: '150' }], SPLIT_MSG.percent],
      [[{ type: 'percent', value: '-5' }], SPLIT_MSG.percent],
      [[{ type: 'percent', value: 'half' }], SPLIT_MSG.percent],
      [[{ type: 'percent', value: '' }], SPLIT_MSG.percent],
      [[{ type: 'percent', value: '50.5' }], SPLIT_MSG.percent],
      [[{ type: 'match', param: '', value: 'fb' }], SPLIT_MSG.param],
      [
        [
          { type: 'percent', value: '80' },
          { type: 'percent', value: '50' },
        ],
        SPLIT_MSG.sum(130),
      ],
    ];
    for (const [split, message] of cases) {
      const r = await t.api('POST', '/api/v1/pages', { body: { ...base, split } });
      expect([r.status, r.body], JSON.stringify(split)).toEqual([422, { message }]);
    }
    const made = await t.api('POST', '/api/v1/pages', {
      body: {
        ...base,
        split: [
          { type: 'percent', value: '30' },
          { type: 'match', param: 'src', value: 'fb' },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = `/api/v1/pages/${(made.body as { ID: number }).ID}`;
    const patch = await patchCurrent(path, [{ op: 'add', path: '/split/-', value: { type: 'percent', value: '71' } }]);
    expect([patch.status, patch.body]).toEqual([422, { message: SPLIT_MSG.sum(101) }]);
  });
});
