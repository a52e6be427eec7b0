/**
 * The audit log (001 §3, §7): a funnel's notes and diffs, newest first; notes are added
 * and deleted by operators, diffs are written by the server on every saved change.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { FunnelNoteSchema } from '../../model/index.ts';
import { auditLogs } from '../db/schema.ts';
import { ApiError, errors, notFound } from '../http.ts';
import { auditLogOf, getFunnel, toAudit } from '../repo.ts';
import { bearer, IdParams, on, router, type Deps } from './common.ts';

const OpDoc = z.object({ op: z.string(), path: z.string(), from: z.string().optional(), value: z.unknown().optional() });
const AuditDoc = z.object({
  ID: z.number().int(), funnel_id: z.number().int(), CreatedAt: z.string(), type: z.enum(['note', 'diff']),
  title: z.string(), message: z.string(), task_url: z.string(), doc: z.string().nullable(),
  ops: z.array(OpDoc).nullable(), inverse: z.array(OpDoc).nullable(), version: z.number().int().nullable(),
  user: z.object({ name: z.string() }),
}).openapi('AuditLog');
const NoteBody = FunnelNoteSchema.extend({
  funnel_id: z.number({ error: 'Missing Funnel ID' }).int().positive('Missing Funnel ID').max(2_147_483_647, 'Missing Funnel ID'),
}).openapi('FunnelNote');
const tags = ['Audit log'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });

/** Audit log routes. */
export function auditRoutes(deps: Deps) {
  const app = router();
  const { db } = deps;

  on(app, 'audit.read', createRoute({
    method: 'get', path: '/api/v1/funnels/{id}/audit_log', tags, security: bearer, summary: "A funnel's notes and diffs, newest first",
    request: { params: IdParams }, responses: { 200: json(z.array(AuditDoc), 'Entries'), ...errors(401, 404) },
  }), async (c) => {
    const f = await getFunnel(db, c.req.valid('param').id);
    return c.json(await auditLogOf(db, f.ID), 200);
  });

  on(app, 'audit.write', createRoute({
    method: 'post', path: '/api/v1/audit_logs', tags, security: bearer, summary: 'Add a note to a funnel (Logs tab, Add Note)',
    request: { body: { content: { 'application/json': { schema: NoteBody } }, required: true } },
    responses: { 201: json(AuditDoc, 'The note'), ...errors(401, 404, 422) },
  }), async (c) => {
    const body = c.req.valid('json');
    const user = c.get('user');
    await getFunnel(db, body.funnel_id);
    const [row] = await db.insert(auditLogs).values({
      type: 'note', funnel_id: body.funnel_id, title: body.title, message: body.message, task_url: body.task_url, user_id: user.user_id,
    }).returning();
    return c.json(toAudit(row, user.name), 201);
  });

  on(app, 'audit.write', createRoute({
    method: 'delete', path: '/api/v1/audit_logs/{id}', tags, security: bearer, summary: 'Delete a note (diffs are history and stay)',
    request: { params: IdParams }, responses: { 200: json(z.object({ message: z.string(), ID: z.number().int() }), 'Deleted'), ...errors(401, 404, 422) },
  }), async (c) => {
    const id = c.req.valid('param').id;
    const [row] = await db.select().from(auditLogs).where(eq(auditLogs.ID, id));
    if (!row) throw notFound('Audit log entry');
    if (row.type !== 'note') throw new ApiError(422, 'Only notes can be deleted; changes stay in the log');
    await db.delete(auditLogs).where(eq(auditLogs.ID, id));
    return c.json({ message: 'Note deleted', ID: id }, 200);
  });

  return app;
}
