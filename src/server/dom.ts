/**
 * DOMPurify on the server: one jsdom window, imported on first use (jsdom takes about half
 * a second to import, so a server that never sanitizes never pays for it). Used by the SVG
 * upload check and the renderer's rich-text filter (src/server/README.md: DOMPurify for every piece of
 * HTML we render or store).
 */
import type { DOMPurify } from 'dompurify';

/** The shared server-side DOM tools. */
export interface ServerDom {
  /** jsdom's constructor, for parsing documents of other content types (SVG). */
  JSDOM: typeof import('jsdom').JSDOM;
  /** A DOMPurify instance on the shared window (its `removed` list is per call, calls are synchronous). */
  purify: DOMPurify;
  /** The shared window's document (for building nodes while canonicalizing). */
  document: Document;
}

let dom: Promise<ServerDom> | null = null;

/** The shared {@link ServerDom}, created on the first call. */
export function serverDom(): Promise<ServerDom> {
  dom ??= (async () => {
    const [{ JSDOM }, createDOMPurify] = await Promise.all([import('jsdom'), import('dompurify').then((m) => m.default)]);
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    return { JSDOM, purify, document: window.document };
  })();
  return dom;
}
