/**
 * A stateful fake of Everflow's Network API for the offer check: a real HTTP server
 * on 127.0.0.1 that keeps offers in memory and answers `GET /v1/networks/offers/{offerId}` (and
 * `GET /v1/networks`, the Status screen's check),
 * validating every request and every answer against tests/fakes/everflow-openapi.json — a
 * schema written from Everflow's documented example (Everflow publishes its OpenAPI on its
 * documentation site only; the file says so). A request the schema refuses, or one without the
 * right `X-Eflow-API-Key`, is answered 400 and recorded in `invalid`; tests assert it stays empty.
 * Faults: 429 with Retry-After, 5xx, a malformed body, a provider that stays down.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { OpenApiValidator } from './openapi-validator.ts';
import { listenLocal } from './listen.ts';

/** A fault for the next requests. */
export interface EverflowFault {
  /** How many requests it hits (default 1; Infinity = stays down). */
  times?: number;
  kind: { status: 429; retryAfter?: string } | { status: 500 | 502 | 503 } | { malformed: true };
}

/** The running fake. */
export interface FakeEverflow {
  /** Base URL for EVERFLOW_API_URL (…/v1, no trailing slash). */
  url: string;
  /** Requests and answers the schema refused: must stay empty. */
  invalid: string[];
  /** Every request received, as `METHOD /path?query` (below /v1). */
  requests: string[];
  /** Adds an offer Everflow knows. */
  addOffer(id: number, name: string, status?: 'active' | 'paused' | 'pending' | 'deleted'): void;
  inject(fault: EverflowFault): void;
  heal(): void;
  close(): Promise<void>;
}

let validator: OpenApiValidator | null = null;
const schema = () => (validator ??= new OpenApiValidator(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'everflow-openapi.json'), 'utf8'))));

/** Starts the fake; requests must carry `X-Eflow-API-Key: <apiKey>`. */
export async function startFakeEverflow(opts: { apiKey: string; networkId?: number }): Promise<FakeEverflow> {
  const v = schema();
  const offers = new Map<number, { name: string; status: string }>();
  const faults: (EverflowFault & { left: number })[] = [];
  const invalid: string[] = [];
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const apiPath = url.pathname.replace(/^\/v1/, '');
    const line = `${method} ${apiPath}${url.search}`;
    requests.push(line);
    req.resume();
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const verdict = v.checkResponse(method, apiPath, status, body);
      if (verdict) invalid.push(`response: ${verdict}`);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const fault = faults.find((f) => f.left > 0);
    if (fault) {
      fault.left -= 1;
      const k = fault.kind;
      if ('malformed' in k) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"network_offer_id": ');
      }
      if (k.status === 429) {
        res.writeHead(429, { 'content-type': 'application/json', ...(k.retryAfter ? { 'retry-after': k.retryAfter } : {}) });
        return res.end('{"Error":"Too many requests"}');
      }
      res.writeHead(k.status, { 'content-type': 'text/html' });
      return res.end('<html><body>Service Unavailable</body></html>');
    }
    if (req.headers['x-eflow-api-key'] !== opts.apiKey) {
      invalid.push(`${line}: no or a wrong X-Eflow-API-Key`);
      return send(401, { Error: 'Unauthorized' });
    }
    const verdict = v.checkRequest(method, new URL(`http://x${apiPath}${url.search}`), undefined);
    if (verdict) {
      invalid.push(`${line}: ${verdict}`);
      return send(400, { Error: `Schema check failed: ${verdict}` });
    }
    if (apiPath === '/networks') {
      return send(200, {
        network_id: opts.networkId ?? 1,
        name: 'Funnel Admin tests',
        status: 'active',
        default_currency_id: 'USD',
        reporting_timezone_id: 67,
        time_created: 1_764_300_000,
        time_saved: 1_764_300_000,
      });
    }
    const id = Number(/^\/networks\/offers\/(\d+)$/.exec(apiPath)?.[1]);
    const o = offers.get(id);
    if (!o) return send(404, { Error: 'Offer not found' });
    const t = 1_764_300_000;
    return send(200, {
      network_offer_id: id,
      network_id: opts.networkId ?? 1,
      network_advertiser_id: 0,
      name: o.name,
      offer_status: o.status,
      currency_id: 'USD',
      destination_url: 'https://example.com/?oid={oid}&transaction_id={transaction_id}',
      visibility: 'public',
      time_created: t,
      time_saved: t,
    });
  });
  const { url, close } = await listenLocal(server);
  return {
    url: `${url}/v1`,
    invalid,
    requests,
    addOffer: (id, name, status = 'active') => {
      offers.set(id, { name, status });
    },
    inject: (f) => faults.push({ ...f, left: f.times ?? 1 }),
    heal: () => {
      faults.length = 0;
    },
    close,
  };
}
