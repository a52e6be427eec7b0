/**
 * Audit log entries (001 §3): notes written by operators and diffs written by the server
 * for every saved JSON-Patch command (DESIGN.md "The flow of one edit").
 */
import { z } from 'zod';
import { OP_NAMES, type Operation } from './jsonpatch';

export const AuditTypeSchema = z.enum(['note', 'diff']);

/** An RFC 6902 operation as the audit log stores it (the shape only: values are any JSON). */
export const AuditOpSchema = z.object({ op: z.enum(OP_NAMES), path: z.string(), from: z.string().optional(), value: z.unknown().optional() });
/** A stored patch: checked op by op, then typed as the RFC 6902 union it is. */
const auditOps = z.array(AuditOpSchema).nullable().transform((ops) => ops as Operation[] | null);

/**
 * An audit log entry (001 §3; `GET /api/v1/funnels/{id}/audit_log`). `doc` names the document
 * a diff applies to (`page:12`), null for notes; `ops`/`inverse` are the RFC 6902 operations as
 * saved and their inverse ("revert this change"); `system` entries are written by the server and
 * append-only; `deletable` says whether the signed-in user may delete it ({@link auditDeleteRefusal}).
 */
export const AuditLogSchema = z.object({
  ID: z.number().int(),
  funnel_id: z.number().int(),
  CreatedAt: z.string(),
  type: AuditTypeSchema,
  title: z.string(),
  message: z.string(),
  task_url: z.string(),
  doc: z.string().nullable(),
  ops: auditOps,
  inverse: auditOps,
  version: z.number().int().nullable(),
  user: z.object({ name: z.string() }),
  user_id: z.number().int().nullable().optional(),
  system: z.boolean().optional(),
  deletable: z.boolean().optional(),
});
export type AuditLog = z.output<typeof AuditLogSchema>;

/**
 * Who may delete an audit entry (DESIGN.md "API conventions": system audit entries are
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
