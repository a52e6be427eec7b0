/**
 * Checks an uploaded gallery file (000 §5 uploads, §8, §9): at most 10MB, a safe name with
 * an allowed extension (jpg, jpeg, png, svg, webp, gif, pdf, mp4, webm), the file's bytes
 * (the `file-type` package) agreeing with that extension, no markup hidden in binary files
 * (polyglots), no active content in PDFs, a declared pixel size a browser can draw
 * ({@link MAX_IMAGE_SIDE}, {@link MAX_IMAGE_PIXELS}), and SVG sanitized with DOMPurify — an
 * SVG with scripts, event handlers, foreignObject, a DOCTYPE or a url() leaving the file is
 * refused, never silently altered.
 *
 * These checks run in a worker thread (upload-worker.ts, through upload-check.ts),
 * never on the request thread, and an SVG deeper than {@link MAX_SVG_DEPTH}, with more than
 * {@link MAX_SVG_ELEMENTS} elements or larger than {@link MAX_SVG_BYTES} is refused by a
 * non-recursive scan ({@link scanSvg}) before jsdom parses it (2,000 nested groups took jsdom
 * and DOMPurify 1.9 s, 10,000 overflowed the stack).
 */
import { imageSize } from 'image-size';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_UPLOAD_BYTES } from '../../model/constants.ts';
import { MSG } from '../../model/messages.ts';
import { RMSG } from '../../model/fields.ts';
import { storedImageName } from '../../model/images.ts';
import { serverDom } from '../dom.ts';

/** Largest SVG file accepted, in bytes (2MB): jsdom and DOMPurify take about 1 s per MB. */
export const MAX_SVG_BYTES = 2 * 1024 * 1024;
/** Deepest element nesting of an accepted SVG (design tools' files stay under 30). */
export const MAX_SVG_DEPTH = 128;
/** Most elements of an accepted SVG (10,000 take jsdom and DOMPurify about 2 s and 600 MB). */
export const MAX_SVG_ELEMENTS = 10_000;
/**
 * Largest declared width or height of an accepted image, in pixels (20,000), and largest
 * area (100 megapixels, a 10,000 x 10,000 image: 400 MB once a browser decodes it). A PNG
 * declaring 100,000 x 100,000 px in a few bytes would make every page showing it decode 40 GB.
 */
export const MAX_IMAGE_SIDE = 20_000;
/** See {@link MAX_IMAGE_SIDE}. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Largest upload request accepted (the 10MB file plus multipart overhead). */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** Content types the gallery serves, by extension. */
export const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** What file-type must detect for each extension. */
const SNIFFED: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  webp: ['webp'],
  gif: ['gif'],
  pdf: ['pdf'],
  mp4: ['mp4', 'm4v'],
  webm: ['webm'],
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
const MARKUP =
  /<\s*(?:script|html|body|iframe|object|embed|svg|!doctype|\?php)\b|javascript:|\b(?:alert|eval|prompt|confirm)\s*\(|document\.(?:cookie|domain|write|location)|window\.location/i;

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

/**
 * CSS as the browser reads it: comments dropped and escapes decoded (`u\72l(` is `url(`),
 * so a check of the text sees what a stylesheet would load.
 */
function plainCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_, hex: string) => {
      const cp = parseInt(hex, 16);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
    })
    .replace(/\\([\s\S])/g, '$1');
}

/**
 * Whether CSS text (a `<style>` element's, a `style` or presentation attribute's) loads
 * something from outside the file: a url() whose target is not `#id`, image-set(), src() or a
 * font face. References inside the file (`fill="url(#gradient)"`) are fine.
 */
export function loadsExternal(css: string): boolean {
  const text = plainCss(css);
  if (/@font-face|@import|\b(?:image-set|src)\s*\(/i.test(text)) return true;
  for (const m of text.matchAll(/\burl\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))/gi)) {
    const target = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (!target.startsWith('#')) return true;
  }
  return false;
}

/**
 * Every element under `root` (itself included), in document order, walked without recursion
 * (jsdom's live `getElementsByTagName('*')` is quadratic: 10,000 elements took 4 s).
 */
function* elementsOf(root: Element): Generator<Element> {
  let el: Element | null = root;
  while (el) {
    yield el;
    if (el.firstElementChild) {
      el = el.firstElementChild;
      continue;
    }
    while (el && el !== root && !el.nextElementSibling) el = el.parentElement;
    el = el && el !== root ? el.nextElementSibling : null;
  }
}

/** Whether any element of `doc` loads something from outside the file through CSS ({@link loadsExternal}). */
function documentLoadsExternal(doc: Document): boolean {
  for (const el of elementsOf(doc.documentElement)) {
    if (el.localName === 'style' && loadsExternal(el.textContent ?? '')) return true;
    for (const attr of Array.from(el.attributes)) {
      if (/url|\(|@/i.test(attr.value) && loadsExternal(attr.value)) return true;
    }
  }
  return false;
}

/**
 * A cheap look at an SVG's markup before any parser builds it: counts elements and tracks
 * their nesting in one pass without recursion (comments, CDATA, processing instructions and
 * quoted attribute values skipped). @returns why the SVG is refused, or null.
 */
export function scanSvg(text: string): string | null {
  let depth = 0;
  let elements = 0;
  let i = text.indexOf('<');
  const skipTo = (end: string, from: number) => {
    const at = text.indexOf(end, from);
    return at < 0 ? text.length : at + end.length;
  };
  while (i >= 0 && i < text.length) {
    if (text.startsWith('<!--', i)) i = skipTo('-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(']]>', i + 9);
    else if (text.startsWith('<?', i) || text.startsWith('<!', i)) i = skipTo('>', i + 2);
    else if (text[i + 1] === '/') {
      depth--;
      i = skipTo('>', i + 2);
    } else {
      // An opening tag: find its end, skipping quoted attribute values (they may hold '>').
      let j = i + 1;
      let quote = '';
      for (; j < text.length; j++) {
        const ch = text[j];
        if (quote) {
          if (ch === quote) quote = '';
        } else if (ch === '"' || ch === "'") quote = ch;
        else if (ch === '>') break;
      }
      if (++elements > MAX_SVG_ELEMENTS) return `SVG files may have at most ${MAX_SVG_ELEMENTS.toLocaleString('en-US')} elements`;
      if (text[j - 1] !== '/' && ++depth > MAX_SVG_DEPTH) return `SVG files may nest elements at most ${MAX_SVG_DEPTH} levels deep`;
      i = j + 1;
    }
    i = text.indexOf('<', i);
  }
  return null;
}

/**
 * Why a declared pixel size is refused ({@link MAX_IMAGE_SIDE}, {@link MAX_IMAGE_PIXELS}), in
 * the words of the banner check ('…; this image is W x H px'), or null when it is fine.
 */
export function imageSizeError(size: { width: number; height: number } | null): string | null {
  if (!size || (size.width <= MAX_IMAGE_SIDE && size.height <= MAX_IMAGE_SIDE && size.width * size.height <= MAX_IMAGE_PIXELS)) return null;
  return `An image may be at most ${MAX_IMAGE_SIDE} px wide and high and ${MAX_IMAGE_PIXELS / 1e6} megapixels; this image is ${size.width} x ${size.height} px`;
}

/** The SVG tools of this thread: DOMPurify, and a look at an SVG as an XML document. */
interface SvgTools {
  sanitize: (s: string) => { out: string; removed: number };
  /** `look` on the SVG as an XML document (its jsdom window closed after); null when it is not well-formed or not an SVG. */
  inspect: <T>(s: string, look: (doc: Document) => T) => T | null;
}
let purifier: Promise<SvgTools> | null = null;

/** SVG checks on DOMPurify and jsdom ({@link serverDom}: the worker thread's own), loaded on the first SVG. */
function svgTools(): Promise<SvgTools> {
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
      /** The SVG as an XML document, or null when it is not well-formed or not an SVG. */
      inspect: <T>(s: string, look: (doc: Document) => T): T | null => {
        let window: Window;
        try {
          window = new JSDOM(s, { contentType: 'image/svg+xml' }).window;
        } catch {
          return null;
        }
        // Closed at once: an unclosed jsdom window of a 20,000-element SVG stays in memory a while.
        try {
          const doc = window.document;
          return doc.documentElement?.localName === 'svg' && doc.getElementsByTagName('parsererror').length === 0 ? look(doc) : null;
        } finally {
          window.close();
        }
      },
    };
  })();
  return purifier;
}

const EXTERNAL = 'SVG files may not load anything from outside the file: url() may only point to an element of the file (#id)';

/** Checks an SVG's text; @returns the sanitized SVG, or the reason it is refused. */
async function checkSvg(bytes: Uint8Array): Promise<{ svg: string } | { reason: string }> {
  if (bytes.byteLength > MAX_SVG_BYTES) return { reason: `An SVG file must be smaller than ${MAX_SVG_BYTES / 1024 / 1024}MB` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { reason: 'An SVG file must be UTF-8 text' };
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return { reason: 'SVG files may not contain a DOCTYPE or entities' };
  if (/@import|javascript:|expression\s*\(|<\?php/i.test(text)) return { reason: 'SVG files may not contain scripts, imports or javascript: URLs' };
  if (!/<svg[\s>]/i.test(text)) return { reason: 'The file is not an SVG image' };
  const tooBig = scanSvg(text);
  if (tooBig) return { reason: tooBig };
  const tools = await svgTools();
  const external = tools.inspect(text, documentLoadsExternal);
  if (external === null) return { reason: 'The SVG file is not well-formed XML' };
  if (external) return { reason: EXTERNAL };
  const { out, removed } = tools.sanitize(text);
  if (removed > 0 || !/^\s*<svg[\s>]/i.test(out)) return { reason: 'SVG files may not contain scripts, event handlers, links or foreignObject' };
  // What is stored is checked again (DOMPurify read the file as HTML, browsers read it as XML).
  // Only a declared width or height is a pixel size; a viewBox alone is in user units.
  const stored = tools.inspect(out, (doc) => ({
    external: documentLoadsExternal(doc),
    declaresSize: doc.documentElement.hasAttribute('width') || doc.documentElement.hasAttribute('height'),
  }));
  if (stored === null) return { reason: 'The SVG file is not well-formed XML' };
  if (stored.external) return { reason: EXTERNAL };
  const svg = out.startsWith('<?xml') ? out : `<?xml version="1.0" encoding="UTF-8"?>\n${out}`;
  if (stored.declaresSize) {
    const why = imageSizeError(pixelSize(new TextEncoder().encode(svg)));
    if (why) return { reason: why };
  }
  return { svg };
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
  const tooLarge = imageSizeError(pixelSize(bytes));
  if (tooLarge) return { ok: false, status: 422, reason: tooLarge };
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
