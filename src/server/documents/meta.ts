/**
 * Page and template meta on every write: edited texts cleaned (scripts removed, tags removed
 * outside rich text, by the server's DOMPurify), derived package prices worked out again, and
 * changed code (`css`, `customJs`) checked.
 *
 * Source: 001 §5; src/model/editable-text.ts, src/model/prices.ts, src/model/code-check.ts.
 */
import { CODE_META_KEYS, metaCodeProblem } from '../../model/code-check.ts';
import { cleanMetaTexts } from '../../model/editable-text.ts';
import { createRichTextSanitizer } from '../../model/index.ts';
import { withDerivedPrices } from '../../model/prices.ts';
import { serverDom } from '../dom.ts';
import { ApiError } from '../http.ts';

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

/** True for a plain object (not null, not an array): a document or a member that may hold texts. */
export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

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
export function withCleanTexts(doc: unknown): unknown {
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
