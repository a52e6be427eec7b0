/**
 * The live rendering of an unsaved page (the same renderer serves the editor
 * preview and the published page, src/server/README.md), shared by the page editor and the template editor.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PREVIEW_ROUTES } from '../model/contracts/preview';
import { urlOf } from './call';
import { requestParsed } from './client';

/**
 * Renders a page's template with its current (unsaved) meta through the publish renderer
 * (`POST /api/v1/preview`); the HTML of the page editor's live preview and of the template
 * editor's frame. Errors are not notified: the preview shows them.
 * @throws ApiError with the server's message.
 */
export function renderPreview(page: unknown, signal?: AbortSignal): Promise<string> {
  // The page is sent as the editor holds it; the server checks it (422), so its type is not narrowed here.
  const r = PREVIEW_ROUTES.render;
  return requestParsed(r.answer, 'POST', urlOf(r, {}), { body: { page }, notify: false, signal, headers: { Accept: 'text/html' } });
}

/** How long a rendering may take before the preview shows that it is updating (ms). */
export const BUSY_AFTER_MS = 250;

/**
 * Renders the page with its current, unsaved meta through the server's one renderer
 * (`POST /api/v1/preview`), at most one request in flight, latest edit wins: an edit made
 * while a rendering is on its way is rendered as soon as that one returns (edits in between
 * are skipped, never queued), so the preview follows typing within about two renderings
 * instead of waiting for a pause. `delayMs` (default 0) postpones the first request of a burst.
 * @returns the latest HTML, whether a newer one has been on its way for more than
 * {@link BUSY_AFTER_MS} (so fast renderings do not flash a busy note on every keystroke),
 * and the last error.
 */
export function usePreview(page: unknown, delayMs = 0): { html: string; busy: boolean; error: string | null } {
  const [html, setHtml] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(page);
  // Kept current in the commit (before any effect below sends it), not while rendering.
  useLayoutEffect(() => {
    latest.current = page;
  }, [page]);
  /** The request in flight, if any. */
  const ctrl = useRef<AbortController | null>(null);
  /** Whether the page changed after the request in flight was sent. */
  const stale = useRef(false);
  /** Shows the busy note once work has been pending for BUSY_AFTER_MS. */
  const busyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(() => {
    if (!busyTimer.current) busyTimer.current = setTimeout(() => setBusy(true), BUSY_AFTER_MS);
  });
  const settled = useRef(() => {
    if (busyTimer.current) clearTimeout(busyTimer.current);
    busyTimer.current = null;
    setBusy(false);
  });

  const send = useRef(() => {
    const c = new AbortController();
    ctrl.current = c;
    stale.current = false;
    renderPreview(latest.current, c.signal)
      .then((h) => {
        if (!c.signal.aborted) {
          setHtml(h);
          setError(null);
        }
      })
      .catch((e: Error) => {
        if (!c.signal.aborted) setError(e.message);
      })
      .finally(() => {
        if (c.signal.aborted) return;
        ctrl.current = null;
        if (stale.current) send.current();
        else settled.current();
      });
  });

  useEffect(() => {
    if (!page) return;
    pending.current();
    if (ctrl.current) {
      stale.current = true;
      return;
    }
    if (delayMs <= 0) {
      send.current();
      return;
    }
    const t = setTimeout(() => {
      if (ctrl.current) stale.current = true;
      else send.current();
    }, delayMs);
    return () => clearTimeout(t);
  }, [page, delayMs]);
  useEffect(
    () => () => {
      ctrl.current?.abort();
      ctrl.current = null;
      if (busyTimer.current) clearTimeout(busyTimer.current);
    },
    [],
  );
  return { html, busy, error };
}
