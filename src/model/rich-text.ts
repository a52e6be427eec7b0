/**
 * Rich text of page meta (review bodies, list texts; 000 §3 `review`, `listText`): the one
 * allow-list and canonical form, shared by the editor (browser DOMPurify) and the renderer
 * (DOMPurify on a jsdom window), so what the editor stores is what a published page shows.
 * DOMPurify for every piece of HTML we render or store (src/server/README.md).
 */
import type { DOMPurify } from 'dompurify';
import { isBlankHtml } from './page-content';

/** Tags a stored rich text may hold: paragraphs, line breaks, bold, italic, underline, links. */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 'a', 'b', 'i'] as const;
/** Attributes a stored rich text may hold (a link's address only). */
export const RICH_TEXT_ATTRS = ['href'] as const;
/** Link addresses allowed in rich text: http(s), mailto:, tel:, a site path or an anchor. */
export const RICH_LINK_RE = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s()-]*|\/[^\s]*|#[^\s]*)$/i;

const RENAME = { B: 'strong', I: 'em' } as const;

/**
 * A sanitizer of rich text bound to a DOMPurify instance and the document it runs on.
 * The returned function sanitizes `html` to the allow-list ({@link RICH_TEXT_TAGS}, `href`
 * matching {@link RICH_LINK_RE}) and returns its canonical form (b → strong, i → em, no
 * format nested in itself, links without an address unwrapped); '' when it shows no text.
 * Idempotent: sanitizing its output returns the same string.
 */
export function createRichTextSanitizer(purify: DOMPurify, doc: Document): (html: string) => string {
  return (html) => {
    if (!html) return '';
    const frag = purify.sanitize(html, {
      ALLOWED_TAGS: [...RICH_TEXT_TAGS],
      ALLOWED_ATTR: [...RICH_TEXT_ATTRS],
      ALLOWED_URI_REGEXP: RICH_LINK_RE,
      RETURN_DOM_FRAGMENT: true,
    });
    for (const el of [...frag.querySelectorAll('b, i')]) {
      const to = doc.createElement(RENAME[el.tagName as keyof typeof RENAME]);
      to.append(...el.childNodes);
      el.replaceWith(to);
    }
    // A format inside the same format (Lexical writes bold as <b><strong>) adds nothing: unwrap it.
    for (const el of [...frag.querySelectorAll('strong strong, em em, u u, a a')]) el.replaceWith(...el.childNodes);
    for (const a of frag.querySelectorAll('a')) if (!a.getAttribute('href')) a.replaceWith(...a.childNodes);
    const box = doc.createElement('div');
    box.append(frag);
    const out = box.innerHTML;
    return isBlankHtml(out) ? '' : out;
  };
}
