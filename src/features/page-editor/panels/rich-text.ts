/**
 * The one sanitizer of the page editor's rich text (review bodies, list texts): DOMPurify
 * with an allow-list, then a canonical form (b → strong, i → em, no tag nested in itself) so
 * the same text always stores as the same HTML. Templates output this HTML as written.
 */
import DOMPurify from 'dompurify';
import { isBlankHtml } from '../../../model';

/** Tags a stored rich text may hold: paragraphs, line breaks, bold, italic, underline, links. */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 'a', 'b', 'i'] as const;
/** Attributes a stored rich text may hold (a link's address only). */
export const RICH_TEXT_ATTRS = ['href'] as const;
/** Link addresses allowed in rich text: http(s), mailto:, tel:, a site path or an anchor. */
export const RICH_LINK_RE = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s()-]*|\/[^\s]*|#[^\s]*)$/i;

const RENAME: Record<string, string> = { B: 'strong', I: 'em' };

/**
 * Sanitizes `html` to the allow-list ({@link RICH_TEXT_TAGS}, `href` matching
 * {@link RICH_LINK_RE}) and returns its canonical form; '' when it shows no text.
 */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  const frag = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [...RICH_TEXT_ATTRS],
    ALLOWED_URI_REGEXP: RICH_LINK_RE,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const el of [...frag.querySelectorAll('b, i')]) {
    const to = document.createElement(RENAME[el.tagName]);
    to.append(...el.childNodes);
    el.replaceWith(to);
  }
  // A format inside the same format (Lexical writes bold as <b><strong>) adds nothing: unwrap it.
  for (const el of [...frag.querySelectorAll('strong strong, em em, u u, a a')]) el.replaceWith(...el.childNodes);
  for (const a of frag.querySelectorAll('a')) if (!a.getAttribute('href')) a.replaceWith(...a.childNodes);
  const box = document.createElement('div');
  box.append(frag);
  const out = box.innerHTML;
  return isBlankHtml(out) ? '' : out;
}
