import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { keys, useCan, useFunnel, useOffers, useTemplates } from '../../../api';
import { useEditorStore, useLoadDoc, type DocId } from '../../../editor';
import { flowProblems, FUNNEL_TAB_LABELS, FUNNEL_TABS, MSG, type Funnel, type Offer, type Page } from '../../../model';
import { Box, Button, ConfirmDialog, FormModal, Inline, LockIcon, notify, Tabs, styles as s, useBusyAction, useDocumentTitle, Skeleton } from '../../../ui';
import { useFunnelMutations } from '../api';
import { publishFunnel, releaseReads, useImageMutations, useImages, usePageMutations, usePages } from '../tabs-api';
import { GalleryTab } from '../components/GalleryTab';
import { useBlockerMutations, useBlockers, usePixelMutations, usePixels, useScrubMutations, useScrubs } from '../tabs-api';
import { BlockersTab, blockerName } from '../components/BlockersTab';
import { PixelsTab } from '../components/PixelsTab';
import { ScrubsTab } from '../components/ScrubsTab';
import { scrubName } from '../../../ui/catalog/ScrubForm';
import { CloneFunnelForm } from '../components/NewFunnelForm';
import { FunnelDetailsForm } from '../components/FunnelDetailsForm';
import { PagesTab, type PagesTabProps } from '../components/PagesTab';
import { PublishButton, type PublishButtonProps } from '../components/PublishButton';
import { AnalyticsTabScreen } from './AnalyticsTabScreen';
import { CampaignsTabScreen } from './CampaignsTabScreen';
import { DomainsTabScreen } from './DomainsTabScreen';
import { LogsTabScreen } from './LogsTabScreen';
import { ProductsTabScreen } from './ProductsTabScreen';
import { ReleasesTabScreen } from './ReleasesTabScreen';

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
  const pageM = usePageMutations(id);
  const fm = useFunnelMutations();
  const images = useImages(id, tab === 'gallery');
  const imageM = useImageMutations(id);
  const scrubsQ = useScrubs(id, tab === 'scrubs');
  const scrubM = useScrubMutations(id);
  const pixelsQ = usePixels(id, tab === 'pixels');
  const pixelM = usePixelMutations(id);
  const blockersQ = useBlockers(id, tab === 'blockers');
  const blockerM = useBlockerMutations(id);
  const doc: DocId = `funnel:${id}`;
  useLoadDoc(doc, funnelQ.data);
  const funnel = useEditorStore((st) => st.docs[doc]?.value as Funnel | undefined);
  const dirty = useEditorStore((st) => Object.values(st.docs).some((d) => d?.dirty));
  const [confirm, setConfirm] = useState<null | 'lock' | 'archive'>(null);
  const [cloning, setCloning] = useState(false);
  const [busy, run] = useBusyAction();
  // Buttons a role may not use are not shown (the policy table; the API refuses them too).
  const mayWrite = useCan('funnels.write');
  const mayPublish = useCan('funnels.publish');
  useDocumentTitle([tab !== 'pages' && FUNNEL_TAB_LABELS[tab as (typeof FUNNEL_TABS)[number]], funnel?.name]);
  if (!Number.isInteger(id)) return <h1>{MSG.notFound}</h1>;
  if (funnelQ.isError) throw funnelQ.error;
  if (!funnel || !funnelQ.data) return <Skeleton label="Loading funnel…" />;
  if (!(FUNNEL_TABS as readonly string[]).includes(tab)) return <h1>{MSG.notFound}</h1>;
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
  const cloneFunnel = async (name: string) => {
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
  const content: Record<(typeof FUNNEL_TABS)[number], ReactNode> = {
    domains: <DomainsTabScreen funnelId={id} locked={locked} />,
    campaigns: <CampaignsTabScreen funnelId={id} offerId={funnel.offer || null} locked={locked} />,
    products: <ProductsTabScreen funnelId={id} offerId={funnel.offer || null} locked={locked} />,
    pages: pagesQ.data ? (
      <CheckedPagesTab
        funnel={funnel}
        offers={offers.data}
        funnelId={id}
        pages={pagesQ.data}
        indexPageId={funnel.page_id}
        templates={templates.data ?? []}
        locked={locked}
        onCreate={(v) => pageM.create.mutateAsync(v)}
        onDelete={(pid) => pageM.remove.mutateAsync(pid)}
        onClone={async (source, form) => {
          const c = await pageM.clone.mutateAsync({ source, form });
          notify.success(`Page ${c.name} created at ${c.page_path}`);
        }}
      />
    ) : (
      <Skeleton label="Loading pages…" />
    ),
    details: <FunnelDetailsForm funnelId={id} offers={offers.data ?? []} pages={pagesQ.data ?? []} locked={locked} />,
    gallery: images.data ? (
      <GalleryTab
        images={images.data}
        locked={locked}
        onUpload={async (files, onProgress) => notify.success((await imageM.upload.mutateAsync({ files, onProgress })).message)}
        onDelete={async (name) => {
          await imageM.remove.mutateAsync(name);
          notify.success(`Image ${name} deleted`);
        }}
      />
    ) : (
      <Skeleton label="Loading images…" />
    ),
    scrubs: scrubsQ.data ? (
      <ScrubsTab
        scrubs={scrubsQ.data}
        locked={locked}
        onCreate={async (v) => {
          const c = await scrubM.create.mutateAsync(v);
          notify.success(`Added the ${scrubName(c)}`);
        }}
        onUpdate={async (sc, form) => {
          const u = await scrubM.update.mutateAsync({ id: sc.ID, form });
          notify.success(`Saved the ${scrubName(u)}`);
        }}
        onDelete={async (sc) => {
          await scrubM.remove.mutateAsync(sc.ID);
          notify.success(`Deleted the ${scrubName(sc)}`);
        }}
      />
    ) : (
      <Skeleton label="Loading scrubs…" />
    ),
    pixels: pixelsQ.data ? (
      <PixelsTab
        pixels={pixelsQ.data}
        pages={pagesQ.data ?? []}
        locked={locked}
        onCreate={async (v) => {
          const made = await pixelM.create.mutateAsync(v);
          notify.success(`Pixel ${v.name} added to ${made.length} page${made.length === 1 ? '' : 's'}`);
        }}
        onUpdate={async (p, form) => {
          await pixelM.update.mutateAsync({ id: p.ID, form });
          notify.success(`Pixel ${form.name} saved`);
        }}
        onDelete={async (p) => {
          await pixelM.remove.mutateAsync(p.ID);
          notify.success(`Pixel ${p.name} deleted`);
        }}
      />
    ) : (
      <Skeleton label="Loading pixels…" />
    ),
    blockers: blockersQ.data ? (
      <BlockersTab
        blockers={blockersQ.data}
        locked={locked}
        onCreate={async (v) => {
          const c = await blockerM.create.mutateAsync(v);
          notify.success(`Added the ${blockerName(c)}`);
        }}
        onUpdate={async (b, form) => {
          const u = await blockerM.update.mutateAsync({ id: b.ID, form });
          notify.success(`Saved the ${blockerName(u)}`);
        }}
        onDelete={async (b) => {
          await blockerM.remove.mutateAsync(b.ID);
          notify.success(`Deleted the ${blockerName(b)}`);
        }}
      />
    ) : (
      <Skeleton label="Loading blocked users…" />
    ),
    logs: <LogsTabScreen funnelId={id} />,
    releases: <ReleasesTabScreen funnelId={id} locked={locked} />,
    analytics: <AnalyticsTabScreen funnelId={id} />,
  };
  return (
    <section>
      <Inline marginBottom="sm">
        <Link to="/funnels">
          <span aria-hidden="true">← </span>Funnels
        </Link>
      </Inline>
      <Inline marginBottom="md">
        <Box as="h1" margin="none">
          {locked && <LockIcon size={18} />}
          {funnel.name}
        </Box>
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
      </Inline>
      <Tabs
        label="Funnel"
        selected={tab}
        onSelect={(t) => void navigate(`/funnels/${id}/${t}`)}
        items={FUNNEL_TABS.map((t) => ({ id: t, label: FUNNEL_TAB_LABELS[t], content: content[t] }))}
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
      <FormModal title="Clone funnel" isOpen={cloning} formId="clone-funnel" busy={busy} saveLabel="Clone" onCancel={() => setCloning(false)}>
        <p>A copy of {funnel.name} with its pages, campaigns, pixels and scrubs.</p>
        <CloneFunnelForm
          id="clone-funnel"
          defaultName={`${funnel.name} (copy)`}
          onSave={(v) =>
            run(
              () => cloneFunnel(v.name),
              () => setCloning(false),
            )
          }
        />
      </FormModal>
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

/** The Pages tab with the same check beside its flow diagram (its own component for the same reason). */
function CheckedPagesTab({ funnel, offers, ...rest }: Omit<PagesTabProps, 'problems'> & { funnel: Funnel; offers?: Offer[] }) {
  const problems = useFlowProblems(funnel, rest.pages, offers);
  return <PagesTab {...rest} problems={problems} />;
}

/** The pre-publish check of `funnel` and its pages as the editor store holds them; undefined while the pages load. */
function useFlowProblems(funnel: Funnel, listed: Page[] | undefined, offers: Offer[] | undefined) {
  const docs = useEditorStore((st) => st.docs);
  return useMemo(
    () =>
      listed &&
      flowProblems({
        funnel,
        pages: listed.map((p) => (docs[`page:${p.ID}`]?.value as Page | undefined) ?? p),
        offerExists: offers ? offers.some((o) => o.offer_id === funnel.offer) : true,
      }),
    [funnel, listed, offers, docs],
  );
}
