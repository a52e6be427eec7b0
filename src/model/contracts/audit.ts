/**
 * The audit log routes (001 §3, §7 "Logs"; 000 §7) as both sides know them: a funnel's log in
 * pages, add a note, delete a note, and an admin's deleted funnels with their logs.
 */
import { z } from 'zod';
import { AuditLogSchema } from '../audit';
import { contract, DeletedSchema } from '../contract';
import { DeletedFunnelSchema, DeletedFunnelSummarySchema } from '../deleted-funnels';
import { MAX_INT } from '../fields';
import { FunnelNoteSchema } from '../funnel';

/** `POST /api/v1/audit_logs`: the Add Note form and the funnel it is about (not exported: its fields are described as the form's). */
const NoteBodySchema = FunnelNoteSchema.extend({
  funnel_id: z
    .number({ error: 'Missing Funnel ID' })
    .int()
    .positive('Missing Funnel ID')
    .max(MAX_INT, 'Missing Funnel ID')
    .describe('ID of the funnel the note is about'),
}).meta({ id: 'FunnelNote' });

/**
 * A page of a log (sent as text): at most `limit` entries, older than entry `before`, only
 * document `doc`'s changes (`page:12`), only author `user`'s, only entries of kind `type`
 * (`note`, `diff`). The server checks it with the model's `AuditLogQuerySchema`.
 */
export const LogPageQuerySchema = z.object({
  limit: z.string().optional(),
  before: z.string().optional(),
  doc: z.string().optional(),
  user: z.string().optional(),
  type: z.string().optional(),
});

/** The audit routes; `{id}` is the funnel's ID, except in `remove` (the entry's). */
export const AUDIT_ROUTES = {
  /** The funnel's notes and diffs, newest first, a page at a time. */
  ofFunnel: contract({ method: 'get', path: '/api/v1/funnels/{id}/audit_log', query: LogPageQuerySchema, answer: z.array(AuditLogSchema) }),
  /** The log with the list's filters (doc, user, type; limit and before ignored: every entry, newest first) as `text/csv`, streamed. */
  export: contract({ method: 'get', path: '/api/v1/funnels/{id}/audit_log.csv', query: LogPageQuerySchema, answer: z.string() }),
  /** Adds a note (Logs tab, Add Note). */
  addNote: contract({ method: 'post', path: '/api/v1/audit_logs', body: NoteBodySchema, answer: AuditLogSchema, status: 201 }),
  /** Deletes a note: the author's own, or any for an admin; system entries never (403). */
  remove: contract({ method: 'delete', path: '/api/v1/audit_logs/{id}', answer: DeletedSchema }),
  /** Deleted funnels (tombstones), last deleted first, a page at a time (`before`: the last ID of the page before). */
  deleted: contract({
    method: 'get',
    path: '/api/v1/deleted_funnels',
    query: z.object({ limit: z.string().optional(), before: z.string().optional() }),
    answer: z.array(DeletedFunnelSummarySchema),
  }),
  /** One tombstone: what the funnel was, who deleted it and when. */
  deletedOne: contract({ method: 'get', path: '/api/v1/deleted_funnels/{id}', answer: DeletedFunnelSchema }),
  /** A deleted funnel's log, newest first, a page at a time; nothing in it can be deleted. */
  deletedLog: contract({ method: 'get', path: '/api/v1/deleted_funnels/{id}/audit_log', query: LogPageQuerySchema, answer: z.array(AuditLogSchema) }),
};
