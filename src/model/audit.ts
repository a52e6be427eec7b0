/**
 * Audit log entries (001 §3): notes written by operators and diffs written by the server
 * for every saved JSON-Patch command (DESIGN.md "The flow of one edit").
 */
import { z } from 'zod';
import type { Operation } from './jsonpatch';

export const AuditTypeSchema = z.enum(['note', 'diff']);

export interface AuditLog {
  ID: number;
  funnel_id: number;
  CreatedAt: string;
  type: 'note' | 'diff';
  title: string;
  message: string;
  task_url: string;
  /** Which document the diff applies to, e.g. `page:12`; null for notes. */
  doc: string | null;
  /** RFC 6902 operations as saved, and their inverse (for "revert this change"). */
  ops: Operation[] | null;
  inverse: Operation[] | null;
  version: number | null;
  user: { name: string };
  /** Author's user id (null when the user was deleted). Sent by the server. */
  user_id?: number | null;
  /** Written by the server (diffs, Published, locked/unlocked, cloned…): append-only. */
  system?: boolean;
  /** Whether the signed-in user may delete it ({@link auditDeleteRefusal}); the Logs tab shows Delete only then. */
  deletable?: boolean;
}

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
