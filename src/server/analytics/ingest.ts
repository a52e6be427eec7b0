/**
 * `POST /e` of a published site (its own origin: no CORS, no third party): the events its pages
 * send (src/server/publish/templates/_scripts.liquid). Only well-formed events for pages of the
 * site's live release are taken — `application/json` or `text/plain` (what sendBeacon sends),
 * at most 2048 bytes and 20 events — and nothing but `events` rows is ever written. Answers 204;
 * 400 with a sentence for a malformed request, 404 for a site, page or release that is not live,
 * 429 with Retry-After past the per-address limit. The rows are written in batches
 * (buffer.ts); an event's `id` seen in the last {@link SEEN_IDS} is not stored again.
 */
import { IncomingMessage } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { EventBatchSchema, EVENT_MSG, forbiddenKeyIn, MAX_EVENT_BODY_BYTES, type AnalyticsEvent } from '../../model/index.ts';
import type { Db } from '../db/index.ts';
import { releases } from '../db/schema.ts';
import { TokenBucket } from '../ops/rate-limit.ts';
import type { EventBuffer, EventRow } from './buffer.ts';

/** How many recent event ids are remembered per process to drop a batch sent twice. */
export const SEEN_IDS = 100_000;
/** How long a site's live release is kept before it is read again (ms). */
export const LIVE_RELEASE_TTL_MS = 1_000;

/** The live release of a site as ingest checks events against it. */
export interface LiveRelease {
  releaseId: number;
  funnelId: number;
  pages: ReadonlySet<number>;
}

/** Reads `site`'s live release, or null when it has none. */
export async function liveReleaseForEvents(db: Db, site: string): Promise<LiveRelease | null> {
  const [row] = await db
    .select({ id: releases.ID, funnel: releases.funnel_id, pages: sql<unknown>`jsonb_path_query_array(${releases.snapshot}, '$.pages[*].ID')` })
    .from(releases)
    .where(and(eq(releases.site, site), eq(releases.live, true)));
  if (!row) return null;
  const ids = Array.isArray(row.pages) ? row.pages.filter((x): x is number => typeof x === 'number') : [];
  return { releaseId: row.id, funnelId: row.funnel, pages: new Set(ids) };
}

/** The socket address of the Node request behind a Hono context's bindings, if any. */
function remoteAddress(env: unknown): string | undefined {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  return env.incoming instanceof IncomingMessage ? env.incoming.socket.remoteAddress : undefined;
}

/** A refusal: its status and sentence. */
class Refused extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** Reads at most `max` bytes of the body. @returns the text, or null when it is longer. */
async function boundedText(c: Context, max: number): Promise<string | null> {
  const length = c.req.header('Content-Length');
  if (length !== undefined && Number(length) > max) return null;
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Options of {@link EventIngest}. */
export interface IngestOptions {
  /** Requests per client address and minute (0: no limit). */
  perMinute: number;
  /** Behind a proxy (PUBLIC_URL https): the client is the last X-Forwarded-For hop. */
  behindProxy: boolean;
  now?: () => number;
}

/** The `POST /e` endpoint of one process. */
export class EventIngest {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly seen = new Set<string>();
  private readonly live = new Map<string, { at: number; value: Promise<LiveRelease | null> }>();
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly buffer: EventBuffer,
    private readonly opts: IngestOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** The client's address: the socket's, or the last X-Forwarded-For hop behind the proxy. */
  private client(c: Context): string {
    const forwarded = this.opts.behindProxy ? c.req.header('X-Forwarded-For')?.split(',').pop()?.trim() : undefined;
    return forwarded || remoteAddress(c.env) || 'unknown';
  }

  /** Takes a token of `address`. @returns 0, or the seconds to wait. */
  private take(address: string): number {
    if (this.opts.perMinute === 0) return 0;
    const t = this.now();
    let b = this.buckets.get(address);
    if (!b) {
      // Forget full buckets now and then, so memory follows the addresses of the last minute.
      if (this.buckets.size > 50_000) for (const [k, v] of this.buckets) if (v.full(t)) this.buckets.delete(k);
      b = new TokenBucket(this.opts.perMinute, this.opts.perMinute / 60_000, t);
      this.buckets.set(address, b);
    }
    return b.take(t);
  }

  private liveRelease(site: string): Promise<LiveRelease | null> {
    const t = this.now();
    const kept = this.live.get(site);
    if (kept && t - kept.at < LIVE_RELEASE_TTL_MS) return kept.value;
    const value = liveReleaseForEvents(this.db, site);
    this.live.set(site, { at: t, value });
    value.catch(() => this.live.delete(site));
    if (this.live.size > 10_000) {
      const oldest = this.live.keys().next();
      if (!oldest.done) this.live.delete(oldest.value);
    }
    return value;
  }

  /** True the first time `key` is seen among the last {@link SEEN_IDS}. */
  private firstSeen(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    // A Set iterates in insertion order: the oldest id goes first.
    if (this.seen.size > SEEN_IDS) {
      const oldest = this.seen.values().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    return true;
  }

  /** Answers `POST /e` of `site` (a site name already checked by the caller). */
  async handle(c: Context, site: string): Promise<Response> {
    const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
    const wait = this.take(this.client(c));
    if (wait > 0) {
      return c.json({ message: `Too many events from your address: try again in ${wait} s` }, 429, { ...headers, 'Retry-After': String(wait) });
    }
    try {
      const batch = await this.parse(c);
      const live = await this.liveRelease(site);
      if (!live) throw new Refused(404, 'This site has no live release');
      const at = new Date(this.now());
      const rows: EventRow[] = [];
      for (const e of batch) {
        if (!live.pages.has(e.page)) throw new Refused(404, `Page ${e.page} is not a page of this site's live release`);
        if (e.release !== undefined && e.release !== live.releaseId) throw new Refused(404, `Release ${e.release} is not this site's live release`);
        if (e.id !== undefined && !this.firstSeen(`${site}:${e.id}`)) continue;
        rows.push(rowOf(e, live, at));
      }
      this.buffer.push(rows);
      return c.body(null, 204, headers);
    } catch (e) {
      if (e instanceof Refused) return c.json({ message: e.message }, e.status, headers);
      throw e;
    }
  }

  private async parse(c: Context): Promise<AnalyticsEvent[]> {
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'text/plain') throw new Refused(400, 'Send the events as application/json or text/plain');
    const text = await boundedText(c, MAX_EVENT_BODY_BYTES);
    if (text === null) throw new Refused(400, EVENT_MSG.tooLarge);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Refused(400, EVENT_MSG.body);
    }
    const bad = forbiddenKeyIn(json);
    if (bad !== undefined) throw new Refused(400, `The body is refused: the key "${bad}" is not allowed in an event`);
    const parsed = EventBatchSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const unknown = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
      const inEvent = issue?.path[0] === 'events' && typeof issue.path[1] === 'number';
      if (unknown !== undefined && inEvent) throw new Refused(400, EVENT_MSG.unknownKey(unknown));
      throw new Refused(400, inEvent ? (issue?.message ?? EVENT_MSG.body) : EVENT_MSG.body);
    }
    return parsed.data.events;
  }
}

/** The row of event `e` of `live`, received `at`. */
function rowOf(e: AnalyticsEvent, live: LiveRelease, at: Date): EventRow {
  return {
    created_at: at,
    funnel_id: live.funnelId,
    page_id: e.page,
    release_id: live.releaseId,
    kind: e.kind,
    visitor: e.visitor ?? null,
    branch: e.branch ?? null,
    affiliate: e.affiliate ?? null,
    campaign: e.campaign ?? null,
  };
}
