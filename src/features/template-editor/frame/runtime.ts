/**
 * The template editor's frame runtime (001 §2 "Template editor"; src/features/README.md,
 * the template editor's frame). It runs inside `<iframe sandbox="allow-scripts">` (an opaque origin, so it can reach
 * nothing of the app), loaded as a classic script by the frame's shell document.
 *
 * - Handshake: posts `ready` to its parent once; keeps the MessagePort the parent's `init`
 *   transfers and talks only on it afterwards.
 * - `render`: shows the page's HTML (scripts and meta refreshes removed: a template's own
 *   Javascript never runs in the editor, a redirect page does not leave it), morphing the document in place so scroll and focus stay, and never touching
 *   the element being edited.
 * - Texts (`data-fe="text"|"html"`): a click, Enter or Space starts a Lexical session on the
 *   element (plain or rich text, with Lexical's own history for Ctrl+Z inside it); Ctrl/Cmd+A on
 *   a focused text starts one with the whole text selected. Inside a session Ctrl/Cmd+A selects
 *   that text only and typing replaces the selection. Enter or leaving the element ends it and
 *   proposes the value once; Escape cancels. The parent cleans the value and records one command.
 *   The key that starts a session is the session's start only (an Enter that started
 *   one also reached the new session and ended it at once).
 * - Images and blocks: a click or Enter posts `selected` (the parent opens the gallery or the
 *   drawer tab). Links and forms do nothing.
 * - Outside a session Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y and Ctrl/Cmd+S go to the parent
 *   (`hotkey`), which owns the one history.
 */
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $insertNodes,
  $selectAll,
  COMMAND_PRIORITY_HIGH,
  createEditor,
  KEY_ENTER_COMMAND,
  KEY_ESCAPE_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { registerPlainText } from '@lexical/plain-text';
import { registerRichText } from '@lexical/rich-text';
import { LinkNode } from '@lexical/link';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { mergeRegister } from '@lexical/utils';
import { patchDocument } from '../../../ui/preview-patch';
import { PROTO, type EditKind, type ParentMessage } from './wire';

type Outgoing =
  | { type: 'selected'; path: string | null; kind: EditKind | null; rect: { x: number; y: number; width: number; height: number } | null }
  | { type: 'propose'; seq: number; path: string; value: string }
  | { type: 'session'; path: string; phase: 'start' | 'end' }
  | { type: 'hotkey'; action: 'undo' | 'redo' | 'save' }
  | { type: 'error'; message: string };

interface Session {
  el: HTMLElement;
  path: string;
  kind: 'text' | 'html';
  /** The value the session started from: a proposal is sent only when the text differs. */
  start: string;
  editor: LexicalEditor;
  dispose: () => void;
}

let port: MessagePort | null = null;
let fields: Record<string, EditKind> = {};
let texts: Record<string, string> = {};
let locked = false;
let session: Session | null = null;
let selectedPath: string | null = null;
let seq = 0;

const post = (m: Outgoing) => port?.postMessage({ proto: PROTO, ...m });

/** The editor's own look: outlines on what can be edited, the selected and the edited element. */
const STYLE = `
[data-fe]{cursor:pointer;outline-offset:2px}
[data-fe]:hover,[data-fe]:focus-visible{outline:2px dashed #2563eb}
[data-fe][data-fe-selected]{outline:2px solid #2563eb}
[data-fe][data-fe-editing]{outline:2px solid #16a34a;cursor:text}
[data-fe-editing] p.fe-p{display:inline;margin:0;padding:0}
`;

/** The editor's style sits after <body>, outside what a rendering morphs (head and body). */
function ensureStyle(): void {
  if (document.getElementById('fe-style')) return;
  const el = document.createElement('style');
  el.id = 'fe-style';
  el.textContent = STYLE;
  document.documentElement.append(el);
}

const NATIVE_FOCUS = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY']);

/** Marks the editable elements (data-fe and a tab stop) after each rendering; the morph removes what the new HTML lacks. */
function markEditables(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-edit]')) {
    if (el === session?.el) continue;
    const path = el.getAttribute('data-edit') ?? '';
    const kind = Object.hasOwn(fields, path) ? fields[path] : undefined;
    if (!kind) continue;
    el.setAttribute('data-fe', kind);
    if (!NATIVE_FOCUS.has(el.tagName) && !el.hasAttribute('tabindex')) el.tabIndex = 0;
    if (path === selectedPath) el.setAttribute('data-fe-selected', '');
  }
}

function render(html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  // Nothing of the page runs or navigates here: its scripts, and the meta refresh of a redirect page.
  for (const s of parsed.querySelectorAll('script, noscript, meta[http-equiv]')) s.remove();
  const clean = `<!doctype html>${parsed.documentElement.outerHTML}`;
  const keep = session?.el ?? null;
  if (!patchDocument(document, clean, { keep: (el) => el === keep })) {
    post({ type: 'error', message: 'The page could not be shown in the editor frame.' });
    return;
  }
  ensureStyle();
  markEditables();
}

function rectOf(el: Element) {
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

function select(el: HTMLElement | null): void {
  for (const s of document.querySelectorAll('[data-fe-selected]')) s.removeAttribute('data-fe-selected');
  const path = el?.getAttribute('data-edit') ?? null;
  selectedPath = path;
  if (el) el.setAttribute('data-fe-selected', '');
  post({ type: 'selected', path, kind: el ? (el.getAttribute('data-fe') as EditKind) : null, rect: el ? rectOf(el) : null });
}

/** The session's text: plain text, or the rich text as HTML (the parent sanitizes it to the allow-list). */
function valueOf(s: Session): string {
  let out = '';
  s.editor.getEditorState().read(() => {
    out = s.kind === 'html' ? $generateHtmlFromNodes(s.editor, null) : $getRoot().getTextContent();
  });
  return out;
}

/** Starts a text session on `el`; `selectAll`: with its whole text selected (else the caret at its end). */
function startSession(el: HTMLElement, selectAll = false): void {
  const path = el.getAttribute('data-edit') ?? '';
  const kind = fields[path];
  if (locked || (kind !== 'text' && kind !== 'html') || session?.el === el) return;
  if (session) endSession(true);
  const start = Object.hasOwn(texts, path) ? (texts[path] ?? '') : (el.textContent ?? '');
  const editor = createEditor({
    namespace: `fe:${path}`,
    theme: { paragraph: 'fe-p' },
    nodes: kind === 'html' ? [LinkNode] : [],
    onError: (e) => post({ type: 'error', message: String(e.message).slice(0, 500) }),
  });
  el.replaceChildren();
  // Lexical's core does not make its root editable (its React ContentEditable does): we do.
  el.contentEditable = 'true';
  el.setAttribute('data-fe-editing', '');
  el.removeAttribute('data-fe-selected');
  editor.setRootElement(el);
  const s: Session = { el, path, kind, start, editor, dispose: () => {} };
  s.dispose = mergeRegister(
    kind === 'html' ? registerRichText(editor) : registerPlainText(editor),
    // Enter ends the session (Shift+Enter is a line break in rich text); Escape cancels it.
    editor.registerCommand(
      KEY_ENTER_COMMAND,
      (e) => {
        if (kind === 'html' && e?.shiftKey) return false;
        e?.preventDefault();
        queueMicrotask(() => endSession(true));
        return true;
      },
      COMMAND_PRIORITY_HIGH,
    ),
    editor.registerCommand(
      KEY_ESCAPE_COMMAND,
      (e) => {
        e?.preventDefault();
        queueMicrotask(() => endSession(false));
        return true;
      },
      COMMAND_PRIORITY_HIGH,
    ),
  );
  // The starting content is not a step of the session's history: set it before history starts.
  editor.update(
    () => {
      const root = $getRoot();
      root.clear();
      if (kind === 'html') {
        root.select();
        $insertNodes($generateNodesFromDOM(editor, new DOMParser().parseFromString(start, 'text/html')));
      } else {
        root.append($createParagraphNode().append($createTextNode(start)));
      }
      if (selectAll) $selectAll();
      else root.selectEnd();
    },
    { discrete: true },
  );
  s.dispose = mergeRegister(s.dispose, registerHistory(editor, createEmptyHistoryState(), 300));
  session = s;
  el.addEventListener('focusout', onFocusOut);
  editor.focus();
  post({ type: 'session', path, phase: 'start' });
  post({ type: 'selected', path, kind, rect: rectOf(el) });
}

function onFocusOut(e: FocusEvent): void {
  const s = session;
  if (s && !(e.relatedTarget instanceof Node && s.el.contains(e.relatedTarget))) endSession(true);
}

/** Ends the session: `commit` proposes the text when it changed; the element shows it until the parent's next rendering. */
function endSession(commit: boolean): void {
  const s = session;
  if (!s) return;
  session = null;
  const value = commit ? valueOf(s) : s.start;
  s.el.removeEventListener('focusout', onFocusOut);
  s.dispose();
  s.editor.setRootElement(null);
  s.el.removeAttribute('data-fe-editing');
  s.el.removeAttribute('contenteditable');
  // Until the parent renders again: the text as typed (rich text as Lexical wrote it, ours alone).
  if (s.kind === 'html') s.el.innerHTML = value;
  else s.el.textContent = value;
  post({ type: 'session', path: s.path, phase: 'end' });
  if (commit && value !== s.start) post({ type: 'propose', seq: ++seq, path: s.path, value });
  s.el.focus({ preventScroll: true });
}

function editableOf(t: EventTarget | null): HTMLElement | null {
  return t instanceof Element ? t.closest<HTMLElement>('[data-fe]') : null;
}

const isText = (el: HTMLElement) => {
  const kind = el.getAttribute('data-fe');
  return kind === 'text' || kind === 'html';
};

function activate(el: HTMLElement, selectAll = false): void {
  if (isText(el) && !locked) startSession(el, selectAll);
  else select(el);
}

document.addEventListener(
  'click',
  (e) => {
    if (session?.el.contains(e.target as Node)) return;
    // Nothing on the page navigates, submits or toggles while it is being edited.
    e.preventDefault();
    const el = editableOf(e.target);
    if (el) activate(el);
    else select(null);
  },
  true,
);

document.addEventListener('submit', (e) => e.preventDefault(), true);

document.addEventListener(
  'keydown',
  (e) => {
    if (session) return; // Lexical has the keyboard (its own undo inside the text).
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    // The editable element that has the focus itself (not one of its links or fields).
    const el = editableOf(e.target);
    const focused = el && e.target === el ? el : null;
    // A key that starts a session goes no further: the session starts after it (this listener runs
    // first, while capturing; without stopping it, the same Enter reached the new session and ended it).
    const start = (on: HTMLElement, selectAll: boolean) => {
      e.preventDefault();
      e.stopPropagation();
      activate(on, selectAll);
    };
    if (mod && !e.altKey) {
      const action = key === 'z' ? (e.shiftKey ? 'redo' : 'undo') : key === 'y' && e.ctrlKey ? 'redo' : key === 's' && !e.shiftKey ? 'save' : null;
      if (action) {
        e.preventDefault();
        post({ type: 'hotkey', action });
      }
      // Ctrl/Cmd+A on a focused text: that text, selected in a session (not the whole page).
      else if (key === 'a' && !e.shiftKey && focused && isText(focused) && !locked) start(focused, true);
      return;
    }
    if (focused && (e.key === 'Enter' || e.key === ' ') && !e.shiftKey) {
      start(focused, false);
      return;
    }
    if (e.key === 'Escape') select(null);
  },
  true,
);

function onParent(data: unknown): void {
  const m = data as ParentMessage | null;
  if (!m || m.proto !== PROTO) return;
  if (m.type === 'render' && typeof m.html === 'string') {
    fields = m.fields && typeof m.fields === 'object' ? m.fields : {};
    texts = m.texts && typeof m.texts === 'object' ? m.texts : {};
    locked = m.locked === true;
    if (locked && session) endSession(false);
    render(m.html);
  } else if (m.type === 'select') {
    const el = m.path ? ([...document.querySelectorAll<HTMLElement>('[data-fe]')].find((x) => x.getAttribute('data-edit') === m.path) ?? null) : null;
    for (const s of document.querySelectorAll('[data-fe-selected]')) s.removeAttribute('data-fe-selected');
    selectedPath = m.path;
    if (el) {
      el.setAttribute('data-fe-selected', '');
      el.scrollIntoView({ block: 'nearest' });
    }
  }
}

window.addEventListener('message', (e) => {
  // Only the parent's one `init`, with the port every later message travels on.
  if (port || e.source !== window.parent) return;
  const d = e.data as ParentMessage | null;
  if (!d || d.proto !== PROTO || d.type !== 'init' || !e.ports[0]) return;
  port = e.ports[0];
  port.onmessage = (ev) => onParent(ev.data);
});

const ready = () => window.parent.postMessage({ proto: PROTO, type: 'ready' }, '*');
if (document.readyState === 'complete') ready();
else window.addEventListener('load', ready, { once: true });
