/**
 * Reading journal records written by any version of Funnel Admin: which ones this
 * build may replay, migrated to today's shape, and which must be set aside. No IndexedDB here.
 */
import { JOURNAL_VERSION, type JournalRecord } from './types';

const OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);
const DOC = /^(funnel|page|template|layout):\d+$/;
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOp = (o: unknown): boolean =>
  isObj(o) &&
  typeof o.op === 'string' &&
  OPS.has(o.op) &&
  typeof o.path === 'string' &&
  (o.op === 'move' || o.op === 'copy' ? typeof o.from === 'string' : true) &&
  (o.op === 'add' || o.op === 'replace' || o.op === 'test' ? 'value' in o : true);

/**
 * A stored journal record as this build replays it, or `undefined` when it must be set aside.
 * Version {@link JOURNAL_VERSION} (1) records pass; records without a version (written before
 * records were versioned; their shape is version 1's) are migrated by taking them as version 1; a record of
 * another (future or unknown) version, or of another shape, is never replayed.
 */
export function migrateRecord(raw: unknown): JournalRecord | undefined {
  if (!isObj(raw)) return undefined;
  const v = raw.v ?? 1; // records written before versioning have no version: their shape is version 1's
  if (v !== JOURNAL_VERSION) return undefined;
  const { seq, doc, ops, label, baseVersion, at } = raw;
  if (typeof seq !== 'number' || typeof doc !== 'string' || !DOC.test(doc)) return undefined;
  if (!Array.isArray(ops) || !ops.every(isOp) || typeof label !== 'string') return undefined;
  if (!Number.isInteger(baseVersion) || (baseVersion as number) < 0 || typeof at !== 'number') return undefined;
  return { ...(raw as unknown as JournalRecord), v: JOURNAL_VERSION };
}

/** The `seq` of a stored record whatever its shape, if it has one. */
export const storedSeq = (raw: unknown): number | undefined => (isObj(raw) && typeof raw.seq === 'number' ? raw.seq : undefined);
