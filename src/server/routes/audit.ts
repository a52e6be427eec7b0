/**
 * The audit log (001 §3, §7): a funnel's notes and diffs, newest first. Operators add notes;
 * a note is deleted by its author or an admin only. What the server writes — diffs of every
 * saved change, Published, Funnel created/locked/unlocked/cloned, pages added/deleted — is a
 * system entry: append-only, nobody deletes it (src/server/README.md).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE, auditDeleteRefusal, AuditLogQuerySchema, auditSentences, WRITE_MSG, type AuditLogQuery, type SessionUser } from '../../model/index.ts';
import type { Db } from '../db/index.ts';
import { auditLogs, pages, users } from '../db/schema.ts';
import { firstIssue } from '../documents/errors.ts';
import { ApiError, errors, notFound } from '../http.ts';
import { getFunnel, rowById, toAudit, type AnsweredAudit } from '../repo.ts';
import { bearer, IdParams, on, onDelete, raw, routes, queryParam } from './common.ts';
import { csvResponse, csvRoute, fileDate, type CsvColumn, fieldColumns } from './csv-export.ts';
import { bodyOf } from '../../model/contract.ts';
import { AUDIT_ROUTES } from '../../model/contracts/audit.ts';
import { oneRow } from '../db/index.ts';

const tags = ['Audit log'];

/** An entry as its export writes it: when, who, which document (by name), what kind, and the change as sentences. */
interface AuditCsvRow {
  when: string;
  who: string;
  page: string;
  type: string;
  change: string;
}

/** The export's columns: the Logs tab's. */
const AUDIT_CSV: CsvColumn<AuditCsvRow>[] = [...fieldColumns({ When: 'when', Who: 'who', Page: 'page', Type: 'type', Change: 'change' })];

/**
 * An entry of funnel `funnelId`'s log as its export row: a diff as its sentences (auditSentences,
 * "; " between them; list items named from the ops alone, the Logs tab names them from the
 * document before), a note as its text; pages by name (`names`, the funnel's pages by ID).
 */
function auditCsvRow(funnelId: number, names: ReadonlyMap<number, string>) {
  const pageName = (id: number) => names.get(id);
  const docName = (doc: string | null) => {
    if (!doc) return '';
    if (doc === `funnel:${funnelId}`) return 'Funnel';
    const page = /^page:(\d+)$/.exec(doc);
    return (page && names.get(Number(page[1]))) ?? doc;
  };
  return (e: AnsweredAudit): AuditCsvRow => ({
    when: e.CreatedAt,
    who: e.user.name,
    page: docName(e.doc),
    type: e.type === 'diff' ? 'change' : 'note',
    change:
      e.type === 'diff' ? auditSentences(e, { docName: docName(e.doc) || undefined, pageName }).join('; ') : [e.title, e.message].filter(Boolean).join(': '),
  });
}

/** The entry as `user` receives it: with whether they may delete it. */
const forUser = (e: AnsweredAudit, user: SessionUser) => ({ ...e, deletable: auditDeleteRefusal(e, user) === null });
const json = <T extends z.ZodType>(schema: T, description: string) => ({ content: { 'application/json': { schema } }, description });
/** Documents the query; {@link AuditLogQuerySchema} (the model's) validates it in the handler. */
const LogQuery = z.object({
  limit: queryParam('limit', `Entries per answer, 1–${AUDIT_PAGE.max} (default ${AUDIT_PAGE.size})`, '100'),
  before: queryParam('before', 'Only entries older than this one (its ID): the last entry of the previous answer', '1234'),
  doc: queryParam('doc', 'Only the changes of this document of the funnel: funnel:<id> or page:<id>', 'page:2'),
  user: queryParam('user', 'Only the entries of this author (a user ID)', '2'),
  type: queryParam('type', 'Only entries of this kind: note or diff (a change)', 'note'),
});

/**
 * One page of funnel `funnelId`'s log, newest first (CreatedAt, then ID): `q.limit` entries
 * older than entry `q.before` (compared on both, read in the statement so the stored
 * microseconds count), of document `q.doc`, author `q.user` and kind `q.type` only when given.
 * Uses the (funnel_id, CreatedAt) index.
 * @throws ApiError 404 when `before` is not an entry of this funnel's log.
 */
export async function auditPage(db: Db, funnelId: number, q: AuditLogQuery): Promise<AnsweredAudit[]> {
  const where: SQL[] = [eq(auditLogs.funnel_id, funnelId)];
  if (q.doc) where.push(eq(auditLogs.doc, q.doc));
  if (q.user !== undefined) where.push(eq(auditLogs.user_id, q.user));
  if (q.type) where.push(eq(auditLogs.type, q.type));
  if (q.before !== undefined) {
    const [cursor] = await db
      .select({ ID: auditLogs.ID })
      .from(auditLogs)
      .where(and(eq(auditLogs.ID, q.before), eq(auditLogs.funnel_id, funnelId)));
    if (!cursor) throw notFound('Audit log entry');
    where.push(sql`(${auditLogs.CreatedAt}, ${auditLogs.ID}) < (select c."CreatedAt", c."ID" from ${auditLogs} c where c."ID" = ${q.before})`);
  }
  const rows = await db
    .select({ a: auditLogs, name: users.name })
    .from(auditLogs)
    .leftJoin(users, eq(users.user_id, auditLogs.user_id))
    .where(and(...where))
    .orderBy(sql`${auditLogs.CreatedAt} DESC`, sql`${auditLogs.ID} DESC`)
    .limit(q.limit);
  return rows.map(({ a, name }) => toAudit(a, name));
}

/** Audit log routes. */
export const auditRoutes = routes((app, db) => {
  on(
    app,
    'audit.read',
    createRoute({
      method: AUDIT_ROUTES.ofFunnel.method,
      path: AUDIT_ROUTES.ofFunnel.path,
      operationId: 'listFunnelAuditLog',
      tags,
      security: bearer,
      summary: `A funnel's notes and diffs, newest first, ${AUDIT_PAGE.size} at a time (limit, before; doc for one document's changes)`,
      description: `Paged: at most \`limit\` entries (default ${AUDIT_PAGE.size}, at most ${AUDIT_PAGE.max}); the next page is \`before=<ID of the last entry>\`, and an answer with fewer than \`limit\` entries is the last.`,
      request: { params: IdParams, query: LogQuery },
      responses: { 200: json(AUDIT_ROUTES.ofFunnel.answer, 'Entries'), ...errors(401, 404, 422) },
    }),
    async (c) => {
      const f = await getFunnel(db, c.req.valid('param').id);
      const q = AuditLogQuerySchema.safeParse(c.req.query());
      if (!q.success) throw firstIssue(q.error);
      const user = c.get('user');
      return c.json(
        (await auditPage(db, f.ID, q.data)).map((e) => forUser(e, user)),
        200,
      );
    },
  );

  on(
    app,
    'audit.read',
    csvRoute({
      path: AUDIT_ROUTES.export.path,
      operationId: 'exportFunnelAuditLog',
      tags,
      noun: 'log entries',
      columns: AUDIT_CSV,
      query: LogQuery,
      params: IdParams,
      errors: errors(404, 422),
    }),
    async (c) => {
      const f = await getFunnel(db, Number(c.req.param('id')));
      const q = AuditLogQuerySchema.safeParse(c.req.query());
      if (!q.success) throw firstIssue(q.error);
      // `limit` and `before` are checked as the list checks them (404 for an entry not of this log), then ignored.
      await auditPage(db, f.ID, { ...q.data, limit: 1 });
      const names = new Map((await db.select({ ID: pages.ID, name: pages.name }).from(pages).where(eq(pages.funnel_id, f.ID))).map((p) => [p.ID, p.name]));
      const row = auditCsvRow(f.ID, names);
      let before: number | undefined;
      return raw(
        csvResponse(`funnel-${f.ID}-log-${fileDate()}.csv`, AUDIT_CSV, async (_offset, limit) => {
          // The log pages by cursor (its newest-first order), the batch's last entry the next one's `before`.
          const batch = await auditPage(db, f.ID, { ...q.data, limit, before });
          before = batch.at(-1)?.ID;
          return batch.map(row);
        }),
      );
    },
  );

  on(
    app,
    'audit.write',
    createRoute({
      method: AUDIT_ROUTES.addNote.method,
      path: AUDIT_ROUTES.addNote.path,
      operationId: 'createAuditNote',
      tags,
      security: bearer,
      summary: 'Add a note to a funnel (Logs tab, Add Note)',
      request: { body: { content: { 'application/json': { schema: bodyOf(AUDIT_ROUTES.addNote) } }, required: true } },
      responses: { 201: json(AUDIT_ROUTES.addNote.answer, 'The note'), ...errors(401, 404, 422) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = c.get('user');
      await getFunnel(db, body.funnel_id);
      const row = oneRow(
        await db
          .insert(auditLogs)
          .values({
            type: 'note',
            funnel_id: body.funnel_id,
            title: body.title,
            message: body.message,
            task_url: body.task_url,
            user_id: user.user_id,
            system: false,
          })
          .returning(),
        'audit: insert note',
      );
      return c.json(forUser(toAudit(row, user.name), user), 201);
    },
  );

  onDelete(
    app,
    'audit.write',
    {
      contract: AUDIT_ROUTES.remove,
      operationId: 'deleteAuditNote',
      tags,
      summary: "Delete a note: the author's own, or any note for an admin (403 otherwise); system entries are never deleted (403)",
      errors: errors(401, 403, 404),
    },
    'Note',
    async (id, user) => {
      const row = await rowById(db, auditLogs, id, 'Audit log entry');
      const refusal = auditDeleteRefusal(row, user);
      if (refusal) throw new ApiError(403, refusal === 'system' ? WRITE_MSG.systemEntry : WRITE_MSG.noteNotYours);
      // Guarded again in the statement itself: a system entry is never deleted, whatever changed meanwhile.
      await db.delete(auditLogs).where(and(eq(auditLogs.ID, id), eq(auditLogs.system, false)));
    },
  );
});
