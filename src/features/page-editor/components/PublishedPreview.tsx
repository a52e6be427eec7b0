/**
 * The published page beside the editor (000 §2: "A page preview fetches the page's HTML by
 * URL, removes script blocks, and injects a base address and styles"). The server fetches
 * and cleans the page (`GET /api/v1/preview?url=`), so the browser never fetches arbitrary
 * hosts; this shows it in the device preview, and what went wrong in the server's words.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { previewPublishedPage } from '../api';
import { isPreviewableUrl, PREVIEW_MSG } from '../../../model';
import { Box, Button, DevicePreview, Inline, Stack, TextField, styles as s } from '../../../ui';
import * as css from './editor.css';

/** Props of {@link PublishedPreview}. */
export interface PublishedPreviewProps {
  /** The page's published address (e.g. `https://<funnel domain><page_path>`); '' when unknown. */
  defaultUrl: string;
  /** The frame's accessible title. */
  title: string;
  /**
   * Set when the funnel has no domain: the site it publishes to on this admin
   * (`funnel-<id>.localhost`, served under `/sites/<site>/`); `defaultUrl` is then that local
   * address, and a note says so and where a domain is added.
   */
  localSite?: string;
  /** Where the funnel's domains are managed (the funnel's Domains tab), linked from the note. */
  domainsHref?: string;
}

/**
 * The smallest scale the published page is shown at (at a 1024 px window the desktop
 * page was fitted into its column at 22 %, its text 3–4 px). At half size a desktop page's text
 * reads, and a 1200 px page needs 600 px: what is wider than the column scrolls sideways.
 */
const PUBLISHED_MIN_SCALE = 0.5;

type State = { status: 'idle' | 'loading' | 'done' | 'error'; html: string; error: string; url: string };

/**
 * A URL field (prefilled with `defaultUrl`, loaded at once when it is a valid address) and
 * the published page it names. A new load cancels the one on its way.
 */
export function PublishedPreview({ defaultUrl, title, localSite, domainsHref }: PublishedPreviewProps) {
  const [url, setUrl] = useState(defaultUrl);
  const [fieldError, setFieldError] = useState<string>();
  const [state, setState] = useState<State>({ status: 'idle', html: '', error: '', url: '' });
  /** The load to run: a new object per load, so that showing the same address again reloads it. */
  const [request, setRequest] = useState<{ url: string } | null>(null);

  const load = (target: string) => {
    if (!isPreviewableUrl(target)) {
      setFieldError(PREVIEW_MSG.url);
      return;
    }
    setFieldError(undefined);
    setState((st) => ({ ...st, status: 'loading', error: '', url: target.trim() }));
    setRequest({ url: target.trim() });
  };

  // Loads once per page address (adjusted while rendering); a typed URL loads on submit.
  const [addressOf, setAddressOf] = useState<string | null>(null);
  if (addressOf !== defaultUrl) {
    setAddressOf(defaultUrl);
    if (isPreviewableUrl(defaultUrl)) load(defaultUrl);
    else setRequest(null);
  }

  // Runs the load; a new one (or leaving) cancels the one on its way.
  useEffect(() => {
    if (!request) return;
    const c = new AbortController();
    previewPublishedPage(request.url, c.signal)
      .then((html) => {
        if (!c.signal.aborted) setState({ status: 'done', html, error: '', url: request.url });
      })
      .catch((e: Error) => {
        if (!c.signal.aborted) setState((st) => ({ ...st, status: 'error', error: e.message }));
      });
    return () => c.abort();
  }, [request]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    load(url);
  };

  return (
    <Stack gap="sm" className={css.previewColumn}>
      <Inline as="form" onSubmit={submit} align="flex-end" aria-label="Published page address">
        <Box flex={1}>
          <TextField
            label="Published page URL"
            type="url"
            value={url}
            error={fieldError}
            placeholder="https://example.com/checkout/"
            onChange={(e) => {
              setUrl(e.target.value);
              setFieldError(undefined);
            }}
          />
        </Box>
        <Button type="submit" variant="secondary" isDisabled={state.status === 'loading'}>
          Show
        </Button>
      </Inline>
      {state.status === 'loading' && <p role="status">Fetching the published page…</p>}
      {state.status === 'error' && (
        <p role="alert" className={s.errorText}>
          {state.error}
        </p>
      )}
      {state.status === 'idle' && !defaultUrl && <p role="status">This funnel has no domain yet: enter the page's address to see it as published.</p>}
      {localSite && (
        <Box as="p" margin="none" className={s.helpText} role="note">
          This funnel has no domain yet, so publishing serves it from this admin at <code>/sites/{localSite}/</code>, the address above. Visitors need a domain:
          add one in the {domainsHref ? <Link to={domainsHref}>Domains tab</Link> : 'Domains tab'}, publish again, and the page is served at that domain too.
        </Box>
      )}
      <DevicePreview title={title} html={state.html} busy={state.status === 'loading' && state.html !== ''} minScale={PUBLISHED_MIN_SCALE} />
    </Stack>
  );
}
