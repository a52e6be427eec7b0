/**
 * `POST /api/v1/funnels/bulk` (001 §2 funnel list, for the selected rows): set status, lock /
 * unlock, archive / restore up to BULK_MAX funnels in one transaction. Each change is the one a
 * funnel's own control makes — a status is a JSON-Patch write of the funnel document (audit diff,
 * version + 1), a flag the lock / archive routes' write ({@link setFunnelFlag}) — so the Logs tab
 * of every funnel shows it. Locked funnels (status, archive), funnels changed since the list was
 * read (`version`) and deleted ones are skipped and named, never an error of the whole request;
 * `dry_run` answers the same results without writing (the summary shown before applying).
 */
import { createRoute } from '@hono/zod-openapi';
import { asc, inArray } from 'drizzle-orm';
import {
  FUNNEL_BULK_ROUTES,
  FunnelBulkAnswerSchema,
  FunnelBulkBodySchema,
  FunnelBulkResultSchema,
  BULK_MAX,
  BULK_MSG,
  type FunnelBulkAnswer,
  type FunnelBulkChange,
  type FunnelBulkResult,
} from '../../model/contracts/funnel-list-actions.ts';
import type { Funnel } from '../../model/index.ts';
import type { Tx } from '../db/index.ts';
import { funnels } from '../db/schema.ts';
import { bodyOf } from '../../model/contract.ts';
import { setFunnelFlag } from '../documents/funnel-flags.ts';
import { idempotent, type StoredResponse } from '../documents/idempotency.ts';
import { writeDocument } from '../documents/write.ts';
import { errors } from '../http.ts';
import { toFunnel } from '../repo.ts';
import { bearer, json, jsonBody, on, send, WriteHeaders, routes } from './common.ts';
import { describeFields } from './fields.ts';
import { FUNNEL_DETAILS_DOC } from './funnels.ts';

const route = FUNNEL_BULK_ROUTES.bulk;
// The contract's schemas are not the model index's (only the bulk bar loads them): described here.
describeFields(FunnelBulkBodySchema, {}, 'FunnelBulkBodySchema');
describeFields(FunnelBulkAnswerSchema, {}, 'FunnelBulkAnswerSchema');
describeFields(FunnelBulkResultSchema, {}, 'FunnelBulkResultSchema');

/** What `change` does to `f` (null: not found) before anything is written. */
function plan(f: Funnel | undefined, ch: FunnelBulkChange): FunnelBulkResult {
  const base = { ID: ch.ID, field: ch.field, to: ch.value };
  if (!f) return { ...base, name: '', from: null, outcome: 'skipped', reason: BULK_MSG.missing, version: null };
  const from = f[ch.field];
  const result = { ...base, name: f.name, from, version: f.version };
  if (ch.version !== undefined && ch.version !== f.version) return { ...result, outcome: 'skipped', reason: BULK_MSG.stale };
  if (from === ch.value) return { ...result, outcome: 'unchanged', reason: null };
  // A locked funnel takes no edit but its unlock (001 §2: lock keeps a funnel from changes).
  if (f.locked && ch.field !== 'locked') return { ...result, outcome: 'skipped', reason: BULK_MSG.locked };
  return { ...result, outcome: 'changed', reason: null };
}

/** Writes one planned change in `tx`; answers the funnel's version afterwards. */
async function apply(tx: Tx, f: Funnel, ch: FunnelBulkChange, by: { user: Parameters<typeof writeDocument>[4]['user']; message: string }): Promise<number> {
  if (ch.field === 'publish_status') {
    const res = await writeDocument(
      tx,
      FUNNEL_DETAILS_DOC,
      f.ID,
      { ops: [{ op: 'replace', path: '/publish_status', value: ch.value }] },
      {
        user: by.user,
        ifMatch: f.version,
        label: `Set status ${ch.value} (bulk change)`,
      },
    );
    return res.body.version;
  }
  return (await setFunnelFlag(tx, f, ch.field, ch.value, { userId: by.user.user_id, message: by.message })).version;
}

/** The bulk route. */
export const funnelBulkRoutes = routes((app, db, deps) => {
  on(
    app,
    'funnels.write',
    createRoute({
      method: route.method,
      path: route.path,
      operationId: 'bulkChangeFunnels',
      tags: ['Funnels'],
      security: bearer,
      summary: 'Set status, lock or unlock, archive or restore many funnels at once',
      description: `One change per funnel (at most ${BULK_MAX}), in one transaction; each is audited on its funnel. Locked funnels (for status and archive), funnels whose \`version\` moved on since the list was read, and funnels not found are skipped with a reason; a funnel that already has the value is unchanged. With \`dry_run\` nothing is written and the answer says what would happen. The undo of a bulk change is another bulk change: each changed funnel's \`from\` value at its new \`version\`. Idempotent by \`Idempotency-Key\`.`,
      request: { headers: WriteHeaders, body: jsonBody(bodyOf(route)) },
      responses: { 200: json(route.answer, 'What happened to each funnel, in the order of the changes'), ...errors(401, 422) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const user = c.get('user');
      const dryRun = body.dry_run === true;
      const run = async (tx: Tx): Promise<StoredResponse<FunnelBulkAnswer, 200>> => {
        const ids = body.changes.map((ch) => ch.ID);
        // Rows locked in ID order: two bulk changes over the same funnels queue, never deadlock.
        const q = tx.select().from(funnels).where(inArray(funnels.ID, ids)).orderBy(asc(funnels.ID));
        const rows = dryRun ? await q : await q.for('update');
        const byId = new Map(rows.map((r) => [r.ID, toFunnel(r)]));
        const message = `One of ${body.changes.length} funnels changed in a bulk change`;
        const results: FunnelBulkResult[] = [];
        for (const ch of body.changes) {
          const f = byId.get(ch.ID);
          const r = plan(f, ch);
          if (f && r.outcome === 'changed' && !dryRun) r.version = await apply(tx, f, ch, { user, message });
          results.push(r);
        }
        const count = (o: FunnelBulkResult['outcome']) => results.filter((r) => r.outcome === o).length;
        return {
          status: 200 as const,
          etag: null,
          body: { dry_run: dryRun, results, changed: count('changed'), unchanged: count('unchanged'), skipped: count('skipped') },
        };
      };
      const res = dryRun
        ? await db.transaction(run)
        : await idempotent(db, user, c.req.header('Idempotency-Key'), { method: 'POST', path: c.req.path, body }, run);
      if (!dryRun && !res.replayed && deps.live) {
        // Open editors of each changed funnel hear of its new version, as after a save there.
        for (const r of res.body.results) {
          if (r.outcome !== 'changed' || r.version == null) continue;
          await deps.live.changed(r.ID, {
            doc: `funnel:${r.ID}`,
            version: r.version,
            user: { user_id: user.user_id, name: user.name },
            title: 'Bulk change',
            client: c.req.header('X-Client-Id')?.slice(0, 64) ?? null,
          });
        }
      }
      return send(c, res);
    },
  );
});
