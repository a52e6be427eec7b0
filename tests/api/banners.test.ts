/**
 * Affiliate banner uploads (000 §5 "Banner images", §9 "desktop 2978 x 194 px, mobile
 * 422 x 97 px"): `POST /api/v1/images/{funnelId}?banner=desktop|mobile` stores an image only
 * when it has that banner's pixel size, and says the size it has otherwise. Nothing is written
 * for a refused upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerSizeError } from '../../src/model/images.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const svg = (w: number, h: number) =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#246"/></svg>`,
  );
const names = async () => (await t.api('GET', '/api/v1/images/2')).body.map((i: { name: string }) => i.name);

describe('affiliate banner uploads', () => {
  it('stores a desktop banner of 2978 x 194 px and a mobile banner of 422 x 97 px', async () => {
    const d = await t.upload('/api/v1/images/2?banner=desktop', [{ name: 'aff-desktop.svg', data: svg(2978, 194) }]);
    expect(d.status).toBe(201);
    const m = await t.upload('/api/v1/images/2?banner=mobile', [{ name: 'aff-mobile.svg', data: svg(422, 97) }]);
    expect(m.status).toBe(201);
    expect(await names()).toEqual(expect.arrayContaining(['aff-desktop.svg', 'aff-mobile.svg']));
  });

  it('refuses another size with the size it has, and writes nothing', async () => {
    const r = await t.upload('/api/v1/images/2?banner=mobile', [{ name: 'aff-wrong.svg', data: svg(2978, 194) }]);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(bannerSizeError('mobile', { width: 2978, height: 194 }));
    expect(r.body.message).toBe('The mobile banner must be 422 x 97 px; this image is 2978 x 194 px');
    expect(await names()).not.toContain('aff-wrong.svg');
  });

  it('refuses a file without a pixel size (a PDF) as a banner, and an unknown banner kind', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const r = await t.upload('/api/v1/images/2?banner=desktop', [{ name: 'aff.pdf', data: pdf }]);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The desktop banner must be an image of 2978 x 194 px');
    const k = await t.upload('/api/v1/images/2?banner=tablet', [{ name: 'aff-t.svg', data: svg(422, 97) }]);
    expect(k.status).toBe(422);
    expect(k.body.message).toBe('banner must be desktop or mobile');
    expect(await names()).not.toContain('aff.pdf');
    expect(await names()).not.toContain('aff-t.svg');
  });

  it('checks nothing of the size without ?banner', async () => {
    expect((await t.upload('/api/v1/images/2', [{ name: 'any-size.svg', data: svg(10, 10) }])).status).toBe(201);
  });
});
