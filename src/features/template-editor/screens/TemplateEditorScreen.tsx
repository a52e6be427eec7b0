/**
 * /template-editor/{id} (001 §2 "Template editor": device-size toggle, Save, Back; CSS and
 * Javascript editors; the side drawer): the page `id` rendered with its template in the
 * editable frame, the drawer beside it. The shell's editor bar saves the page (the route's
 * `handle.editing`) and shows the proof dialog listing the edited keys (001 §5); this screen
 * shows the last-save marker, which the server keeps per page.
 */
import { useMemo, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useFunnel, usePage, useTemplates } from '../../../api';
import { useDoc, useEditor, useEditorStore, useLoadDoc, type DocId } from '../../../editor';
import type { Funnel } from '../../../model';
import { BackLink, Inline, styles as s, type Device, useDocumentTitle, Skeleton } from '../../../ui';
import { usePageLastSave } from '../api';
import { imageLabel, setTextAt, valueAt } from '../fields';
import { drawerTabForKey, type DrawerTabId } from '../drawer-tabs';
import { ImagePicker } from '../components/ImagePicker';
import { TemplateDrawer } from '../components/TemplateDrawer';
import { TemplateFrame, type FrameSelection } from '../components/TemplateFrame';
import * as css from '../components/template-editor.css';

/**
 * The last-save marker (001 §4 "A template editor save sets a last-save marker"): when the page's
 * current version was saved and by whom, as the server keeps it for every operator (it
 * was kept in one browser before). Read again when the page's version moves: a save here, or
 * another operator's save taken in live.
 */
function LastSave({ funnelId, pageId, version }: { funnelId: number; pageId: number; version: number }) {
  const q = usePageLastSave(funnelId, pageId, version);
  const marker = q.data;
  return (
    <span role="status" aria-label="Last save" className={s.helpText}>
      {marker ? (
        <>
          Last saved <time dateTime={marker.savedAt}>{TIME.format(new Date(marker.savedAt))}</time>
          {marker.by ? ` by ${marker.by}` : ''}
        </>
      ) : q.isError ? (
        'Last save unknown: the server could not be asked'
      ) : marker === null ? (
        'No save recorded yet'
      ) : (
        'Reading the last save…'
      )}
    </span>
  );
}

/** The string at `path` of `meta`, or '' (no path, or not a string). */
function textAt(meta: unknown, path: string | null): string {
  const v = path ? valueAt(meta, path) : undefined;
  return typeof v === 'string' ? v : '';
}

const lowerFirst = (t: string) => `${t.charAt(0).toLowerCase()}${t.slice(1)}`;

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** See the module comment. */
export function TemplateEditorScreen() {
  const { id } = useParams();
  const pageId = Number(id);
  if (!Number.isSafeInteger(pageId) || pageId <= 0) return <Navigate to="/funnels" replace />;
  return <TemplateEditor pageId={pageId} />;
}

function TemplateEditor({ pageId }: { pageId: number }) {
  const doc: DocId = `page:${pageId}`;
  const pageQ = usePage(pageId);
  useLoadDoc(doc, pageQ.data);
  const page = useDoc(doc);
  const funnelId = page?.funnel_id ?? pageQ.data?.funnel_id;
  const funnelQ = useFunnel(funnelId ?? 0, funnelId !== undefined);
  useLoadDoc(`funnel:${funnelId ?? 0}`, funnelId !== undefined ? funnelQ.data : undefined);
  const funnel = useEditorStore((st) => (funnelId !== undefined ? (st.docs[`funnel:${funnelId}`]?.value as Funnel | undefined) : undefined));
  const templates = useTemplates();
  const template = templates.data?.find((t) => t.ID === page?.template_id) ?? null;
  const { edit } = useEditor();
  const version = useEditorStore((st) => st.docs[doc]?.version ?? 0);
  const [device, setDevice] = useState<Device>('desktop');
  const [tab, setTab] = useState<DrawerTabId | undefined>(undefined);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [picking, setPicking] = useState<string | null>(null);
  const currency = funnel?.currency;
  const language = funnel?.language;
  const money = useMemo(() => ({ currency: currency ?? 'USD', language: language ?? 'en' }), [currency, language]);
  useDocumentTitle([page && `Template editor: ${page.name}`, funnel?.name]);

  if (pageQ.isError) throw pageQ.error;
  if (!page || !funnel) return <Skeleton label="Loading the template editor…" variant="editor" />;
  const locked = funnel.locked;

  /** A picked image opens the gallery; a picked block opens the drawer tab that edits it. */
  const onSelect = (sel: FrameSelection | null) => {
    setHighlight(sel?.path ?? null);
    if (!sel) return;
    if (sel.kind === 'image') {
      if (!locked) setPicking(sel.path);
      return;
    }
    const t = drawerTabForKey(sel.path.split('.')[0] ?? '');
    if (t) setTab(t);
  };
  const pick = (url: string) => {
    const path = picking;
    setPicking(null);
    if (!path || valueAt(page.meta, path) === url) return;
    edit(doc, `Change ${lowerFirst(imageLabel(page.meta, path))}`, (d) => {
      setTextAt(d.meta, path, url);
    });
  };

  return (
    <section aria-label="Template editor">
      <Inline marginBottom="sm" gap="md" alignItems="center">
        <BackLink to={`/funnels/${page.funnel_id}/pages`}>Back to {funnel.name}</BackLink>
        <strong>{page.name}</strong>
        <span className={s.helpText}>{template ? `Template: ${template.name} (${template.layout})` : 'No template: the layout of its page type'}</span>
        <span className={s.spacer} />
        <LastSave funnelId={page.funnel_id} pageId={pageId} version={version} />
      </Inline>
      <div className={css.layout}>
        <TemplateFrame pageId={pageId} locked={locked} device={device} onDeviceChange={setDevice} onSelect={onSelect} highlight={highlight} />
        <div className={css.drawer}>
          <TemplateDrawer
            pageId={pageId}
            funnelId={page.funnel_id}
            offerId={funnel.offer ?? null}
            templateMeta={template?.meta ?? null}
            locked={locked}
            money={money}
            tab={tab}
            onTabChange={setTab}
          />
        </div>
      </div>
      <ImagePicker
        funnelId={page.funnel_id}
        path={picking}
        label={picking ? imageLabel(page.meta, picking) : ''}
        value={textAt(page.meta, picking)}
        onPick={pick}
        onCancel={() => setPicking(null)}
      />
    </section>
  );
}
