/**
 * The message scan ("Human messages everywhere"): the bad-input generator of
 * bad-input.test.ts (bad-input-specs.ts) runs over every /api/v1 route, and every distinct
 * `message` of a 4xx answer must be a plain sentence — the seeds' words or one naming the
 * field — never raw validator output ("Invalid input: expected string, received undefined",
 * a JSON path, a type word) and never an internal name or a file path.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidRequests, SPECS, splitRoute, versions, type Req } from './bad-input-specs.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** Invalid requests per route (as bad-input.test.ts), and with bad credentials. */
const RUNS = 200;
const AUTH_RUNS = 20;
const CONCURRENCY = 6;

/**
 * What makes a message raw validator output or a leak, each with its name. A message that
 * matches any is refused by the scan.
 */
export const RAW_MESSAGE_PATTERNS: [name: string, re: RegExp][] = [
  ['zod "Invalid input"', /invalid input/i],
  ['zod "expected"', /\bexpected\b/i],
  ['zod "received"', /\breceived\b/i],
  ['zod "Required"', /\bRequired\b/],
  ['zod "Unrecognized"', /unrecognized/i],
  [
    'zod issue code',
    /\b(invalid_type|too_small|too_big|invalid_union|invalid_enum_value|invalid_format|invalid_value|unrecognized_keys|invalid_key|invalid_element|not_multiple_of)\b/,
  ],
  ['regex pattern', /must match pattern|\/\^|\$\//],
  ['JSON path with index', /\w\[\d+\]/],
  ['dotted path', /\b[a-z_]\w*\.(?:[a-z_]\w*\.)*\d+\b|\b[a-z]+_[a-z_]+\.[a-z_]+\b/],
  ['JSON pointer', /(?:^|[\s'"(:])\/[A-Za-z_]\w*(?:\/[\w~-]+)+/],
  ['type word first', /^(string|number|undefined|boolean|object|array|null|bigint|nan|int)\b/],
  ['file path', /\/work\/|node_modules|\.tsx?:\d|\.tsx?\b|\bat \S+ \(|file:\/\//],
  ['database internals', /_pkey|_fkey|\bconstraint\b|\brelation "|SQLSTATE|\bviolates\b|drizzle|pglite/i],
  // A sentence starts with a word people say, capitalised; a wire key first ("archived must be…", "funnel_id, version…") is raw.
  ['raw key first', /^[a-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*(?:, [A-Za-z_0-9]+)*,? (?:must|is|are|cannot|may|should)\b/],
  ['JS internals', /\bundefined\b|\[object Object\]|\bNaN\b|TypeError|SyntaxError|Unexpected token|at position \d/],
];

/** The names of the patterns `message` matches (none: a human message). */
export function rawReasons(message: string): string[] {
  return RAW_MESSAGE_PATTERNS.filter(([, re]) => re.test(message)).map(([name]) => name);
}

async function send(r: Req): Promise<{ status: number; body: unknown }> {
  const res = await fetch(t.url + r.url, { method: r.method, headers: r.headers, body: r.method === 'GET' ? undefined : r.body });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

describe('the message scan', () => {
  it('knows raw validator output when it sees it', () => {
    for (const raw of [
      'Invalid input: expected string, received undefined',
      'Too small: expected number to be >=1',
      'Unrecognized key: "x"',
      'Required',
      'meta.products[0] is invalid',
      'Invalid at /meta/products/0',
      'string must contain at least 1 character(s)',
      'Cannot read properties of undefined',
      'at handler (/work/main/src/server/routes/pages.ts:12:3)',
      'duplicate key value violates unique constraint "pages_pkey"',
      'archived must be true or false',
      'funnel_id, version cannot be changed by a patch',
      'id must be a whole number',
      'funnelId is too large',
    ]) {
      expect(rawReasons(raw), raw).not.toEqual([]);
    }
    for (const human of [
      'Name is required',
      'Price must be a number',
      'Countries must be a list',
      'Page path must be text',
      'Unknown field __proto__',
      'Please input valid page path, it must start and end with slash',
      'Domain glowskin-offer.com already added',
      'Missing bearer token',
      'Funnel not found',
      'The archived filter must be true or false',
      'Funnel ID in the address must be a whole number',
      'Funnel ID is kept by the server and cannot be changed by a patch',
    ]) {
      expect(rawReasons(human), human).toEqual([]);
    }
  });

  it('finds no raw message in the 4xx answers to generated bad input on every route', async () => {
    versions.funnel = (await t.api('GET', '/api/v1/funnels/1')).body.version;
    versions.page = (await t.api('GET', '/api/v1/pages/7')).body.version;
    versions.template = (await t.api('GET', '/api/v1/templates/1')).body.version;
    versions.layout = (await t.api('GET', '/api/v1/funnels/1/layout')).body.version;
    /** Each distinct message, with the first request that got it. */
    const seen = new Map<string, string>();
    let total = 0;
    for (const [key, spec] of Object.entries(SPECS)) {
      const [method, template] = splitRoute(key);
      const { auth, input } = invalidRequests(method, template, spec, t.token);
      const seed = 20_260_322;
      const requests = input
        ? [...fc.sample(input, { numRuns: RUNS, seed }), ...fc.sample(auth, { numRuns: AUTH_RUNS, seed })]
        : fc.sample(auth, { numRuns: AUTH_RUNS, seed });
      const queue = requests.values();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (const req of queue) {
            const r = await send(req);
            const message = (r.body as { message?: unknown } | null)?.message;
            if (r.status >= 400 && r.status < 500 && typeof message === 'string' && !seen.has(message)) seen.set(message, `${key} ${req.label}`);
          }
        }),
      );
      total += requests.length;
    }
    const offending = [...seen]
      .map(([m, where]) => ({ m, where, why: rawReasons(m) }))
      .filter((x) => x.why.length)
      .map(({ m, where, why }) => `${JSON.stringify(m)} [${why.join(', ')}] ← ${where.slice(0, 160)}`);
    console.log(`message scan: ${total} requests on ${Object.keys(SPECS).length} routes, ${seen.size} distinct 4xx messages checked, ${offending.length} raw`);
    expect(seen.size).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  }, 600_000);
});
