/**
 * The template library's hover preview (001 §2 "Templates": hovering shows a preview in a
 * floating frame): the template rendered by the server as a page with its own meta
 * (`GET /api/v1/templates/{id}/preview`, read with the signed-in user's token), shown scaled
 * down in a frame sandboxed without scripts (`sandbox=""`), fixed beside the row it belongs
 * to. Fetched only while shown, and kept per template and version, so showing it again is
 * instant and an edit is never previewed from an older copy.
 */
import { useState } from 'react';
import type { Template } from '../../../model';
import { useTemplatePreview } from '../api';
import * as css from './templates.css';

/** Props of {@link TemplatePreview}. */
export interface TemplatePreviewProps {
  template: Pick<Template, 'ID' | 'name' | 'version'>;
  /** The row's place on screen (px, viewport): the frame is put below it, or above when there is no room. */
  anchor: { top: number; bottom: number };
}

/** Height of the frame with its caption (px), to keep it on screen. */
const HEIGHT = css.PAGE_HEIGHT * css.PREVIEW_SCALE + 44;

/** See the module comment. */
export function TemplatePreview({ template: t, anchor }: TemplatePreviewProps) {
  const q = useTemplatePreview(t, true);
  // Busy until the frame has loaded the rendered page (a srcdoc loads after it is inserted).
  const [loaded, setLoaded] = useState<string | null>(null);
  const below = anchor.bottom + 8;
  const top = below + HEIGHT <= window.innerHeight ? below : Math.max(8, anchor.top - HEIGHT - 8);
  return (
    <figure
      className={css.floating}
      style={{ top }}
      aria-label={`Preview of ${t.name}`}
      aria-busy={q.isPending || (q.data !== undefined && loaded !== q.data)}
      data-template-preview={t.ID}
    >
      <figcaption className={css.caption}>{t.name}</figcaption>
      <div className={css.viewport}>
        {q.isPending && <p role="status">Rendering the preview…</p>}
        {q.isError && <p role="alert">The preview could not be rendered: {q.error.message}</p>}
        {q.data !== undefined && (
          <iframe title={`Preview of ${t.name}`} sandbox="" srcDoc={q.data} className={css.frame} tabIndex={-1} onLoad={() => setLoaded(q.data ?? null)} />
        )}
      </div>
    </figure>
  );
}
