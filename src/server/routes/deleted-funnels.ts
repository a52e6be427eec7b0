/**
 * Deleted funnels: the tombstones that
 * `DELETE /api/v1/funnels/{id}` leaves, and the audit log each deleted funnel had, system
 * entries included, for an admin (action `audit.deleted`). Nothing here writes: a tombstone and
 * its log are never changed or removed.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import { AuditLogQuerySchema, AuditLogSchema } from '../../model/index.ts';
import { DeletedFunnelListQuerySchema } from '../../model/deleted-funnels.ts';
import { AUDIT_ROUTES } from '../../model/contracts/audit.ts';
import { deletedFunnels } from '../db/schema.ts';
import { firstIssue } from '../documents/errors.ts';
import { errors } from '../http.ts';
import { rowById } from '../repo.ts';
import { auditPage } from './audit.ts';
import { bearer, IdParams, json, on, onGet, routes, queryParam } from './common.ts';

const tags = ['Audit log'];
const ListQuery = z.object({
  limit: queryParam('limit', 'Tombstones per answer, 1–500 (default 100)', '100'),
  before: queryParam('before', 'Only funnels deleted before this one (its ID): the last of the previous answer', '12'),
});
const LogQuery = z.object({
  limit: queryParam('limit', 'Entries per answer, 1–1000 (default 100)', '100'),
  before: queryParam('before', 'Only entries older than this one (its ID)', '1234'),
});
/** An entry as an admin reads it from a deleted funnel's log: nothing in it can be deleted. */
const readOnly = (e: z.infer<typeof AuditLogSchema>) => ({ ...e, deletable: false });

/** The deleted-funnel routes (under the bearer-token guard). */
export const deletedFunnelRoutes = routes((app, db) => {
  /** The tombstone of funnel `id`. @throws ApiError 404 "Deleted funnel not found" when it was never deleted. */
  const tombstone = (id: number) => rowById(db, deletedFunnels, id, 'Deleted funnel');

  on(
    app,
    'audit.deleted',
    createRoute({
      method: AUDIT_ROUTES.deleted.method,
      path: AUDIT_ROUTES.deleted.path,
      operationId: 'listDeletedFunnels',
      tags,
      security: bearer,
      summary: 'Deleted funnels, last deleted first: who deleted each and when (limit, before)',
      request: { query: ListQuery },
      responses: { 200: json(AUDIT_ROUTES.deleted.answer, 'Tombstones'), ...errors(422) },
    }),
    async (c) => {
      const q = DeletedFunnelListQuerySchema.safeParse(c.req.query());
      if (!q.success) throw firstIssue(q.error);
      const where: SQL[] = [];
      if (q.data.before !== undefined) {
        const before = await tombstone(q.data.before);
        where.push(lt(deletedFunnels.CreatedAt, before.CreatedAt));
      }
      const rows = await db
        .select()
        .from(deletedFunnels)
        .where(and(...where))
        .orderBy(desc(deletedFunnels.CreatedAt), desc(deletedFunnels.ID))
        .limit(q.data.limit);
      return c.json(
        rows.map((r) => ({
          ID: r.ID,
          name: r.name,
          user_id: r.user_id,
          user_name: r.user_name,
          CreatedAt: r.CreatedAt.toISOString(),
          pages: Array.isArray(r.snapshot.pages) ? r.snapshot.pages.length : 0,
        })),
        200,
      );
    },
  );

  onGet(
    app,
    'audit.deleted',
    {
      contract: AUDIT_ROUTES.deletedOne,
      operationId: 'getDeletedFunnel',
      tags,
      summary: 'A deleted funnel: what it was (the funnel without its captcha secret, and its pages), who deleted it and when',
      answered: 'The tombstone',
      errors: errors(404),
    },
    async (id) => {
      const r = await tombstone(id);
      return { ID: r.ID, name: r.name, user_id: r.user_id, user_name: r.user_name, CreatedAt: r.CreatedAt.toISOString(), snapshot: r.snapshot };
    },
  );

  on(
    app,
    'audit.deleted',
    createRoute({
      method: AUDIT_ROUTES.deletedLog.method,
      path: AUDIT_ROUTES.deletedLog.path,
      operationId: 'listDeletedFunnelAuditLog',
      tags,
      security: bearer,
      summary: "A deleted funnel's audit log, newest first, paged as a funnel's (limit, before): notes and diffs, and 'Funnel deleted'",
      request: { params: IdParams, query: LogQuery },
      responses: { 200: json(AUDIT_ROUTES.deletedLog.answer, 'Entries'), ...errors(404, 422) },
    }),
    async (c) => {
      const { ID } = await tombstone(c.req.valid('param').id);
      const q = AuditLogQuerySchema.safeParse(c.req.query());
      if (!q.success) throw firstIssue(q.error);
      return c.json((await auditPage(db, ID, q.data)).map(readOnly), 200);
    },
  );
});
