/**
 * Screens: routes of 001 §2 composed from features. Data comes from the API hooks; editable
 * documents are loaded into the editor store and edited only through it.
 */
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';
import {
  keys, patchDocument, publishFunnel, request, useAuditLog, useAuditMutations, useFunnel, useFunnelMutations, useFunnels,
  useOffers, usePage, usePageMutations, usePages, useTemplates,
} from '../api';
import { useEditorStore, type DocId } from '../editor';
import { FUNNEL_TAB_LABELS, FUNNEL_TABS, MSG, type Funnel, type FunnelListItem } from '../model';
import { LogsTab } from '../features/audit-log/LogsTab';
import { LoginScreen } from '../features/auth/LoginScreen';
import { FunnelDetailsForm } from '../features/funnels/FunnelDetailsForm';
import { FunnelList } from '../features/funnels/FunnelList';
import { EditorBar } from '../features/history/EditorBar';
import { PageEditor } from '../features/page-editor/PageEditor';
import { PagesTab } from '../features/pages/PagesTab';
import { PublishButton } from '../features/publish/PublishButton';
import { Button, ConfirmDialog, LockIcon, notify, Tabs, styles as s } from '../ui';
import { useCan } from './access';
import { useLoadDoc } from './useLoadDoc';

/** /login (001 §2): the Sign in button starts the code flow; an error shows 'Oops...'. */
export function LoginRoute() {
  const auth = useAuth();
  const loc = useLocation();
  const returnTo = (loc.state as { returnTo?: string } | null)?.returnTo ?? '/';
  if (auth.isAuthenticated) return <Navigate to={returnTo} replace />;
  return <LoginScreen busy={!!auth.activeNavigator} error={auth.error?.message}
    onSignIn={() => void auth.signinRedirect({ state: { returnTo } })} />;
}

/** A route whose screen a later issue builds: says so plainly (issue #2). */
export function LaterScreen({ title, issue }: { title: string; issue: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p>This screen is not built yet: it arrives with {issue}.</p>
    </section>
  );
}

/** Anything else (001 §2). */
export function NotFound() {
  return <h1>{MSG.notFound}</h1>;
}

/** /status: the API's health as the header and side menus' Status entry. */
export function StatusScreen() {
  const q = useQuery({ queryKey: ['health'], queryFn: () => request<{ status: string; db: string }>('GET', '/api/health'), refetchInterval: 10_000 });
  return (
    <section>
      <h1>Status</h1>
      {q.isLoading ? <p role="status">Checking…</p> : q.isError ? <p role="alert">The API is not answering: {q.error.message}</p> : (
        <dl><dt>API</dt><dd>{q.data?.status}</dd><dt>Database</dt><dd>{q.data?.db}</dd></dl>
      )}
    </section>
  );
}

/** /funnels (001 §2). */
export function FunnelsScreen() {
  const funnels = useFunnels();
  const offers = useOffers();
  const m = useFunnelMutations();
  const qc = useQueryClient();
  const navigate = useNavigate();
  if (funnels.isLoading) return <p role="status">Loading funnels…</p>;
  if (funnels.isError) throw funnels.error;
  return (
    <FunnelList funnels={funnels.data ?? []} offers={offers.data ?? []}
      onCreate={async (v) => { const f = await m.create.mutateAsync(v); notify.success(`Funnel ${f.name} created`); navigate(`/funnels/${f.ID}/details`); }}
      onClone={async (id, name) => { await m.clone.mutateAsync({ id, name }); notify.success(`Funnel ${name} created`); }}
      onDelete={(id) => m.remove.mutateAsync(id)}
      onStatusChange={async (f: FunnelListItem, status) => {
        try {
          await patchDocument(`funnel:${f.ID}`, [{ op: 'replace', path: '/publish_status', value: status }], {
            version: f.version, idempotencyKey: crypto.randomUUID(), label: `Set status ${status}`,
          });
        } catch (e) {
          notify.error((e as Error).message);
        }
        void qc.invalidateQueries({ queryKey: keys.funnels });
      }} />
  );
}

/** /funnels/{id}/{tab} (001 §2 "Funnel page"). */
export function FunnelScreen() {
  const { id: idParam, tab = 'pages' } = useParams();
  const id = Number(idParam);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const funnelQ = useFunnel(id);
  const pagesQ = usePages(id);
  const offers = useOffers();
  const templates = useTemplates();
  const audit = useAuditLog(id);
  const pageM = usePageMutations(id);
  const auditM = useAuditMutations(id);
  const fm = useFunnelMutations();
  const doc: DocId = `funnel:${id}`;
  useLoadDoc(doc, funnelQ.data);
  const funnel = useEditorStore((st) => st.docs[doc]?.value as Funnel | undefined);
  const dirty = useEditorStore((st) => Object.values(st.docs).some((d) => d?.dirty));
  const [confirm, setConfirm] = useState<null | 'lock' | 'archive'>(null);
  const [cloning, setCloning] = useState(false);
  // Buttons a role may not use are not shown (the policy table; the API refuses them too).
  const mayWrite = useCan('funnels.write');
  const mayPublish = useCan('funnels.publish');
  if (!Number.isInteger(id)) return <NotFound />;
  if (funnelQ.isError) throw funnelQ.error;
  if (!funnel || !funnelQ.data) return <p role="status">Loading funnel…</p>;
  if (!(FUNNEL_TABS as readonly string[]).includes(tab)) return <NotFound />;
  const locked = funnel.locked;
  const refresh = () => { void qc.invalidateQueries({ queryKey: keys.funnel(id) }); void qc.invalidateQueries({ queryKey: keys.audit(id) }); void qc.invalidateQueries({ queryKey: keys.pages(id) }); };
  const later = (label: string) => <p>The {label} tab is built in a later issue.</p>;
  const content: Record<string, React.ReactNode> = {
    pages: pagesQ.data ? (
      <PagesTab funnelId={id} pages={pagesQ.data} indexPageId={funnel.page_id} templates={templates.data ?? []} locked={locked}
        onCreate={(v) => pageM.create.mutateAsync(v)} onDelete={(pid) => pageM.remove.mutateAsync(pid)} />
    ) : <p role="status">Loading pages…</p>,
    details: <FunnelDetailsForm funnelId={id} offers={offers.data ?? []} pages={pagesQ.data ?? []} locked={locked} />,
    logs: <LogsTab entries={audit.data ?? []} onAddNote={(n) => auditM.addNote.mutateAsync(n)} onDelete={(aid) => auditM.remove.mutateAsync(aid)} />,
  };
  return (
    <section>
      <div className={s.row} style={{ marginBottom: 8 }}>
        <Link to="/funnels">← Funnels</Link>
      </div>
      <div className={s.row} style={{ marginBottom: 12 }}>
        <h1 style={{ margin: 0 }}>{locked && <LockIcon size={18} />}{funnel.name}</h1>
        <span className={`${s.badge} ${s.tone.info}`}>{funnel.publish_status}</span>
        <span className={s.spacer} />
        {mayWrite && <Button onPress={() => setCloning(true)}>Clone</Button>}
        {mayWrite && <Button onPress={() => setConfirm('archive')} isDisabled>Archive</Button>}
        {mayWrite && <Button onPress={() => setConfirm('lock')}>{locked ? 'Unlock' : 'Lock'}</Button>}
        {mayPublish && <PublishButton locked={locked} blockedReason={dirty ? 'Save your changes before publishing' : undefined}
          publish={async (onChunk) => { try { return await publishFunnel(id, onChunk); } finally { refresh(); } }} />}
      </div>
      <EditorBar docs={[doc]} onSaved={refresh} />
      <Tabs label="Funnel" selected={tab} onSelect={(t) => navigate(`/funnels/${id}/${t}`)}
        items={FUNNEL_TABS.map((t) => ({ id: t, label: FUNNEL_TAB_LABELS[t], content: content[t] ?? later(FUNNEL_TAB_LABELS[t]) }))} />
      <ConfirmDialog isOpen={confirm === 'lock'} title={locked ? 'Unlock funnel' : 'Lock funnel'} confirmLabel={locked ? 'Unlock' : 'Lock'}
        message={locked ? 'Unlock this funnel? Edits, pages and Publish become possible again.' : 'Lock this funnel? Edits, adds, deletes, page changes and Publish are disabled while it is locked.'}
        onCancel={() => setConfirm(null)}
        onConfirm={async () => {
          setConfirm(null);
          // The lock call bumps the funnel's version; useLoadDoc then reloads the document.
          try { await fm.lock.mutateAsync({ id, locked: !locked }); } catch { /* shown */ }
        }} />
      <ConfirmDialog isOpen={cloning} title="Clone funnel" confirmLabel="Clone" message={`Create a copy of ${funnel.name} with all its pages?`}
        onCancel={() => setCloning(false)}
        onConfirm={async () => {
          setCloning(false);
          try {
            const c = await fm.clone.mutateAsync({ id, name: `${funnel.name} (copy)` });
            notify.success(`Funnel ${c.name} created`);
            navigate(`/funnels/${c.ID}/pages`);
          } catch { /* shown */ }
        }} />
    </section>
  );
}

/** /funnels/{id}/pages/{pageId}: the page editor. */
export function PageEditorScreen() {
  const { id: idParam, pageId: pageParam } = useParams();
  const id = Number(idParam);
  const pageId = Number(pageParam);
  const funnelQ = useFunnel(id);
  const pageQ = usePage(pageId);
  // The funnel's domain is on its list row (GET /api/v1/funnels), for the published page's address.
  const domain = useFunnels().data?.find((f) => f.ID === id)?.domain ?? null;
  const qc = useQueryClient();
  const doc: DocId = `page:${pageId}`;
  useLoadDoc(doc, pageQ.data);
  useLoadDoc(`funnel:${id}`, funnelQ.data);
  const funnel = useEditorStore((st) => st.docs[`funnel:${id}`]?.value as Funnel | undefined);
  const loaded = useEditorStore((st) => !!st.docs[doc]);
  if (pageQ.isError) throw pageQ.error;
  if (!loaded || !funnel) return <p role="status">Loading page…</p>;
  return (
    <section>
      <div className={s.row} style={{ marginBottom: 8 }}>
        <Link to={`/funnels/${id}/pages`}>← {funnel.name}</Link>
        <span className={s.spacer} />
      </div>
      <EditorBar docs={[doc, `funnel:${id}`]} onSaved={() => { void qc.invalidateQueries({ queryKey: keys.pages(id) }); void qc.invalidateQueries({ queryKey: keys.audit(id) }); }} />
      <PageEditor pageId={pageId} offerId={funnel.offer ?? null} locked={funnel.locked} domain={domain} />
    </section>
  );
}
