/**
 * A stateful fake of Cloudflare's API v4 for the DNS provider's tests: a real HTTP server on
 * 127.0.0.1 that keeps zones, DNS records and the security level in memory, and validates every
 * request it receives and every response it sends against Cloudflare's published OpenAPI schema
 * (tests/fakes/cloudflare-openapi.json, trimmed from `cloudflare/api-schemas`). A request the
 * schema refuses is answered 400 and recorded in `invalid`; tests assert it stays empty.
 *
 * Faults can be injected: 429 with Retry-After, 5xx, a delay beyond the client's timeout (the
 * request is still carried out), a malformed body, and a provider that stays down.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { faultAnswers, startHarness, type Answer, type Fault } from './harness.ts';
import { OpenApiValidator } from './openapi-validator.ts';

/** A fault the fake injects (tests/fakes/harness.ts): 429 or a 5xx with Cloudflare's bodies, a delay, a body that is not JSON. */
export type CloudflareFault = Fault;

interface Zone {
  id: string;
  name: string;
  account: string;
  security_level: string;
  created_on: string;
}

interface RecordRow {
  id: string;
  zone_id: string;
  type: string;
  name: string;
  content: string;
  proxied: boolean;
  ttl: number;
  priority?: number;
  created_on: string;
  modified_on: string;
}

/** A batch call's body as Cloudflare documents it. */
export interface BatchBody {
  deletes?: { id: string }[];
  patches?: ({ id: string } & Record<string, unknown>)[];
  puts?: ({ id: string } & Record<string, unknown>)[];
  posts?: Record<string, unknown>[];
}

/** The running fake. */
export interface FakeCloudflare {
  /** Base URL to use as CLOUDFLARE_API_URL (no trailing slash). */
  url: string;
  /** Requests the schema refused, and responses the schema refused (`response: …`): must stay empty. */
  invalid: string[];
  /** Every request received, as `METHOD /path?query`. */
  requests: string[];
  /** The body of every batch call received (`POST /zones/{zone_id}/dns_records/batch`), refused ones included. */
  batches: { zone_id: string; body: BatchBody }[];
  /** Queues a fault. */
  inject(fault: CloudflareFault): void;
  /** Drops queued faults. */
  heal(): void;
  /** The zone's records as stored (for checking nothing was duplicated). */
  records(zoneId: string): RecordRow[];
  close(): Promise<void>;
}

let validator: OpenApiValidator | null = null;
/** The schema validator (compiled once per process). */
function schema(): OpenApiValidator {
  validator ??= new OpenApiValidator(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'cloudflare-openapi.json'), 'utf8')));
  return validator;
}

const hexId = () => crypto.randomBytes(16).toString('hex');
const now = () => new Date().toISOString();

/** Starts the fake; requests must carry `Authorization: Bearer <token>`. */
export async function startFakeCloudflare(opts: { token: string; accountId: string }): Promise<FakeCloudflare> {
  const v = schema();
  const zones = new Map<string, Zone>();
  const records = new Map<string, RecordRow>();
  const batches: FakeCloudflare['batches'] = [];

  const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({ status: 200, body: { success: true, errors: [], messages: [], result, ...extra } });
  const fail = (status: number, code: number, message: string) => ({
    status,
    body: { success: false, errors: [{ code, message }], messages: [], result: null },
  });
  const zoneOut = (z: Zone) => ({
    id: z.id,
    name: z.name,
    status: 'pending',
    paused: false,
    type: 'full',
    development_mode: 0,
    name_servers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
    original_name_servers: null,
    original_registrar: null,
    original_dnshost: null,
    owner: { id: z.account, type: 'organization', name: 'Funnel Admin tests' },
    account: { id: z.account, name: 'Funnel Admin tests' },
    meta: { step: 2, custom_certificate_quota: 0, page_rule_quota: 3, phishing_detected: false },
    created_on: z.created_on,
    modified_on: z.created_on,
    activated_on: null,
  });
  const recordOut = (r: RecordRow) => {
    const { zone_id: _z, priority, ...rest } = r;
    return { ...rest, ...(r.type === 'MX' ? { priority } : {}), proxiable: r.type === 'A' || r.type === 'AAAA' || r.type === 'CNAME', tags: [], meta: {} };
  };
  const notZone = (id: string) => fail(404, 7003, `Could not route to /zones/${id}, perhaps your object identifier is invalid?`);

  /** Cloudflare's rules for a record write (the errors its API answers). */
  const check = (z: Zone, body: Record<string, unknown>, exceptId: string | null) => {
    const type = String(body.type);
    const name = String(body.name).toLowerCase();
    if (!(name === z.name || name.endsWith(`.${z.name}`))) return fail(400, 9005, `The record name ${name} is not in the zone ${z.name}.`);
    if (body.proxied === true && !['A', 'AAAA', 'CNAME'].includes(type)) return fail(400, 9004, 'This record type cannot be proxied.');
    const others = [...records.values()].filter((r) => r.zone_id === z.id && r.name === name && r.id !== exceptId);
    if (others.some((r) => r.type === type && r.content === body.content)) return fail(400, 81058, 'An identical record already exists.');
    if (type === 'CNAME' && others.length) return fail(400, 81053, 'An A, AAAA, or CNAME record with that host already exists.');
    if (others.some((r) => r.type === 'CNAME')) return fail(400, 81053, 'An A, AAAA, or CNAME record with that host already exists.');
    return null;
  };

  /** Creates a record in `z` (Cloudflare's checks first). */
  const createIn = (z: Zone, b: Record<string, unknown>): Answer => {
    const bad = check(z, b, null);
    if (bad) return bad;
    const t = now();
    const r: RecordRow = {
      id: hexId(),
      zone_id: z.id,
      type: String(b.type),
      name: String(b.name).toLowerCase(),
      content: String(b.content),
      proxied: b.proxied === true,
      ttl: Number(b.ttl ?? 1),
      ...(b.type === 'MX' ? { priority: Number(b.priority ?? 10) } : {}),
      created_on: t,
      modified_on: t,
    };
    records.set(r.id, r);
    return ok(recordOut(r));
  };
  /** Overwrites (PUT) or patches record `id` of `z`. */
  const updateIn = (z: Zone, id: string, body: Record<string, unknown>, patch: boolean): Answer => {
    const r = records.get(id);
    if (!r || r.zone_id !== z.id) return fail(404, 81044, 'Record does not exist.');
    const b = { ...(patch ? r : {}), ...body };
    const bad = check(z, b, r.id);
    if (bad) return bad;
    Object.assign(r, {
      type: String(b.type),
      name: String(b.name).toLowerCase(),
      content: String(b.content),
      proxied: b.proxied === true,
      ttl: Number(b.ttl ?? 1),
      priority: b.type === 'MX' ? Number(b.priority ?? 10) : undefined,
      modified_on: now(),
    });
    return ok(recordOut(r));
  };
  /** The batch: deletes → patches → puts → posts in one transaction (all or nothing). */
  const batchIn = (z: Zone, b: BatchBody): Answer => {
    const saved = new Map([...records].map(([k, r]) => [k, { ...r }]));
    const out = { deletes: [] as unknown[], patches: [] as unknown[], puts: [] as unknown[], posts: [] as unknown[] };
    const undo = (a: Answer) => {
      records.clear();
      for (const [k, r] of saved) records.set(k, r);
      return a;
    };
    for (const { id } of b.deletes ?? []) {
      const r = records.get(id);
      if (!r || r.zone_id !== z.id) return undo(fail(404, 81044, 'Record does not exist.'));
      records.delete(id);
      out.deletes.push(recordOut(r));
    }
    for (const [list, patch] of [
      [b.patches ?? [], true],
      [b.puts ?? [], false],
    ] as const) {
      for (const { id, ...rest } of list) {
        const a = updateIn(z, id, rest, patch);
        if (a.status !== 200) return undo(a);
        (patch ? out.patches : out.puts).push((a.body as { result: unknown }).result);
      }
    }
    for (const p of b.posts ?? []) {
      const a = createIn(z, p);
      if (a.status !== 200) return undo(a);
      out.posts.push((a.body as { result: unknown }).result);
    }
    return ok(out);
  };

  const handle = (method: string, url: URL, body: unknown): Answer => {
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if (p === '/zones' && method === 'GET') {
      const name = url.searchParams.get('name')?.toLowerCase();
      const list = [...zones.values()].filter((z) => !name || z.name === name).map(zoneOut);
      return ok(list, { result_info: { page: 1, per_page: 20, count: list.length, total_count: list.length, total_pages: 1 } });
    }
    if (p === '/zones' && method === 'POST') {
      const b = body as { name: string; account: { id: string } };
      const name = b.name.toLowerCase();
      if ([...zones.values()].some((z) => z.name === name)) return fail(400, 1061, `${name} already exists`);
      if (b.account.id !== opts.accountId) return fail(403, 1068, 'Permission denied.');
      const z: Zone = { id: hexId(), name, account: b.account.id, security_level: 'medium', created_on: now() };
      zones.set(z.id, z);
      return ok(zoneOut(z));
    }
    if ((m = /^\/zones\/([^/]+)$/.exec(p))) {
      const z = zones.get(m[1] as string);
      if (!z) return notZone(m[1] as string);
      if (method === 'GET') return ok(zoneOut(z));
      zones.delete(z.id);
      for (const r of [...records.values()]) if (r.zone_id === z.id) records.delete(r.id);
      return ok({ id: z.id });
    }
    if ((m = /^\/zones\/([^/]+)\/settings\/([^/]+)$/.exec(p))) {
      const z = zones.get(m[1] as string);
      if (!z) return notZone(m[1] as string);
      if (m[2] !== 'security_level') return fail(400, 1001, `The fake knows only security_level, not ${m[2]}`);
      if (method === 'PATCH') z.security_level = String((body as { value: string }).value);
      return ok({ id: 'security_level', value: z.security_level, editable: true, modified_on: now() });
    }
    if ((m = /^\/zones\/([^/]+)\/dns_records$/.exec(p))) {
      const z = zones.get(m[1] as string);
      if (!z) return notZone(m[1] as string);
      if (method === 'GET') {
        const q = url.searchParams;
        const list = [...records.values()].filter(
          (r) =>
            r.zone_id === z.id &&
            (!q.get('type') || r.type === q.get('type')) &&
            (!q.get('name') || r.name === q.get('name')?.toLowerCase()) &&
            (!q.get('content') || r.content === q.get('content')),
        );
        const perPage = Number(q.get('per_page') ?? 100);
        const page = Number(q.get('page') ?? 1);
        const slice = list.slice((page - 1) * perPage, page * perPage).map(recordOut);
        return ok(slice, {
          result_info: { page, per_page: perPage, count: slice.length, total_count: list.length, total_pages: Math.max(1, Math.ceil(list.length / perPage)) },
        });
      }
      return createIn(z, body as Record<string, unknown>);
    }
    if ((m = /^\/zones\/([^/]+)\/dns_records\/batch$/.exec(p)) && method === 'POST') {
      const z = zones.get(m[1] as string);
      if (!z) return notZone(m[1] as string);
      batches.push({ zone_id: z.id, body: body as BatchBody });
      return batchIn(z, body as BatchBody);
    }
    if ((m = /^\/zones\/([^/]+)\/dns_records\/([^/]+)$/.exec(p))) {
      const z = zones.get(m[1] as string);
      if (!z) return notZone(m[1] as string);
      const r = records.get(m[2] as string);
      if (!r || r.zone_id !== z.id) return fail(404, 81044, 'Record does not exist.');
      if (method === 'GET') return ok(recordOut(r));
      if (method === 'DELETE') {
        records.delete(r.id);
        return ok({ id: r.id });
      }
      return updateIn(z, r.id, body as Record<string, unknown>, method === 'PATCH');
    }
    return fail(404, 7000, 'No route for that URI');
  };

  const h = await startHarness({
    validator: v,
    prefix: '/client/v4',
    fault: faultAnswers({
      throttled: fail(429, 10000, 'Rate limited. Please wait and consider throttling your request speed'),
      edgePage: '<html><body>502 Bad Gateway · cloudflare</body></html>',
      cutShort: '{"success": true, "result": {',
      refused: (message) => fail(400, 1004, message),
    }),

    badJson: fail(400, 6007, 'Malformed JSON in request body'),
    authorize: (req) =>
      req.headers.authorization === `Bearer ${opts.token}` ? null : { invalid: 'no or a wrong API token', answer: fail(400, 6003, 'Invalid request headers') },
    schemaRefused: (verdict) => fail(400, 1004, `Schema check failed: ${verdict}`),
    handle,
  });
  return {
    ...h,
    batches,
    records: (zoneId) => [...records.values()].filter((r) => r.zone_id === zoneId),
  };
}
