/**
 * The DNS provider contract (integrations/dns.ts): what any implementation — the local one,
 * a Cloudflare client — must do. Run it with `dnsProviderContract(name, make)`; `make`
 * returns a fresh provider (no zones named `contract-*.test`).
 */
import { describe, expect, it } from 'vitest';
import { DnsError, type DnsProvider } from '../../../src/server/integrations/dns.ts';

/** Registers the contract's tests for the provider `make` returns. */
export function dnsProviderContract(name: string, make: () => DnsProvider | Promise<DnsProvider>): void {
  const zoneName = () => `contract-${Math.random().toString(36).slice(2, 8)}.test`;
  const kind = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (e) {
      return e instanceof DnsError ? e.kind : `unexpected ${(e as Error).message}`;
    }
  };

  describe(`DNS provider contract: ${name}`, () => {
    it('creates, finds and deletes zones; a second zone of the same name is a conflict', async () => {
      const dns = await make();
      const n = zoneName();
      const z = await dns.createZone(n);
      expect(z).toMatchObject({ name: n, under_attack: false });
      expect(z.id).toMatch(/^[a-f0-9]{32}$/);
      expect(z.name_servers.length).toBeGreaterThanOrEqual(2);
      expect(await dns.getZone(z.id)).toEqual(z);
      expect(await dns.findZone(n.toUpperCase())).toEqual(z);
      expect(await kind(dns.createZone(n))).toBe('conflict');
      await dns.deleteZone(z.id);
      expect(await dns.getZone(z.id)).toBeNull();
      expect(await kind(dns.deleteZone(z.id))).toBe('not_found');
    });

    it('keeps records with ttl 1 and full names; relative names and @ resolve inside the zone', async () => {
      const dns = await make();
      const n = zoneName();
      const z = await dns.createZone(n);
      const a = await dns.createRecord(z.id, { type: 'A', name: '@', content: '192.0.2.1', proxied: true });
      expect(a).toMatchObject({ type: 'A', name: n, content: '192.0.2.1', proxied: true, ttl: 1, zone_id: z.id, zone_name: n });
      const www = await dns.createRecord(z.id, { type: 'CNAME', name: 'www', content: n, proxied: true });
      expect(www.name).toBe(`www.${n}`);
      const mx = await dns.createRecord(z.id, { type: 'MX', name: n, content: `mail.${n}`, proxied: false, priority: 5 });
      expect(mx).toMatchObject({ name: n, priority: 5 });
      const txt = await dns.createRecord(z.id, { type: 'TXT', name: `_dmarc.${n}`, content: 'v=DMARC1; p=none', proxied: false });
      expect(txt.name).toBe(`_dmarc.${n}`);
      const list = await dns.listRecords(z.id);
      expect(list.map((r) => r.id).sort()).toEqual([a.id, www.id, mx.id, txt.id].sort());
      expect(list.every((r) => r.ttl === 1)).toBe(true);
      await dns.deleteZone(z.id);
      expect(await kind(dns.listRecords(z.id))).toBe('not_found');
    });

    it('refuses identical records, CNAME clashes and proxied MX/TXT; unknown records are not found', async () => {
      const dns = await make();
      const z = await dns.createZone(zoneName());
      await dns.createRecord(z.id, { type: 'A', name: 'app', content: '192.0.2.2', proxied: false });
      expect(await kind(dns.createRecord(z.id, { type: 'A', name: 'app', content: '192.0.2.2', proxied: true }))).toBe('conflict');
      expect(await kind(dns.createRecord(z.id, { type: 'CNAME', name: 'app', content: z.name, proxied: false }))).toBe('conflict');
      await dns.createRecord(z.id, { type: 'CNAME', name: 'alias', content: z.name, proxied: false });
      expect(await kind(dns.createRecord(z.id, { type: 'A', name: 'alias', content: '192.0.2.3', proxied: false }))).toBe('conflict');
      expect(await kind(dns.createRecord(z.id, { type: 'TXT', name: 'x', content: 'y', proxied: true }))).toBe('invalid');
      expect(await kind(dns.updateRecord(z.id, 'f'.repeat(32), { type: 'A', name: 'x', content: '192.0.2.9', proxied: false }))).toBe('not_found');
      expect(await kind(dns.deleteRecord(z.id, 'f'.repeat(32)))).toBe('not_found');
      expect(await kind(dns.createRecord('e'.repeat(32), { type: 'A', name: 'x', content: '192.0.2.9', proxied: false }))).toBe('not_found');
      await dns.deleteZone(z.id);
    });

    it('updates a record in place (same id), deletes it, and toggles under-attack mode', async () => {
      const dns = await make();
      const z = await dns.createZone(zoneName());
      const r = await dns.createRecord(z.id, { type: 'A', name: 'api', content: '192.0.2.4', proxied: false });
      const u = await dns.updateRecord(z.id, r.id, { type: 'A', name: 'api', content: '192.0.2.5', proxied: true });
      expect(u).toMatchObject({ id: r.id, content: '192.0.2.5', proxied: true, ttl: 1 });
      expect((await dns.listRecords(z.id)).find((x) => x.id === r.id)?.content).toBe('192.0.2.5');
      expect((await dns.setUnderAttack(z.id, true)).under_attack).toBe(true);
      expect((await dns.getZone(z.id))?.under_attack).toBe(true);
      await dns.deleteRecord(z.id, r.id);
      expect(await dns.listRecords(z.id)).toEqual([]);
      expect(await kind(dns.setUnderAttack('d'.repeat(32), true))).toBe('not_found');
      await dns.deleteZone(z.id);
    });

    it('applies a batch (deletes, puts, posts) all or nothing; a refused one names the record and changes nothing', async () => {
      const dns = await make();
      const z = await dns.createZone(zoneName());
      const a = await dns.createRecord(z.id, { type: 'A', name: 'a', content: '192.0.2.10', proxied: false });
      const b = await dns.createRecord(z.id, { type: 'A', name: 'b', content: '192.0.2.11', proxied: false });
      const c = await dns.createRecord(z.id, { type: 'TXT', name: 'c', content: 'keep', proxied: false });
      const done = await dns.batchRecords(z.id, {
        deletes: [c.id],
        puts: [{ id: a.id, type: 'A', name: 'a', content: '192.0.2.20', proxied: true }],
        posts: [{ type: 'A', name: 'd', content: '192.0.2.30', proxied: false }],
      });
      expect(done.deletes).toEqual([c.id]);
      expect(done.puts).toEqual([expect.objectContaining({ id: a.id, content: '192.0.2.20', proxied: true, ttl: 1 })]);
      expect(done.posts).toEqual([expect.objectContaining({ name: `d.${z.name}`, content: '192.0.2.30' })]);
      const shape = async () => (await dns.listRecords(z.id)).map((r) => `${r.type} ${r.name} ${r.content} ${r.proxied}`).sort();
      const before = await shape();
      expect(before).toEqual([`A a.${z.name} 192.0.2.20 true`, `A b.${z.name} 192.0.2.11 false`, `A d.${z.name} 192.0.2.30 false`]);
      // b's new content is a's: an identical record. The change to a before it is not kept.
      let message = '';
      try {
        await dns.batchRecords(z.id, {
          puts: [
            { id: a.id, type: 'A', name: 'a', content: '192.0.2.21', proxied: true },
            { id: b.id, type: 'A', name: 'd', content: '192.0.2.30', proxied: false },
          ],
        });
      } catch (e) {
        expect(e).toBeInstanceOf(DnsError);
        message = (e as Error).message;
      }
      expect(message).toMatch(new RegExp(`^DNS record d\\.${z.name.replace('.', '\\.')} \\(A\\): `));
      expect(await shape()).toEqual(before);
      expect(await kind(dns.batchRecords(z.id, { deletes: ['f'.repeat(32)] }))).toBe('not_found');
      expect(await shape()).toEqual(before);
      await dns.deleteZone(z.id);
    });
  });
}
