/**
 * The Cloudflare DNS provider (000 §7 "DNS (through a DNS provider)"): Cloudflare's
 * API v4 over `fetch` — zones, DNS records and the zone's `security_level` setting for "under
 * attack". Records are sent proxied as given with ttl 1 ("automatic", 001 §9). Cloudflare's
 * refusals become {@link DnsError}s with Cloudflare's own message; an unreachable, rate-limiting
 * or paused Cloudflare is a {@link ProviderError} (http-retry.ts). The API token is sent only in
 * the Authorization header: it is never part of a message or a log line.
 */
import { DNS_RECORD_TYPES, DNS_TTL } from '../../model/constants.ts';
import type { DnsRecord } from '../../model/domains.ts';
import {
  batchRecordMessage,
  DnsError,
  fullRecordName,
  type DnsBatch,
  type DnsBatchResult,
  type DnsProvider,
  type DnsRecordInput,
  type DnsZone,
} from './dns.ts';
import { parseJson, ResilientHttp, type ProviderClientOptions, type ProviderHealth } from './http-retry.ts';

/** What the client needs: the API base URL, a token with Zone and DNS edit rights, the account zones are created in. */
export interface CloudflareOptions extends ProviderClientOptions {
  /** e.g. https://api.cloudflare.com/client/v4 (no trailing slash). */
  apiUrl: string;
  apiToken: string;
  accountId: string;
}

/** Cloudflare's error codes that mean "no such object" and "already exists". */
const NOT_FOUND_CODES = new Set([1001, 7003, 81044]);
const CONFLICT_CODES = new Set([1061, 81053, 81054, 81057, 81058]);

interface CfMessage {
  code: number;
  message: string;
}
interface CfEnvelope<T> {
  success: boolean;
  errors: CfMessage[];
  result: T;
  result_info?: { page?: number; per_page?: number; count?: number; total_count?: number; total_pages?: number };
}
interface CfZone {
  id: string;
  name: string;
  name_servers?: string[];
}
interface CfRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied?: boolean;
  priority?: number;
}

/** The security levels a zone may return to when "under attack" is turned off. */
const DEFAULT_SECURITY_LEVEL = 'medium';
const PER_PAGE = 5000;

/** The Cloudflare DNS provider. */
export class CloudflareDnsProvider implements DnsProvider {
  readonly kind = 'cloudflare';
  private readonly http: ResilientHttp;
  private readonly zoneNames = new Map<string, string>();
  /** The level each zone had before "under attack" was turned on (back to it when turned off). */
  private readonly previousLevel = new Map<string, string>();
  /** The API token, in a private field: not enumerable, not in JSON or util.inspect output. */
  readonly #token: string;
  private readonly opts: Omit<CloudflareOptions, 'apiToken'>;

  constructor(opts: CloudflareOptions) {
    const { apiToken, ...rest } = opts;
    this.#token = apiToken;
    this.opts = rest;
    this.http = new ResilientHttp('Cloudflare', opts.policy, opts.deps);
  }

  /**
   * One API call: the envelope's `result` (and `result_info`).
   * @throws DnsError for Cloudflare's refusals; ProviderError when it cannot be used.
   */
  private async call<T>(
    method: string,
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; recover?: () => Promise<T | null> } = {},
  ): Promise<CfEnvelope<T>> {
    const out = await this.http.sendJson<T>({ method, base: this.opts.apiUrl, path, headers: { authorization: `Bearer ${this.#token}` }, ...opts });
    if ('recovered' in out) return { success: true, errors: [], result: out.recovered };
    const { status, text } = out.answer;
    const parsed = parseJson(text);
    const env = isEnvelope<T>(parsed) ? parsed : null;
    if (!env) {
      throw this.http.malformed(`${method} ${path} answered a malformed body (HTTP ${status})`, `HTTP ${status}`);
    }
    if (status >= 200 && status < 300 && env.success) return env;
    const errors = Array.isArray(env.errors) ? env.errors : [];
    const message =
      errors
        .map((e) => e.message)
        .filter(Boolean)
        .join('; ') || `HTTP ${status}`;
    const codes = errors.map((e) => e.code);
    if (status === 401 || status === 403) throw this.http.refusedCredentials('the API token', message);
    if (status === 404 || codes.some((c) => NOT_FOUND_CODES.has(c))) throw new DnsError('not_found', message);
    if (status === 409 || codes.some((c) => CONFLICT_CODES.has(c))) throw new DnsError('conflict', message);
    throw new DnsError('invalid', message);
  }

  /** Last error, pause and rate-limit headroom as this client saw them (Status screen). */
  health(): ProviderHealth {
    return this.http.health();
  }

  private async securityLevel(zoneId: string): Promise<string> {
    return (await this.call<{ value: string }>('GET', `/zones/${zoneId}/settings/security_level`)).result.value;
  }

  private zoneOut(z: CfZone, level: string): DnsZone {
    this.zoneNames.set(z.id, z.name);
    return { id: z.id, name: z.name, under_attack: level === 'under_attack', name_servers: z.name_servers ?? [] };
  }

  private async zoneName(zoneId: string): Promise<string> {
    const known = this.zoneNames.get(zoneId);
    if (known) return known;
    const z = (await this.call<CfZone>('GET', `/zones/${zoneId}`)).result;
    this.zoneNames.set(z.id, z.name);
    return z.name;
  }

  private recordOut(r: CfRecord, zoneId: string, zoneName: string): DnsRecord {
    return {
      id: r.id,
      type: r.type as DnsRecord['type'],
      name: r.name,
      content: r.content,
      proxied: r.proxied === true,
      ttl: DNS_TTL,
      priority: r.type === 'MX' ? (r.priority ?? null) : null,
      zone_id: zoneId,
      zone_name: zoneName,
    };
  }

  private async zoneByName(name: string): Promise<CfZone | null> {
    const list = (await this.call<CfZone[]>('GET', '/zones', { query: { name, 'account.id': this.opts.accountId } })).result;
    return list.find((z) => z.name === name) ?? null;
  }

  async createZone(name: string): Promise<DnsZone> {
    const n = name.trim().toLowerCase();
    const z = (
      await this.call<CfZone>('POST', '/zones', {
        body: { name: n, account: { id: this.opts.accountId }, type: 'full' },
        recover: () => this.zoneByName(n),
      })
    ).result;
    // A new zone starts at Cloudflare's default level, not under attack.
    return this.zoneOut(z, DEFAULT_SECURITY_LEVEL);
  }

  async getZone(id: string): Promise<DnsZone | null> {
    try {
      const z = (await this.call<CfZone>('GET', `/zones/${id}`)).result;
      return this.zoneOut(z, await this.securityLevel(id));
    } catch (e) {
      if (e instanceof DnsError && e.kind === 'not_found') return null;
      throw e;
    }
  }

  async findZone(name: string): Promise<DnsZone | null> {
    const z = await this.zoneByName(name.trim().toLowerCase());
    return z ? this.zoneOut(z, await this.securityLevel(z.id)) : null;
  }

  async deleteZone(id: string): Promise<void> {
    await this.call('DELETE', `/zones/${id}`);
    this.zoneNames.delete(id);
    this.previousLevel.delete(id);
  }

  async setUnderAttack(id: string, on: boolean): Promise<DnsZone> {
    const current = await this.securityLevel(id);
    let value: string;
    if (on) {
      if (current !== 'under_attack') this.previousLevel.set(id, current);
      value = 'under_attack';
    } else {
      value = current === 'under_attack' ? (this.previousLevel.get(id) ?? DEFAULT_SECURITY_LEVEL) : current;
    }
    if (value !== current) {
      await this.call('PATCH', `/zones/${id}/settings/security_level`, { body: { id: 'security_level', value } });
    }
    if (!on) this.previousLevel.delete(id);
    const z = (await this.call<CfZone>('GET', `/zones/${id}`)).result;
    return this.zoneOut(z, value);
  }

  async listRecords(zoneId: string): Promise<DnsRecord[]> {
    const zoneName = await this.zoneName(zoneId);
    const out: DnsRecord[] = [];
    for (let page = 1; ; page++) {
      const env = await this.call<CfRecord[]>('GET', `/zones/${zoneId}/dns_records`, { query: { page: String(page), per_page: String(PER_PAGE) } });
      out.push(...env.result.map((r) => this.recordOut(r, zoneId, zoneName)));
      const pages = env.result_info?.total_pages ?? 1;
      if (page >= pages || env.result.length < PER_PAGE) break;
    }
    return out.sort((a, b) => a.name.localeCompare(b.name) || a.type.localeCompare(b.type));
  }

  /** The body Cloudflare gets for a record: full name, ttl 1, proxied as given, priority for MX. */
  private recordBody(rec: DnsRecordInput, zoneName: string) {
    if (!(DNS_RECORD_TYPES as readonly string[]).includes(rec.type)) throw new DnsError('invalid', `Unsupported record type ${rec.type}`);
    return {
      type: rec.type,
      name: fullRecordName(rec.name, zoneName),
      content: rec.content,
      proxied: rec.proxied,
      ttl: DNS_TTL,
      ...(rec.type === 'MX' ? { priority: rec.priority ?? 10 } : {}),
    };
  }

  async createRecord(zoneId: string, rec: DnsRecordInput): Promise<DnsRecord> {
    const zoneName = await this.zoneName(zoneId);
    const body = this.recordBody(rec, zoneName);
    // A create whose answer was lost is looked up by type, name and content before it is sent again.
    const recover = async () => {
      const found = (await this.call<CfRecord[]>('GET', `/zones/${zoneId}/dns_records`, { query: { type: body.type, name: body.name, content: body.content } }))
        .result;
      return found.find((r) => r.type === body.type && r.name === body.name && r.content === body.content) ?? null;
    };
    const r = (await this.call<CfRecord>('POST', `/zones/${zoneId}/dns_records`, { body, recover })).result;
    return this.recordOut(r, zoneId, zoneName);
  }

  async updateRecord(zoneId: string, id: string, rec: DnsRecordInput): Promise<DnsRecord> {
    const zoneName = await this.zoneName(zoneId);
    const r = (await this.call<CfRecord>('PUT', `/zones/${zoneId}/dns_records/${id}`, { body: this.recordBody(rec, zoneName) })).result;
    return this.recordOut(r, zoneId, zoneName);
  }

  async deleteRecord(zoneId: string, id: string): Promise<void> {
    await this.call('DELETE', `/zones/${zoneId}/dns_records/${id}`);
  }

  /**
   * Cloudflare's batch call, `POST /zones/{zone_id}/dns_records/batch` (deletes → patches →
   * puts → posts in one database transaction). A batch whose answer was lost is looked up (every
   * change visible) before it is sent again. When Cloudflare refuses the batch, the changes go
   * one call per record so the error names the record that failed; the ones already made are
   * then undone, so the zone is left as it was.
   * @throws DnsError naming the refused record; ProviderError when Cloudflare cannot be used.
   */
  async batchRecords(zoneId: string, batch: DnsBatch): Promise<DnsBatchResult> {
    const zoneName = await this.zoneName(zoneId);
    const deletes = batch.deletes ?? [];
    const puts = (batch.puts ?? []).map(({ id, ...rec }) => ({ id, ...this.recordBody(rec, zoneName) }));
    const posts = (batch.posts ?? []).map((rec) => this.recordBody(rec, zoneName));
    if (!deletes.length && !puts.length && !posts.length) return { deletes: [], puts: [], posts: [] };
    const body = {
      ...(deletes.length ? { deletes: deletes.map((id) => ({ id })) } : {}),
      ...(puts.length ? { puts } : {}),
      ...(posts.length ? { posts } : {}),
    };
    type CfBatch = { deletes?: CfRecord[]; patches?: CfRecord[]; puts?: CfRecord[]; posts?: CfRecord[] };
    const same = (r: CfRecord, b: (typeof posts)[number]) =>
      r.type === b.type && r.name === b.name && r.content === b.content && (r.proxied === true) === b.proxied;
    const recover = async (): Promise<CfBatch | null> => {
      const now = (await this.call<CfRecord[]>('GET', `/zones/${zoneId}/dns_records`, { query: { page: '1', per_page: String(PER_PAGE) } })).result;
      const byId = new Map(now.map((r) => [r.id, r]));
      if (deletes.some((id) => byId.has(id))) return null;
      if (
        puts.some((p) => {
          const r = byId.get(p.id);
          return !r || !same(r, p);
        })
      )
        return null;
      const made = posts.map((p) => now.find((r) => same(r, p)));
      if (made.some((r) => !r)) return null;
      return { deletes: deletes.map((id) => ({ id }) as CfRecord), puts: puts.map((p) => byId.get(p.id) as CfRecord), posts: made as CfRecord[] };
    };
    try {
      const r = (await this.call<CfBatch>('POST', `/zones/${zoneId}/dns_records/batch`, { body, recover })).result;
      return {
        deletes: (r.deletes ?? []).map((x) => x.id),
        puts: (r.puts ?? []).map((x) => this.recordOut(x, zoneId, zoneName)),
        posts: (r.posts ?? []).map((x) => this.recordOut(x, zoneId, zoneName)),
      };
    } catch (e) {
      if (!(e instanceof DnsError)) throw e;
      return this.oneByOne(zoneId, zoneName, batch);
    }
  }

  /** The batch as one call per record; on the first refusal the changes made are undone and the record named. */
  private async oneByOne(zoneId: string, zoneName: string, batch: DnsBatch): Promise<DnsBatchResult> {
    const before = new Map((await this.listRecords(zoneId)).map((r) => [r.id, r]));
    const undo: (() => Promise<unknown>)[] = [];
    const out: DnsBatchResult = { deletes: [], puts: [], posts: [] };
    const rollback = async () => {
      let failed = 0;
      for (const u of undo.reverse())
        await u().catch(() => {
          failed += 1;
        });
      return failed ? ` (${failed} earlier change${failed === 1 ? '' : 's'} could not be undone)` : '';
    };
    const step = async <T>(rec: DnsRecordInput, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (e) {
        const left = await rollback();
        if (e instanceof DnsError) {
          const message = e.kind === 'not_found' ? e.message : batchRecordMessage(fullRecordName(rec.name, zoneName), rec.type, e.message);
          throw new DnsError(e.kind, `${message}${left}`);
        }
        throw e;
      }
    };
    const known = async (id: string) => {
      const cur = before.get(id);
      if (cur) return cur;
      await rollback();
      throw new DnsError('not_found', `DNS record ${id} not found`);
    };
    for (const id of batch.deletes ?? []) {
      const cur = await known(id);
      await step(cur, () => this.deleteRecord(zoneId, id));
      undo.push(() => this.createRecord(zoneId, cur));
      out.deletes.push(id);
    }
    for (const { id, ...rec } of batch.puts ?? []) {
      const cur = await known(id);
      out.puts.push(await step(rec, () => this.updateRecord(zoneId, id, rec)));
      undo.push(() => this.updateRecord(zoneId, id, cur));
    }
    for (const rec of batch.posts ?? []) {
      const made = await step(rec, () => this.createRecord(zoneId, rec));
      undo.push(() => this.deleteRecord(zoneId, made.id));
      out.posts.push(made);
    }
    return out;
  }
}

/** Whether `v` is Cloudflare's answer envelope (a boolean `success`). */
function isEnvelope<T>(v: unknown): v is CfEnvelope<T> {
  return typeof v === 'object' && v !== null && 'success' in v && typeof v.success === 'boolean';
}
