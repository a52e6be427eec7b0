/**
 * What every vendor fake shares: an HTTP server on 127.0.0.1 (a random port) that records each
 * request as `METHOD /path?query`, answers queued faults first (they stand for the vendor's edge:
 * 429 with Retry-After, a 5xx HTML page, a delay past the client's timeout, a body that is not
 * JSON, a vendor refusal), then refuses a body that is not JSON, then lets the fake check
 * credentials and headers, then validates the request against the vendor's schema, and finally
 * answers from the fake's state — validating that answer too. Whatever the schema refuses, in
 * either direction, lands in `invalid`, which a test expects to stay empty.
 *
 * A fake supplies only its vendor's words (error bodies) and its state (`handle`).
 */
import http from 'node:http';
import type { OpenApiValidator } from './openapi-validator.ts';
import { listenLocal } from './listen.ts';

/** What a queued fault answers. `refuse` is the vendor's own refusal (its fake words it). */
export type FaultKind =
  { status: 429; retryAfter?: string } | { status: 500 | 502 | 503 | 504 } | { delayMs: number } | { malformed: true } | { refuse: string };

/** A fault the fake injects into the next matching requests. */
export interface Fault<K extends FaultKind = FaultKind> {
  /** Only requests whose `METHOD /path?query` matches (default: every request). */
  match?: RegExp;
  /** How many requests it hits (default 1; Infinity = stays down). */
  times?: number;
  kind: K;
}

/** An answer from the fake's state or its vendor words; `body` undefined sends no body. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer that is not the vendor's JSON (an edge page, a broken body): sent as it is, not validated. */
export interface RawAnswer {
  status: number;
  raw: string;
  contentType: string;
  headers?: Record<string, string>;
}

/** A request as the fake sees it: `path` is the vendor path (the mount prefix stripped). */
export interface FakeRequest {
  method: string;
  url: URL;
  path: string;
  line: string;
  headers: http.IncomingHttpHeaders;
}

/** The vendor's side of a fake. */
export interface Vendor {
  validator: OpenApiValidator;
  /** Where the vendor's API is mounted (`/client/v4`); stripped before matching and validating. */
  prefix?: string;
  /** The vendor's answer to an injected fault (not a delay). */
  fault(kind: Exclude<FaultKind, { delayMs: number }>): Answer | RawAnswer;
  /** The vendor's answer to a body that is not JSON. */
  badJson: Answer;
  /** Credentials and required headers: a refusal (with what to record as invalid), or null. */
  authorize(req: FakeRequest): { invalid: string; answer: Answer } | null;
  /** The answer when the schema refuses the request (`verdict` says why). */
  schemaRefused(verdict: string): Answer;
  /** The answer from the fake's state. */
  handle(method: string, url: URL, body: unknown, req: FakeRequest): Answer;
  /** Headers on every answer from the state (rate-limit headroom). */
  headers?: Record<string, string>;
}

/** The running server. */
export interface Harness {
  /** Base URL including the prefix (no trailing slash). */
  url: string;
  /** Requests and answers the schema refused (answers as `response: …`): must stay empty. */
  invalid: string[];
  /** Every request received, as `METHOD /path?query` (vendor path). */
  requests: string[];
  inject(fault: Fault): void;
  /** Drops queued faults. */
  heal(): void;
  close(): Promise<void>;
}

/** What every fake order platform (29next, Sticky.io) offers a test: the harness, and what it stored. */
export interface FakePlatform {
  /** Base URL to set as the platform's API address (no trailing slash). */
  url: string;
  /** Requests the schema refused, and responses the schema refused (`response: …`): must stay empty. */
  invalid: string[];
  /** Every request received, as `METHOD /path?query`. */
  requests: string[];
  /** Queues a fault. */
  inject(fault: Fault): void;
  /** Drops queued faults. */
  heal(): void;
  /** The stored products (for checking what was created, and nothing twice). */
  products(): (Record<string, unknown> & { id: number })[];
  close(): Promise<void>;
}

/** Waits `ms`, or less if the client hangs up first (a fake never outwaits its caller). */
const holdAnswer = (ms: number, res: http.ServerResponse) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
    res.once('close', done);
  });
const isRaw = (a: Answer | RawAnswer): a is RawAnswer => 'raw' in a;

/** Starts a fake for `vendor` on 127.0.0.1. */
export async function startHarness(vendor: Vendor): Promise<Harness> {
  const invalid: string[] = [];
  const requests: string[] = [];
  const faults: (Fault & { left: number })[] = [];
  const prefix = vendor.prefix ?? '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const method = req.method ?? 'GET';
        const full = new URL(req.url ?? '/', 'http://127.0.0.1');
        const path = prefix && full.pathname.startsWith(prefix) ? full.pathname.slice(prefix.length) : full.pathname;
        const url = new URL(`http://127.0.0.1${path}${full.search}`);
        const line = `${method} ${path}${full.search}`;
        requests.push(line);
        const request: FakeRequest = { method, url, path, line, headers: req.headers };
        const send = (a: Answer | RawAnswer, extra: Record<string, string> = {}) => {
          if (isRaw(a)) {
            res.writeHead(a.status, { 'content-type': a.contentType, ...a.headers, ...extra });
            return res.end(a.raw);
          }
          const verdict = vendor.validator.checkResponse(method, path, a.status, a.body);
          if (verdict) invalid.push(`response: ${verdict}`);
          if (a.body === undefined) {
            res.writeHead(a.status, { ...a.headers, ...extra });
            return res.end();
          }
          res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers, ...extra });
          res.end(JSON.stringify(a.body));
        };
        // Injected faults first: they stand for the vendor's edge, before any check.
        const fault = faults.find((f) => f.left > 0 && (!f.match || f.match.test(line)));
        let delay = 0;
        if (fault) {
          fault.left -= 1;
          const k = fault.kind;
          if ('delayMs' in k) delay = k.delayMs;
          else return send(vendor.fault(k));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        if (raw) {
          try {
            body = JSON.parse(raw);
          } catch {
            invalid.push(`${line}: the body is not JSON`);
            return send(vendor.badJson);
          }
        }
        const refused = vendor.authorize(request);
        if (refused) {
          invalid.push(`${line}: ${refused.invalid}`);
          return send(refused.answer);
        }
        const verdict = vendor.validator.checkRequest(method, url, body);
        if (verdict) {
          invalid.push(`${line}: ${verdict}`);
          return send(vendor.schemaRefused(verdict));
        }
        const out = vendor.handle(method, url, body, request);
        if (delay) await holdAnswer(delay, res);
        if (!res.destroyed) send(out, vendor.headers);
      })().catch((e: unknown) => {
        invalid.push(`fake failed: ${e instanceof Error ? e.message : String(e)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  });
  const { url, close } = await listenLocal(server);
  return {
    url: `${url}${prefix}`,
    invalid,
    requests,
    inject: (f) => faults.push({ ...f, left: f.times ?? 1 }),
    heal: () => {
      faults.length = 0;
    },
    close,
  };
}

/** A vendor's words for the injected faults ({@link faultAnswers}). */
export interface FaultWords {
  /** The 429 (a fault's Retry-After is added as its header). */
  throttled: Answer | RawAnswer;
  /** The HTML page of the vendor's edge that a 5xx answers. */
  edgePage: string;
  /** A JSON body cut short (the `malformed` fault). */
  cutShort: string;
  /** The vendor's refusal of a request, saying `message`. */
  refused(message: string): Answer;
}

/**
 * A vendor's answer to an injected fault ({@link Vendor.fault}) from its words: 429 with the
 * fault's Retry-After, a 5xx edge page, a 200 whose JSON is cut short, or the vendor's refusal.
 */
export function faultAnswers(words: FaultWords): Vendor['fault'] {
  return (k) => {
    if ('status' in k && k.status === 429) return { ...words.throttled, headers: k.retryAfter === undefined ? {} : { 'retry-after': k.retryAfter } };
    if ('status' in k) return { status: k.status, raw: words.edgePage, contentType: 'text/html' };
    if ('malformed' in k) return { status: 200, raw: words.cutShort, contentType: 'application/json' };
    return words.refused(k.refuse);
  };
}

/** A row of the order platform's demo catalogue (`platform_catalog`): a shipping method or a category. */
export interface CatalogRow {
  kind: string;
  id: number;
  data: Record<string, unknown>;
}

/** A stored object of a fake platform: the vendor's JSON with its id. */
export type StoredObject = Record<string, unknown> & { id: number };

/**
 * The demo catalogue as a fake platform's stores: its shipping methods and categories by id, each
 * in the vendor's shape (`shape.shipping(id, data)`, `shape.category(id, data)`); other rows are passed over.
 */
export function catalogStores(
  rows: readonly CatalogRow[],
  shape: { shipping(id: number, d: Record<string, unknown>): StoredObject; category(id: number, d: Record<string, unknown>): StoredObject },
): { shipping: Map<number, StoredObject>; categories: Map<number, StoredObject> } {
  const shipping = new Map<number, StoredObject>();
  const categories = new Map<number, StoredObject>();
  for (const row of rows) {
    if (row.kind === 'shipping') shipping.set(row.id, shape.shipping(row.id, row.data));
    else if (row.kind === 'category') categories.set(row.id, shape.category(row.id, row.data));
  }
  return { shipping, categories };
}
