/**
 * DNS through the DNS provider (000 §7 "DNS (through a DNS provider)", the
 * `cloud_flare/domains/...` family): create a domain's zone, zone settings (under attack),
 * list records, create a record, patch ONLY the changed records, delete a record.
 * Records: type A, CNAME, MX or TXT, name, content and proxied required (000 §5); ttl 1
 * (001 §9). A domain of a locked funnel refuses DNS changes (423).
 */
import { bodyOf } from '../../model/contract.ts';
import { DOMAIN_ROUTES } from '../../model/contracts/domains.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { DnsDeleteSchema, DomainSchema, DnsZoneCreateSchema, DnsZoneUpdateSchema, type DnsRecord } from '../../model/domains.ts';
import { domains } from '../db/schema.ts';
import { ApiError, errors } from '../http.ts';
import { fullRecordName } from '../integrations/dns.ts';
import { PROVIDER_ERROR_DOCS } from '../integrations/http-retry.ts';
import { bearer, IdParams, json, jsonBody, on, routes } from './common.ts';
import { describeFields } from './fields.ts';
import { assertDomainUnlocked, dnsFailure, domainsWhere, getDomainRow } from './domains.ts';

const ZoneDoc = describeFields(z.object({ id: z.string(), name: z.string(), under_attack: z.boolean(), name_servers: z.array(z.string()) }), {
  id: 'ID of the zone',
  name: 'Name of the zone (the root domain)',
  under_attack: 'Under-attack mode of the zone',
  name_servers: "Name servers the domain's registrar must point to",
}).openapi('DnsZone');
const tags = ['DNS'];

type DomainRow = Awaited<ReturnType<typeof getDomainRow>>;

/** DNS routes. */
export const dnsRoutes = routes((app, db, deps) => {
  const { dns } = deps.integrations;
  const fail = (e: unknown) => {
    throw dnsFailure(e);
  };

  /** The zone holding a domain's records (its own, or its parent's for a subdomain) and the root domain. */
  const zoneOf = async (d: DomainRow): Promise<{ zoneId: string; root: DomainRow }> => {
    const root = d.parent_id != null ? await getDomainRow(db, d.parent_id) : d;
    if (!root.zone_id || !(await dns.getZone(root.zone_id))) throw new ApiError(422, `Domain ${root.name} has no DNS zone: sync it first`);
    return { zoneId: root.zone_id, root };
  };

  /** 423 when a record name belongs to a domain or subdomain of a locked funnel. */
  const assertRecordUnlocked = async (root: DomainRow, name: string) => {
    await assertDomainUnlocked(db, root);
    const full = fullRecordName(name, root.name);
    const [sub] = await db.select().from(domains).where(eq(domains.name, full));
    if (sub) await assertDomainUnlocked(db, sub);
  };

  /** The root domain whose zone is `zoneId` (404 when none of ours). */
  const domainOfZone = async (zoneId: string): Promise<DomainRow> => {
    const [d] = await db.select().from(domains).where(eq(domains.zone_id, zoneId));
    if (!d) throw new ApiError(404, 'Zone not found');
    return d;
  };

  on(
    app,
    'dns.write',
    createRoute({
      method: 'post',
      path: '/api/v1/cloud_flare/domains',
      operationId: 'createDnsZone',
      tags,
      security: bearer,
      summary: 'Create the DNS zone of a root domain',
      request: { body: jsonBody(DnsZoneCreateSchema) },
      responses: { 201: json(ZoneDoc, 'The zone'), ...errors(404, 409, 422, 423, PROVIDER_ERROR_DOCS) },
    }),
    async (c) => {
      const d = await getDomainRow(db, c.req.valid('json').domain_id);
      if (d.parent_id != null) throw new ApiError(422, "DNS zones belong to root domains; a subdomain is a record of its parent's zone");
      await assertDomainUnlocked(db, d);
      if (d.zone_id && (await dns.getZone(d.zone_id))) throw new ApiError(409, `Zone ${d.name} already exists`);
      const zone = await dns.createZone(d.name).catch(fail);
      await db.update(domains).set({ zone_id: zone.id, sync: true }).where(eq(domains.ID, d.ID));
      if (d.under_attack) await dns.setUnderAttack(zone.id, true).catch(fail);
      return c.json({ ...zone, under_attack: d.under_attack }, 201);
    },
  );

  on(
    app,
    'dns.write',
    createRoute({
      method: 'put',
      path: '/api/v1/cloud_flare/domains/{id}',
      operationId: 'updateDnsZone',
      tags,
      security: bearer,
      summary: 'Zone settings of domain {id}: under-attack mode',
      request: { params: IdParams, body: jsonBody(DnsZoneUpdateSchema) },
      responses: { 200: json(DomainSchema, 'The domain'), ...errors(404, 422, 423, PROVIDER_ERROR_DOCS) },
    }),
    async (c) => {
      const d = await getDomainRow(db, c.req.valid('param').id);
      const { under_attack } = c.req.valid('json');
      await assertDomainUnlocked(db, d);
      if (d.parent_id != null) throw new ApiError(422, "Under-attack mode is set on the root domain's zone");
      const { zoneId } = await zoneOf(d);
      await dns.setUnderAttack(zoneId, under_attack).catch(fail);
      await db.update(domains).set({ under_attack }).where(eq(domains.ID, d.ID));
      return c.json((await domainsWhere(db, eq(domains.ID, d.ID)))[0], 200);
    },
  );

  on(
    app,
    'dns.read',
    createRoute({
      method: DOMAIN_ROUTES.dnsRecords.method,
      path: DOMAIN_ROUTES.dnsRecords.path,
      operationId: 'listDnsRecords',
      tags,
      security: bearer,
      summary: "DNS records of domain {id} (a subdomain: the records of its name in the parent's zone)",
      request: { params: IdParams },
      responses: { 200: json(DOMAIN_ROUTES.dnsRecords.answer, 'Records'), ...errors(404, 422, PROVIDER_ERROR_DOCS) },
    }),
    async (c) => {
      const d = await getDomainRow(db, c.req.valid('param').id);
      const { zoneId } = await zoneOf(d);
      let records: DnsRecord[] = await dns.listRecords(zoneId).catch(fail);
      if (d.parent_id != null) records = records.filter((r) => r.name === d.name || r.name.endsWith(`.${d.name}`));
      return c.json(records, 200);
    },
  );

  on(
    app,
    'dns.write',
    createRoute({
      method: DOMAIN_ROUTES.createRecord.method,
      path: DOMAIN_ROUTES.createRecord.path,
      operationId: 'createDnsRecord',
      tags,
      security: bearer,
      summary: 'Create a DNS record in the zone of domain {id} (ttl 1); for a subdomain the name is relative to the subdomain',
      request: { params: IdParams, body: jsonBody(bodyOf(DOMAIN_ROUTES.createRecord)) },
      responses: { 201: json(DOMAIN_ROUTES.createRecord.answer, 'The record'), ...errors(404, 409, 422, 423, PROVIDER_ERROR_DOCS) },
    }),
    async (c) => {
      const d = await getDomainRow(db, c.req.valid('param').id);
      const body = c.req.valid('json');
      const { zoneId, root } = await zoneOf(d);
      // A subdomain's record names are relative to the subdomain ('@' is the subdomain itself,
      // 'www' is www.<subdomain>), so the record shows in its list; a root's, to its zone.
      const name = d.parent_id != null ? fullRecordName(body.name, d.name) : body.name;
      await assertRecordUnlocked(root, name);
      return c.json(await dns.createRecord(zoneId, { ...body, name }).catch(fail), 201);
    },
  );

  on(
    app,
    'dns.write',
    createRoute({
      method: DOMAIN_ROUTES.patchRecords.method,
      path: DOMAIN_ROUTES.patchRecords.path,
      operationId: 'patchDnsRecord',
      tags,
      security: bearer,
      summary:
        'Apply the changed records of one zone: only records that differ from the stored ones are written, in one transaction (all or none; a refusal names the record)',
      request: { body: jsonBody(bodyOf(DOMAIN_ROUTES.patchRecords)) },
      responses: { 200: json(DOMAIN_ROUTES.patchRecords.answer, 'What changed'), ...errors(404, 409, 422, 423, PROVIDER_ERROR_DOCS) },
    }),
    async (c) => {
      const { zone_id, records } = c.req.valid('json');
      const root = await domainOfZone(zone_id);
      const current = new Map((await dns.listRecords(zone_id).catch(fail)).map((r) => [r.id, r]));
      const seen = new Set<string>();
      const changes: typeof records = [];
      const unchanged: string[] = [];
      // Check everything first: a missing record or a locked funnel refuses the whole patch.
      for (const r of records) {
        if (seen.has(r.id)) throw new ApiError(422, `DNS record ${r.id} appears twice`);
        seen.add(r.id);
        const cur = current.get(r.id);
        if (!cur) throw new ApiError(404, `DNS record ${r.id} not found`);
        const same =
          cur.type === r.type &&
          cur.name === fullRecordName(r.name, root.name) &&
          cur.content === r.content &&
          cur.proxied === r.proxied &&
          (r.type !== 'MX' || r.priority == null || cur.priority === r.priority);
        if (same) {
          unchanged.push(r.id);
          continue;
        }
        await assertRecordUnlocked(root, cur.name);
        await assertRecordUnlocked(root, r.name);
        changes.push(r);
      }
      // One batch call with only the changed records (Cloudflare's deletes → patches → puts →
      // posts transaction); a refused one changes nothing and names the record (DnsProvider.batchRecords).
      if (changes.length) await dns.batchRecords(zone_id, { puts: changes }).catch(fail);
      const changed = changes.map((r) => r.id);
      return c.json(
        {
          message: `${changed.length} record${changed.length === 1 ? '' : 's'} changed, ${unchanged.length} unchanged`,
          changed,
          unchanged,
          records: await dns.listRecords(zone_id).catch(fail),
        },
        200,
      );
    },
  );

  on(
    app,
    'dns.write',
    createRoute({
      method: DOMAIN_ROUTES.deleteRecord.method,
      path: DOMAIN_ROUTES.deleteRecord.path,
      operationId: 'deleteDnsRecord',
      tags,
      security: bearer,
      summary: 'Delete a DNS record: `{zone_id, id}` in the JSON body (or as query parameters)',
      request: { body: { content: { 'application/json': { schema: bodyOf(DOMAIN_ROUTES.deleteRecord) } }, required: false } },
      responses: {
        200: json(DOMAIN_ROUTES.deleteRecord.answer, 'Deleted'),
        ...errors(404, 422, 423, PROVIDER_ERROR_DOCS),
      },
    }),
    async (c) => {
      const q = c.req.query();
      const fromQuery = q.zone_id !== undefined || q.id !== undefined;
      const parsed = DnsDeleteSchema.safeParse(fromQuery ? { zone_id: q.zone_id, id: q.id } : (c.req.valid('json') ?? {}));
      if (!parsed.success) throw new ApiError(422, parsed.error.issues[0]?.message ?? 'Invalid input');
      const { zone_id, id } = parsed.data;
      const root = await domainOfZone(zone_id);
      const rec = (await dns.listRecords(zone_id).catch(fail)).find((r) => r.id === id);
      if (!rec) throw new ApiError(404, `DNS record ${id} not found`);
      await assertRecordUnlocked(root, rec.name);
      await dns.deleteRecord(zone_id, id).catch(fail);
      return c.json({ message: 'DNS record deleted', id }, 200);
    },
  );
});
