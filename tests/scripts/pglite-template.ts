/**
 * Seeded PGlite dumps that test and bench servers start from (the server's PGLITE_TEMPLATE,
 * startServer's `pgliteTemplate`): a first start from an empty database spends most of its CPU
 * in PGlite's initdb, the 20-odd migrations and the demo seed; from a dump, about half.
 *
 * A dump is made once per machine and kept in the system's temp directory under the hash of
 * everything the demo database depends on (schema, migrations, seed, the model it uses), the
 * order count and the demo scale: any change to those makes a new one. Processes that want the
 * same dump at once (two e2e workers) make it once: one holds a lock directory, the others
 * wait for the file, which appears whole (written aside, then renamed).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig, type Config, type DemoScale } from '../../src/server/config.ts';
import { openDb, type OpenDb } from '../../src/server/db/index.ts';
import { seedDemo } from '../../src/server/db/seed.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every file the demo database depends on (schema, migrations, seed and the model it uses). */
function templateInputs(): string[] {
  const walk = (d: string): string[] =>
    fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  return [...walk(path.join(ROOT, 'src/server/db')), ...walk(path.join(ROOT, 'src/model')), path.join(ROOT, 'src/server/publish/defaults.ts')].sort();
}

let hashed: string | undefined;
/** 16 hex digits of the hash of {@link templateInputs}' paths and contents (once per process). */
export function inputsHash(): string {
  if (hashed) return hashed;
  const hash = crypto.createHash('sha256');
  for (const f of templateInputs()) hash.update(f).update(fs.readFileSync(f));
  return (hashed = hash.digest('hex').slice(0, 16));
}

/** How long a lock may stand before it is taken for one left by a process that died (ms). */
const STALE_LOCK_MS = 5 * 60_000;

/** What a dump holds: the schema alone (`'migrated'`), or the demo at `scale` with `orders` demo orders. */
export type DumpContent = 'migrated' | { orders: number; scale?: DemoScale };

/**
 * The path of a plain-tar dump of a migrated in-memory PGlite database holding `content`,
 * made now unless an earlier run made it. Plain, not PGlite's gzip: a gzip dump is first tried
 * as a tar, then unzipped in JavaScript at every start (about 0.35 s more CPU each).
 */
export async function pgliteTemplateFile(content: DumpContent): Promise<string> {
  const demo = content === 'migrated' ? null : { orders: content.orders, scale: content.scale ?? 'small' };
  const name = demo ? `${demo.scale}-${demo.orders}` : 'migrated';
  const file = path.join(os.tmpdir(), `fa-pglite-template-${inputsHash()}-${name}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    if (fs.existsSync(file)) return file;
    try {
      fs.mkdirSync(lock);
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (fs.existsSync(file)) return file;
      const db = await openDb({ memory: true });
      try {
        if (demo) await seedDemo(db.db, undefined, demo);
        const blob = await (db.dump as () => Promise<Blob>)();
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, zlib.gunzipSync(new Uint8Array(await blob.arrayBuffer())));
        fs.renameSync(tmp, file);
      } finally {
        await db.close();
      }
      return file;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** An in-memory PGlite database holding `content`, opened from its dump ({@link pgliteTemplateFile}). */
export async function openDumpedDb(content: DumpContent): Promise<OpenDb> {
  return openDb({ memory: true, template: await pgliteTemplateFile(content) });
}

/** The most demo orders a server process starts from a dump for (larger ones seed as usual). */
const TEMPLATE_MAX_ORDERS = 50_000;

/**
 * `env`, the whole environment of a server process to start, with PGLITE_TEMPLATE set to the
 * seeded dump of its demo — unless it names its own (even empty), runs on PostgreSQL, or
 * seeds the large demo or more than 50,000 orders (dumps of hundreds of MB a run would use once).
 */
export async function withTemplate<E extends Record<string, string | undefined>>(env: E): Promise<E & { PGLITE_TEMPLATE?: string }> {
  if (env.PGLITE_TEMPLATE !== undefined) return env;
  let config: Config;
  try {
    config = loadConfig(env);
  } catch {
    return env; // a bad setting: the server names it at start
  }
  const { databaseUrl, demoScale: scale, demoOrders: orders } = config;
  if (databaseUrl || scale !== 'small' || orders > TEMPLATE_MAX_ORDERS) return env;
  return { ...env, PGLITE_TEMPLATE: await pgliteTemplateFile({ orders, scale }) };
}
