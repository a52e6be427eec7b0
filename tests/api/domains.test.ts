/**
 * Domains (000 §5, §7; 001 §5) and DNS through the DNS provider (the cloud_flare family):
 * validation messages, duplicates, `?all=`, subdomains, `?sync=`, records with ttl 1, the
 * patch that applies only changed records, deletes, and 423 for a locked funnel's domains.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/messages.ts';
import { RMSG } from '../../src/model/fields.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { at } from '../at.ts';

let t: TestServer;
const demo = demoData();
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 100 });
});
afterAll(async () => {
  await t?.close();
});

type Rec = { id: string; type: string; name: string; content: string; proxied: boolean; ttl: number; zone_id: string; zone_name: string; priority: number | null };

describe('domains', () => {
  it('lists root domains with their children, or everything flat with ?all=true; subdomains; a funnel\'s domains', async () => {
    const grouped = await t.api('GET', '/api/v1/domains/?all=false');
    expect(grouped.status).toBe(200);
    const roots = demo.domains.filter((d) => !d.parent_id);
    expect(grouped.body.map((d: { name: string }) => d.name).sort()).toEqual(roots.map((d) => d.name).sort());
    const flex = grouped.body.find((d: { name: string }) => d.name === 'flexfit-bands.com');
    expect(flex.children.map((c: { name: string }) => c.name)).toEqual(['sommer.flexfit-bands.com']);
    const flat = await t.api('GET', '/api/v1/domains/?all=true');
    expect(flat.body).toHaveLength(demo.domains.length);
    expect((await t.api('GET', '/api/v1/domains?all=1')).body).toHaveLength(demo.domains.length);
    expect((await t.api('GET', '/api/v1/domains/?all=maybe')).body).toEqual({ message: 'all must be true or false' });
    const subs = await t.api('GET', '/api/v1/domains/subdomains');
    expect(subs.body).toEqual([expect.objectContaining({ name: 'sommer.flexfit-bands.com', domain_id: 2, parent: 'flexfit-bands.com', funnel_id: 3 })]);
    expect((await t.api('GET', '/api/v1/funnels/1/domains')).body.map((d: { name: string }) => d.name)).toEqual(['glowskin-offer.com']);
    expect((await t.api('GET', '/api/v1/funnels/999/domains')).status).toBe(404);
  });

  it("validates with the seed's messages and refuses duplicates with 'Domain [name] already added'", async () => {
    const cases: [unknown, string][] = [
      [{}, MSG.domainRequired], [{ name: '' }, MSG.domainRequired], [{ name: 'nodot' }, MSG.domainInvalid], [{ name: 'bad_char.com' }, MSG.domainInvalid],
      [{ name: '-lead.com' }, MSG.domainInvalid], [{ name: 'a.c0m' }, MSG.domainInvalid], [{ name: 'shop', funnel_id: 2 }, RMSG.selectDomain],
      [{ name: 'sh op', funnel_id: 2, domain_id: 4 }, RMSG.subdomain], [{ name: `${'a'.repeat(250)}.com` }, MSG.domainInvalid],
    ];
    for (const [body, message] of cases) {
      const r = await t.api('POST', '/api/v1/domains/', { body });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body, JSON.stringify(body)).toEqual({ message });
    }
    const dup = await t.api('POST', '/api/v1/domains/', { body: { name: 'GlowSkin-Offer.com' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: MSG.domainAdded('glowskin-offer.com') });
    const subDup = await t.api('POST', '/api/v1/domains/', { body: { name: 'sommer', funnel_id: 2, domain_id: 2 } });
    expect(subDup.body).toEqual({ message: MSG.domainAdded('sommer.flexfit-bands.com') });
    expect((await t.api('POST', '/api/v1/domains/', { body: { name: 'x', funnel_id: 2, domain_id: 3 } })).body).toEqual({ message: 'A subdomain belongs to a root domain' });
    expect((await t.api('POST', '/api/v1/domains/', { body: { name: 'x', funnel_id: 999, domain_id: 2 } })).status).toBe(404);
  });

  it('adds a root domain without DNS, then with ?sync=true a zone; a subdomain with sync gets a proxied CNAME', async () => {
    const plain = await t.api('POST', '/api/v1/domains/?sync=false', { body: { name: 'Try-Glow.net' } });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ name: 'try-glow.net', sync: false, zone_id: null, domain_id: null });
    const synced = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'glow-deals.com' } });
    expect(synced.body).toMatchObject({ name: 'glow-deals.com', sync: true });
    expect(synced.body.zone_id).toMatch(/^[a-f0-9]{32}$/);
    const sub = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'spring', funnel_id: 2, domain_id: synced.body.ID } });
    expect(sub.body).toMatchObject({ name: 'spring.glow-deals.com', funnel_id: 2, domain_id: synced.body.ID, parent: 'glow-deals.com', sync: true });
    const recs: Rec[] = (await t.api('GET', `/api/v1/cloud_flare/domains/list/${synced.body.ID}`)).body;
    expect(recs).toEqual([expect.objectContaining({ type: 'CNAME', name: 'spring.glow-deals.com', content: 'glow-deals.com', proxied: true, ttl: 1 })]);
    // A subdomain of an unsynced root: sync creates the parent's zone too.
    const sub2 = await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'eu', funnel_id: 2, domain_id: plain.body.ID } });
    expect(sub2.body.sync).toBe(true);
    const root = (await t.api('GET', '/api/v1/domains/?all=true')).body.find((d: { ID: number }) => d.ID === plain.body.ID);
    expect(root.zone_id).toMatch(/^[a-f0-9]{32}$/);
  });

  it('PUT attaches/detaches a funnel and toggles under-attack mode (pushed to the zone with sync)', async () => {
    const r = await t.api('PUT', '/api/v1/domains/4?sync=true', { body: { funnel_id: 2, under_attack: true } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ funnel_id: 2, under_attack: true, sync: true });
    expect((await t.api('PUT', '/api/v1/domains/4', { body: { funnel_id: null } })).body.funnel_id).toBeNull();
    expect((await t.api('PUT', '/api/v1/domains/4', { body: { funnel_id: 999 } })).status).toBe(404);
    expect((await t.api('PUT', '/api/v1/domains/999', { body: {} })).status).toBe(404);
    expect((await t.api('PUT', '/api/v1/domains/4', { body: { under_attack: 'yes' } })).status).toBe(422);
  });

  it('DELETE removes a domain with its subdomains and its DNS', async () => {
    const all = (await t.api('GET', '/api/v1/domains/?all=true')).body;
    const root = all.find((d: { name: string }) => d.name === 'glow-deals.com');
    const zone = root.zone_id;
    expect((await t.api('DELETE', `/api/v1/domains/${root.ID}`)).body).toEqual({ message: 'Domain deleted', ID: root.ID });
    const after = (await t.api('GET', '/api/v1/domains/?all=true')).body.map((d: { name: string }) => d.name);
    expect(after).not.toContain('glow-deals.com');
    expect(after).not.toContain('spring.glow-deals.com');
    expect((await t.api('DELETE', '/api/v1/cloud_flare/domains/delete', { body: { zone_id: zone, id: 'a'.repeat(32) } })).status).toBe(404);
    expect((await t.api('DELETE', `/api/v1/domains/${root.ID}`)).status).toBe(404);
  });
});

describe('DNS records (cloud_flare family)', () => {
  it('lists the records of a domain\'s zone (ttl 1), and only the subdomain\'s own for a subdomain', async () => {
    const recs: Rec[] = (await t.api('GET', '/api/v1/cloud_flare/domains/list/1')).body;
    expect(recs.map((r) => r.type).sort()).toEqual(['A', 'CNAME', 'MX', 'TXT']);
    expect(recs.every((r) => r.ttl === 1 && r.zone_name === 'glowskin-offer.com')).toBe(true);
    expect((await t.api('GET', '/api/v1/cloud_flare/domains/list/3')).body.map((r: Rec) => r.name)).toEqual(['sommer.flexfit-bands.com']);
    const bare = (await t.api('POST', '/api/v1/domains/', { body: { name: 'no-zone.io' } })).body;
    expect((await t.api('GET', `/api/v1/cloud_flare/domains/list/${bare.ID}`)).body).toEqual({ message: 'Domain no-zone.io has no DNS zone: sync it first' });
  });

  it('validates a record: type A/CNAME/MX/TXT, name, content, proxied', async () => {
    const base = { type: 'A', name: 'shop', content: '203.0.113.7', proxied: true };
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'AAAA' }, RMSG.recordType], [{ type: undefined }, RMSG.recordType], [{ name: '' }, RMSG.recordName], [{ name: 'a b' }, RMSG.recordNameInvalid],
      [{ content: '' }, RMSG.recordContent], [{ proxied: undefined }, RMSG.recordProxied], [{ proxied: 'true' }, RMSG.recordProxied],
      [{ content: '999.1.1.1' }, RMSG.ipv4], [{ type: 'CNAME', content: 'not a host' }, MSG.domainInvalid],
    ];
    for (const [over, message] of cases) {
      const r = await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { ...base, ...over } });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(r.body, JSON.stringify(over)).toEqual({ message });
    }
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { ...base, type: 'TXT', content: 'x', proxied: true } })).body)
      .toEqual({ message: 'TXT records cannot be proxied' });
  });

  it('creates records (conflicts refused), patches ONLY the changed ones, deletes', async () => {
    const a = await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { type: 'A', name: 'shop', content: '203.0.113.7', proxied: true } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ type: 'A', name: 'shop.glowskin-offer.com', ttl: 1, zone_name: 'glowskin-offer.com' });
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { type: 'A', name: 'shop', content: '203.0.113.7', proxied: false } })).body)
      .toEqual({ message: 'An identical record already exists.' });
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { type: 'CNAME', name: 'shop', content: 'glowskin-offer.com', proxied: true } })).status).toBe(409);
    const mx = await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { type: 'MX', name: '@', content: 'mx2.glowskin-offer.com', proxied: false, priority: 20 } });
    expect(mx.body).toMatchObject({ name: 'glowskin-offer.com', priority: 20 });

    const before: Rec[] = (await t.api('GET', '/api/v1/cloud_flare/domains/list/1')).body;
    const zone = at(before, 0, 'DNS record').zone_id;
    const shop = before.find((r) => r.id === a.body.id)!;
    const txt = before.find((r) => r.type === 'TXT')!;
    const patch = await t.api('POST', '/api/v1/cloud_flare/domains/patch', {
      body: {
        zone_id: zone,
        records: [
          { id: shop.id, type: 'A', name: 'shop', content: '203.0.113.8', proxied: true },
          { id: txt.id, type: 'TXT', name: txt.name, content: txt.content, proxied: false },
        ],
      },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ changed: [shop.id], unchanged: [txt.id], message: '1 record changed, 1 unchanged' });
    const after: Rec[] = (await t.api('GET', '/api/v1/cloud_flare/domains/list/1')).body;
    expect(after.find((r) => r.id === shop.id)!.content).toBe('203.0.113.8');
    expect(after.filter((r) => r.id !== shop.id)).toEqual(before.filter((r) => r.id !== shop.id));

    const missing = await t.api('POST', '/api/v1/cloud_flare/domains/patch', {
      body: { zone_id: zone, records: [{ id: shop.id, type: 'A', name: 'shop', content: '203.0.113.9', proxied: true }, { id: 'f'.repeat(32), type: 'A', name: 'x', content: '1.1.1.1', proxied: true }] },
    });
    expect(missing.status).toBe(404);
    expect((await t.api('GET', '/api/v1/cloud_flare/domains/list/1')).body.find((r: Rec) => r.id === shop.id).content).toBe('203.0.113.8');
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/patch', { body: { zone_id: zone, records: [] } })).body).toEqual({ message: RMSG.records });
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/patch', { body: { zone_id: 'nope', records: [] } })).body).toEqual({ message: RMSG.zoneId });
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/patch', { body: { zone_id: 'e'.repeat(32), records: [{ id: shop.id, type: 'A', name: 'x', content: '1.1.1.1', proxied: true }] } })).body)
      .toEqual({ message: 'Zone not found' });

    expect((await t.api('DELETE', '/api/v1/cloud_flare/domains/delete', { body: { zone_id: zone, id: shop.id } })).body).toEqual({ message: 'DNS record deleted', id: shop.id });
    expect((await t.api('DELETE', `/api/v1/cloud_flare/domains/delete?zone_id=${zone}&id=${mx.body.id}`)).status).toBe(200);
    expect((await t.api('DELETE', '/api/v1/cloud_flare/domains/delete', { body: { zone_id: zone, id: shop.id } })).status).toBe(404);
    expect((await t.api('DELETE', '/api/v1/cloud_flare/domains/delete', { body: {} })).body).toEqual({ message: RMSG.zoneId });
  });

  it('creates a zone for a root domain, refuses a second one, and sets under-attack mode', async () => {
    const d = (await t.api('POST', '/api/v1/domains/', { body: { name: 'zone-test.org' } })).body;
    const z = await t.api('POST', '/api/v1/cloud_flare/domains', { body: { domain_id: d.ID } });
    expect(z.status).toBe(201);
    expect(z.body).toMatchObject({ name: 'zone-test.org', under_attack: false });
    expect(z.body.name_servers).toHaveLength(2);
    expect((await t.api('POST', '/api/v1/cloud_flare/domains', { body: { domain_id: d.ID } })).body).toEqual({ message: 'Zone zone-test.org already exists' });
    expect((await t.api('POST', '/api/v1/cloud_flare/domains', { body: { domain_id: 3 } })).status).toBe(422);
    expect((await t.api('POST', '/api/v1/cloud_flare/domains', { body: { domain_id: 9999 } })).status).toBe(404);
    const ua = await t.api('PUT', `/api/v1/cloud_flare/domains/${d.ID}`, { body: { under_attack: true } });
    expect(ua.body).toMatchObject({ under_attack: true, zone_id: z.body.id });
    const bare = (await t.api('GET', '/api/v1/domains/?all=true')).body.find((x: { name: string }) => x.name === 'no-zone.io');
    expect((await t.api('PUT', `/api/v1/cloud_flare/domains/${bare.ID}`, { body: { under_attack: true } })).status).toBe(422);
  });

  it("refuses DNS changes to a locked funnel's subdomain with 423", async () => {
    // sommer.flexfit-bands.com belongs to the locked funnel 3; its CNAME lives in the parent's zone.
    const recs: Rec[] = (await t.api('GET', '/api/v1/cloud_flare/domains/list/3')).body;
    const cname = at(recs, 0, 'DNS record');
    const del = await t.api('DELETE', '/api/v1/cloud_flare/domains/delete', { body: { zone_id: cname.zone_id, id: cname.id } });
    expect(del.status).toBe(423);
    expect(del.body).toEqual({ message: MSG.locked });
    const patch = await t.api('POST', '/api/v1/cloud_flare/domains/patch', { body: { zone_id: cname.zone_id, records: [{ ...cname, content: 'elsewhere.com' }] } });
    expect(patch.status).toBe(423);
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/create/3', { body: { type: 'TXT', name: '@', content: 'hello', proxied: false } })).status).toBe(423);
    expect((await t.api('GET', '/api/v1/cloud_flare/domains/list/3')).body).toEqual(recs);
    // The parent's other records are free to change.
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/create/2', { body: { type: 'TXT', name: '@', content: 'ok', proxied: false } })).status).toBe(201);
  });
});
