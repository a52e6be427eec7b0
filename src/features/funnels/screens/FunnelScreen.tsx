/**
 * The funnel page (001 §2 "Funnel page"): the `funnels/:id` layout route — its title, status and
 * actions (Clone, Archive, Lock, Publish) above the tabs; each tab is a child route of its own
 * (src/features/funnels/tabs/, loaded on first visit with a loader that starts its reads), shown
 * in the selected tab's panel through the outlet.
 */
import { useState } from 'react';
import { Outlet, useMatch, useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { keys, useCan, useFunnel } from '../../../api';
import { useEditorStore, useLoadDoc, type DocId } from '../../../editor';
import { FUNNEL_TAB_LABELS, FUNNEL_TABS, MSG, type Funnel, type FunnelTab, type Offer, type Page } from '../../../model';
import { Button, ConfirmDialog, DetailHeader, FormDialog, LockIcon, notify, Tabs, styles as s, useDocumentTitle, Skeleton } from '../../../ui';
import { useFunnelMutations } from '../api';
import { publishFunnel, releaseReads } from '../tabs-api';
import { CloneFunnelForm } from '../components/NewFunnelForm';
import { PublishButton, type PublishButtonProps } from '../components/PublishButton';
import { funnelQueries } from '../tab-queries';
import type { FunnelTabContext } from '../tabs/context';
import { useFlowProblems } from '../use-flow-problems';

const isTab = (t: string | undefined): t is FunnelTab => (FUNNEL_TABS as readonly (string | undefined)[]).includes(t);

/** The tab the address names (`/funnels/{id}/{tab}`), or null for an unknown one. */
function useSelectedTab(): FunnelTab | null {
  const tab = useMatch({ path: '/funnels/:id/:tab', end: false })?.params.tab;
  return isTab(tab) ? tab : null;
}

/** /funnels/{id}: the funnel page around the selected tab's route. */
export function FunnelScreen() {
  const { id: idParam } = useParams();
  const tab = useSelectedTab();
  const atIndex = useMatch('/funnels/:id') !== null;
  const id = Number(idParam);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const funnelQ = useFunnel(id);
  // Publish checks the funnel with its pages and offer (the Pages tab reads the same from the cache).
  const pagesQ = useQuery(funnelQueries.pages(id));
  const offers = useQuery(funnelQueries.offers());
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
  useDocumentTitle([tab !== 'pages' && tab !== null && FUNNEL_TAB_LABELS[tab], funnel?.name]);
  // The bare address: its index route sends it on to the Pages tab.
  if (atIndex) return <Outlet />;
  if (!Number.isInteger(id) || tab === null) return <h1>{MSG.notFound}</h1>;
  if (funnelQ.isError) throw funnelQ.error;
  if (!funnel || !funnelQ.data) return <Skeleton label="Loading funnel…" />;
  const locked = funnel.locked;
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: keys.funnel(id) });
    void qc.invalidateQueries({ queryKey: keys.audit(id) });
    void qc.invalidateQueries({ queryKey: keys.pages(id) });
  };
  const toggleLock = async () => {
    setConfirm(null);
    // The lock call bumps the funnel's version; useLoadDoc then reloads the document.
    try {
      await fm.lock.mutateAsync({ id, locked: !locked });
    } catch {
      /* shown */
    }
  };
  const cloneFunnel = async ({ name }: { name: string }) => {
    const c = await fm.clone.mutateAsync({ id, name });
    notify.success(`Funnel ${c.name} created`);
    void navigate(`/funnels/${c.ID}/pages`);
  };
  const toggleArchive = async () => {
    setConfirm(null);
    try {
      await fm.archive.mutateAsync({ id, archived: !funnel.archived });
      notify.success(funnel.archived ? `Funnel ${funnel.name} restored` : `Funnel ${funnel.name} archived: it is listed under Archived funnels`);
    } catch {
      /* shown */
    }
  };
  const context: FunnelTabContext = { funnelId: id, funnel, locked };
  return (
    <section>
      <DetailHeader
        back={{ to: '/funnels', label: 'Funnels' }}
        title={
          <>
            {locked && <LockIcon size={18} />}
            {funnel.name}
          </>
        }
      >
        <span className={`${s.badge} ${s.tone.info}`}>{funnel.publish_status}</span>
        <span className={s.spacer} />
        {mayWrite && <Button onPress={() => setCloning(true)}>Clone</Button>}
        {funnel.archived && <span className={`${s.badge} ${s.tone.warning}`}>Archived</span>}
        {mayWrite && (
          <Button
            onPress={() => setConfirm('archive')}
            isDisabled={locked}
            disabledReason={MSG.locked}
            aria-describedby={locked ? 'archive-locked' : undefined}
          >
            {funnel.archived ? 'Restore' : 'Archive'}
          </Button>
        )}
        {mayWrite && locked && (
          <span id="archive-locked" hidden>
            Unlock the funnel to archive or restore it
          </span>
        )}
        {mayWrite && <Button onPress={() => setConfirm('lock')}>{locked ? 'Unlock' : 'Lock'}</Button>}
        {mayPublish && (
          <CheckedPublishButton
            funnel={funnel}
            pages={pagesQ.data}
            offers={offers.data}
            locked={locked}
            blockedReason={dirty ? 'Save your changes before publishing' : undefined}
            whatGoesLive={async () => (await releaseReads.pending(id)).changes}
            publish={async (onChunk) => {
              try {
                return await publishFunnel(id, onChunk);
              } finally {
                refresh();
              }
            }}
          />
        )}
      </DetailHeader>
      <Tabs
        label="Funnel"
        selected={tab}
        onSelect={(t) => void navigate(`/funnels/${id}/${t}`)}
        items={FUNNEL_TABS.map((t) => ({ id: t, label: FUNNEL_TAB_LABELS[t], content: <Outlet context={context} /> }))}
      />
      <ConfirmDialog
        isOpen={confirm === 'lock'}
        title={locked ? 'Unlock funnel' : 'Lock funnel'}
        confirmLabel={locked ? 'Unlock' : 'Lock'}
        message={
          locked
            ? 'Unlock this funnel? Edits, pages and Publish become possible again.'
            : 'Lock this funnel? Edits, adds, deletes, page changes and Publish are disabled while it is locked.'
        }
        onCancel={() => setConfirm(null)}
        onConfirm={() => void toggleLock()}
      />
      <ConfirmDialog
        isOpen={confirm === 'archive'}
        title={funnel.archived ? 'Restore funnel' : 'Archive funnel'}
        confirmLabel={funnel.archived ? 'Restore' : 'Archive'}
        message={
          funnel.archived
            ? `Restore ${funnel.name}? It returns to the funnel list.`
            : `Archive ${funnel.name}? It leaves the funnel list (find it under Archived funnels) and its published site stays online.`
        }
        onCancel={() => setConfirm(null)}
        onConfirm={() => void toggleArchive()}
      />
      <FormDialog title="Clone funnel" isOpen={cloning} formId="clone-funnel" saveLabel="Clone" onSave={cloneFunnel} onClose={() => setCloning(false)}>
        {(slot) => (
          <>
            <p>A copy of {funnel.name} with its pages, campaigns, pixels and scrubs.</p>
            <CloneFunnelForm {...slot} defaultName={`${funnel.name} (copy)`} />
          </>
        )}
      </FormDialog>
    </section>
  );
}

/**
 * Publish with the pre-publish check of the funnel and its pages as the editor store
 * holds them (unsaved edits included, like the Pages tab) and whether the offer exists. Its own
 * component so that an edit re-renders the check, not the whole funnel screen. While the pages
 * or offers load no problem is claimed: the server runs the same check anyway.
 */
function CheckedPublishButton({
  funnel,
  pages: listed,
  offers,
  ...rest
}: Omit<PublishButtonProps, 'problems' | 'funnelId'> & { funnel: Funnel; pages?: Page[]; offers?: Offer[] }) {
  const problems = useFlowProblems(funnel, listed, offers);
  return <PublishButton {...rest} funnelId={funnel.ID} problems={problems} />;
}
