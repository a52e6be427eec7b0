/**
 * Uploads: the image gallery (000 §2, §5, §7, §8: 10MB, allowed types by bytes AND
 * extension, SVG sanitized or refused, confined names, nosniff + sandboxing CSP) with an
 * attack corpus of which nothing may be accepted, and the CSV uploads (000 §7, 001 §5, §7:
 * only CSV, caps, every bad row with its line, all or nothing, the seed's messages).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../src/model/constants.ts';
import { MSG } from '../../src/model/messages.ts';
import { CSV_LIMITS } from '../../src/model/csv.ts';
import { RMSG } from '../../src/model/fields.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { filesBelow, type UploadFile } from './helpers.ts';
import { serverForTests } from './file-server.ts';
import { at } from '../at.ts';

const demo = demoData();
const t = serverForTests({ demoOrders: 100 });

// ---- valid samples of every allowed type -------------------------------------------------
const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
const cat = (...parts: (number[] | string | Uint8Array)[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p as Uint8Array)))));
const PNG = b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==');
const GIF = b64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
const JPG = cat([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0], new Uint8Array(64), [0xff, 0xd9]);
const webpBody = cat('WEBPVP8 ', new Uint8Array(30));
const WEBP = cat('RIFF', [webpBody.length & 255, (webpBody.length >> 8) & 255, 0, 0], webpBody);
const PDF = cat('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const MP4 = cat([0, 0, 0, 24], 'ftypisom', [0, 0, 2, 0], 'isomiso2', new Uint8Array(64));
const WEBM = new Uint8Array(Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282847765626d42878104428581021853806701000000000000', 'hex'));
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect width="10" height="10" fill="#3a7"/><circle cx="5" cy="5" r="3"/></svg>';

const FUNNEL = 2;
const listNames = async (funnel = FUNNEL) => (await t.api('GET', `/api/v1/images/${funnel}`)).body.map((i: { name: string }) => i.name);
/** Every file under the uploads directory, relative. */
const storedFiles = (): string[] => filesBelow(t.server.config.uploadsDir);

describe('image gallery', () => {
  it('accepts every allowed type whose bytes match its extension, lists and serves them safely', async () => {
    const files: UploadFile[] = [
      { name: 'hero.png', data: PNG },
      { name: 'Logo Small.GIF', data: GIF },
      { name: 'photo.jpg', data: JPG },
      { name: 'photo2.jpeg', data: JPG },
      { name: 'banner.webp', data: WEBP },
      { name: 'manual.pdf', data: PDF },
      { name: 'clip.mp4', data: MP4 },
      { name: 'clip.webm', data: WEBM },
      { name: 'icon.svg', data: SVG },
    ];
    const r = await t.upload(`/api/v1/images/${FUNNEL}`, files);
    expect(r.status, r.text).toBe(201);
    expect(r.body.message).toBe(MSG.uploadOk('hero.png, Logo Small.GIF, photo.jpg, photo2.jpeg, banner.webp, manual.pdf, clip.mp4, clip.webm, icon.svg'));
    const list = (await t.api('GET', `/api/v1/images/${FUNNEL}`)).body;
    expect(list.map((i: { name: string }) => i.name).sort()).toEqual([
      'Logo-Small.gif',
      'banner.webp',
      'clip.mp4',
      'clip.webm',
      'hero.png',
      'icon.svg',
      'manual.pdf',
      'photo.jpg',
      'photo2.jpeg',
    ]);
    const hero = list.find((i: { name: string }) => i.name === 'hero.png');
    expect(hero).toEqual({ name: 'hero.png', url: `${t.url}/uploads/${FUNNEL}/hero.png`, type: 'image/png', size: PNG.length });

    const got = await fetch(hero.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect(got.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
    const svg = await fetch(`${t.url}/uploads/${FUNNEL}/icon.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    const svgText = await svg.text();
    expect(svgText).toContain('<svg');
    expect(svgText).toContain('<circle');
    expect((await fetch(`${t.url}/uploads/${FUNNEL}/manual.pdf`)).headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await fetch(`${t.url}/uploads/${FUNNEL}/nope.png`)).status).toBe(404);
    expect((await fetch(`${t.url}/uploads/${FUNNEL}/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it('refuses a name already in the gallery (409) and deletes', async () => {
    const again = await t.upload(`/api/v1/images/${FUNNEL}`, [{ name: 'hero.png', data: PNG }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: MSG.uploadFailed('hero.png'), reason: "An image named hero.png already exists in this funnel's gallery" });
    expect((await t.api('DELETE', `/api/v1/images/${FUNNEL}/hero.png`)).body).toEqual({ message: 'Image deleted', name: 'hero.png' });
    expect((await t.api('DELETE', `/api/v1/images/${FUNNEL}/hero.png`)).body).toEqual({ message: 'Image not found' });
    expect(await listNames()).not.toContain('hero.png');
    expect((await t.api('GET', '/api/v1/images/999')).status).toBe(404);
  });

  it('two uploads of one name at once: exactly one 201, the other 409, and the first bytes stay intact', async () => {
    // Different bytes under one name, so what is stored tells which upload won.
    const GIF2 = b64('R0lGODlhAQABAIAAAP8AAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
    for (let round = 0; round < 5; round++) {
      const name = `race-${round}.gif`;
      const [a, b] = await Promise.all([
        t.upload(`/api/v1/images/${FUNNEL}`, [{ name, data: GIF }]),
        t.upload(`/api/v1/images/${FUNNEL}`, [{ name, data: GIF2 }]),
      ]);
      expect([a.status, b.status].sort(), `${a.text} ${b.text}`).toEqual([201, 409]);
      const lost = a.status === 409 ? a : b;
      expect(lost.body).toMatchObject({ message: MSG.uploadFailed(name), reason: `An image named ${name} already exists in this funnel's gallery` });
      const served = new Uint8Array(await (await fetch(`${t.url}/uploads/${FUNNEL}/${name}`)).arrayBuffer());
      expect(served).toEqual(a.status === 201 ? GIF : GIF2);
      expect(storedFiles().filter((f) => f.includes('.tmp'))).toEqual([]);
    }
  });

  it('a batch whose second file lost a race keeps nothing of the batch and leaves the winner intact', async () => {
    const GIF2 = b64('R0lGODlhAQABAIAAAP8AAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
    const first = await t.upload(`/api/v1/images/${FUNNEL}`, [{ name: 'taken.gif', data: GIF }]);
    expect(first.status).toBe(201);
    // 'taken.gif' is checked again at write time: the batch is refused as a whole.
    const r = await t.upload(`/api/v1/images/${FUNNEL}`, [
      { name: 'fresh.gif', data: GIF2 },
      { name: 'taken.gif', data: GIF2 },
    ]);
    expect(r.status).toBe(409);
    expect(await listNames()).not.toContain('fresh.gif');
    expect(new Uint8Array(await (await fetch(`${t.url}/uploads/${FUNNEL}/taken.gif`)).arrayBuffer())).toEqual(GIF);
  });

  it("answers 'Image must be smaller than 10MB!' (413) to 10MB + 1 byte and writes nothing", async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PNG.subarray(0, 16));
    const r = await t.upload(`/api/v1/images/${FUNNEL}`, [{ name: 'big.png', data: big }]);
    expect(r.status).toBe(413);
    expect(r.body.message).toBe(MSG.imageTooLarge);
    const exact = new Uint8Array(MAX_UPLOAD_BYTES);
    exact.set(PNG.subarray(0, 16));
    exact.set(PNG.subarray(PNG.length - 12), MAX_UPLOAD_BYTES - 12);
    const ok = await t.upload(`/api/v1/images/${FUNNEL}`, [{ name: 'exactly-10mb.png', data: exact }]);
    expect(ok.status, ok.text).toBe(201);
    await t.api('DELETE', `/api/v1/images/${FUNNEL}/exactly-10mb.png`);
    expect(await listNames()).not.toContain('big.png');
  });

  it('accepts nothing of the attack corpus, and keeps every file inside the funnel folder', async () => {
    const before = storedFiles();
    const zipTail = cat('PK', [3, 4], new Uint8Array(26), 'evil.js', 'PK', [5, 6], new Uint8Array(18));
    const corpus: [string, UploadFile[], number?][] = [
      // Polyglots: a real header with markup, script or an archive hidden inside or appended.
      ['gif+js', [{ name: 'poly.gif', data: cat('GIF89a/*', new Uint8Array(10), '*/=1;alert(document.domain);//', [0x3b]) }]],
      ['gif+html', [{ name: 'poly2.gif', data: cat(GIF.subarray(0, GIF.length - 1), '<html><script>alert(1)</script></html>', [0x3b]) }]],
      ['png+html appended', [{ name: 'poly.png', data: cat(PNG, '<script>alert(1)</script>') }]],
      ['png+zip appended', [{ name: 'poly3.png', data: cat(PNG, zipTail) }]],
      ['png+php in chunk', [{ name: 'poly4.png', data: cat(PNG.subarray(0, 33), '<?php system($_GET["c"]); ?>', PNG.subarray(33)) }]],
      ['jpeg+script comment', [{ name: 'poly.jpg', data: cat([0xff, 0xd8, 0xff, 0xfe, 0, 40], '<script src=//evil.example/x.js></script>', [0xff, 0xd9]) }]],
      ['jpeg+trailing data', [{ name: 'poly2.jpg', data: cat(JPG, 'MZ this is not an image') }]],
      [
        'pdf with javascript',
        [{ name: 'js.pdf', data: cat('%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n') }],
      ],
      ['pdf + appended html', [{ name: 'tail.pdf', data: cat(PDF, '<html><body>hi</body></html>') }]],
      ['webp bad size', [{ name: 'bad.webp', data: cat(WEBP, '<svg onload=alert(1)>') }]],
      // SVG with active content.
      ['svg script', [{ name: 's1.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]],
      ['svg onload', [{ name: 's2.svg', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>' }]],
      [
        'svg foreignObject',
        [
          {
            name: 's3.svg',
            data: '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"></iframe></foreignObject></svg>',
          },
        ],
      ],
      [
        'svg javascript href',
        [
          {
            name: 's4.svg',
            data: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
          },
        ],
      ],
      ['svg external use', [{ name: 's5.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/x.svg#a"/></svg>' }]],
      [
        'svg xxe',
        [
          {
            name: 's6.svg',
            data: '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
          },
        ],
      ],
      ['svg style import', [{ name: 's7.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css);</style></svg>' }]],
      ['svg event on child', [{ name: 's8.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" onmouseover="alert(1)"/></svg>' }]],
      [
        'svg animate href',
        [
          {
            name: 's9.svg',
            data: '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
          },
        ],
      ],
      ['svg not well-formed', [{ name: 's10.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>' }]],
      ['html named svg', [{ name: 's11.svg', data: '<html><body><script>alert(1)</script></body></html>' }]],
      ['png named svg', [{ name: 's12.svg', data: PNG }]],
      // Wrong extensions and types.
      ['png named jpg', [{ name: 'wrong.jpg', data: PNG }]],
      ['gif named png', [{ name: 'wrong.png', data: GIF }]],
      ['html named png', [{ name: 'page.png', data: '<!doctype html><script>alert(1)</script>' }]],
      ['svg named png', [{ name: 'vector.png', data: SVG }]],
      ['exe named gif', [{ name: 'setup.gif', data: cat('MZ', new Uint8Array(200)) }]],
      ['html', [{ name: 'index.html', data: '<h1>hi</h1>' }]],
      ['php', [{ name: 'shell.php', data: '<?php echo 1;' }]],
      ['no extension', [{ name: 'README', data: PNG }]],
      ['double extension php', [{ name: 'x.png.php', data: PNG }]],
      // Empty, names, traversal.
      ['empty', [{ name: 'empty.png', data: new Uint8Array(0) }]],
      ['traversal', [{ name: '../../escape.png', data: PNG }]],
      ['traversal backslash', [{ name: '..\\..\\escape.png', data: PNG }]],
      ['absolute', [{ name: '/etc/escape.png', data: PNG }]],
      ['subfolder', [{ name: 'sub/dir.png', data: PNG }]],
      ['dot file', [{ name: '.hidden.png', data: PNG }]],
      ['dot dot name', [{ name: '...png', data: PNG }]],
      ['control char', [{ name: 'a\u0001b.png', data: PNG }]],
      ['long name', [{ name: `${'a'.repeat(300)}.png`, data: PNG }]],
      ['unicode lookalike slash', [{ name: 'a\u2215b.png', data: PNG }]],
      // One bad file spoils the batch: nothing of it is written.
      [
        'batch with one bad file',
        [
          { name: 'good-one.png', data: PNG },
          { name: 'bad-one.png', data: GIF },
        ],
      ],
    ];
    for (const [label, files] of corpus) {
      const r = await t.upload(`/api/v1/images/${FUNNEL}`, files);
      expect(r.status, `${label}: ${r.text}`).toBeGreaterThanOrEqual(400);
      expect(r.status, label).toBeLessThan(500);
      expect(typeof r.body.message, label).toBe('string');
    }
    // A refused file answers the seed's failure text with the reason.
    const one = await t.upload(`/api/v1/images/${FUNNEL}`, [{ name: 'wrong.jpg', data: PNG }]);
    expect(one.body).toEqual({ message: MSG.uploadFailed('wrong.jpg'), reason: "The file's content is png, not jpg", file: 'wrong.jpg' });
    const trav = await t.upload(`/api/v1/images/${FUNNEL}`, [{ name: '../../escape.png', data: PNG }]);
    expect(trav.body.reason).toBe(RMSG.fileName);
    expect(storedFiles()).toEqual(before);
    expect(fs.existsSync(path.join(t.server.config.uploadsDir, '..', 'escape.png'))).toBe(false);

    // Deleting by a traversal name never leaves the folder.
    for (const name of ['..%2F..%2Fpackage.json', '..%2Fx.png', '%2Fetc%2Fpasswd', '.hidden.png', 'a%00.png']) {
      const r = await t.api('DELETE', `/api/v1/images/${FUNNEL}/${name}`);
      expect([404, 422], name).toContain(r.status);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a request without a file, or not multipart', async () => {
    const none = await t.api('POST', `/api/v1/images/${FUNNEL}`, { body: { file: 'x' } });
    expect(none.status).toBe(415);
    const form = new FormData();
    form.append('other', 'x');
    const empty = await fetch(`${t.url}/api/v1/images/${FUNNEL}`, { method: 'POST', headers: { Authorization: `Bearer ${t.token}` }, body: form });
    expect(empty.status).toBe(422);
    expect((await empty.json()).message).toBe('No file uploaded: send it in the field "file"');
  });
});

describe('CSV uploads', () => {
  const fulfillment = '/api/v1/csv_upload/sticky/campaigns_fulfillment';
  const productsCsv = (funnel: number) => `/api/v1/csv_upload/sticky/products_create/${funnel}`;

  it('sets campaign fulfillment from a valid file; the sticky account may upload', async () => {
    const csv = `campaign_id,fulfillment\n${at(demo.campaigns, 0, 'demo campaign').campaign_id},Ecomm\n"${at(demo.campaigns, 3, 'demo campaign').campaign_id}",SRLC\n`;
    const r = await t.upload(fulfillment, [{ name: 'fulfil.csv', data: csv, type: 'text/csv' }], { token: await t.tokenOf('sticky') });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ message: MSG.uploadOk('fulfil.csv'), rows: 2 });
    expect((await t.api('GET', `/api/v1/campaigns/${at(demo.campaigns, 0, 'demo campaign').ID}`)).body.fulfillment).toBe('Ecomm');
    expect((await t.api('GET', `/api/v1/campaigns/${at(demo.campaigns, 3, 'demo campaign').ID}`)).body.fulfillment).toBe('SRLC');
  });

  it('reports every bad row with its line number and writes nothing', async () => {
    const csv = [
      'campaign_id,fulfillment',
      `${at(demo.campaigns, 1, 'demo campaign').campaign_id},SRLC`,
      '',
      '12a,Ecomm',
      `${at(demo.campaigns, 2, 'demo campaign').campaign_id},Moon`,
      '"99997",Ecomm',
      `${at(demo.campaigns, 5, 'demo campaign').campaign_id},Ecomm`,
      `${at(demo.campaigns, 4, 'demo campaign').campaign_id},Ecomm,extra`,
    ].join('\n');
    const r = await t.upload(fulfillment, [{ name: 'bad.csv', data: csv }]);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(MSG.uploadFailed('bad.csv'));
    expect(r.body.errors).toEqual([
      { line: 4, message: MSG.onlyNumbers },
      { line: 5, message: RMSG.fulfillment },
      { line: 8, message: 'Too many fields: 3 where the header has 2' },
    ]);
    // Rows that parse but refer to nothing (or a locked funnel) are reported the same way.
    const r2 = await t.upload(fulfillment, [
      {
        name: 'bad2.csv',
        data: `campaign_id,fulfillment\n${at(demo.campaigns, 1, 'demo campaign').campaign_id},SRLC\n99997,Ecomm\n${at(demo.campaigns, 5, 'demo campaign').campaign_id},Ecomm\n`,
      },
    ]);
    expect(r2.body.errors).toEqual([
      { line: 3, message: 'Campaign 99997 not found' },
      { line: 4, message: MSG.locked },
    ]);
    expect((await t.api('GET', `/api/v1/campaigns/${at(demo.campaigns, 1, 'demo campaign').ID}`)).body.fulfillment).toBe(
      at(demo.campaigns, 1, 'demo campaign').fulfillment,
    );
  });

  it('accepts only CSV text within the caps', async () => {
    const cases: [UploadFile, number, string][] = [
      [{ name: 'list.xlsx', data: 'campaign_id,fulfillment\n1,Ecomm\n' }, 422, 'Only CSV files are accepted'],
      [{ name: 'bin.csv', data: cat('campaign_id,fulfillment\n', [0, 1, 2, 3], '\n') }, 422, 'The file is not a CSV text file'],
      [{ name: 'latin.csv', data: cat('campaign_id,fulfillment\n1,', [0xe9, 0xff], '\n') }, 422, 'The CSV file is not UTF-8 text'],
      [{ name: 'empty.csv', data: '' }, 422, 'The CSV file is empty'],
      [{ name: 'header.csv', data: 'campaign_id,fulfillment\n' }, 422, 'The CSV file has no rows'],
      [{ name: 'cols.csv', data: 'id,where\n1,Ecomm\n' }, 422, 'Missing columns campaign_id, fulfillment'],
      [
        { name: 'rows.csv', data: `campaign_id,fulfillment\n${'12001,Ecomm\n'.repeat(CSV_LIMITS.maxRows + 1)}` },
        413,
        `The CSV file has more than ${CSV_LIMITS.maxRows} rows`,
      ],
    ];
    for (const [file, status, reason] of cases) {
      const r = await t.upload(fulfillment, [file]);
      expect(r.status, file.name).toBe(status);
      expect(r.body.message, file.name).toBe(MSG.uploadFailed(file.name));
      expect(r.body.reason, file.name).toBe(reason);
    }
    const huge = await t.upload(fulfillment, [{ name: 'huge.csv', data: 'campaign_id,fulfillment\n' + 'x'.repeat(CSV_LIMITS.maxBytes + 100 * 1024) }]);
    expect(huge.status).toBe(413);
  });

  it("creates products for the funnel's offer from a CSV, all or nothing", async () => {
    const head = 'name,description,sku,cost_of_goods,product_price,shipping_weight,product_id,billing_model,product_category';
    const good = `${head}\nGlow Mask,Sheet mask,GS-MASK,1.10,9.99,0.1,,2,Skin Care\n"Glow Oil, 10ml","Face oil",GS-OIL,2.5,24.99,0.05,7001,3,\n`;
    const r = await t.upload(productsCsv(1), [{ name: 'products.csv', data: good }]);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({ message: MSG.uploadOk('products.csv'), rows: 2, created: 2, updated: 0 });
    const list = (await t.api('GET', '/api/v1/funnels/1/products')).body;
    expect(list.find((p: { name: string }) => p.name === 'Glow Oil, 10ml')).toMatchObject({ product_id: 7001, billing_model: 3, product_price: 24.99 });
    const count = list.length;
    const bad = `${head}\nOK,desc,SKU1,1,2,0.1,,,\n,desc,SKU2,1,2,0.1,,,\nDup,desc,SKU3,1,2,0.1,7001,,\nPrice,desc,SKU4,1,-5,0.1,,,\n`;
    const r2 = await t.upload(productsCsv(1), [{ name: 'bad.csv', data: bad }]);
    expect(r2.status).toBe(422);
    expect(r2.body.errors).toEqual([
      { line: 3, message: MSG.productName },
      { line: 5, message: MSG.price },
    ]);
    const r3 = await t.upload(productsCsv(1), [{ name: 'dup.csv', data: `${head}\nDup,desc,SKU3,1,2,0.1,7001,,\n` }]);
    expect(r3.status).toBe(409);
    expect(r3.body.errors).toEqual([{ line: 2, message: 'Product 7001 already exists' }]);
    expect((await t.api('GET', '/api/v1/funnels/1/products')).body).toHaveLength(count);
    const locked = await t.upload(productsCsv(3), [{ name: 'products.csv', data: good }]);
    expect(locked.status).toBe(423);
    expect((await t.upload(productsCsv(999), [{ name: 'products.csv', data: good }])).status).toBe(404);
  });

  it("updates the offer's product with the same SKU instead of adding a second one; other rows are created", async () => {
    const head = 'name,description,sku,cost_of_goods,product_price,shipping_weight,product_id,max_quantity,billing_model,product_category';
    const list = async () =>
      (await t.api('GET', '/api/v1/funnels/2/products')).body as {
        ID: number;
        product_id: number;
        sku: string;
        name: string;
        product_price: number;
        billing_model: number;
        max_quantity: number;
        product_category: string;
      }[];
    const before = await list();
    const kit = before.find((p) => p.sku === 'PB-KIT-01');
    expect(kit, 'demo product PB-KIT-01').toBeDefined();
    // Make the kit a subscription first: an upload without that column must keep it.
    const put = await t.api('PUT', `/api/v1/products/${kit?.ID}`, {
      body: {
        offer_id: 10245,
        name: kit?.name,
        description: 'Kit',
        sku: 'PB-KIT-01',
        cost_of_goods: 5,
        product_price: 49.99,
        shipping_weight: 0.4,
        billing_model: 3,
        max_quantity: 7,
        product_category: 'Teeth Whitening',
      },
    });
    expect(put.status, put.text).toBe(200);

    const csv = `${head}\nPureBrite Kit v2,Whitening kit,PB-KIT-01,5.5,54.99,0.4,,,,\nPureBrite Strips,Strips,PB-STRIP-1,1,14.99,0.1,,,,\n`;
    const r = await t.upload('/api/v1/csv_upload/sticky/products_create/2', [{ name: 'kit.csv', data: csv }]);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toEqual({ message: MSG.uploadOk('kit.csv'), rows: 2, created: 1, updated: 1 });
    const after = await list();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((p) => p.sku === 'PB-KIT-01')).toEqual([
      expect.objectContaining({
        ID: kit?.ID,
        product_id: kit?.product_id,
        name: 'PureBrite Kit v2',
        product_price: 54.99,
        billing_model: 3,
        max_quantity: 7,
        product_category: 'Teeth Whitening',
      }),
    ]);
    expect(after.filter((p) => p.sku === 'PB-STRIP-1')).toHaveLength(1);

    // Uploaded again: both rows update (given optional cells are taken), nothing is added.
    const again = await t.upload('/api/v1/csv_upload/sticky/products_create/2', [
      { name: 'kit.csv', data: `${head}\nPureBrite Kit v3,Whitening kit,PB-KIT-01,5.5,59.99,0.4,,12,2,\nPureBrite Strips,Strips,PB-STRIP-1,1,15.99,0.1,,,,\n` },
    ]);
    expect(again.body).toEqual({ message: MSG.uploadOk('kit.csv'), rows: 2, created: 0, updated: 2 });
    const third = await list();
    expect(third).toHaveLength(after.length);
    expect(third.find((p) => p.sku === 'PB-KIT-01')).toMatchObject({ name: 'PureBrite Kit v3', product_price: 59.99, max_quantity: 12, billing_model: 2 });

    // A SKU twice in one file, or an update taking another product's platform id: refused, nothing written.
    const paste = third.find((p) => p.sku === 'PB-PASTE-2');
    const bad = await t.upload('/api/v1/csv_upload/sticky/products_create/2', [
      { name: 'bad.csv', data: `${head}\nA,d,PB-NEW-9,1,2,0.1,,,,\nB,d,PB-NEW-9,1,2,0.1,,,,\nC,d,PB-KIT-01,1,2,0.1,${paste?.product_id},,,\n` },
    ]);
    expect(bad.status).toBe(409);
    expect(bad.body.errors).toEqual([
      { line: 3, message: 'SKU PB-NEW-9 appears more than once in the file' },
      { line: 4, message: `Product ${paste?.product_id} already exists` },
    ]);
    expect(await list()).toEqual(third);
  });

  it("refuses any file but a CSV with the seed's words (001 §5)", async () => {
    const r = await t.upload('/api/v1/csv_upload/sticky/products_create/1', [{ name: 'products.xlsx', data: 'name,description\n' }]);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ message: MSG.uploadFailed('products.xlsx'), reason: 'Uploads of product lists accept only csv' });
  });
});
