/**
 * The rich-text sanitizer of the browser: the model's allow-list and canonical form
 * ({@link createRichTextSanitizer}) on the browser's DOMPurify.
 */
import DOMPurify from 'dompurify';
import { createRichTextSanitizer } from '../../model';

/**
 * Sanitizes `html` to the rich-text allow-list and returns its canonical form; '' when it
 * shows no text (see {@link createRichTextSanitizer}).
 */
export const sanitizeRichText: (html: string) => string = createRichTextSanitizer(DOMPurify, document);
