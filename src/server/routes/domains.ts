/**
 * Domains and subdomains (000 §7 "Domains"; 001 §3): list (`?all=`), subdomains, a funnel's
 * domains, create (`?sync=`), update (rename, funnel, under attack; `?sync=`), delete. With `sync=true` the DNS provider
 * gets the domain's zone (root domain) or a proxied CNAME to the parent (subdomain).
 * Rules (000 §5, 001 §5): 'Please Domain URL', 'Please enter a valid domain', a subdomain
 * needs `domain_id`; duplicate 'Domain [name] already added' (409); a locked funnel's
 * domains refuse changes (423).
 */
import { bodyOf } from '../../model/contract.ts';
import { DOMAIN_ROUTES, DOMAIN_SORTS } from '../../model/contracts/domains.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { MSG } from '../../model/messages.ts';
import { DOMAIN_RE, DomainSchema, SUBDOMAIN_RE, type Domain } from '../../model/domains.ts';
import { RMSG } from '../../model/fields.ts';
import { oneRow, type Db } from '../db/index.ts';
import { domains, idempotencyKeys } from '../db/schema.ts';
import { pgCode } from '../documents/errors.ts';
import { idempotent } from '../documents/idempotency.ts';
import { assertUnlocked } from '../documents/locks.ts';
import { ApiError, errors, notFound } from '../http.ts';
import { DnsError, fullRecordName, type DnsProvider } from '../integrations/dns.ts';
import { PROVIDER_ERROR_DOCS } from '../integrations/http-retry.ts';
import { getFunnel, rowById, type Q } from '../repo.ts';
import { bearer, IdParams, json, jsonBody, on, onDelete, WriteHeaders, routes } from './common.ts';
import {
  containing,
  listAnswer,
  listErrors,
  listPage,
  listQueryDoc,
  lowered,
  parseListQuery,
  totalHeader,
  type ListRequest,
  type ListSpec,
} from './list-query.ts';
import { csvRoute, listCsv, tableListRead, type CsvColumn, fieldColumns } from './csv-export.ts';
import { onFunnelList } from './funnel-children.ts';

type DomainRow = typeof domains.$inferSelect;

const tags = ['Domains'];

/** The export's columns: the list's; a root domain's subdomains in one cell, space-separated (a row is a row of the list). */
const DOMAIN_CSV: CsvColumn<Domain>[] = [
  ...fieldColumns({ ID: 'ID', Name: 'name', Parent: 'parent', 'Funnel ID': 'funnel_id' }),
  { header: 'In DNS', cell: (d) => (d.sync ? 'yes' : 'no') },
  { header: 'Under attack', cell: (d) => (d.under_attack ? 'yes' : 'no') },
  { header: 'Subdomains', cell: (d) => (d.children ?? []).map((x) => x.name).join(' ') },
];

/** The domain list's search and sort (001 §2 /domains: the name, its funnel, whether it is in DNS). */
export const DOMAIN_LIST: ListSpec<(typeof DOMAIN_SORTS)[number]> = {
  noun: 'domains',
  sorts: {
    id: domains.ID,
    name: lowered(domains.name),
    funnel: sql`(SELECT lower(f."name") FROM "funnels" f WHERE f."ID" = ${domains.funnel_id})`,
    dns: domains.sync,
  },
  id: domains.ID,
  text: [domains.name],
  searchHelp: "part of the domain's name (a root domain also by its subdomains' names), or its ID (a whole number)",
  defaultOrder: [asc(domains.name)],
};

/** `?sync=` / `?all=`: true | false | 1 | 0 (absent = false). */
const flag = (name: string, description: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `The ${name} filter must be true or false` })
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .openapi({ param: { name, in: 'query' }, type: 'boolean', description });
const SyncQuery = z.object({ sync: flag('sync', "true: also set the domain up in DNS (its zone, or the subdomain's record)") });

/** Domain row → the API's domain (`domain_id` is the parent's ID). */
export function toDomain(r: DomainRow, parentName: string | null): Domain {
  return {
    ID: r.ID,
    name: r.name,
    funnel_id: r.funnel_id,
    domain_id: r.parent_id,
    parent: parentName,
    sync: r.sync,
    under_attack: r.under_attack,
    zone_id: r.zone_id,
  };
}

/** Domains matching `where`, with their parent's name, by name. */
export async function domainsWhere(q: Q, where?: SQL): Promise<Domain[]> {
  const all = await q.select().from(domains).orderBy(asc(domains.name));
  const byId = new Map(all.map((d) => [d.ID, d]));
  const rows = where ? await q.select().from(domains).where(where).orderBy(asc(domains.name)) : all;
  return rows.map((r) => toDomain(r, r.parent_id != null ? (byId.get(r.parent_id)?.name ?? null) : null));
}

/** Loads a domain row. @throws ApiError 404 'Domain not found'. */
export async function getDomainRow(q: Q, id: number, forUpdate = false): Promise<DomainRow> {
  return rowById(q, domains, id, 'Domain', forUpdate);
}

/** The domain's funnel, if any, is unlocked (423 otherwise). */
export async function assertDomainUnlocked(q: Q, d: DomainRow): Promise<void> {
  if (d.funnel_id != null) await assertUnlocked(q, d.funnel_id);
}

/** Turns a provider refusal into the API's status. */
export function dnsFailure(e: unknown): unknown {
  if (e instanceof DnsError) return new ApiError(e.kind === 'not_found' ? 404 : e.kind === 'conflict' ? 409 : 422, e.message);
  return e;
}

/**
 * Ensures the provider has the zone of root domain `d` (creating it, or adopting an existing
 * zone of that name) and records it on the row. @returns the zone id.
 */
export async function ensureZone(db: Db, dns: DnsProvider, d: DomainRow): Promise<string> {
  if (d.zone_id && (await dns.getZone(d.zone_id))) return d.zone_id;
  let zone = await dns.findZone(d.name);
  zone ??= await dns.createZone(d.name).catch((e) => {
    throw dnsFailure(e);
  });
  await db.update(domains).set({ zone_id: zone.id, sync: true }).where(eq(domains.ID, d.ID));
  if (zone.under_attack !== d.under_attack) await dns.setUnderAttack(zone.id, d.under_attack);
  return zone.id;
}

/** Syncs a domain to the DNS provider: a root domain's zone, or a subdomain's proxied CNAME in its parent's zone. */
async function syncDomain(db: Db, dns: DnsProvider, d: DomainRow): Promise<void> {
  if (d.parent_id == null) {
    await ensureZone(db, dns, d);
    return;
  }
  const parent = await getDomainRow(db, d.parent_id);
  const zoneId = await ensureZone(db, dns, parent);
  const records = await dns.listRecords(zoneId);
  const name = fullRecordName(d.name, parent.name);
  if (!records.some((r) => r.name === name)) {
    await dns.createRecord(zoneId, { type: 'CNAME', name, content: parent.name, proxied: true }).catch((e) => {
      throw dnsFailure(e);
    });
  }
  await db.update(domains).set({ sync: true }).where(eq(domains.ID, d.ID));
}

/** Domain routes. */
export const domainRoutes = routes((app, db, deps) => {
  const { dns } = deps.integrations;
  const one = async (id: number) => (await domainsWhere(db, eq(domains.ID, id)))[0];

  /**
   * The list's page: with `all` every domain matching, flat; otherwise the root domains matching
   * (by their own or a subdomain's name), each with every one of its subdomains as `children`.
   */
  const list = async (all: boolean, req: ListRequest): Promise<{ rows: Domain[]; total: number }> => {
    const byChild =
      req.q && !all ? sql`EXISTS (SELECT 1 FROM "domains" c WHERE c."parent_id" = ${domains.ID} AND c."name" ILIKE ${containing(req.q)})` : undefined;
    const within = (search: SQL | undefined) => and(all ? undefined : isNull(domains.parent_id), search ? or(search, byChild) : undefined);
    const read = tableListRead(
      DOMAIN_LIST,
      db,
      domains,
      async (rows) => {
        const ids = rows.map((d) => d.ID);
        // Parents' names (flat list) and the roots' subdomains (tree), for the page's rows only.
        const parentIds = [...new Set(rows.flatMap((d) => (d.parent_id != null ? [d.parent_id] : [])))];
        const [parents, children] = await Promise.all([
          parentIds.length ? db.select({ ID: domains.ID, name: domains.name }).from(domains).where(inArray(domains.ID, parentIds)) : [],
          !all && ids.length ? db.select().from(domains).where(inArray(domains.parent_id, ids)).orderBy(asc(domains.name)) : [],
        ]);
        const parentName = new Map(parents.map((p) => [p.ID, p.name]));
        const out = rows.map((d) => toDomain(d, d.parent_id != null ? (parentName.get(d.parent_id) ?? null) : null));
        if (all) return out;
        return out.map((d) => ({ ...d, children: children.filter((x) => x.parent_id === d.ID).map((x) => toDomain(x, d.name)) }));
      },
      within,
    );
    return listPage(req, read(req));
  };
  const listRoute = (path: string, hide: boolean) =>
    on(
      app,
      'domains.read',
      createRoute({
        method: DOMAIN_ROUTES.list.method,
        path,
        operationId: 'listDomains',
        tags,
        security: bearer,
        hide,
        summary: '`all=true`: every domain and subdomain, flat; otherwise the root domains with their `children`; searched, sorted and paged on the server',
        description:
          "The domains matching `q` (without `all`: the root domains, found by their own or a subdomain's name, each with all its subdomains), sorted by `sort` (default: by name). With `page` or `per_page` the answer is one page; without them every matching domain (the pickers and the duplicate check). The answer stays a JSON array; `X-Total-Count` says how many match in all.",
        request: {
          query: z.object({
            all: flag('all', 'true: every domain and subdomain, flat; otherwise the root domains with their children'),
            ...listQueryDoc(DOMAIN_LIST),
          }),
        },
        responses: { 200: listAnswer(DOMAIN_ROUTES.list.answer, 'The domains (of the page)', DOMAIN_LIST.noun), ...errors(422), ...listErrors(DOMAIN_LIST) },
      }),
      async (c) => {
        const { rows, total } = await list(c.req.valid('query').all, parseListQuery(c.req.query(), DOMAIN_LIST));
        return c.json(rows, 200, totalHeader(total));
      },
    );
  listRoute(DOMAIN_ROUTES.list.path, false);
  listRoute('/api/v1/domains', true);

  on(
    app,
    'domains.read',
    csvRoute({
      path: DOMAIN_ROUTES.export.path,
      operationId: 'exportDomains',
      tags,
      noun: DOMAIN_LIST.noun,
      columns: DOMAIN_CSV,
      query: z.object({
        all: flag('all', 'true: every domain and subdomain, one a row; otherwise the root domains, their subdomains in a column'),
        ...listQueryDoc(DOMAIN_LIST),
      }),
      errors: { ...errors(422), ...listErrors(DOMAIN_LIST) },
    }),
    (c) => {
      const all = ['true', '1'].includes(c.req.query('all') ?? '');
      return listCsv(all ? 'domains-all' : 'domains', DOMAIN_CSV, parseListQuery(c.req.query(), DOMAIN_LIST), async (req) => (await list(all, req)).rows);
    },
  );

  on(
    app,
    'domains.read',
    createRoute({
      method: 'get',
      path: '/api/v1/domains/subdomains',
      operationId: 'listSubdomains',
      tags,
      security: bearer,
      summary: 'Every subdomain',
      responses: { 200: json(z.array(DomainSchema), 'Subdomains') },
    }),
    async (c) => c.json(await domainsWhere(db, isNotNull(domains.parent_id)), 200),
  );

  onFunnelList(
    app,
    'domains.read',
    { contract: DOMAIN_ROUTES.ofFunnel, operationId: 'listFunnelDomains', tags, summary: 'Domains and subdomains of a funnel', answered: 'Domains' },
    db,
    (funnelId) => domainsWhere(db, eq(domains.funnel_id, funnelId)),
  );

  const createRouteFor = (path: string, hide: boolean) =>
    on(
      app,
      'domains.write',
      createRoute({
        method: DOMAIN_ROUTES.create.method,
        path,
        operationId: 'createDomain',
        tags,
        security: bearer,
        hide,
        summary: "Add a domain (no funnel: a full domain) or a funnel's subdomain (`name` is the suffix, `domain_id` the parent); `sync=true` also sets up DNS",
        request: { headers: WriteHeaders.pick({ 'idempotency-key': true }), query: SyncQuery, body: jsonBody(bodyOf(DOMAIN_ROUTES.create)) },
        responses: { 201: json(DOMAIN_ROUTES.create.answer, 'The domain'), ...errors(404, 409, 422, 423, PROVIDER_ERROR_DOCS) },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const { sync } = c.req.valid('query');
        // With an Idempotency-Key (the build wizard's retries) a replay answers the first creation
        // instead of 409 'Domain [name] already added'; `sync` is part of the request it is bound to.
        const key = c.req.header('Idempotency-Key');
        const user = c.get('user');
        const res = await idempotent(db, user, key, { method: 'POST', path: c.req.path, body: { ...body, sync } }, async (tx) => {
          let name = body.name;
          let parentId: number | null = null;
          if (body.funnel_id != null) {
            await getFunnel(tx, body.funnel_id);
            await assertUnlocked(tx, body.funnel_id);
            const parent = await getDomainRow(tx, body.domain_id ?? 0).catch(() => {
              throw new ApiError(422, RMSG.selectDomain);
            });
            if (parent.parent_id != null) throw new ApiError(422, 'A subdomain belongs to a root domain');
            name = `${body.name}.${parent.name}`;
            if (name.length > 253) throw new ApiError(422, MSG.domainInvalid);
            parentId = parent.ID;
          }
          const [dup] = await tx.select({ ID: domains.ID }).from(domains).where(eq(domains.name, name));
          if (dup) throw new ApiError(409, MSG.domainAdded(name));
          try {
            const made = oneRow(
              await tx.insert(domains).values({ name, funnel_id: body.funnel_id, parent_id: parentId, under_attack: body.under_attack }).returning(),
              'domains: returning',
            );
            return { status: 201 as const, body: made, etag: null };
          } catch (e) {
            if (pgCode(e).code === '23505') throw new ApiError(409, MSG.domainAdded(name));
            throw e;
          }
        });
        const row = res.body;
        if (sync && !res.replayed) {
          try {
            await syncDomain(db, dns, row);
          } catch (e) {
            // Nothing half-done: without its DNS the new domain is taken back, and so is the
            // stored answer of its Idempotency-Key (a retry creates it again).
            await db.delete(domains).where(eq(domains.ID, row.ID));
            if (key) await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.user_id, user.user_id), eq(idempotencyKeys.key, key)));
            throw dnsFailure(e);
          }
        }
        const now = await one(row.ID);
        if (!now) throw notFound('Domain');
        return c.json(now, 201, res.replayed ? { 'Idempotent-Replayed': 'true' } : {});
      },
    );
  createRouteFor(DOMAIN_ROUTES.create.path, false);
  createRouteFor('/api/v1/domains', true);

  /**
   * Checks renaming `cur` to `input` (a root: a full domain; a subdomain: its one-label suffix)
   * and works out what follows it: a root's subdomains, a subdomain's DNS records. Reads only
   * (outside a transaction: the DNS provider has its own connection).
   * @returns null when the name is unchanged.
   * @throws ApiError 422 (invalid name; a root domain with a DNS zone: a zone keeps its name),
   * 409 'Domain [name] already added' (taken, or a DNS record of that name exists), 423 (a
   * subdomain of a locked funnel under a renamed root).
   */
  const renamePlan = async (cur: DomainRow, input: string) => {
    let name: string;
    let zoneId: string | null = null;
    if (cur.parent_id != null) {
      if (!SUBDOMAIN_RE.test(input)) throw new ApiError(422, RMSG.subdomain);
      const parent = await getDomainRow(db, cur.parent_id);
      name = `${input}.${parent.name}`;
      if (name.length > 253) throw new ApiError(422, MSG.domainInvalid);
      if (parent.zone_id && (await dns.getZone(parent.zone_id))) zoneId = parent.zone_id;
    } else {
      if (!DOMAIN_RE.test(input)) throw new ApiError(422, MSG.domainInvalid);
      name = input;
    }
    if (name === cur.name) return null;
    const taken = async (n: string) => {
      const [dup] = await db.select({ ID: domains.ID }).from(domains).where(eq(domains.name, n));
      if (dup) throw new ApiError(409, MSG.domainAdded(n));
    };
    await taken(name);
    const from = cur.name;
    let children: { ID: number; name: string }[] = [];
    if (cur.parent_id == null) {
      if (cur.zone_id && (await dns.getZone(cur.zone_id)))
        throw new ApiError(422, `Domain ${from} has a DNS zone, which keeps its name: add ${name} as a new domain instead`);
      const rows = await db.select().from(domains).where(eq(domains.parent_id, cur.ID));
      for (const ch of rows) await assertDomainUnlocked(db, ch);
      children = rows.map((ch) => ({ ID: ch.ID, name: `${ch.name.slice(0, -from.length)}${name}` }));
      for (const ch of children) await taken(ch.name);
    }
    const all = zoneId
      ? await dns.listRecords(zoneId).catch((e) => {
          throw dnsFailure(e);
        })
      : [];
    const records = all.filter((r) => r.name === from || r.name.endsWith(`.${from}`));
    const clash = all.find((r) => r.name === name || r.name.endsWith(`.${name}`));
    if (records.length && clash) throw new ApiError(409, `A DNS record named ${clash.name} already exists`);
    return { name, from, children, zoneId: zoneId ?? '', records };
  };

  on(
    app,
    'domains.write',
    createRoute({
      method: DOMAIN_ROUTES.update.method,
      path: DOMAIN_ROUTES.update.path,
      operationId: 'updateDomain',
      tags,
      security: bearer,
      summary:
        'Rename the domain (a subdomain: its suffix), attach it to a funnel (or detach with null) and set under-attack mode; `sync=true` pushes it to DNS',
      request: { params: IdParams, query: SyncQuery, body: jsonBody(bodyOf(DOMAIN_ROUTES.update)) },
      responses: { 200: json(DOMAIN_ROUTES.update.answer, 'The domain'), ...errors(404, 409, 422, 423, PROVIDER_ERROR_DOCS) },
    }),
    async (c) => {
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const { sync } = c.req.valid('query');
      const before = await getDomainRow(db, id);
      await assertDomainUnlocked(db, before);
      const rename = body.name !== undefined ? await renamePlan(before, body.name) : null;
      await db.transaction(async (tx) => {
        const cur = await getDomainRow(tx, id, true);
        await assertDomainUnlocked(tx, cur);
        if (rename && cur.name !== rename.from) throw new ApiError(409, `Domain ${rename.from} was renamed meanwhile: reload and try again`);
        if (body.funnel_id != null) {
          await getFunnel(tx, body.funnel_id);
          await assertUnlocked(tx, body.funnel_id);
        }
        const set: Partial<DomainRow> = {};
        if (body.funnel_id !== undefined) set.funnel_id = body.funnel_id;
        if (body.under_attack !== undefined) set.under_attack = body.under_attack;
        if (rename) set.name = rename.name;
        try {
          if (Object.keys(set).length) await tx.update(domains).set(set).where(eq(domains.ID, id));
          // A root domain's subdomains carry its name: they are renamed with it.
          for (const ch of rename?.children ?? []) await tx.update(domains).set({ name: ch.name }).where(eq(domains.ID, ch.ID));
        } catch (e) {
          if (pgCode(e).code === '23505') throw new ApiError(409, MSG.domainAdded(rename?.name ?? cur.name));
          throw e;
        }
      });
      // A renamed subdomain's DNS records (its CNAME, and any under it) follow it in the parent's zone.
      // One batch: all of them move, or none does.
      if (rename?.records.length) {
        await dns
          .batchRecords(rename.zoneId, { puts: rename.records.map((r) => ({ ...r, name: `${r.name.slice(0, -rename.from.length)}${rename.name}` })) })
          .catch((e) => {
            throw dnsFailure(e);
          });
      }
      if (sync) {
        await syncDomain(db, dns, await getDomainRow(db, id)).catch((e) => {
          throw dnsFailure(e);
        });
        const fresh = await getDomainRow(db, id);
        if (fresh.parent_id == null && fresh.zone_id)
          await dns.setUnderAttack(fresh.zone_id, fresh.under_attack).catch((e) => {
            throw dnsFailure(e);
          });
      }
      return c.json(await one(id), 200);
    },
  );

  onDelete(
    app,
    'domains.write',
    {
      contract: DOMAIN_ROUTES.remove,
      operationId: 'deleteDomain',
      tags,
      summary: 'Delete a domain with its subdomains; its DNS zone (root) or CNAME (subdomain) goes too',
      errors: errors(404, 422, 423, PROVIDER_ERROR_DOCS),
    },
    'Domain',
    async (id) => {
      const { cur, parent } = await db.transaction(async (tx) => {
        const d = await getDomainRow(tx, id, true);
        await assertDomainUnlocked(tx, d);
        const children = await tx.select().from(domains).where(eq(domains.parent_id, id));
        for (const ch of children) await assertDomainUnlocked(tx, ch);
        const p = d.parent_id != null ? await getDomainRow(tx, d.parent_id) : null;
        await tx.delete(domains).where(eq(domains.ID, id));
        return { cur: d, parent: p };
      });
      // DNS clean-up after the commit; a zone or record already gone is fine.
      const ignoreMissing = (e: unknown) => {
        if (!(e instanceof DnsError && e.kind === 'not_found')) throw dnsFailure(e);
      };
      if (cur.parent_id == null && cur.zone_id) await dns.deleteZone(cur.zone_id).catch(ignoreMissing);
      if (parent?.zone_id && (await dns.getZone(parent.zone_id))) {
        const name = fullRecordName(cur.name, parent.name);
        for (const r of await dns.listRecords(parent.zone_id)) {
          if (r.name === name) await dns.deleteRecord(parent.zone_id, r.id).catch(ignoreMissing);
        }
      }
    },
  );
});
