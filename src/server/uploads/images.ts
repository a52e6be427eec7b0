/**
 * Checks an uploaded gallery file (000 §5 uploads, §8, §9): at most 10MB, a safe name with
 * an allowed extension (jpg, jpeg, png, svg, webp, gif, pdf, mp4, webm), the file's bytes
 * (the `file-type` package) agreeing with that extension, no markup hidden in binary files
 * (polyglots), no active content in PDFs, and SVG sanitized with DOMPurify — an SVG with
 * scripts, event handlers, foreignObject or a DOCTYPE is refused, never silently altered.
 */
import { imageSize } from 'image-size';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_UPLOAD_BYTES } from '../../model/constants.ts';
import { MSG } from '../../model/messages.ts';
import { RMSG } from '../../model/fields.ts';
import { storedImageName } from '../../model/images.ts';
import { serverDom } from '../dom.ts';

/** Largest upload request accepted (the 10MB file plus multipart overhead). */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** Content types the gallery serves, by extension. */
export const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml', webp: 'image/webp', gif: 'image/gif',
  pdf: 'application/pdf', mp4: 'video/mp4', webm: 'video/webm',
};

/** What file-type must detect for each extension. */
const SNIFFED: Record<string, string[]> = {
  jpg: ['jpg'], jpeg: ['jpg'], png: ['png'], webp: ['webp'], gif: ['gif'], pdf: ['pdf'], mp4: ['mp4', 'm4v'], webm: ['webm'],
};

/** An accepted file: the name it is stored under, its type and the bytes to store. */
export interface AcceptedImage {
  ok: true;
  name: string;
  type: string;
  data: Uint8Array;
}

/** A refused file: HTTP status and why. */
export interface RefusedImage {
  ok: false;
  status: 413 | 422;
  reason: string;
}

// Markup or script that must never hide inside a binary image or video (HTML/JS/PHP polyglots).
const MARKUP = /<\s*(?:script|html|body|iframe|object|embed|svg|!doctype|\?php)\b|javascript:|\b(?:alert|eval|prompt|confirm)\s*\(|document\.(?:cookie|domain|write|location)|window\.location/i;

/**
 * The file ends where its format says it ends: nothing appended after a PNG's IEND, a GIF's
 * trailer, a JPEG's EOI, a PDF's last %%EOF, and a WebP's RIFF size matches the file.
 * Appended data is how polyglots (image + HTML/ZIP/script) are usually built.
 */
function endsCleanly(ext: string, b: Uint8Array): boolean {
  let end = b.byteLength;
  const pad = (set: number[]) => {
    while (end > 0 && set.includes(b[end - 1] ?? -1)) end--;
  };
  const endsWith = (bytes: number[]) => end >= bytes.length && bytes.every((x, i) => b[end - bytes.length + i] === x);
  switch (ext) {
    case 'png':
      return endsWith([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    case 'gif':
      pad([0x00]);
      return endsWith([0x3b]);
    case 'jpg':
    case 'jpeg':
      pad([0x00, 0x0a, 0x0d, 0x20]);
      return endsWith([0xff, 0xd9]);
    case 'webp':
      return b.byteLength >= 12 && new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(4, true) + 8 === b.byteLength;
    case 'pdf': {
      pad([0x00, 0x0a, 0x0d, 0x20, 0x09]);
      return endsWith([0x25, 0x25, 0x45, 0x4f, 0x46]);
    }
    default:
      return true;
  }
}
// Active content in a PDF: JavaScript, launch actions, embedded files, forms with scripts, rich media.
const PDF_ACTIVE = /\/(?:JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA|AA)\b/;

let purifier: Promise<{ sanitize: (s: string) => { out: string; removed: number } ; wellFormed: (s: string) => boolean }> | null = null;

/** SVG checks on the server's DOMPurify and jsdom ({@link serverDom}), loaded on the first SVG. */
function svgTools() {
  purifier ??= (async () => {
    const { JSDOM, purify: DOMPurify } = await serverDom();
    return {
      sanitize: (s: string) => {
        const out = DOMPurify.sanitize(s, {
          USE_PROFILES: { svg: true, svgFilters: true },
          FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object', 'use'],
          FORBID_ATTR: ['xlink:href', 'href'],
        });
        // DOMPurify always reports dropping the wrapper <body> it parsed into; anything else it removed was in the file.
        const removed = DOMPurify.removed.filter((r) => !('element' in r && ['BODY', 'HTML', 'HEAD'].includes((r.element as Element).nodeName))).length;
        return { out, removed };
      },
      wellFormed: (s: string) => {
        try {
          const doc = new JSDOM(s, { contentType: 'image/svg+xml' }).window.document;
          return doc.documentElement?.localName === 'svg' && doc.getElementsByTagName('parsererror').length === 0;
        } catch {
          return false;
        }
      },
    };
  })();
  return purifier;
}

/** Checks an SVG's text; @returns the sanitized SVG, or the reason it is refused. */
async function checkSvg(bytes: Uint8Array): Promise<{ svg: string } | { reason: string }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { reason: 'An SVG file must be UTF-8 text' };
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { reason: 'SVG files may not contain a DOCTYPE or entities' };
  if (/@import|javascript:|expression\s*\(|<\?php/i.test(text)) return { reason: 'SVG files may not contain scripts, imports or javascript: URLs' };
  if (!/<svg[\s>]/i.test(text)) return { reason: 'The file is not an SVG image' };
  const tools = await svgTools();
  if (!tools.wellFormed(text)) return { reason: 'The SVG file is not well-formed XML' };
  const { out, removed } = tools.sanitize(text);
  if (removed > 0 || !/^\s*<svg[\s>]/i.test(out)) return { reason: 'SVG files may not contain scripts, event handlers, links or foreignObject' };
  if (!tools.wellFormed(out)) return { reason: 'The SVG file is not well-formed XML' };
  return { svg: out.startsWith('<?xml') ? out : `<?xml version="1.0" encoding="UTF-8"?>\n${out}` };
}

/**
 * Decides whether an uploaded file may enter the gallery.
 * @returns the stored name, content type and bytes, or a 413 ('Image must be smaller than
 * 10MB!') / 422 refusal with its reason.
 */
export async function checkImage(originalName: string, bytes: Uint8Array): Promise<AcceptedImage | RefusedImage> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return { ok: false, status: 413, reason: MSG.imageTooLarge };
  const name = storedImageName(originalName);
  if (!name) return { ok: false, status: 422, reason: RMSG.fileName };
  if (bytes.byteLength === 0) return { ok: false, status: 422, reason: 'The file is empty' };
  const ext = name.slice(name.lastIndexOf('.') + 1);
  const type = IMAGE_TYPES[ext];
  if (!type) return { ok: false, status: 422, reason: RMSG.fileName };
  if (ext === 'svg') {
    const sniffed = await fileTypeFromBuffer(bytes);
    if (sniffed) return { ok: false, status: 422, reason: `The file's content is ${sniffed.ext}, not svg` };
    const r = await checkSvg(bytes);
    if ('reason' in r) return { ok: false, status: 422, reason: r.reason };
    return { ok: true, name, type, data: new TextEncoder().encode(r.svg) };
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !SNIFFED[ext]?.includes(sniffed.ext)) {
    return { ok: false, status: 422, reason: `The file's content is ${sniffed ? sniffed.ext : 'not a known type'}, not ${ext}` };
  }
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (MARKUP.test(latin1)) return { ok: false, status: 422, reason: 'The file contains markup or script (a polyglot file)' };
  if (!endsCleanly(ext, bytes)) return { ok: false, status: 422, reason: `The file has data after the end of the ${ext} image (a polyglot file)` };
  if (ext === 'pdf' && PDF_ACTIVE.test(latin1)) return { ok: false, status: 422, reason: 'PDF files may not contain JavaScript, actions or embedded files' };
  const tail = latin1.slice(-65_557);
  if (tail.includes('PK\u0005\u0006')) return { ok: false, status: 422, reason: 'The file has an archive appended (a polyglot file)' };
  return { ok: true, name, type, data: bytes };
}

/**
 * The pixel size of an accepted image (png, jpeg, gif, webp, svg with width and height), read
 * from its header with `image-size`; null for files without one (pdf, video) or unreadable ones.
 */
export function pixelSize(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
