/**
 * Graceful stop (SIGTERM): the server stops listening, refuses new requests with 503 and
 * `Retry-After: 1` before anything of theirs runs, lets the requests in flight — saves,
 * publishes streaming their progress — finish, and ends the event streams (their tabs
 * reconnect, to another process or to this one once it is back). A save is thus either
 * answered or refused before it began, never cut in half; server.ts then closes the
 * database and releases the data-directory lock.
 */
import http from 'node:http';
import { API_CSP, REFERRER_POLICY } from '../http.ts';

/** What a request that arrives while draining is told. */
export const DRAINING_MESSAGE = 'The server is restarting; try again in a moment.';

/** Paths still answered while draining: liveness, readiness (it says 503 itself) and metrics. */
const ANSWERED_WHILE_DRAINING = new Set(['/api/health', '/api/ready', '/metrics']);

/** An event stream (`GET /api/v1/funnels/{id}/events`): it never ends by itself. */
function isEventStream(res: http.ServerResponse): boolean {
  return /^\/api\/v1\/funnels\/[^/?]+\/events(?:\?|$)/.test(res.req.url ?? '') || String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}

/** Tracks the requests in flight of one HTTP server and refuses new ones once draining. */
export class Drain {
  #draining = false;
  readonly #open = new Set<http.ServerResponse>();
  #idle: (() => void) | null = null;

  /** True from {@link start} on. */
  get draining(): boolean {
    return this.#draining;
  }

  /** Requests in flight (event streams included). */
  get inFlight(): number {
    return this.#open.size;
  }

  /**
   * Admits a request: tracked until its answer is sent or its connection closes.
   * @returns false when it was refused here (draining): 503 `{message}` with `Retry-After: 1`.
   */
  admit(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (this.#draining && !ANSWERED_WHILE_DRAINING.has(path)) {
      res.writeHead(503, {
        'Content-Type': 'application/json',
        'Retry-After': '1',
        Connection: 'close',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': API_CSP,
        'Referrer-Policy': REFERRER_POLICY,
      });
      res.end(JSON.stringify({ message: DRAINING_MESSAGE }));
      // The body of a refused upload is not read; the connection closes after the answer.
      req.resume();
      return false;
    }
    this.#open.add(res);
    const done = () => {
      this.#open.delete(res);
      if (this.#draining) this.#checkIdle();
    };
    res.once('finish', done);
    res.once('close', done);
    return true;
  }

  /** Starts draining: new requests are refused, open event streams are ended now. */
  start(): void {
    this.#draining = true;
    for (const res of this.#open) if (isEventStream(res)) res.end();
  }

  /**
   * Resolves true once every request in flight is answered, or false after `deadlineMs`
   * (the caller then drops what is left).
   */
  settled(deadlineMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#idle = null;
        resolve(false);
      }, deadlineMs);
      timer.unref();
      this.#idle = () => {
        clearTimeout(timer);
        this.#idle = null;
        resolve(true);
      };
      this.#checkIdle();
    });
  }

  #checkIdle(): void {
    if (this.#open.size === 0) this.#idle?.();
  }
}

/**
 * Idle keep-alive sockets stay open 65 s: longer than the 60 s idle timeout of the usual
 * proxies and load balancers in front, so the proxy closes an idle connection, never this
 * server while a request is on its way over it (the client would read ECONNRESET).
 * Headers must still arrive within 66 s, which Node wants longer than the keep-alive.
 */
export const KEEP_ALIVE_MS = 65_000;

/**
 * An HTTP server whose every request passes through `drain` first (refused with 503 while
 * draining) and whose idle connections live {@link KEEP_ALIVE_MS}.
 */
export function drainedServer(drain: Drain, listener: http.RequestListener): http.Server {
  const server = http.createServer((req, res) => {
    if (drain.admit(req, res)) listener(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
