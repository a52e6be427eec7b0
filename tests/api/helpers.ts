/**
 * API test harness: a real server (in-memory PGlite + demo seed, embedded issuer) on an
 * ephemeral port, real access tokens through the headless login flow, and a small client.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { DEMO_USERS } from '../../src/server/db/seed.ts';
import { startServer, type RunningServer } from '../../src/server/server.ts';

export interface TestServer {
  server: RunningServer;
  url: string;
  sitesDir: string;
  token: string;
  /** Calls the API as the admin (or with `token`), JSON in and out. */
  api: (method: string, p: string, opts?: ApiOptions) => Promise<ApiResponse>;
  close: () => Promise<void>;
}

export interface ApiOptions {
  body?: unknown;
  headers?: Record<string, string>;
  token?: string | null;
  /** Send `body` as RFC 6902 (application/json-patch+json). */
  patch?: boolean;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/**
 * Starts a server on a fresh in-memory database with its own sites directory, signed in as
 * the admin. `staticDir` is the built SPA to serve (default: none).
 */
export async function startTestServer(opts: { staticDir?: string } = {}): Promise<TestServer> {
  const sitesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-sites-'));
  const staticDir = opts.staticDir ?? path.join(sitesDir, 'no-spa');
  const server = await startServer({ config: { port: 0, dataDir: ':memory:', sitesDir, staticDir } });
  const token = await getToken(server.url, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
  const api: TestServer['api'] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    const tok = opts.token === undefined ? token : opts.token;
    if (tok) headers.Authorization = `Bearer ${tok}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['Content-Type'] ??= opts.patch ? 'application/json-patch+json' : 'application/json';
    }
    const res = await fetch(server.url + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };
  return {
    server, url: server.url, sitesDir, token, api,
    close: async () => {
      await server.close();
      fs.rmSync(sitesDir, { recursive: true, force: true });
    },
  };
}
