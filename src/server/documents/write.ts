/**
 * Writes to the editable documents (`funnel:<id>`, `page:<id>`, `template:<id>`,
 * `layout:<funnelId>`): PATCH with an RFC 6902 body and PUT, both in ONE transaction — row FOR
 * UPDATE with its funnel's lock flag (one query), lock check, version check (If-Match), apply,
 * validate with the model schema, write version+1 with its audit diff (one statement). How each
 * kind is loaded, checked and stored is its {@link DocDef} (funnel.ts, page.ts, template.ts, layout.ts).
 *
 * Source: README.md "One edit, end to end"; src/server/README.md; RFC 6902; RFC 9110 §13
 * (If-Match → 412, 428 from RFC 6585 §3).
 */
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import fjp from 'fast-json-patch';
import type { z } from 'zod';
import { applyOps, invertOps, listIdOps, MSG, parsePointer, PatchError, WRITE_MSG, type Operation, type SessionUser } from '../../model/index.ts';
import type { DocKind, DocOf } from '../../model/documents.ts';
import { fieldLabel } from '../../model/zod-messages.ts';
import type { Tx } from '../db/index.ts';
import { auditLogs } from '../db/schema.ts';
import { ApiError, etagOf } from '../http.ts';
import type { TableWithId } from '../repo.ts';
import { firstIssue } from './errors.ts';
import type { StoredResponse } from './idempotency.ts';

/** A document's value, of any kind in the registry (src/model/documents.ts). */
export type Entity = DocOf<DocKind>;

/**
 * The {@link DocDef.update} of a document stored as its own row of `table` (pages, templates):
 * every member but `ID` set as it is, `UpdatedAt` now, the row found by `ID`.
 */
export function updateRow<T extends TableWithId>(table: T): (tx: Tx, e: { ID: number } & PgUpdateSetSource<T>) => SQLWrapper {
  const t: TableWithId = table;
  return (tx, { ID, ...rest }) =>
    tx
      .update(t)
      .set({ ...rest, UpdatedAt: new Date() })
      .where(eq(t.ID, ID));
}

/** How one kind of document is loaded, validated, checked and written. */
export interface DocDef<E extends Entity> {
  kind: DocKind;
  /** false: writes keep no audit entry (a flow layout's node positions). Default true. */
  audit?: boolean;
  schema: z.ZodType<E>;
  /**
   * Loads the document FOR UPDATE together with whether its funnel is locked (the funnel
   * row read FOR SHARE, so a lock cannot commit while the write runs), in one query.
   * @throws ApiError 404 when there is no such document.
   */
  loadForWrite: (tx: Tx, id: number) => Promise<{ doc: E; locked: boolean }>;
  /** Funnel whose lock and audit log the document belongs to (null: templates). */
  funnelOf: (e: E) => number | null;
  /** Top-level members no write may change. */
  readonly: string[];
  /** Extra checks that need the database (unique paths, links inside the funnel…). */
  check: (tx: Tx, before: E, after: E) => Promise<void>;
  /** The UPDATE storing `e` (built, not run: {@link writeDocument} runs it with the audit row). */
  update: (tx: Tx, e: E) => SQLWrapper;
  /** The answer for a database error of that UPDATE (e.g. a unique path), or null when it is not the client's. */
  writeError?: (e: unknown) => ApiError | null;
  /** How the audit log titles a save: the registry's (DOCUMENTS[kind].title). */
  title: (e: E) => string;
  /**
   * The document as answers carry it (and as patches are applied to: the client's copy);
   * default: as stored. Funnels hide the write-only secret ({@link funnelView}).
   */
  view?: (e: E) => E;
  /** Refuses a patch's ops that touch what the view hides or derives. @throws ApiError 422. */
  checkOps?: (ops: Operation[]) => void;
  /** The same ops as they apply to the view (one op for one op: indexes are kept). */
  viewOps?: (ops: Operation[]) => Operation[];
  /** The document to store from the view after a patch, or from a PUT's merge: restores what the view hides. @throws ApiError 422. */
  fromView?: (before: E, candidate: Record<string, unknown>) => Record<string, unknown>;
  /** Ops as the audit log stores them: values that must not be kept, redacted. */
  redact?: (ops: Operation[]) => Operation[];
}

/** Options of one document write. */
export interface WriteOptions {
  user: SessionUser;
  /** Version from If-Match, or null when absent. */
  ifMatch: number | null;
  /** Audit title (from X-Change-Label), else the document's default title. */
  label?: string;
}

/**
 * Applies `change` to document `id` of `def` inside transaction `tx`:
 * 423 locked → 412 stale (body `current`) → 422 ops touching read-only or write-only members
 * → 409 a `test` op failed (body `current`; RFC 6902 §4.6) → 400 other ops do not apply →
 * 422 result invalid → write version+1 + audit diff `{ops, inverse}`. A patch is applied to
 * the document as the client sees it (`def.view`); the audit stores its ops without the
 * `test` guards, with secrets redacted (`def.redact`). Nothing is written on any failure
 * (the caller's transaction rolls back). A change that alters nothing writes nothing.
 * @returns the saved entity as answers carry it (`def.view`), with its ETag.
 */
export async function writeDocument<E extends Entity>(
  tx: Tx,
  def: DocDef<E>,
  id: number,
  change: { ops: Operation[] } | { replace: (before: E) => unknown },
  opts: WriteOptions,
): Promise<StoredResponse<E, 200>> {
  const { doc: before, locked } = await def.loadForWrite(tx, id);
  const view = def.view ?? ((e: E) => e);
  if (locked) throw new ApiError(423, MSG.locked);
  const funnelId = def.funnelOf(before);
  if (opts.ifMatch != null && opts.ifMatch !== before.version) {
    throw new ApiError(
      412,
      `This ${def.kind} was changed by someone else (version ${before.version}); reload and apply your changes again`,
      { ETag: etagOf(before.version) },
      { current: view(before) },
    );
  }
  let candidate: unknown;
  let ops: Operation[];
  if ('ops' in change) {
    for (const op of change.ops) {
      // Only what an op writes matters: a `test` or a `copy` source only reads.
      const written = op.op === 'test' ? [] : op.op === 'move' ? [op.path, op.from] : [op.path];
      for (const p of written) {
        const top = parsePointer(p)[0];
        if (p === '' || (top !== undefined && def.readonly.includes(top))) {
          // Name the field as a sentence does (the server keeps it), never the pointer.
          throw new ApiError(
            422,
            p === ''
              ? 'A patch cannot replace the whole document; change its fields one by one'
              : `${fieldLabel([top!])} is kept by the server and cannot be changed by a patch`,
          );
        }
      }
    }
    def.checkOps?.(change.ops);
    const applied = def.viewOps ? def.viewOps(change.ops) : change.ops;
    try {
      candidate = applyOps(view(before), applied);
    } catch (e) {
      if (e instanceof PatchError) {
        // A failed guard is someone else's change: like a stale version, with the current document.
        if ((e.op ?? change.ops[e.index]?.op) === 'test') {
          throw new ApiError(409, WRITE_MSG.testFailed(def.kind), { ETag: etagOf(before.version) }, { current: view(before) });
        }
        throw new ApiError(400, e.message);
      }
      throw e;
    }
    if (def.fromView) candidate = def.fromView(before, candidate as Record<string, unknown>);
    // `test` ops are guards, not changes: they are not part of the record.
    ops = applied.filter((op) => op.op !== 'test');
  } else {
    let replaced = change.replace(before) as Record<string, unknown>;
    if (def.fromView) replaced = def.fromView(before, replaced);
    // Read-only members keep their stored values whatever the body says.
    for (const k of def.readonly) replaced[k] = (before as Record<string, unknown>)[k];
    candidate = replaced;
    ops = [];
  }
  const parsed = def.schema.safeParse(candidate);
  if (!parsed.success) throw firstIssue(parsed.error);
  let after = parsed.data;
  // Every list item has an identity (src/model/rebase.ts); the ones this write lacks are added.
  const idOps = listIdOps(after);
  if (idOps.length) after = applyOps(after, idOps);
  // What the server adds itself (schema defaults, identities) is recorded as ops of its own,
  // so the audit log's ops replay to exactly the stored row.
  const serverOps = 'ops' in change ? (fjp.compare(candidate as object, after) as Operation[]) : [];
  if ('replace' in change) ops = fjp.compare(before, after) as Operation[];
  else if (fjp.compare(before, after).length === 0) ops = [];
  else ops = [...ops, ...serverOps];
  if (ops.length === 0) return { status: 200, body: view(before), etag: etagOf(before.version) };
  await def.check(tx, before, after);
  const saved = { ...after, version: before.version + 1 } as E;
  const redact = def.redact ?? ((o: Operation[]) => o);
  // Shown as sent: the client's own ops (without its guards), not their view form.
  const shown = 'ops' in change ? [...change.ops.filter((op) => op.op !== 'test'), ...serverOps] : ops;
  if (def.audit === false) {
    await tx.execute(def.update(tx, saved).getSQL());
    return { status: 200, body: view(saved), etag: etagOf(saved.version) };
  }
  // One statement: the UPDATE runs as a data-modifying WITH of the audit row's INSERT.
  const audit = tx.insert(auditLogs).values({
    type: 'diff',
    funnel_id: funnelId,
    doc: `${def.kind}:${id}`,
    ops: redact(shown),
    inverse: redact(invertOps(before, ops)),
    title: opts.label?.trim() || def.title(before),
    message: '',
    version: saved.version,
    user_id: opts.user.user_id,
    system: true,
  });
  try {
    await tx.execute(sql`with stored as (${def.update(tx, saved).getSQL()}) ${audit.getSQL()}`);
  } catch (e) {
    throw def.writeError?.(e) ?? e;
  }
  return { status: 200, body: view(saved), etag: etagOf(saved.version) };
}
