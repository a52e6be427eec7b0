/**
 * Audit diffs of changes the server makes itself, outside `writeDocument` (write.ts): a document's
 * creation (one `add` at the root) and a server-side change (links cleared when their page is
 * deleted), so that every stored change is in the op stream and the log replays to the row.
 *
 * Source: src/server/README.md ("Write contract"; the audit entries the system writes); RFC 6902 §4.1.
 */
import { and, eq, or } from 'drizzle-orm';
import fjp from 'fast-json-patch';
import { invertOps, type Operation } from '../../model/index.ts';
import type { DocId } from '../../model/documents.ts';
import type { Tx } from '../db/index.ts';
import { auditLogs, pages } from '../db/schema.ts';
import { etagOf } from '../http.ts';
import type { Q } from '../repo.ts';

/** What a server-side change to a document records: who, why, and the document's new version. */
export interface ServerChange {
  doc: DocId<'funnel' | 'page' | 'template'>;
  funnelId: number | null;
  userId: number;
  title: string;
  message?: string;
  version: number;
}

/**
 * Records the creation of a document as an audit diff: one RFC 6902 `add` of the whole
 * document at '' (RFC 6902 §4.1 on the root; the document as answers show it, so never a
 * secret), at its first version. The log then starts from the document itself, and its ops
 * replay to the stored row (`src/model/audit-replay.ts`). Nothing reverts a creation:
 * its inverse is empty.
 */
export async function recordCreated(tx: Q, change: ServerChange, value: unknown): Promise<void> {
  await tx.insert(auditLogs).values({
    type: 'diff',
    funnel_id: change.funnelId,
    doc: change.doc,
    ops: [{ op: 'add', path: '', value }],
    inverse: [],
    title: change.title,
    message: change.message ?? '',
    version: change.version,
    user_id: change.userId,
    system: true,
  });
}

/**
 * The change that records a page or template added (by its form or a template sync): the audit
 * entry 'Added page <name>' ('Added template <name>') at the row's version, `message` its text.
 */
export function addedChange(
  kind: 'page' | 'template',
  row: { ID: number; name: string; version: number },
  by: { funnelId: number | null; userId: number; message: string },
): ServerChange {
  return { doc: `${kind}:${row.ID}`, funnelId: by.funnelId, userId: by.userId, title: `Added ${kind} ${row.name}`, message: by.message, version: row.version };
}

/**
 * Records the creation of a document ({@link recordCreated}, `body` as the answer shows it) and
 * makes the create's 201 answer as `idempotent` stores it: `body`, its first version as the ETag
 * (what the next write sends as If-Match).
 */
export async function createdAnswer<T>(tx: Q, change: ServerChange, body: T): Promise<{ status: 201; body: T; etag: string }> {
  await recordCreated(tx, change, body);
  return { status: 201, body, etag: etagOf(change.version) };
}

/**
 * Records a change the server made itself (a link cleared when its page was deleted) as an
 * audit diff from `before` to `after`, so no stored change escapes the op stream.
 */
export async function recordServerChange(tx: Tx, change: ServerChange, before: object, after: object): Promise<void> {
  const ops = fjp.compare(before, after) as Operation[];
  if (!ops.length) return;
  await tx.insert(auditLogs).values({
    type: 'diff',
    funnel_id: change.funnelId,
    doc: change.doc,
    ops,
    inverse: invertOps(before, ops),
    title: change.title,
    message: change.message ?? '',
    version: change.version,
    user_id: change.userId,
    system: true,
  });
}

/**
 * Clears the links of the funnel's pages to `pageId` (next page, alternative page) before it
 * is deleted: each linking page gets version+1 and an audit diff of the cleared link.
 */
export async function clearLinksTo(tx: Tx, funnelId: number, pageId: number, why: { userId: number; title: string }): Promise<void> {
  const linking = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.funnel_id, funnelId), or(eq(pages.page_id, pageId), eq(pages.page_alt_id, pageId))));
  for (const p of linking) {
    const links = { page_id: p.page_id === pageId ? null : p.page_id, page_alt_id: p.page_alt_id === pageId ? null : p.page_alt_id };
    await tx
      .update(pages)
      .set({ ...links, version: p.version + 1, UpdatedAt: new Date() })
      .where(eq(pages.ID, p.ID));
    await recordServerChange(
      tx,
      { doc: `page:${p.ID}`, funnelId, userId: why.userId, title: why.title, version: p.version + 1 },
      { page_id: p.page_id, page_alt_id: p.page_alt_id },
      links,
    );
  }
}
