/**
 * The template editor's frame (001 §2 "Template editor"; src/features/README.md,
 * the template editor's frame): the page rendered by the publish renderer with its unsaved meta, in
 * `<iframe sandbox="allow-scripts">` whose runtime (../frame/runtime.ts) makes the `data-edit`
 * marks editable in place. This side owns the history: it accepts the frame's `ready` only from
 * its own iframe, answers with a MessagePort, validates every message with the protocol's zod
 * schemas, accepts a text only for a path it offered as text, cleans it as 001 §5 says, and
 * records one command per text session.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import runtimeUrl from '../frame/runtime.ts?worker&url';
import { usePreview } from '../../../api/preview';
import { useDoc, useEditor, type DocId } from '../../../editor';
import { DevicePreview, notify, styles as s, type Device } from '../../../ui';
import { sanitizeRichText } from '../../../ui/rich-text/sanitize';
import { decideProposal, frameFields, setTextAt } from '../fields';
import * as css from './template-editor.css';
import { parseFrameMessage, PROTO, type EditKind, type FrameMessage, type ParentMessage } from '../protocol';

/** The frame's own document: only the runtime, loaded from our origin (the app's CSP allows 'self' scripts alone). */
const SHELL = `<!doctype html><html><head><meta charset="utf-8"><script src="${new URL(runtimeUrl, document.baseURI).href}"></script></head><body></body></html>`;

/**
 * The smallest scale the page is edited at: in a 1024 px window the desktop page was fitted to
 * its column at 26 %, too small to read what is being edited. Below it the frame
 * keeps half size and its well scrolls sideways, as the page editor's published preview does.
 */
const FRAME_MIN_SCALE = 0.5;

/** What the frame reports as selected: an image or block (the screen opens the gallery or the drawer tab), or a text being edited. */
export interface FrameSelection {
  path: string;
  kind: EditKind;
}

/** Props of {@link TemplateFrame}. */
export interface TemplateFrameProps {
  /** The page; its `page:<id>` document must be loaded in the editor store. */
  pageId: number;
  /** A locked funnel: nothing in the frame starts an edit (000 §4). */
  locked: boolean;
  device?: Device;
  onDeviceChange?: (d: Device) => void;
  /** Called when the operator picks an element in the frame (null: clicked beside any). */
  onSelect?: (selection: FrameSelection | null) => void;
  /** The element to outline in the frame (e.g. what the open drawer tab edits). */
  highlight?: string | null;
}

/** Tells the parent window's keyboard handlers (undo/redo shortcuts, the editor bar's Ctrl+S) what was pressed in the frame. */
function replayHotkey(action: 'undo' | 'redo' | 'save'): void {
  const key = action === 'save' ? 's' : 'z';
  window.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey: true, shiftKey: action === 'redo', bubbles: true, cancelable: true }));
}

/** See the module comment. */
export function TemplateFrame({ pageId, locked, device, onDeviceChange, onSelect, highlight = null }: TemplateFrameProps) {
  const doc: DocId = `page:${pageId}`;
  const page = useDoc(doc);
  const { edit } = useEditor();
  const preview = usePreview(page);
  const frame = useRef<HTMLIFrameElement>(null);
  const port = useRef<MessagePort | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [frameError, setFrameError] = useState<string | null>(null);

  // The marks of the newest rendering, against the meta it was rendered from.
  const meta = page?.meta;
  const offered = useMemo(() => {
    if (!preview.html) return { fields: {}, texts: {} };
    const parsed = new DOMParser().parseFromString(preview.html, 'text/html');
    const marks = [...parsed.querySelectorAll('[data-edit]')].map((el) => [el.getAttribute('data-edit') ?? '', el.textContent ?? ''] as const);
    return frameFields(meta, marks);
    // The marks follow the rendering; the meta read is the one it was rendered from (or newer).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preview.html]);
  const render = useMemo<ParentMessage | null>(
    () => (preview.html ? { proto: PROTO, type: 'render', html: preview.html, fields: offered.fields, texts: offered.texts, locked } : null),
    [preview.html, offered, locked],
  );
  const latest = useRef({ render, offered, locked, page, onSelect });
  useEffect(() => {
    latest.current = { render, offered, locked, page, onSelect };
  });

  const onFrameMessage = useCallback(
    (m: FrameMessage) => {
      const { offered: o, locked: isLocked, page: current } = latest.current;
      switch (m.type) {
        case 'propose': {
          const out = decideProposal(o, isLocked, current?.meta, m.path, m.value, sanitizeRichText);
          if (out.ok)
            edit(doc, out.label, (d) => {
              setTextAt(d.meta, out.path, out.value);
            });
          else if (out.reason === 'gone') notify.error(`${m.path} is no longer on this page: the text was not kept.`);
          return;
        }
        case 'session':
          setEditing(m.phase === 'start' ? m.path : null);
          return;
        case 'selected':
          latest.current.onSelect?.(m.path && m.kind ? { path: m.path, kind: m.kind } : null);
          return;
        case 'hotkey':
          replayHotkey(m.action);
          return;
        case 'error':
          setFrameError(m.message);
          return;
        case 'ready':
          return;
      }
    },
    [doc, edit],
  );

  // Handshake: only our own iframe's `ready`, answered with a fresh port (a reloaded frame gets a new one).
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const win = frame.current?.contentWindow;
      if (!win || e.source !== win || parseFrameMessage(e.data)?.type !== 'ready') return;
      port.current?.close();
      const channel = new MessageChannel();
      channel.port1.onmessage = (ev: MessageEvent) => {
        const m = parseFrameMessage(ev.data);
        if (m) onFrameMessage(m);
      };
      port.current = channel.port1;
      const init: ParentMessage = { proto: PROTO, type: 'init' };
      // An opaque-origin frame can only be addressed with '*'; the port carries everything after this.
      win.postMessage(init, '*', [channel.port2]);
      if (latest.current.render) channel.port1.postMessage(latest.current.render);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      port.current?.close();
      port.current = null;
    };
  }, [onFrameMessage]);

  useEffect(() => {
    if (render) port.current?.postMessage(render);
  }, [render]);
  useEffect(() => {
    port.current?.postMessage({ proto: PROTO, type: 'select', path: highlight } satisfies ParentMessage);
  }, [highlight, render]);

  if (!page) return null;
  return (
    <div className={css.frameColumn}>
      <p role="status" aria-live="polite" className={s.helpText}>
        {!preview.html
          ? 'Loading the page…'
          : locked
            ? 'This funnel is locked: the page can be looked at, not edited.'
            : editing
              ? `Editing ${editing}: Enter or click outside to keep the text, Escape to cancel.`
              : 'Click a text to edit it in place; click an image or a block to edit it in the drawer.'}
      </p>
      {(preview.error || frameError) && (
        <p role="alert" className={s.errorText}>
          {preview.error ? `Preview failed: ${preview.error}` : frameError}
        </p>
      )}
      <DevicePreview
        title={`Template editor: ${page.name}`}
        html={SHELL}
        sandbox="allow-scripts"
        frameRef={frame}
        device={device}
        onDeviceChange={onDeviceChange}
        busy={preview.busy}
        minScale={FRAME_MIN_SCALE}
      />
    </div>
  );
}
