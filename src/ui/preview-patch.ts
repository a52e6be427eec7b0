/**
 * Updates a loaded preview document to new HTML in place: the new HTML is parsed off-screen
 * and only what differs is changed (text, attributes, added or removed nodes; the head as a
 * whole when it differs). Compared with loading the new HTML into the frame again, this keeps
 * the preview's scroll position and costs the page's main thread a fraction of a full
 * document load, which matters on every keystroke (tests/bench/keystroke.bench.ts measures it).
 */

/** Copies `to`'s attributes onto `el` (adding, changing and removing). */
function syncAttributes(el: Element, to: Element): void {
  for (const a of [...el.attributes]) if (!to.hasAttribute(a.name)) el.removeAttribute(a.name);
  for (const a of to.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
  const view = el.ownerDocument.defaultView;
  if (view && el instanceof view.HTMLInputElement && to instanceof HTMLInputElement) {
    // Form state lives in properties; the new HTML's defaults win.
    if (el.checked !== to.defaultChecked) el.checked = to.defaultChecked;
    if (el.value !== to.defaultValue) el.value = to.defaultValue;
  }
}

/** Options of {@link patchDocument}. */
export interface PatchOptions {
  /** Elements left exactly as they are (attributes and content), e.g. the one being edited in place. */
  keep?: (el: Element) => boolean;
}

/** Makes `cur`'s children equal to `want`'s, reusing nodes position by position. */
function morphChildren(doc: Document, cur: Node, want: Node, o: PatchOptions): void {
  const have = [...cur.childNodes];
  const wanted = [...want.childNodes];
  wanted.forEach((w, i) => {
    const h = have[i];
    if (!h) {
      cur.appendChild(doc.importNode(w, true));
      return;
    }
    if (h.nodeType !== w.nodeType || h.nodeName !== w.nodeName) {
      cur.replaceChild(doc.importNode(w, true), h);
      return;
    }
    if (h.nodeType === Node.ELEMENT_NODE) {
      if (o.keep?.(h as Element)) return;
      syncAttributes(h as Element, w as Element);
      morphChildren(doc, h, w, o);
    } else if (h.nodeValue !== w.nodeValue) {
      h.nodeValue = w.nodeValue;
    }
  });
  for (const extra of have.slice(wanted.length).reverse()) if (!(extra.nodeType === Node.ELEMENT_NODE && o.keep?.(extra as Element))) cur.removeChild(extra);
}

/**
 * Makes the loaded document `doc` show `html` (except the elements `o.keep` names).
 * @returns false when `doc` cannot be patched (not loaded yet, or another rendering mode than
 * `html` asks for); the caller loads `html` instead.
 */
export function patchDocument(doc: Document | null | undefined, html: string, o: PatchOptions = {}): boolean {
  if (!doc || doc.readyState !== 'complete' || !doc.documentElement || !doc.head || !doc.body) return false;
  const next = new DOMParser().parseFromString(html, 'text/html');
  if (next.compatMode !== doc.compatMode) return false; // e.g. an empty frame in quirks mode: load instead
  syncAttributes(doc.documentElement, next.documentElement);
  if (doc.head.innerHTML !== next.head.innerHTML) doc.head.replaceChildren(...[...next.head.childNodes].map((n) => doc.importNode(n, true)));
  syncAttributes(doc.body, next.body);
  morphChildren(doc, doc.body, next.body, o);
  return true;
}
