/**
 * The published page beside the editor (000 §2: "A page preview fetches the page's HTML by
 * URL, removes script blocks, and injects a base address and styles"). The server fetches
 * and cleans the page (`GET /api/v1/preview?url=`), so the browser never fetches arbitrary
 * hosts; this shows it in the device preview, and what went wrong in the server's words.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { previewPublishedPage } from '../api';
import { isPreviewableUrl, PREVIEW_MSG } from '../../../model';
import { Button, DevicePreview, TextField, styles as s } from '../../../ui';

/** Props of {@link PublishedPreview}. */
export interface PublishedPreviewProps {
  /** The page's published address (e.g. `https://<funnel domain><page_path>`); '' when unknown. */
  defaultUrl: string;
  /** The frame's accessible title. */
  title: string;
}

type State = { status: 'idle' | 'loading' | 'done' | 'error'; html: string; error: string; url: string };

/**
 * A URL field (prefilled with `defaultUrl`, loaded at once when it is a valid address) and
 * the published page it names. A new load cancels the one on its way.
 */
export function PublishedPreview({ defaultUrl, title }: PublishedPreviewProps) {
  const [url, setUrl] = useState(defaultUrl);
  const [fieldError, setFieldError] = useState<string>();
  const [state, setState] = useState<State>({ status: 'idle', html: '', error: '', url: '' });
  const ctrl = useRef<AbortController | null>(null);

  const load = (target: string) => {
    if (!isPreviewableUrl(target)) { setFieldError(PREVIEW_MSG.url); return; }
    setFieldError(undefined);
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setState((st) => ({ ...st, status: 'loading', error: '', url: target.trim() }));
    previewPublishedPage(target.trim(), c.signal)
      .then((html) => { if (!c.signal.aborted) setState({ status: 'done', html, error: '', url: target.trim() }); })
      .catch((e: Error) => { if (!c.signal.aborted) setState((st) => ({ ...st, status: 'error', error: e.message })); });
  };

  useEffect(() => {
    if (isPreviewableUrl(defaultUrl)) load(defaultUrl);
    return () => ctrl.current?.abort();
    // Loads once per page address; a typed URL loads on submit.
  }, [defaultUrl]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    load(url);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <form onSubmit={submit} className={s.row} style={{ alignItems: 'flex-end' }} aria-label="Published page address">
        <div style={{ flex: 1 }}>
          <TextField label="Published page URL" type="url" value={url} error={fieldError} placeholder="https://example.com/checkout/"
            onChange={(e) => { setUrl(e.target.value); setFieldError(undefined); }} />
        </div>
        <Button type="submit" variant="secondary" isDisabled={state.status === 'loading'}>Show</Button>
      </form>
      {state.status === 'loading' && <p role="status">Fetching the published page…</p>}
      {state.status === 'error' && <p role="alert" className={s.errorText}>{state.error}</p>}
      {state.status === 'idle' && !defaultUrl && <p role="status">This funnel has no domain yet: enter the page's address to see it as published.</p>}
      <DevicePreview title={title} html={state.html} busy={state.status === 'loading' && state.html !== ''} />
    </div>
  );
}
