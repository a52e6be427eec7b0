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
}
