/**
 * The page editor's rich-text sanitizer: the model's allow-list and canonical form
 * ({@link createRichTextSanitizer}) on the browser's DOMPurify.
 */
import DOMPurify from 'dompurify';
import { createRichTextSanitizer } from '../../../../model';

export { RICH_LINK_RE, RICH_TEXT_ATTRS, RICH_TEXT_TAGS } from '../../../../model';

/**
 * Sanitizes `html` to the rich-text allow-list and returns its canonical form; '' when it
 * shows no text (see {@link createRichTextSanitizer}).
 */
export const sanitizeRichText: (html: string) => string = createRichTextSanitizer(DOMPurify, document);
