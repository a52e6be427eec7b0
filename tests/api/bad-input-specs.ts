/**
 * The bad-input generator shared by tests/api/bad-input.test.ts (every answer a 4xx
 * `{message}` in human words, nothing written) and
 * tests/api/hostile-bodies.test.ts: {@link SPECS}, one spec per /api/v1 route (its valid shape),
 * gathered from tests/api/bad-input/<name>.ts for each route file of the route list
 * (src/server/routes/examples.ts ROUTE_FILES), and {@link invalidRequests}, which turns a spec
 * into fast-check generators of invalid requests.
 */
import fc from 'fast-check';
import { ROUTE_ACTIONS } from '../../src/server/routes/common.ts';
import { ROUTE_FILES } from '../../src/server/routes/examples.ts';
import { at } from '../at.ts';
import { bad, type Req, type Spec } from './bad-input/shared.ts';

export { versions, type Req, type Spec } from './bad-input/shared.ts';

/** Each file of tests/api/bad-input/, by its path (`./bad-input/funnels.ts`). */
const FILES = import.meta.glob<{ SPECS?: Record<string, Spec> }>('./bad-input/*.ts', { eager: true });

/**
 * The specs of one route file (tests/api/bad-input/<name>.ts).
 * @throws Error when the route list names a file that has no bad-input cases.
 */
function specsOf(name: string): Record<string, Spec> {
  const specs = FILES[`./bad-input/${name}.ts`]?.SPECS;
  if (!specs) throw new Error(`tests/api/bad-input/${name}.ts exports no SPECS: every route file of the route list has its bad-input cases there`);
  return specs;
}

/**
 * The spec of every /api/v1 route, by `METHOD path`, in the order of the route list (a new
 * route without one fails the first test).
 * @throws Error when two files give a spec for one route.
 */
export const SPECS: Record<string, Spec> = {};
for (const name of Object.keys(ROUTE_FILES)) {
  for (const [key, spec] of Object.entries(specsOf(name))) {
    if (key in SPECS) throw new Error(`${key} has bad-input cases in two files (the second is ${name})`);
    SPECS[key] = spec;
  }
}

// ---- generators ----------------------------------------------------------------------------

/** A route key `METHOD /path` split in two. */
export const splitRoute = (key: string): [method: string, path: string] => {
  const [method, path] = key.split(' ');
  if (!method || !path) throw new Error(`route key "${key}" is not "METHOD /path"`);
  return [method, path];
};

const STATIC_SEGMENTS = new Set([...ROUTE_ACTIONS.keys()].flatMap((k) => splitRoute(k)[1].split('/')).filter((s) => s && !s.startsWith('{')));
const validId = (s: string) => /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= 2_147_483_647;

/** A value nested `depth` levels, for a body field. */
const nestedValue = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 1; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/** Invalid values of a path parameter. */
const badParam = (name: string) =>
  fc
    .oneof(
      bad(
        'abc',
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        '%201',
        '1%20',
        '+1',
        '2147483648',
        '99999999999',
        '%00',
        '1%00',
        '%2e%2e%2f%2e%2e',
        '..%2F..%2Fpackage.json',
        '%0a',
        '١',
        'NaN',
        'Infinity',
        'null',
        'undefined',
        '[1]',
        '{}',
      ),
      fc.bigInt({ min: 2n ** 31n, max: 10n ** 40n }).map(String),
      fc
        .string({ minLength: 1, maxLength: 16 })
        .filter(
          (s) =>
            !validId(s) &&
            s !== '.' &&
            s !== '..' &&
            !STATIC_SEGMENTS.has(s) &&
            !(name === 'name' && /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.(jpg|jpeg|png|svg|webp|gif|pdf|mp4|webm)$/.test(s)),
        )
        .map(encodeURIComponent),
    )
    .filter((s) => name !== 'name' || !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\.(jpg|jpeg|png|svg|webp|gif|pdf|mp4|webm)$/.test(decodeURIComponent(s)));

/** A value of another JSON type than `v` (or an invalid one of the same type). */
function badValue(v: unknown, arraysOk: boolean): fc.Arbitrary<unknown> {
  const huge = 'x'.repeat(100_001);
  const nul = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
  if (typeof v === 'string') {
    return fc.oneof(
      fc.boolean(),
      fc.constant({}),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { minKeys: 1, maxKeys: 2 }),
      fc.constant(huge),
      nul,
      ...(arraysOk ? [] : [fc.array(fc.integer(), { maxLength: 3 })]),
    );
  }
  if (typeof v === 'number') return fc.oneof(fc.boolean(), fc.constant({}), fc.array(fc.integer(), { maxLength: 2 }), bad(1e300, -1, -1e9, 2 ** 53, 1e15), nul);
  if (typeof v === 'boolean') return fc.oneof(bad<unknown>('true', 'false', 'yes', 0, 1, 'on'), fc.constant({}), fc.constant([]), nul);
  if (Array.isArray(v)) return fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant({}), nul);
  return fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), nul, fc.constant(huge));
}

/** Paths of every string inside a JSON value (for NUL injection). */
function stringPaths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof v === 'string') return [prefix];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...prefix, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...prefix, k]));
  return [];
}
function setAt(v: unknown, p: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = p;
  if (head === undefined) return value;
  const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

type Part = Omit<Req, 'method' | 'url'> & { url?: string; query?: string; params?: Record<string, string> };

/**
 * Every invalid request of a route: `auth` with bad credentials, `input` signed in with
 * invalid input (null when the route takes none).
 */
export function invalidRequests(method: string, template: string, spec: Spec, token: string): { auth: fc.Arbitrary<Req>; input: fc.Arbitrary<Req> | null } {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => at(m, 1, 'parameter name'));
  const params = spec.params ?? {};
  const json = { 'Content-Type': 'application/json' };
  const withAuth = (h: Record<string, string>) => ({ Authorization: `Bearer ${token}`, ...h });
  const parts: fc.Arbitrary<Part>[] = [];
  // Bad credentials: every route.
  const auth: fc.Arbitrary<Part> = fc
    .oneof(
      bad('', 'Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'bearer x.y.z', `Bearer ${token}x`, `Bearer ${token.slice(0, -4)}AAAA`, `Token ${token}`),
      fc
        .string({ maxLength: 60 })
        .map((s) => `Bearer ${s}`)
        .filter((h) => h !== `Bearer ${token}`),
    )
    .map((a): Part => ({ headers: a ? { Authorization: a } : {}, label: `auth ${JSON.stringify(a.slice(0, 40))}` }));
  // Bad path parameters.
  for (const n of names) {
    parts.push(
      badParam(n).map((v) => ({
        headers: withAuth(spec.body ? json : {}),
        body: spec.body ? JSON.stringify(spec.body) : undefined,
        params: { ...params, [n]: v },
        label: `param ${n}=${v}`,
      })),
    );
  }
  // Bad query values.
  if (spec.badQuery)
    parts.push(
      spec.badQuery.map((q) => ({
        headers: withAuth(spec.body ? json : {}),
        body: spec.body ? JSON.stringify(spec.body) : undefined,
        query: q,
        label: `query ${q}`,
      })),
    );
  // Bad bodies.
  if (spec.body) {
    const base = spec.body;
    const fields = Object.keys(base).filter((k) => base[k] !== null);
    const strings = stringPaths(base);
    const bodies: fc.Arbitrary<unknown>[] = [
      fc.constantFrom(...fields).chain((f) => badValue(base[f], spec.arraysOk?.includes(f) ?? false).map((v) => ({ ...base, [f]: v }))),
      ...(strings.length ? [fc.constantFrom(...strings).chain((p) => fc.string({ maxLength: 6 }).map((s) => setAt(base, p, `${s}\u0000`)))] : []),
      fc.oneof(
        fc.constant([]),
        fc.integer(),
        fc.string({ maxLength: 10 }),
        fc.constant(null),
        fc.boolean(),
        fc.array(fc.jsonValue(), { minLength: 1, maxLength: 3 }),
      ),
    ];
    if (spec.required?.length) bodies.push(fc.constantFrom(...spec.required).map((f) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== f))));
    // A field nested past the API's 64 levels (src/server/body-limits.ts): 400 before anything parses it.
    bodies.push(fc.tuple(fc.constantFrom(...fields), fc.constantFrom(65, 300)).map(([f, d]) => ({ ...base, [f]: nestedValue(d) })));
    parts.push(fc.oneof(...bodies).map((b) => ({ headers: withAuth(json), body: JSON.stringify(b), label: `body ${JSON.stringify(b).slice(0, 120)}` })));
    parts.push(
      fc.oneof(
        fc
          .string({ maxLength: 30 })
          .filter((s) => {
            try {
              JSON.parse(s);
              return false;
            } catch {
              return true;
            }
          })
          .map((s) => ({ headers: withAuth(json), body: s, label: `not JSON ${JSON.stringify(s)}` })),
        bad('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map((ct) => ({
          headers: withAuth({ 'Content-Type': ct }),
          body: JSON.stringify(base),
          label: `content-type ${ct}`,
        })),
      ),
    );
  }
  if (spec.extra) parts.push(spec.extra().map((p) => ({ ...p, headers: withAuth(p.headers) })));
  const toReq = (p: Part): Req => {
    const ps = p.params ?? params;
    let url = template.replace(/\{(\w+)\}/g, (_, n: string) => ps[n] ?? '1');
    if (p.query) url += `${url.includes('?') ? '&' : '?'}${p.query}`;
    return { method, url, headers: p.headers, body: p.body, label: p.label };
  };
  return { auth: auth.map(toReq), input: parts.length ? fc.oneof(...parts).map(toReq) : null };
}
