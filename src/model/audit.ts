/**
 * Audit log entries (001 §3): notes written by operators and diffs written by the server
 * for every saved JSON-Patch command (README.md "One edit, end to end").
 */
import { z } from 'zod';
import { TEXT_MAX } from './constants';
import { MAX_INT, queryPageSize, queryWhole } from './fields';
import { OP_NAMES, type Operation } from './jsonpatch';

export const AuditTypeSchema = z.enum(['note', 'diff']);

/** An RFC 6902 operation as the audit log stores it (the shape only: values are any JSON). */
export const AuditOpSchema = z.object({ op: z.enum(OP_NAMES), path: z.string(), from: z.string().optional(), value: z.unknown().optional() });
/** A stored patch: checked op by op, then typed as the RFC 6902 union it is. */
const auditOps = z
  .array(AuditOpSchema)
  .nullable()
  .transform((ops) => ops as Operation[] | null);

/**
 * An audit log entry (001 §3; `GET /api/v1/funnels/{id}/audit_log`). `doc` names the document
 * a diff applies to (`page:12`), null for notes; `ops`/`inverse` are the RFC 6902 operations as
 * saved and their inverse ("revert this change"); `system` entries are written by the server and
 * append-only; `deletable` says whether the signed-in user may delete it ({@link auditDeleteRefusal}).
 */
export const AuditLogSchema = z
  .object({
    ID: z.number().int(),
    funnel_id: z.number().int(),
    CreatedAt: z.string(),
    type: AuditTypeSchema.describe('note (a note or system entry) or diff (a recorded change)'),
    title: z.string(),
    message: z.string().describe('Text of the note'),
    task_url: z.string(),
    doc: z.string().nullable().describe('The document a diff changed: funnel:<id>, page:<id> or template:<id>'),
    ops: auditOps.describe('The JSON Patch the change applied (secrets redacted)'),
    inverse: auditOps.describe('The JSON Patch that undoes it (secrets redacted)'),
    version: z.number().int().nullable(),
    user: z.object({ name: z.string() }).describe('The author'),
    user_id: z.number().int().nullable().optional().describe("The author's user id (null once the user is deleted)"),
    system: z.boolean().optional().describe('Written by the server (diffs, Published, locked, unlocked, cloned…): never deletable'),
    deletable: z.boolean().optional().describe('Whether the signed-in user may delete it: a note of their own, or any note for an admin'),
  })
  .meta({ id: 'AuditLog' });
export type AuditLog = z.output<typeof AuditLogSchema>;

/**
 * Who may delete an audit entry (src/server/README.md: system audit entries are
 * append-only; notes are deleted only by their author or an admin).
 * @returns null when `user` may delete `entry`, else the reason: 'system' or 'not-author'.
 */
export function auditDeleteRefusal(
  entry: { type: string; system?: boolean; user_id?: number | null },
  user: { user_id: number; role: string },
): 'system' | 'not-author' | null {
  if (entry.system !== false || entry.type !== 'note') return 'system';
  if (user.role === 'admin' || (entry.user_id != null && entry.user_id === user.user_id)) return null;
  return 'not-author';
}

/**
 * An audit entry's title from free text (a change's `X-Change-Label`): control
 * characters (line breaks, tabs…) become spaces, the ends are trimmed, and a text longer than
 * {@link TEXT_MAX}.auditTitle (200) characters is cut to fit with "…" at its end — between two
 * whole characters, never inside a surrogate pair (half an emoji was stored as U+FFFD). A label
 * is a convenience the client sends with a save, so a long one is shortened, not refused. Pure.
 */
export function auditTitle(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  if (flat.length <= TEXT_MAX.auditTitle) return flat;
  let out = '';
  for (const ch of flat) {
    if (out.length + ch.length > TEXT_MAX.auditTitle - 1) break;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}

// ---- Paging the log --------------------------------------------------------------

/** Entries one answer of `GET /api/v1/funnels/{id}/audit_log` holds without `limit`, and at most. */
export const AUDIT_PAGE = { size: 100, max: 1000 } as const;

/** Messages of the audit log's query. */
export const AUDIT_QUERY_MSG = {
  limit: `Entries per page (limit) must be a whole number from 1 to ${AUDIT_PAGE.max}`,
  before: 'The entry to read before (before) must be the ID of an entry of this log',
  doc: 'The document to read (doc) must be funnel:<id> or page:<id>',
  user: 'The author to read (user) must be a user ID',
  type: 'The kind of entry to read (type) must be note or diff',
} as const;

/** The kinds of log entry the Logs tab filters by: a note, or a change (diff). */
export const AUDIT_TYPES = ['note', 'diff'] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

/**
 * The audit log's query (`GET /api/v1/funnels/{id}/audit_log`), newest entries first:
 * `limit` entries (default {@link AUDIT_PAGE}.size, at most .max), older than the entry
 * `before` (its ID: the last entry of the previous page), only those of document `doc`
 * (`page:12`; revert and time travel read one document's changes), by author `user` (a user
 * ID) and of kind `type` (`note` or `diff`) when given (the Logs tab's filters). An answer of
 * fewer than `limit` entries is the last page.
 */
export const AuditLogQuerySchema = z.object({
  limit: queryPageSize(4, AUDIT_PAGE, AUDIT_QUERY_MSG.limit),
  before: queryWhole(10, MAX_INT, AUDIT_QUERY_MSG.before).optional(),
  doc: z
    .string()
    .regex(/^(funnel|page):\d{1,10}$/, AUDIT_QUERY_MSG.doc)
    .optional(),
  user: queryWhole(10, MAX_INT, AUDIT_QUERY_MSG.user).optional(),
  type: z.enum(AUDIT_TYPES, { error: AUDIT_QUERY_MSG.type }).optional(),
});
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

/** One row of a diff's operations table (the Logs tab): what changed, and what it was before. */
export interface AuditOpRow {
  op: Operation['op'];
  path: string;
  /** `move` / `copy`: where the value came from. */
  from?: string;
  /** The value before the operation, when it replaced or removed one (from the entry's inverse). */
  old?: { value: unknown };
  /** The value the operation wrote (add, replace, test); undefined for remove, move, copy. */
  value?: unknown;
}

/** An identity op the server adds to every list item (`…/uid`), or a uid inside a value. */
const isUidPath = (path: string): boolean => path.endsWith('/uid');

/** `value` without its list items' `uid` members (the server's identity, not the operator's edit). */
function withoutUids(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUids);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => k !== 'uid')
      .map(([k, v]) => [k, withoutUids(v)]),
  );
}

/**
 * The rows the Logs tab shows for a diff (001 §3 "a diff is a list of operations with op,
 * path, value"): the server's identity ops (`/…/uid`) and `uid` members inside values
 * are left out, and a `replace` or `remove` carries the value it replaced, read from the
 * entry's inverse (stored in reverse order, so the last inverse op on a path holds the value
 * before the first op on it). An entry without an inverse shows no old values.
 */
export function auditOpRows(entry: Pick<AuditLog, 'ops' | 'inverse'>): AuditOpRow[] {
  const before = new Map<string, unknown>();
  for (const inv of entry.inverse ?? []) if ((inv.op === 'replace' || inv.op === 'add') && 'value' in inv) before.set(inv.path, inv.value);
  const seen = new Set<string>();
  const rows: AuditOpRow[] = [];
  for (const op of entry.ops ?? []) {
    if (isUidPath(op.path) && op.op !== 'move') continue;
    const first = !seen.has(op.path);
    seen.add(op.path);
    const row: AuditOpRow = { op: op.op, path: op.path };
    if ('from' in op) row.from = op.from;
    if ('value' in op) row.value = withoutUids(op.value);
    if (first && (op.op === 'replace' || op.op === 'remove') && before.has(op.path)) row.old = { value: withoutUids(before.get(op.path)) };
    rows.push(row);
  }
  return rows;
}
