/**
 * Funnel documents (`funnel:<id>`) as `writeDocument` (write.ts) writes them: the offer and index
 * page checked, the FAQ's plain texts cleaned, and the write-only secret kept out of answers
 * and audit ops while a write can still set or clear it.
 *
 * Source: README.md "One edit, end to end"; src/server/README.md (secrets are write-only).
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { stripTags } from '../../model/editable-text.ts';
import { funnelView, MSG, REDACTED, SECRET_KEY_POINTER, storedDetails, validateIndexPage, WRITE_MSG, type Funnel } from '../../model/index.ts';
import type { Tx } from '../db/index.ts';
import { funnels, offers, pages } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import { getFunnel } from '../repo.ts';
import { isRecord } from './meta.ts';
import { checkSecretOps, redactSecretOps } from './secrets.ts';
import { DOCUMENTS } from '../../model/documents.ts';
import type { DocDef } from './write.ts';

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

/** Funnel documents. */
export const FUNNEL_DOC: DocDef<Funnel> = {
  kind: 'funnel',
  schema: z.preprocess(withCleanFunnelTexts, DOCUMENTS.funnel.schema),
  async loadForWrite(tx, id) {
    const doc = await getFunnel(tx, id, true);
    return { doc, locked: doc.locked };
  },
  funnelOf: (f) => f.ID,
  readonly: ['ID', 'version', 'locked', 'archived'],
  async check(tx, before, after) {
    if (after.offer !== before.offer) await checkOffer(tx, after.offer);
    if (after.page_id != null && after.page_id !== before.page_id) {
      const [p] = await tx
        .select({ page_type: pages.page_type })
        .from(pages)
        .where(and(eq(pages.ID, after.page_id), eq(pages.funnel_id, after.ID)));
      if (!p) throw new ApiError(422, MSG.indexPage);
      const msg = validateIndexPage(p.page_type);
      if (msg) throw new ApiError(422, msg);
    }
  },
  update(tx, f) {
    const { ID, ...rest } = f;
    return tx
      .update(funnels)
      .set({ ...rest, details: storedDetails(rest.details), UpdatedAt: new Date() })
      .where(eq(funnels.ID, ID));
  },
  title: DOCUMENTS.funnel.title,
  view: funnelView,
  checkOps: checkSecretOps,
  // The view has no secret member: setting it is an `add`, clearing it stores ''.
  viewOps: (ops) =>
    ops.map((op) => {
      if (op.path !== SECRET_KEY_POINTER) return op;
      if (op.op === 'replace') return { op: 'add', path: op.path, value: op.value };
      if (op.op === 'remove') return { op: 'add', path: op.path, value: '' };
      return op;
    }),
  fromView: funnelFromView,
  redact: redactSecretOps,
};
