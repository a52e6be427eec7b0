/**
 * What the bad-input cases of every route file share (tests/api/bad-input/<name>.ts): the shape of
 * a request and of a route's spec, and the generators of invalid input several routes use.
 * bad-input-specs.ts turns the specs into requests.
 */
import fc from 'fast-check';

/** One generated request, with a label naming what makes it invalid. */
export interface Req {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  label: string;
}

/** One route's valid shape, from which invalid requests are generated. */
export interface Spec {
  /** Valid path parameters (the mutations of the body/query keep them valid). */
  params?: Record<string, string>;
  /** A valid JSON body (mutated one field at a time). */
  body?: Record<string, unknown>;
  /** Fields whose absence makes the body invalid. */
  required?: string[];
  /** Fields that accept arrays too (no array replacement for them). */
  arraysOk?: string[];
  /** Invalid query strings (each makes the request invalid on its own). */
  badQuery?: fc.Arbitrary<string>;
  /** Extra generators of invalid requests specific to the route (`params` replace the valid ones). */
  extra?: () => fc.Arbitrary<Omit<Req, 'method' | 'url'> & { url?: string; params?: Record<string, string> }>;
}

const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
/** Image names the upload refuses whatever the bytes. */
const REFUSED_IMAGE_NAMES = ['../x.png', '..\\x.png', '/abs.png', '.h.png', 'x.exe', 'x.html', 'a/b.png', 'x.png.php'];

/** One multipart upload of `bytes` named `name`. */
const upload = (name: string, bytes: Uint8Array<ArrayBuffer>) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return { headers: {}, body: form, label: `upload ${JSON.stringify(name)} (${bytes.length} bytes)` };
};

/**
 * Invalid multipart uploads: wrong bytes for the extension, bad names, empty files, not files;
 * for images also a real PNG under a refused name, so the name alone is what gets refused.
 */
export const badUpload = (csv: boolean) => () =>
  fc.oneof(
    fc
      .record({
        name: csv
          ? fc.oneof(
              fc.constantFrom('a.txt', 'a.csv.exe', 'list.xlsx', 'noext'),
              fc.string({ maxLength: 12 }).map((s) => `${s}.csv`),
            )
          : fc.oneof(
              fc.constantFrom(...REFUSED_IMAGE_NAMES),
              fc.string({ maxLength: 12 }).map((s) => `${s}.png`),
            ),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 64 }),
          fc.constant(new Uint8Array(0)),
          fc.string({ maxLength: 40 }).map((s) => new TextEncoder().encode(csv ? `wrong,header\n${s}` : s)),
        ),
      })
      .map(({ name, bytes }) => upload(name, bytes)),
    ...(csv ? [] : [fc.constantFrom(...REFUSED_IMAGE_NAMES).map((name) => upload(name, png))]),
    fc.constant({ headers: { 'Content-Type': 'application/json' }, body: '{"file":"x"}', label: 'json instead of multipart' }),
    fc.string({ maxLength: 10 }).map((field) => {
      const form = new FormData();
      form.append(field === 'file' || field === 'files' || field === 'image' ? 'other' : field || 'other', 'text, not a file');
      return { headers: {}, body: form, label: `no file (${field})` };
    }),
    fc.constant({ headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nbroken', label: 'broken multipart' }),
  );

/** One of `xs`: the fixed invalid values of a field or query parameter. */
export const bad = <T>(...xs: T[]) => fc.constantFrom(...xs);

/** JSON text of arrays or objects nested `depth` levels (the API takes at most 64: src/server/body-limits.ts). */
const nestedJson = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

/**
 * Bodies of a document write (`base`, valid) with a key `__proto__`, `constructor` or
 * `prototype` somewhere inside (`at`: the member that gets it): 400 naming the key.
 */
export const forbiddenKeyBodies = (base: Record<string, unknown>, at: string) => () =>
  fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.constantFrom('{"%k":{}}', '{"%k":1}', '{"x":{"%k":{"y":1}}}', '{"x":[{"%k":[]}]}'))
    .map(([key, shape]) => {
      const body = JSON.stringify({ ...base, [at]: '@' }).replace('"@"', shape.replace('%k', key));
      return { headers: { 'Content-Type': 'application/json', 'If-Match': '"1"' }, body, label: `forbidden key ${body.slice(0, 80)}` };
    });
/** Short strings other than `allowed`: invalid values of an enumerated query parameter. */
export const notIn = (allowed: string[]) => fc.string({ maxLength: 12 }).filter((s) => !allowed.includes(s));

/**
 * Invalid list queries (src/model/list-query.ts): a sort not of `sorts`, a page or per_page
 * out of range or not a whole number, a search over 200 characters.
 */
export const badListQuery = (sorts: readonly string[]) =>
  fc.oneof(
    fc
      .string({ maxLength: 12 })
      .filter((v) => !sorts.flatMap((k) => [k, `-${k}`]).includes(v))
      .map((v) => `sort=${encodeURIComponent(v)}`),
    bad('0', '-1', 'x', '', '1.5', '1e3', '1000000', '99999999999').map((v) => `page=${v}`),
    bad('0', '101', '-5', 'x', '', '1.5', '9999', '__proto__').map((v) => `per_page=${v}`),
    fc.integer({ min: 201, max: 400 }).map((n) => `q=${'a'.repeat(n)}`),
  );

/** A document PATCH's invalid requests: no or stale If-Match, malformed patches, invalid results, wrong media type. */
export const patchBad = (version: () => number, extraInvalid: unknown[][]) => () =>
  fc.oneof(
    fc.constant({
      headers: { 'Content-Type': 'application/json-patch+json' },
      body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Fuzz' }]),
      label: 'no If-Match',
    }),
    fc.constantFrom('"999"', '"0"', 'W/"abc"', 'garbage', '"-1"').map((m) => ({
      headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': m },
      body: JSON.stringify([{ op: 'replace', path: '/name', value: 'Fuzz' }]),
      label: `If-Match ${m}`,
    })),
    fc
      .oneof(
        fc.constantFrom(
          '{',
          'null',
          '{}',
          '"ops"',
          '42',
          '[1]',
          '[{}]',
          '[{"op":"jump","path":"/name"}]',
          '[{"op":"replace"}]',
          '[{"op":"replace","path":"name","value":1}]',
          '[{"op":"remove","path":"/nonexistent/deep"}]',
          '[{"op":"move","from":"/nope","path":"/name"}]',
          '[{"op":"test","path":"/name","value":"definitely not"}]',
          '[{"op":"replace","path":"/ID","value":5}]',
          '[{"op":"replace","path":"/version","value":5}]',
          '[{"op":"remove","path":""}]',
        ),
        fc.constantFrom(...extraInvalid).map((ops) => JSON.stringify(ops)),
        fc
          .array(fc.record({ op: fc.string({ maxLength: 8 }), path: fc.string({ maxLength: 8 }) }), { minLength: 1, maxLength: 3 })
          .filter((ops) => ops.some((o) => !['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(o.op) || !o.path.startsWith('/')))
          .map((ops) => JSON.stringify(ops)),
        fc.string({ maxLength: 20 }).map((s) => JSON.stringify([{ op: 'replace', path: '/name', value: `${s}\u0000` }])),
        fc
          .constantFrom(65, 200, 5_000)
          .chain((d) => fc.constantFrom('array', 'object').map((k) => `[{"op":"add","path":"/name","value":${nestedJson(d - 2, k)}}]`)),
      )
      .map((body) => ({ headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': `"${version()}"` }, body, label: `patch ${body.slice(0, 80)}` })),
    fc.constant(0).map(() => ({ headers: { 'Content-Type': 'text/plain', 'If-Match': `"${version()}"` }, body: '[]', label: 'text/plain patch' })),
  );

/** The documents' versions the tests record before they start, for the If-Match of generated patches. */
export const versions: Partial<Record<'funnel' | 'page' | 'template' | 'layout', number>> = {};
/** The recorded version of `doc`, for If-Match (throws until the first test recorded it). */
export const versionOf = (doc: keyof typeof versions) => (): number => {
  const v = versions[doc];
  if (v === undefined) throw new Error(`the ${doc}'s version was not recorded yet`);
  return v;
};
