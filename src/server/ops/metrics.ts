/**
 * Prometheus metrics (prom-client, the process's default registry) served at `/metrics`:
 * HTTP requests and latencies by method, route and status; document saves and their
 * conflicts; publishes; open event streams; provider calls by provider and outcome.
 * Registered once per process; several servers in one process (the API tests) add to the
 * same series, and the stream gauge sums their live hubs.
 */
import client from 'prom-client';
import type { LiveHub } from '../live.ts';

const PREFIX = 'funnel_admin_';

/** The metrics, created on first use (a second registration would throw). */
export interface Metrics {
  httpRequests: client.Counter<'method' | 'route' | 'status'>;
  httpDuration: client.Histogram<'method' | 'route' | 'status'>;
  saves: client.Counter<'document'>;
  saveConflicts: client.Counter<'document' | 'status'>;
  publishes: client.Counter<'outcome'>;
  providerCalls: client.Counter<'provider' | 'kind' | 'outcome'>;
  rateLimited: client.Counter<'limit'>;
}

/** The live hubs whose open streams the gauge reports (one per running server). */
const hubs = new Set<LiveHub>();
let metrics: Metrics | null = null;

/** The process's metrics (Node's default metrics too: memory, CPU, event loop lag). */
export function getMetrics(): Metrics {
  if (metrics) return metrics;
  client.collectDefaultMetrics({ prefix: PREFIX });
  new client.Gauge({
    name: `${PREFIX}live_streams_open`,
    help: 'Live event streams (server-sent events) open in this process',
    collect() {
      let n = 0;
      for (const h of hubs) n += h.counts().streams;
      this.set(n);
    },
  });
  metrics = {
    httpRequests: new client.Counter({
      name: `${PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
    }),
    httpDuration: new client.Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time from the request to its answer (to the headers of a stream: publish progress, event streams), in seconds',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    saves: new client.Counter({
      name: `${PREFIX}saves_total`,
      help: 'Documents saved (PATCH or PUT of a funnel, page, template or layout answered 2xx)',
      labelNames: ['document'],
    }),
    saveConflicts: new client.Counter({
      name: `${PREFIX}save_conflicts_total`,
      help: 'Saves refused because the document changed meanwhile (409 failed test, 412 stale version)',
      labelNames: ['document', 'status'],
    }),
    publishes: new client.Counter({
      name: `${PREFIX}publishes_total`,
      help: 'Publish requests, by outcome: started (the build began streaming) or refused (4xx/5xx before it began)',
      labelNames: ['outcome'],
    }),
    providerCalls: new client.Counter({
      name: `${PREFIX}provider_calls_total`,
      help: 'Calls to an integration (order platform, DNS, Everflow, file storage), by provider, implementation and outcome',
      labelNames: ['provider', 'kind', 'outcome'],
    }),
    rateLimited: new client.Counter({
      name: `${PREFIX}rate_limited_total`,
      help: 'Requests answered 429 by a per-user rate limit, by limit',
      labelNames: ['limit'],
    }),
  };
  return metrics;
}

/** Counts `hub`'s open streams in the gauge until the returned function is called. */
export function watchLiveHub(hub: LiveHub): () => void {
  hubs.add(hub);
  return () => hubs.delete(hub);
}

/** The exposition text and its Content-Type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  getMetrics();
  return { body: await client.register.metrics(), contentType: client.register.contentType };
}

/** The document kind a save route writes, from its route pattern, or null when it is not a document save. */
export function savedDocument(method: string, route: string): string | null {
  if (method !== 'PATCH' && method !== 'PUT') return null;
  const m = /^\/api\/v1\/(funnels|pages|templates)\/:id$/.exec(route) ?? /^\/api\/v1\/funnels\/:id\/(layout)$/.exec(route);
  if (!m?.[1]) return null;
  return m[1] === 'layout' ? 'layout' : m[1].slice(0, -1);
}

/**
 * Records one answered request: the HTTP series, and a save, a save conflict or a publish
 * when the route is one. `route` is the matched pattern (bounded), never the raw path.
 */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const m = getMetrics();
  const labels = { method, route, status: String(status) };
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, seconds);
  const doc = savedDocument(method, route);
  if (doc && status >= 200 && status < 300) m.saves.inc({ document: doc });
  if (doc && (status === 409 || status === 412)) m.saveConflicts.inc({ document: doc, status: String(status) });
  if (method === 'PUT' && route === '/api/v1/funnels/:id/publish') m.publishes.inc({ outcome: status >= 200 && status < 300 ? 'started' : 'refused' });
}

/** Records a call to an integration that resolved (`ok`) or threw (`error`). */
export function recordProviderCall(provider: string, kind: string, outcome: 'ok' | 'error'): void {
  getMetrics().providerCalls.inc({ provider, kind, outcome });
}
