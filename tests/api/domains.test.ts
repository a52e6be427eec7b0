/**
 * Domains (000 §5, §7; 001 §5) and DNS through the DNS provider (the cloud_flare family):
 * validation messages, duplicates, `?all=`, subdomains, `?sync=`, records with ttl 1, the
 * patch that applies only changed records, deletes, and 423 for a locked funnel's domains.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/messages.ts';
import { RMSG } from '../../src/model/fields.ts';
import { demoData } from '../../src/server/db/seed.ts';
import { serverForTests } from './file-server.ts';
import { at } from '../at.ts';
import { configureApi } from '../../src/api/index.ts';
import { domainReads } from '../../src/api/domains.ts';

const demo = demoData();
const t = serverForTests({ demoOrders: 100 });

type Rec = {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied: boolean;
  ttl: number;
  zone_id: string;
  zone_name: string;
  priority: number | null;
};

describe('domains', () => {
  it("lists root domains with their children, or everything flat with ?all=true; subdomains; a funnel's domains", async () => {
    const grouped = await t.api('GET', '/api/v1/domains/?all=false');
    expect(grouped.status).toBe(200);
    const roots = demo.domains.filter((d) => !d.parent_id);
    expect(grouped.body.map((d: { name: string }) => d.name).sort()).toEqual(roots.map((d) => d.name).sort());
    const flex = grouped.body.find((d: { name: string }) => d.name === 'flexfit-bands.com');
    expect(flex.children.map((c: { name: string }) => c.name)).toEqual(['sommer.flexfit-bands.com']);
    const flat = await t.api('GET', '/api/v1/domains/?all=true');
    expect(flat.body).toHaveLength(demo.domains.length);
    expect((await t.api('GET', '/api/v1/domains?all=1')).body).toHaveLength(demo.domains.length);
    expect((await t.api('GET', '/api/v1/domains/?all=maybe')).body).toEqual({ message: 'The all filter must be true or false' });
    const subs = await t.api('GET', '/api/v1/domains/subdomains');
    expect(subs.body).toEqual([expect.objectContaining({ name: 'sommer.flexfit-bands.com', domain_id: 2, parent: 'flexfit-bands.com', funnel_id: 3 })]);
    expect((await t.api('GET', '/api/v1/funnels/1/domains')).body.map((d: { name: string }) => d.name)).toEqual(['glowskin-offer.com']);
    expect((await t.api('GET', '/api/v1/funnels/999/domains')).status).toBe(404);
  });

  it("validates with the seed's messages and refuses duplicates with 'Domain [name] already added'", async () => {
    const cases: [unknown, string][] = [
      [{}, MSG.domainRequired],
      [{ name: '' }, MSG.domainRequired],
      [{ name: 'nodot' }, MSG.domainInvalid],
      [{ name: 'bad_char.com' }, MSG.domainInvalid],
      [{ name: '-lead.com' }, MSG.domainInvalid],
      [{ name: 'a.c0m' }, MSG.domainInvalid],
      [{ name: 'shop', funnel_id: 2 }, RMSG.selectDomain],
      [{ name: 'sh op', funnel_id: 2, domain_id: 4 }, RMSG.subdomain],
      [{ name: `${'a'.repeat(250)}.com` }, MSG.domainInvalid],
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
    expect((await t.api('POST', '/api/v1/domains/', { body: { name: 'x', funnel_id: 2, domain_id: 3 } })).body).toEqual({
      message: 'A subdomain belongs to a root domain',
    });
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
  it("lists the records of a domain's zone (ttl 1), and only the subdomain's own for a subdomain", async () => {
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
      [{ type: 'AAAA' }, RMSG.recordType],
      [{ type: undefined }, RMSG.recordType],
      [{ name: '' }, RMSG.recordName],
      [{ name: 'a b' }, RMSG.recordNameInvalid],
      [{ content: '' }, RMSG.recordContent],
      [{ proxied: undefined }, RMSG.recordProxied],
      [{ proxied: 'true' }, RMSG.recordProxied],
      [{ content: '999.1.1.1' }, RMSG.ipv4],
      [{ type: 'CNAME', content: 'not a host' }, MSG.domainInvalid],
    ];
    for (const [over, message] of cases) {
      const r = await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { ...base, ...over } });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(r.body, JSON.stringify(over)).toEqual({ message });
    }
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { ...base, type: 'TXT', content: 'x', proxied: true } })).body).toEqual({
      message: 'TXT records cannot be proxied',
    });
  });

  it('creates records (conflicts refused), patches ONLY the changed ones, deletes', async () => {
    const a = await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { type: 'A', name: 'shop', content: '203.0.113.7', proxied: true } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ type: 'A', name: 'shop.glowskin-offer.com', ttl: 1, zone_name: 'glowskin-offer.com' });
    expect(
      (await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { type: 'A', name: 'shop', content: '203.0.113.7', proxied: false } })).body,
    ).toEqual({ message: 'An identical record already exists.' });
    expect(
      (await t.api('POST', '/api/v1/cloud_flare/domains/create/1', { body: { type: 'CNAME', name: 'shop', content: 'glowskin-offer.com', proxied: true } }))
        .status,
    ).toBe(409);
    const mx = await t.api('POST', '/api/v1/cloud_flare/domains/create/1', {
      body: { type: 'MX', name: '@', content: 'mx2.glowskin-offer.com', proxied: false, priority: 20 },
    });
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
      body: {
        zone_id: zone,
        records: [
          { id: shop.id, type: 'A', name: 'shop', content: '203.0.113.9', proxied: true },
          { id: 'f'.repeat(32), type: 'A', name: 'x', content: '1.1.1.1', proxied: true },
        ],
      },
    });
    expect(missing.status).toBe(404);
    expect((await t.api('GET', '/api/v1/cloud_flare/domains/list/1')).body.find((r: Rec) => r.id === shop.id).content).toBe('203.0.113.8');
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/patch', { body: { zone_id: zone, records: [] } })).body).toEqual({ message: RMSG.records });
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/patch', { body: { zone_id: 'nope', records: [] } })).body).toEqual({ message: RMSG.zoneId });
    expect(
      (
        await t.api('POST', '/api/v1/cloud_flare/domains/patch', {
          body: { zone_id: 'e'.repeat(32), records: [{ id: shop.id, type: 'A', name: 'x', content: '1.1.1.1', proxied: true }] },
        })
      ).body,
    ).toEqual({ message: 'Zone not found' });

    expect((await t.api('DELETE', '/api/v1/cloud_flare/domains/delete', { body: { zone_id: zone, id: shop.id } })).body).toEqual({
      message: 'DNS record deleted',
      id: shop.id,
    });
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
    const patch = await t.api('POST', '/api/v1/cloud_flare/domains/patch', {
      body: { zone_id: cname.zone_id, records: [{ ...cname, content: 'elsewhere.com' }] },
    });
    expect(patch.status).toBe(423);
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/create/3', { body: { type: 'TXT', name: '@', content: 'hello', proxied: false } })).status).toBe(
      423,
    );
    expect((await t.api('GET', '/api/v1/cloud_flare/domains/list/3')).body).toEqual(recs);
    // The parent's other records are free to change.
    expect((await t.api('POST', '/api/v1/cloud_flare/domains/create/2', { body: { type: 'TXT', name: '@', content: 'ok', proxied: false } })).status).toBe(201);
  });
});

describe('subdomain suffixes and renaming', () => {
  it('refuses a dotted subdomain suffix, on create and on rename', async () => {
    for (const name of ['eu.shop', 'a.b.c', 'shop.', '.shop']) {
      const r = await t.api('POST', '/api/v1/domains/', { body: { name, funnel_id: 2, domain_id: 2 } });
      expect(r.status, name).toBe(422);
      expect(r.body, name).toEqual({ message: RMSG.subdomain });
    }
    const sub = await t.api('POST', '/api/v1/domains/', { body: { name: 'dots', funnel_id: 2, domain_id: 2 } });
    expect(sub.status).toBe(201);
    const r = await t.api('PUT', `/api/v1/domains/${sub.body.ID}`, { body: { name: 'eu.dots' } });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: RMSG.subdomain });
    expect((await t.api('PUT', `/api/v1/domains/${sub.body.ID}`, { body: { name: '' } })).body).toEqual({ message: MSG.domainRequired });
    expect((await t.api('DELETE', `/api/v1/domains/${sub.body.ID}`)).status).toBe(200);
  });

  it('renames a synced subdomain by its suffix: its CNAME and records follow it; taken names and locked funnels refused', async () => {
    const root = (await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'rename-root.com' } })).body;
    const sub = (await t.api('POST', '/api/v1/domains/?sync=true', { body: { name: 'autumn', funnel_id: 2, domain_id: root.ID } })).body;
    expect(sub.name).toBe('autumn.rename-root.com');
    // A subdomain's record names are relative to the subdomain.
    const www = await t.api('POST', `/api/v1/cloud_flare/domains/create/${sub.ID}`, {
      body: { type: 'A', name: 'www', content: '203.0.113.50', proxied: true },
    });
    expect(www.status).toBe(201);
    expect(www.body.name).toBe('www.autumn.rename-root.com');
    expect((await t.api('GET', `/api/v1/cloud_flare/domains/list/${sub.ID}`)).body.map((r: Rec) => r.name).sort()).toEqual([
      'autumn.rename-root.com',
      'www.autumn.rename-root.com',
    ]);

    const renamed = await t.api('PUT', `/api/v1/domains/${sub.ID}?sync=true`, { body: { name: 'Winter' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ ID: sub.ID, name: 'winter.rename-root.com', domain_id: root.ID, parent: 'rename-root.com', funnel_id: 2, sync: true });
    const zone: Rec[] = (await t.api('GET', `/api/v1/cloud_flare/domains/list/${root.ID}`)).body;
    expect(zone.map((r) => r.name).sort()).toEqual(['winter.rename-root.com', 'www.winter.rename-root.com']);
    expect(zone.find((r) => r.type === 'CNAME')).toMatchObject({ content: 'rename-root.com', proxied: true });
    expect(zone.find((r) => r.type === 'A')!.id).toBe(www.body.id);
    // The same name again changes nothing.
    expect((await t.api('PUT', `/api/v1/domains/${sub.ID}`, { body: { name: 'winter' } })).body.name).toBe('winter.rename-root.com');

    const other = (await t.api('POST', '/api/v1/domains/', { body: { name: 'spring', funnel_id: 2, domain_id: root.ID } })).body;
    const taken = await t.api('PUT', `/api/v1/domains/${other.ID}`, { body: { name: 'winter' } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: MSG.domainAdded('winter.rename-root.com') });
    // A root domain with a DNS zone keeps its name.
    expect((await t.api('PUT', `/api/v1/domains/${root.ID}`, { body: { name: 'renamed-root.com' } })).body).toEqual({
      message: 'Domain rename-root.com has a DNS zone, which keeps its name: add renamed-root.com as a new domain instead',
    });
    // The locked funnel's subdomain cannot be renamed.
    const locked = await t.api('PUT', '/api/v1/domains/3', { body: { name: 'herbst' } });
    expect(locked.status).toBe(423);
    expect((await t.api('GET', '/api/v1/domains/subdomains')).body.map((d: { name: string }) => d.name)).toContain('sommer.flexfit-bands.com');
  });

  it('renames a root domain without a zone with its subdomains; an invalid full name is refused', async () => {
    const root = (await t.api('POST', '/api/v1/domains/', { body: { name: 'plain-root.com' } })).body;
    const sub = (await t.api('POST', '/api/v1/domains/', { body: { name: 'eu', funnel_id: 2, domain_id: root.ID } })).body;
    expect((await t.api('PUT', `/api/v1/domains/${root.ID}`, { body: { name: 'nodot' } })).body).toEqual({ message: MSG.domainInvalid });
    expect((await t.api('PUT', `/api/v1/domains/${root.ID}`, { body: { name: 'glowskin-offer.com' } })).body).toEqual({
      message: MSG.domainAdded('glowskin-offer.com'),
    });
    const r = await t.api('PUT', `/api/v1/domains/${root.ID}`, { body: { name: 'Plain-Root.net' } });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('plain-root.net');
    const all = (await t.api('GET', '/api/v1/domains/?all=true')).body;
    expect(all.find((d: { ID: number }) => d.ID === sub.ID)).toMatchObject({ name: 'eu.plain-root.net', parent: 'plain-root.net' });
    expect(all.map((d: { name: string }) => d.name)).not.toContain('eu.plain-root.com');
  });

  it('refuses a proxied MX or TXT record before calling the DNS provider', async () => {
    const mx = await t.api('POST', '/api/v1/cloud_flare/domains/create/1', {
      body: { type: 'MX', name: '@', content: 'mx9.glowskin-offer.com', proxied: true },
    });
    expect(mx.status).toBe(422);
    expect(mx.body).toEqual({ message: 'MX records cannot be proxied' });
  });
});

describe("the Domains tab's reads parse the server's answers (src/api/domains.ts)", () => {
  it("every funnel's domains, every domain, and a domain's and a subdomain's DNS records", async () => {
    configureApi({ getToken: () => t.token }, t.url);
    for (const id of [1, 2, 3, 4]) {
      const list = await domainReads.funnelDomains(id);
      expect(list.every((d) => d.funnel_id === id)).toBe(true);
    }
    expect((await domainReads.funnelDomains(3)).map((d) => d.name)).toEqual(['sommer.flexfit-bands.com']);
    const all = await domainReads.all();
    expect(all.find((d) => d.name === 'sommer.flexfit-bands.com')).toMatchObject({ domain_id: 2, parent: 'flexfit-bands.com' });
    expect((await domainReads.dnsRecords(1)).every((r) => r.ttl === 1 && r.zone_name === 'glowskin-offer.com')).toBe(true);
    expect((await domainReads.dnsRecords(3)).map((r) => r.name)).toEqual(['sommer.flexfit-bands.com']);
  });
});
