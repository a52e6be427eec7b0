/**
 * The served OpenAPI document (GET /api/openapi.json) passes `redocly lint` with the project's
 * redocly.yaml (the recommended ruleset) with 0 errors and 0 warnings, and documents
 * every operation: a unique operationId, an example on every request body and 2xx answer,
 * error answers with example messages, descriptions on the fields of every schema.
 *
 * Redocly CLI runs as a child process, offline: no telemetry, no update check.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/model/messages.ts';
import { ROUTE_FILES } from '../../src/server/routes/examples.ts';
import { FIELD_DESCRIPTION_CONFLICTS } from '../../src/server/routes/fields.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

/** One problem as `redocly lint --format=json` reports it. */
interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: LintProblem[];
}

/** The parts of an OpenAPI 3.1 document these tests read (all optional where the spec allows). */
interface Media {
  schema?: { $ref?: string };
  example?: unknown;
  examples?: Record<string, { value: { message: string } }>;
}
interface Answer {
  content?: Record<string, Media>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown;
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, Answer>;
}
interface OpenApiDoc {
  info: { license?: { name?: string } };
  servers?: unknown[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { description?: string; $ref?: string }> }> };
}

/** Runs `redocly lint` on `file` with the repository's redocly.yaml; resolves with its JSON report. */
function lint(file: string): Promise<LintReport> {
  const args = [REDOCLY, 'lint', file, `--config=${path.join(ROOT, 'redocly.yaml')}`, '--format=json', '--max-problems=10000'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true', NO_COLOR: '1' };
  return new Promise((resolve, reject) => {
    // A document with problems exits 1: the report is on stdout either way.
    execFile(process.execPath, args, { cwd: ROOT, env, timeout: 90_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      try {
        resolve(JSON.parse(stdout) as LintReport);
      } catch {
        reject(new Error(`redocly lint gave no JSON report (${err?.message ?? 'no error'}):\n${stderr}\n${stdout}`));
      }
    });
  });
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every operation of the document as `METHOD path` with its object. */
function operations(doc: OpenApiDoc): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([m, op]): [string, Operation] => [`${m.toUpperCase()} ${p}`, op]),
  );
}

const hasExample = (media: Media) => media.example !== undefined || Object.keys(media.examples ?? {}).length > 0;

let t: TestServer;
let doc: OpenApiDoc;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  const r = await t.api('GET', '/api/openapi.json', { token: null });
  expect(r.status).toBe(200);
  doc = r.body as OpenApiDoc;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-openapi-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('OpenAPI document', () => {
  it('passes redocly lint (recommended ruleset, redocly.yaml) with 0 errors and 0 warnings', async () => {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    const report = await lint(file);
    const list = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? '?'}`);
    expect(list, `redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings`).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it("redocly.yaml turns off only the two rules the seeds' own paths break", () => {
    const yaml = fs.readFileSync(path.join(ROOT, 'redocly.yaml'), 'utf8');
    const off = [...yaml.matchAll(/^\s+([a-z0-9-]+):\s*off\s*$/gm)].map((m) => m[1]).sort();
    expect(off).toEqual(['no-ambiguous-paths', 'no-path-trailing-slash']);
    expect(yaml).toMatch(/^extends:\s*\n\s+- recommended\s*$/m);
  });

  it('has a license, servers and described tags', () => {
    expect(doc.info.license?.name).toEqual(expect.stringMatching(/\S/));
    expect(doc.servers?.length).toBeGreaterThan(0);
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag]));
    const used = new Set(operations(doc).flatMap(([, op]) => op.tags ?? []));
    for (const name of used) expect(declared.get(name)?.description, `tag ${name}`).toEqual(expect.stringMatching(/\S/));
  });

  it('every operation has a unique operationId', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(90);
    expect(ops.filter(([, op]) => !op.operationId).map(([k]) => k)).toEqual([]);
    const ids = ops.map(([, op]) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('public operations declare security: [], the others the bearer token', () => {
    for (const [key, op] of operations(doc)) {
      if (key.includes(' /api/v1/')) expect(op.security, key).toEqual([{ bearerAuth: [] }]);
      else expect(op.security, key).toEqual([]);
    }
  });

  it('every request body and every 2xx answer has an example', () => {
    const missing: string[] = [];
    for (const [key, op] of operations(doc)) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (!hasExample(media)) missing.push(`${key} request ${type}`);
      }
      for (const [status, res] of Object.entries(op.responses)) {
        if (!/^2/.test(status)) continue;
        const content = Object.entries(res.content ?? {});
        if (!content.length) missing.push(`${key} ${status}: no content`);
        for (const [type, media] of content) if (!hasExample(media)) missing.push(`${key} ${status} ${type}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("error answers are { message } with example messages, in the seeds' words where they apply", () => {
    const missing: string[] = [];
    const messages = new Map<string, Set<string>>();
    for (const [key, op] of operations(doc)) {
      for (const [status, res] of Object.entries(op.responses)) {
        if (/^2/.test(status)) continue;
        const media = res.content?.['application/json'];
        if (media?.schema?.$ref !== '#/components/schemas/Error' || !hasExample(media)) missing.push(`${key} ${status}`);
        for (const ex of Object.values(media?.examples ?? {})) {
          if (!messages.has(status)) messages.set(status, new Set());
          messages.get(status)!.add(ex.value.message);
        }
      }
    }
    expect(missing).toEqual([]);
    expect([...(messages.get('423') ?? [])]).toEqual([MSG.locked]);
    expect(messages.get('422')?.has(MSG.funnelName)).toBe(true);
    expect(messages.get('404')?.has('Funnel not found')).toBe(true);
  });

  it('each route file of the route list documents its own operations, and every route file is listed', () => {
    const routesDir = path.join(ROOT, 'src/server/routes');
    const declared = (name: string) =>
      new Set([...fs.readFileSync(path.join(routesDir, `${name}.ts`), 'utf8').matchAll(/operationId: '(\w+)'/g)].map((m) => m[1]));
    const strays: string[] = [];
    for (const [name, docs] of Object.entries(ROUTE_FILES)) {
      const own = declared(name);
      for (const id of new Set([...Object.keys(docs.examples), ...Object.keys(docs.errors ?? {})])) {
        if (!own.has(id)) strays.push(`${name}.examples.ts documents ${id}, which routes/${name}.ts does not declare`);
      }
    }
    expect(strays).toEqual([]);
    const unlisted = fs
      .readdirSync(routesDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.examples.ts'))
      .map((f) => f.slice(0, -3))
      .filter((name) => declared(name).size > 0 && !(name in ROUTE_FILES));
    expect(unlisted, 'route files missing from ROUTE_FILES (routes/examples.ts)').toEqual([]);
  });

  it('no two fields of different meanings share one described schema', () => {
    expect(FIELD_DESCRIPTION_CONFLICTS).toEqual([]);
  });

  it('every field of every schema component has a description', () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      for (const [field, prop] of Object.entries(schema.properties ?? {})) {
        if (!prop.description && !prop.$ref) missing.push(`${name}.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
