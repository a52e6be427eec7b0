/**
 * URL fields: the logo, favicon and white logo, the manual and affiliate banner
 * images (000 §3 funnel `details`), a funnel note's task URL (001 §7 Add Note) and every image
 * address of the page panels. One rule for the forms and the API: an absolute http:// or
 * https:// address with a host, or a path on the published site ('/images/logo.png');
 * '' means none. Anything else — `javascript:`, `data:`, a protocol-relative '//host/…', a
 * bare word, spaces or control characters — is refused with {@link urlFieldMessage}.
 */
import { z } from 'zod';
import { WRITE_MSG } from './messages';

/** Characters no address of ours carries: white space, controls, quotes and angle brackets. */
const UNSAFE = /[\s\p{Cc}"'<>\\`]/u;

/**
 * Whether `url` may be stored in a URL field: '' (none), `http(s)://host…` (parsed by the
 * WHATWG URL parser, with a host), or a site path: '/' followed by anything but a second '/'
 * (protocol-relative addresses lead off the site).
 */
export function isSafeUrl(url: string): boolean {
  if (url === '') return true;
  if (UNSAFE.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The message of a refused URL field named `label` ('Logo URL'), e.g. "Logo URL must start with https://, http:// or /". */
export const urlFieldMessage = (label: string) => `${label} must start with https://, http:// or /`;

/**
 * Why `url` cannot be stored in the URL field named `label`, or undefined when it can
 * ({@link isSafeUrl}); `message` replaces the default {@link urlFieldMessage}.
 */
export function urlFieldError(url: string, label: string, message = urlFieldMessage(label)): string | undefined {
  return isSafeUrl(url) ? undefined : message;
}

/**
 * The zod schema of a URL field (the client's forms and the server's writes): a string of at
 * most `max` characters (longer: '{label} must be at most {max} characters'), '' or
 * {@link isSafeUrl} (else `message`, default {@link urlFieldMessage}).
 */
export function urlField(label: string, max: number, message = urlFieldMessage(label)) {
  return z
    .string({ error: WRITE_MSG.notText(label) })
    .max(max, WRITE_MSG.tooLong(label, max))
    .refine(isSafeUrl, message);
}
