import { useEffect, useRef, useState } from 'react';
import { renderPreview } from '../../api';

/**
 * Renders the page with its current, unsaved meta through the server's one renderer
 * (`POST /api/v1/preview`), at most one request in flight: a newer edit aborts the older
 * request. `delayMs` batches a burst of keystrokes.
 * @returns the latest HTML, whether a newer one is on its way, and the last error.
 */
export function usePreview(page: unknown, delayMs = 120): { html: string; busy: boolean; error: string | null } {
  const [html, setHtml] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ctrl = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!page) return;
    setBusy(true);
    const t = setTimeout(() => {
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      renderPreview(page, c.signal)
        .then((h) => { if (!c.signal.aborted) { setHtml(h); setError(null); setBusy(false); } })
        .catch((e: Error) => { if (!c.signal.aborted) { setError(e.message); setBusy(false); } });
    }, delayMs);
    return () => clearTimeout(t);
  }, [page, delayMs]);
  useEffect(() => () => ctrl.current?.abort(), []);
  return { html, busy, error };
}
