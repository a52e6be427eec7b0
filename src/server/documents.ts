/**
 * Writes to the editable documents (`funnel:<id>`, `page:<id>`, `template:<id>`): PATCH with
 * an RFC 6902 body and PUT, both in ONE transaction — row FOR UPDATE with its funnel's lock
 * flag (one query), lock check, version check (If-Match), apply, validate with the model
 * schema, write version+1 with its audit diff (one statement) — plus `Idempotency-Key` replay.
 *
 * Source: README.md "One edit, end to end"; src/server/README.md; RFC 6902; RFC 9110 §13
 * (If-Match → 412, 428 from RFC 6585 §3).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, or, sql, type SQLWrapper } from 'drizzle-orm';
import fjp from 'fast-json-patch';
import { z } from 'zod';
import { CODE_META_KEYS, metaCodeProblem } from '../model/code-check.ts';
import { cleanMetaTexts, stripTags } from '../model/editable-text.ts';
import { withDerivedPrices } from '../model/prices.ts';
import { fieldLabel } from '../model/zod-messages.ts';
import {
  applyOps, funnelView, listIdOps, FunnelSchema, INDEX_PAGE_TYPES, invertOps, MSG, PageSchema, parsePointer, PatchError, REDACTED,
  SECRET_DERIVED_POINTERS, SECRET_KEY_POINTER, storedDetails, TemplateWriteSchema, validateIndexPage, WRITE_MSG, createRichTextSanitizer, stripTemplateHost,
  FunnelLayoutSchema, type Funnel, type FunnelLayout, type Operation, type Page, type SessionUser, type Template,
} from '../model/index.ts';
import { rowsOf, type Db, type Tx } from './db/index.ts';
import { auditLogs, funnelLayouts, funnels, idempotencyKeys, offers, pages, templates } from './db/schema.ts';
import { serverDom } from './dom.ts';
import { ApiError, etagOf, notFound } from './http.ts';
import { LAYOUTS } from './publish/defaults.ts';
import { getFunnel, getTemplate, toPage, type Q } from './repo.ts';

/** A response kept for replay: what the handler answers. */
export interface StoredResponse<T = unknown> {
  status: 200 | 201;
  body: T;
  etag: string | null;
  replayed?: boolean;
}

/** Postgres SQLSTATE of an error thrown by either driver (drizzle wraps it in `cause`). */
export function pgCode(e: unknown): { code?: string; constraint?: string } {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return { code: err?.cause?.code ?? err?.code, constraint: err?.cause?.constraint ?? err?.constraint };
}

/** The first zod issue's message (the seed's wording) as a 422. */
export function firstIssue(error: z.ZodError): ApiError {
  return new ApiError(422, error.issues[0]?.message ?? 'This change is not valid');
}

/** JSON with object members in code-point order at every level: one text per value (RFC 8785's idea, without its number rules). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
    : v));
}

/** SHA-256 (hex) of a request as an Idempotency-Key is bound to it: method, path and canonical body. */
export function requestHash(req: { method: string; path: string; body?: unknown }): string {
  return createHash('sha256').update(canonicalJson([req.method.toUpperCase(), req.path, req.body ?? null])).digest('hex');
}

/**
 * Runs `fn` in a transaction. With an `Idempotency-Key` the first successful response is
 * stored (same transaction) per user and key, with the {@link requestHash} of the request;
 * a retry with the same key and the same request replays it instead of applying twice
 * (src/server/README.md, "Write contract"). Keys are the user's own: another user's same key is a new
 * request. Concurrent requests with one key queue on an advisory lock (PostgreSQL).
 * @throws ApiError 422 when the key was used for another method/path, or with another body
 * (`req.body`: the parsed body; members in any order are the same body).
 */
export async function idempotent<T>(
  db: Db, user: SessionUser, key: string | undefined, req: { method: string; path: string; body?: unknown },
  fn: (tx: Tx) => Promise<StoredResponse<T>>,
): Promise<StoredResponse<T>> {
  if (!key) return db.transaction(fn);
  if (key.length > 200) throw new ApiError(422, 'Idempotency-Key is at most 200 characters');
  const hash = requestHash(req);
  const replay = async (q: Q): Promise<StoredResponse<T> | null> => {
    const [prev] = await q.select().from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.user_id, user.user_id), eq(idempotencyKeys.key, key)));
    if (!prev) return null;
    if (prev.method !== req.method || prev.path !== req.path) throw new ApiError(422, WRITE_MSG.idempotencyOther);
    // '' : stored before request hashes were kept (migration 0005): method and path decide.
    if (prev.request_hash !== '' && prev.request_hash !== hash) throw new ApiError(422, WRITE_MSG.idempotencyBody);
    return { status: prev.status as 200 | 201, body: prev.body as T, etag: prev.etag, replayed: true };
  };
  try {
    return await db.transaction(async (tx) => {
      // Concurrent retries with one key queue here (PostgreSQL), then find the first one's answer.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`idem:${user.user_id}:${key}`}))`);
      const prev = await replay(tx);
      if (prev) return prev;
      const res = await fn(tx);
      await tx.insert(idempotencyKeys).values({
        user_id: user.user_id, key, method: req.method, path: req.path, status: res.status, body: res.body, etag: res.etag, request_hash: hash,
      });
      return res;
    });
  } catch (e) {
    // A concurrent request with the same key committed first (PostgreSQL): replay it.
    if (pgCode(e).code === '23505' && pgCode(e).constraint?.startsWith('idempotency_keys')) {
      const prev = await replay(db);
      if (prev) return prev;
    }
    throw e;
  }
}

/** Refuses changes to a locked funnel (brief §6; 001 §4 "While locked, edits … are disabled"). */
export async function assertUnlocked(q: Q, funnelId: number): Promise<void> {
  const [row] = await q.select({ locked: funnels.locked }).from(funnels).where(eq(funnels.ID, funnelId)).for('share');
  if (row?.locked) throw new ApiError(423, MSG.locked);
}

type Entity = Funnel | Page | Template | FunnelLayout;

/** How one kind of document is loaded, validated, checked and written. */
interface DocDef<E extends Entity> {
  kind: 'funnel' | 'page' | 'template' | 'layout';
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

/** True when pointer `p` is `target` or inside it. */
const within = (p: string, target: string) => p === target || p.startsWith(`${target}/`);
/** True when pointer `p` is a proper ancestor of `target` ('' is the root). */
const ancestorOf = (p: string, target: string) => target.startsWith(p === '' ? '/' : `${p}/`);

/**
 * Refuses the ops that would write the derived members (`has_cf_secret_key`,
 * `cf_secret_key_hint`), read the write-only secret (a `test` on it, `copy`/`move` from it or
 * from/at an ancestor: it cannot be probed), set it by `copy`/`move` (only by value), or
 * write the audit's '[redacted]' placeholder as the secret. Source: src/server/README.md (secrets are write-only).
 * @throws ApiError 422 with WRITE_MSG.secretDerived / secretRead / secretRedacted.
 */
export function checkSecretOps(ops: Operation[]): void {
  for (const op of ops) {
    const from = 'from' in op ? op.from : undefined;
    const written = op.op === 'test' ? [] : op.op === 'move' ? [op.path, from as string] : [op.path];
    if (written.some((p) => SECRET_DERIVED_POINTERS.some((d) => within(p, d)))) throw new ApiError(422, WRITE_MSG.secretDerived);
    const read = op.op === 'test' ? [op.path] : from !== undefined ? [from] : [];
    if (read.some((p) => within(p, SECRET_KEY_POINTER) || ancestorOf(p, SECRET_KEY_POINTER))) throw new ApiError(422, WRITE_MSG.secretRead);
    // Set only by value (add/replace, which the audit redacts): a copy or move into it would log where its value came from.
    if (from !== undefined && within(op.path, SECRET_KEY_POINTER)) throw new ApiError(422, WRITE_MSG.secretRead);
    if ((op.op === 'add' || op.op === 'replace') && secretWritten(op.path, op.value) === REDACTED) throw new ApiError(422, WRITE_MSG.secretRedacted);
  }
}

/** The secret an op's value sets at `path` (the key itself, or the member of a whole `/details`), else undefined. */
function secretWritten(path: string, value: unknown): unknown {
  if (path === SECRET_KEY_POINTER) return value;
  if (path === '/details' && value && typeof value === 'object' && Object.hasOwn(value, 'cf_secret_key')) return (value as { cf_secret_key: unknown }).cf_secret_key;
  return undefined;
}

/**
 * The ops with the secret's values redacted ("[redacted]"): on `/details/cf_secret_key` and
 * inside a whole `/details` value. What the audit log stores, ops and inverse alike.
 */
export function redactSecretOps(ops: Operation[]): Operation[] {
  return ops.map((op) => {
    if (!('value' in op)) return op;
    if (op.path === SECRET_KEY_POINTER) return { ...op, value: REDACTED };
    if (secretWritten(op.path, op.value) !== undefined) return { ...op, value: { ...(op.value as object), cf_secret_key: REDACTED } };
    return op;
  });
}

/**
 * The stored funnel after a change made on its view: `details.cf_secret_key` as the change set
 * it ('' or a remove clears it), else the stored one (a PUT or a whole `/details` without it
 * keeps it); the derived members dropped. @throws ApiError 422 for the '[redacted]' placeholder.
 */
function funnelFromView(before: Funnel, candidate: Record<string, unknown>): Record<string, unknown> {
  const details = candidate.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return candidate;
  const d = storedDetails({ ...(details as Funnel['details']) });
  if (Object.hasOwn(d, 'cf_secret_key')) {
    if (d.cf_secret_key === REDACTED) throw new ApiError(422, WRITE_MSG.secretRedacted);
    if (d.cf_secret_key === '' || d.cf_secret_key === undefined) delete d.cf_secret_key;
  } else if (before.details.cf_secret_key) {
    d.cf_secret_key = before.details.cf_secret_key;
  }
  return { ...candidate, details: d };
}

async function checkOffer(tx: Tx, offer: number): Promise<void> {
  const [o] = await tx.select({ ID: offers.ID }).from(offers).where(eq(offers.offer_id, offer));
  if (!o) throw new ApiError(422, 'Offer not found');
}

/** Funnel documents. */
/**
 * A funnel as written, with the plain texts it publishes cleaned as a page's are
 * (typed HTML is handled the same in every text field): each FAQ question loses its tags and
 * keeps its text ({@link stripTags}), where it was published escaped before.
 */
function withCleanFunnelTexts(doc: unknown): unknown {
  if (!isRecord(doc) || !isRecord(doc.details) || !Array.isArray(doc.details.faq)) return doc;
  let changed = false;
  const faq = (doc.details.faq as unknown[]).map((q) => {
    if (!isRecord(q) || typeof q.faq_question !== 'string') return q;
    const clean = stripTags(q.faq_question);
    if (clean === q.faq_question) return q;
    changed = true;
    return { ...q, faq_question: clean };
  });
  return changed ? { ...doc, details: { ...doc.details, faq } } : doc;
}

export const FUNNEL_DOC: DocDef<Funnel> = {
  kind: 'funnel',
  schema: z.preprocess(withCleanFunnelTexts, FunnelSchema),
  async loadForWrite(tx, id) {
    const doc = await getFunnel(tx, id, true);
    return { doc, locked: doc.locked };
  },
  funnelOf: (f) => f.ID,
  readonly: ['ID', 'version', 'locked', 'archived'],
  async check(tx, before, after) {
    if (after.offer !== before.offer) await checkOffer(tx, after.offer);
    if (after.page_id != null && after.page_id !== before.page_id) {
      const [p] = await tx.select({ page_type: pages.page_type }).from(pages)
        .where(and(eq(pages.ID, after.page_id), eq(pages.funnel_id, after.ID)));
      if (!p) throw new ApiError(422, MSG.indexPage);
      const msg = validateIndexPage(p.page_type);
      if (msg) throw new ApiError(422, msg);
    }
  },
  update(tx, f) {
    const { ID, ...rest } = f;
    return tx.update(funnels).set({ ...rest, details: storedDetails(rest.details), UpdatedAt: new Date() }).where(eq(funnels.ID, ID));
  },
  title: (f) => `Edit funnel ${f.name}`,
  view: funnelView,
  checkOps: checkSecretOps,
  // The view has no secret member: setting it is an `add`, clearing it stores ''.
  viewOps: (ops) => ops.map((op) => {
    if (op.path !== SECRET_KEY_POINTER) return op;
    if (op.op === 'replace') return { op: 'add', path: op.path, value: op.value };
    if (op.op === 'remove') return { op: 'add', path: op.path, value: '' };
    return op;
  }),
  fromView: funnelFromView,
  redact: redactSecretOps,
};

// ---- Page and template meta: edited texts cleaned, code checked (001 §5) ------------------------

let richText: ((html: string) => string) | null = null;

/**
 * The server's rich-text sanitizer (src/model/rich-text.ts on the jsdom DOMPurify of dom.ts),
 * loaded on the first page or template write (jsdom takes about half a second to import).
 * Answers are remembered for recent inputs: a write cleans every rich text of the meta, and
 * nearly all of them are the stored, already clean values.
 */
export async function loadRichTextSanitizer(): Promise<(html: string) => string> {
  if (!richText) {
    const { purify, document } = await serverDom();
    const sanitize = createRichTextSanitizer(purify, document);
    const memo = new Map<string, string>();
    richText = (html) => {
      const hit = memo.get(html);
      if (hit !== undefined) return hit;
      const out = sanitize(html);
      // Bounded: at most 1,000 texts of up to 4,000 characters (a few MB at worst).
      if (html.length <= 4_000) {
        if (memo.size >= 1_000) memo.delete(memo.keys().next().value as string);
        memo.set(html, out);
      }
      return out;
    };
  }
  return richText;
}

/** The loaded sanitizer; document schemas run synchronously after `loadForWrite` loaded it. */
function sanitizeRichText(html: string): string {
  if (!richText) throw new Error('rich-text sanitizer used before loadRichTextSanitizer()');
  return richText(html);
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A page or template as written, with every editable text of its meta cleaned (scripts removed;
 * tags removed unless the field is rich text: src/model/editable-text.ts) and its packages'
 * derived prices worked out again (src/model/prices.ts: `_unitPrice`, `_save`, discount, name). Runs before the
 * schema validates, so a text that is only a script is as empty as it looks. Every text path
 * is visited, and a clean text is a fixed point of the cleaning: in practice a write cleans
 * what it changed (and, once, a text stored before texts were cleaned). What it cleans shows
 * in the audit entry as the server's own ops (writeDocument's `serverOps`; so do recomputed prices), so the log still
 * replays to the stored row.
 */
function withCleanTexts(doc: unknown): unknown {
  if (!isRecord(doc) || !isRecord(doc.meta)) return doc;
  const meta = withDerivedPrices(cleanMetaTexts(doc.meta, sanitizeRichText));
  return meta === doc.meta ? doc : { ...doc, meta };
}

/**
 * 422 when a code key of the meta (`css`, `customJs`) that this write changed is too large or
 * does not parse ('Not valid css code', 'Not valid javascript code'; src/model/code-check.ts).
 * Unchanged code is not parsed again: a stored style sheet never blocks other edits.
 */
export function assertMetaCode(before: Record<string, unknown> | null, after: Record<string, unknown>): void {
  const changed = Object.keys(CODE_META_KEYS).filter((k) => !before || before[k] !== after[k]);
  const problem = changed.length ? metaCodeProblem(after, changed) : null;
  if (problem) throw new ApiError(422, problem);
}

/**
 * The schema a new page is validated with before it is inserted (POST): the page schema with
 * the meta's texts cleaned first, as PUT and PATCH do. Loads the rich-text sanitizer.
 */
export async function pageWriteSchema(): Promise<z.ZodType<Page>> {
  await loadRichTextSanitizer();
  return PAGE_WRITE_SCHEMA;
}

const PAGE_WRITE_SCHEMA: z.ZodType<Page> = z.preprocess(withCleanTexts, PageSchema);

/** Page documents. */
export const PAGE_DOC: DocDef<Page> = {
  kind: 'page',
  schema: PAGE_WRITE_SCHEMA,
  async loadForWrite(tx, id) {
    await loadRichTextSanitizer();
    // Two lock strengths in one statement: drizzle's builder has one `.for()` per query.
    const [row] = rowsOf<typeof pages.$inferSelect & { funnel_locked: boolean }>(await tx.execute(sql`
      select p.*, f.locked as funnel_locked from pages p join funnels f on f."ID" = p.funnel_id
      where p."ID" = ${id} for update of p for share of f`));
    if (!row) throw notFound('Page');
    return { doc: toPage(row), locked: row.funnel_locked };
  },
  funnelOf: (p) => p.funnel_id,
  readonly: ['ID', 'version', 'funnel_id'],
  async check(tx, before, after) {
    assertMetaCode(before.meta, after.meta);
    if (after.page_path !== before.page_path) {
      const [dup] = await tx.select({ ID: pages.ID }).from(pages)
        .where(and(eq(pages.funnel_id, after.funnel_id), eq(pages.page_path, after.page_path)));
      if (dup && dup.ID !== after.ID) throw new ApiError(409, MSG.pagePathExists);
    }
    const links = [after.page_id, after.page_alt_id].filter((v): v is number => v != null);
    if (links.length) {
      const found = await tx.select({ ID: pages.ID }).from(pages).where(and(eq(pages.funnel_id, after.funnel_id), inArray(pages.ID, links)));
      if (found.length !== new Set(links).size) throw new ApiError(422, 'Next page must be a page of the same funnel');
    }
    if (after.template_id != null && after.template_id !== before.template_id) {
      const [t] = await tx.select({ ID: templates.ID }).from(templates).where(eq(templates.ID, after.template_id));
      if (!t) throw new ApiError(422, 'Template not found');
    }
    if (after.page_type !== before.page_type && !(INDEX_PAGE_TYPES as readonly string[]).includes(after.page_type)) {
      const [f] = await tx.select({ page_id: funnels.page_id }).from(funnels).where(eq(funnels.ID, after.funnel_id));
      if (f?.page_id === after.ID) throw new ApiError(422, MSG.indexPageType);
    }
  },
  update(tx, p) {
    const { ID, ...rest } = p;
    return tx.update(pages).set({ ...rest, UpdatedAt: new Date() }).where(eq(pages.ID, ID));
  },
  writeError: (e) => (pgCode(e).code === '23505' ? new ApiError(409, MSG.pagePathExists) : null),
  title: (p) => `Edit page ${p.name}`,
};

/**
 * Template documents whose preview address is stored without the preview host (001 §9):
 * `previewHost` ('' for none) is stripped from `template_host_url` before the schema
 * validates, so a full URL on that host is stored as its path and a URL of another host is
 * refused with the page-path message. Meta texts are cleaned and changed code checked as for
 * pages; an empty or missing meta is 'Meta can not be empty!', and the meta must be valid page
 * meta (TemplateWriteSchema: a page made from the template must be able to save).
 */
export function templateDoc(previewHost: string): DocDef<Template> {
  const stripHost = (doc: unknown): unknown => (isRecord(doc) && typeof doc.template_host_url === 'string'
    ? { ...doc, template_host_url: stripTemplateHost(doc.template_host_url, previewHost) }
    : doc);
  return {
    kind: 'template',
    schema: z.preprocess((doc) => withCleanTexts(previewHost ? stripHost(doc) : doc), TemplateWriteSchema),
    async loadForWrite(tx, id) {
      await loadRichTextSanitizer();
      return { doc: await getTemplate(tx, id, true), locked: false };
    },
    funnelOf: () => null,
    readonly: ['ID', 'version'],
    // Synchronous checks, in a promise: what they throw is the write's rejection.
    check: (_tx, before, after) => Promise.resolve().then(() => {
      if (after.layout !== before.layout && !(LAYOUTS as readonly string[]).includes(after.layout)) {
        throw new ApiError(422, `Unknown layout ${after.layout}: one of ${LAYOUTS.join(', ')}`);
      }
      assertMetaCode(before.meta, after.meta);
    }),
    update(tx, t) {
      const { ID, ...rest } = t;
      return tx.update(templates).set({ ...rest, UpdatedAt: new Date() }).where(eq(templates.ID, ID));
    },
    title: (t) => `Edit template ${t.name}`,
  };
}

/** Template documents with no preview host to strip (routes/templates.ts uses {@link templateDoc} with the configured one). */
export const TEMPLATE_DOC: DocDef<Template> = templateDoc('');

/**
 * Flow-diagram layouts (`layout:<funnelId>`, src/model/layout.ts): node positions, written
 * without an audit entry. A funnel without a stored layout reads as version 0 with no
 * positions; the first write creates the row (inserted before it is locked, so two first
 * writes still meet If-Match). Locked funnels refuse moves like any edit (001 §4).
 */
export const LAYOUT_DOC: DocDef<FunnelLayout> = {
  kind: 'layout',
  audit: false,
  schema: FunnelLayoutSchema,
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
  update: (tx, l) => tx.update(funnelLayouts).set({ positions: l.positions, version: l.version, UpdatedAt: new Date() }).where(eq(funnelLayouts.funnel_id, l.funnel_id)),
  title: () => 'Move pages in the flow diagram',
};

/** A funnel's layout as stored, or version 0 with no positions when none is stored yet. @throws ApiError 404 without the funnel. */
export async function getLayout(q: Q, funnelId: number): Promise<FunnelLayout> {
  await getFunnel(q, funnelId);
  const [row] = await q.select().from(funnelLayouts).where(eq(funnelLayouts.funnel_id, funnelId));
  return row ? { funnel_id: row.funnel_id, positions: row.positions, version: row.version } : { funnel_id: funnelId, positions: {}, version: 0 };
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
  tx: Tx, def: DocDef<E>, id: number,
  change: { ops: Operation[] } | { replace: (before: E) => unknown },
  opts: WriteOptions,
): Promise<StoredResponse<E>> {
  const { doc: before, locked } = await def.loadForWrite(tx, id);
  const view = def.view ?? ((e: E) => e);
  if (locked) throw new ApiError(423, MSG.locked);
  const funnelId = def.funnelOf(before);
  if (opts.ifMatch != null && opts.ifMatch !== before.version) {
    throw new ApiError(412, `This ${def.kind} was changed by someone else (version ${before.version}); reload and apply your changes again`,
      { ETag: etagOf(before.version) }, { current: view(before) });
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
          throw new ApiError(422, p === '' ? 'A patch cannot replace the whole document; change its fields one by one'
            : `${fieldLabel([top!])} is kept by the server and cannot be changed by a patch`);
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
  const serverOps = 'ops' in change ? fjp.compare(candidate as object, after) as Operation[] : [];
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

/** What a server-side change to a document records: who, why, and the document's new version. */
export interface ServerChange {
  doc: `${'funnel' | 'page' | 'template'}:${number}`;
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
    type: 'diff', funnel_id: change.funnelId, doc: change.doc, ops: [{ op: 'add', path: '', value }], inverse: [],
    title: change.title, message: change.message ?? '', version: change.version, user_id: change.userId, system: true,
  });
}

/**
 * Records a change the server made itself (a link cleared when its page was deleted) as an
 * audit diff from `before` to `after`, so no stored change escapes the op stream.
 */
export async function recordServerChange(tx: Tx, change: ServerChange, before: object, after: object): Promise<void> {
  const ops = fjp.compare(before, after) as Operation[];
  if (!ops.length) return;
  await tx.insert(auditLogs).values({
    type: 'diff', funnel_id: change.funnelId, doc: change.doc, ops, inverse: invertOps(before, ops),
    title: change.title, message: change.message ?? '', version: change.version, user_id: change.userId, system: true,
  });
}

/**
 * Clears the links of the funnel's pages to `pageId` (next page, alternative page) before it
 * is deleted: each linking page gets version+1 and an audit diff of the cleared link.
 */
export async function clearLinksTo(tx: Tx, funnelId: number, pageId: number, why: { userId: number; title: string }): Promise<void> {
  const linking = await tx.select().from(pages)
    .where(and(eq(pages.funnel_id, funnelId), or(eq(pages.page_id, pageId), eq(pages.page_alt_id, pageId))));
  for (const p of linking) {
    const links = { page_id: p.page_id === pageId ? null : p.page_id, page_alt_id: p.page_alt_id === pageId ? null : p.page_alt_id };
    await tx.update(pages).set({ ...links, version: p.version + 1, UpdatedAt: new Date() }).where(eq(pages.ID, p.ID));
    await recordServerChange(tx, { doc: `page:${p.ID}`, funnelId, userId: why.userId, title: why.title, version: p.version + 1 },
      { page_id: p.page_id, page_alt_id: p.page_alt_id }, links);
  }
}

/** How long a stored Idempotency-Key response can be replayed: a day covers any client retry. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes stored idempotent responses older than {@link IDEMPOTENCY_TTL_MS}. @returns rows deleted. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.CreatedAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
