/**
 * Flow-diagram layouts (`layout:<funnelId>`): the node positions of a funnel's pages, read
 * (version 0 before the first move) and written by `writeDocument` (write.ts) without an audit entry.
 *
 * Source: src/model/layout.ts; 001 §4 (locked funnels refuse edits).
 */
import { eq } from 'drizzle-orm';
import type { FunnelLayout } from '../../model/index.ts';
import { funnelLayouts, funnels } from '../db/schema.ts';
import { notFound } from '../http.ts';
import { getFunnel, type Q } from '../repo.ts';
import { DOCUMENTS } from '../../model/documents.ts';
import type { DocDef } from './write.ts';

/**
 * Flow-diagram layouts (`layout:<funnelId>`, src/model/layout.ts): node positions, written
 * without an audit entry. A funnel without a stored layout reads as version 0 with no
 * positions; the first write creates the row (inserted before it is locked, so two first
 * writes still meet If-Match). Locked funnels refuse moves like any edit (001 §4).
 */
export const LAYOUT_DOC: DocDef<FunnelLayout> = {
  kind: 'layout',
  audit: false,
  schema: DOCUMENTS.layout.schema,
  async loadForWrite(tx, funnelId) {
    // FOR SHARE: a lock cannot commit while the move is written, and the funnel's own writes are not held up.
    const [f] = await tx.select({ locked: funnels.locked }).from(funnels).where(eq(funnels.ID, funnelId)).for('share');
    if (!f) throw notFound('Funnel');
    await tx.insert(funnelLayouts).values({ funnel_id: funnelId, positions: {}, version: 0 }).onConflictDoNothing();
    const [row] = await tx.select().from(funnelLayouts).where(eq(funnelLayouts.funnel_id, funnelId)).for('update');
    if (!row) throw notFound('Funnel');
    return { doc: { funnel_id: row.funnel_id, positions: row.positions, version: row.version }, locked: f.locked };
  },
  funnelOf: (l) => l.funnel_id,
  readonly: ['funnel_id', 'version'],
  check: () => Promise.resolve(),
  update: (tx, l) =>
    tx.update(funnelLayouts).set({ positions: l.positions, version: l.version, UpdatedAt: new Date() }).where(eq(funnelLayouts.funnel_id, l.funnel_id)),
  title: DOCUMENTS.layout.title,
};

/** A funnel's layout as stored, or version 0 with no positions when none is stored yet. @throws ApiError 404 without the funnel. */
export async function getLayout(q: Q, funnelId: number): Promise<FunnelLayout> {
  await getFunnel(q, funnelId);
  const [row] = await q.select().from(funnelLayouts).where(eq(funnelLayouts.funnel_id, funnelId));
  return row ? { funnel_id: row.funnel_id, positions: row.positions, version: row.version } : { funnel_id: funnelId, positions: {}, version: 0 };
}
