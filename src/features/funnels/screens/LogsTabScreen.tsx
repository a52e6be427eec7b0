/**
 * The Logs tab's container (001 §2, §3): the funnel's audit log with Add Note and
 * Delete, "Revert this change" on every recorded change, and time travel over the funnel and
 * its pages. A revert and a restored version are commands of the editor's command log
 * (`apply`): undoable, saved with the editor bar's Save (If-Match), audited under their label.
 * The log is read a page at a time ("Load older entries"); a revert and time travel
 * read the changes of their one document back to the entry they need (`funnelReads.docLog`),
 * so they work on any entry, however far back.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { keys, sharedReads, useCan } from '../../../api';
import { pageReads } from '../../../api/pages';
import { usePreview } from '../../../api/preview';
import { loadIfNewer, useEditor, useEditorStore, useEditorStoreApi, type DocId } from '../../../editor';
import {
  AUDIT_TYPES,
  applyOps,
  docHistory,
  replayableOps,
  restoreOps,
  revertPlan,
  stateAfter,
  versionDifferences,
  type AuditLog,
  type AuditSentenceContext,
  type Funnel,
} from '../../../model';
import { Button, DevicePreview, EmptyState, notify } from '../../../ui';
import { csvExport } from '../../../api/csv-export';
import { pathOf } from '../../../model/contract';
import { AUDIT_ROUTES } from '../../../model/contracts/audit';
import { ExportCsvButton } from '../../../ui/list/ExportCsvButton';
import { isLogFiltered, LogFilters } from '../components/LogFilters';
import { LogsTab } from '../components/LogsTab';
import { RevertDialog, type RevertPreview } from '../components/RevertDialog';
import { TimeTravel } from '../components/TimeTravel';
import { docLogKey, funnelReads, useAuditLog, useAuditMutations, usePages, type AuditFilter } from '../tabs-api';

type Versioned = { version: number; name?: string };

/** Whether `doc` names a page document (`page:12`). */
const isPageDoc = (doc: string | null): doc is `page:${number}` => !!doc && /^page:\d+$/.test(doc);

/** The server's copy of `doc` (a funnel or one of its pages), read afresh. */
const readCopy = (doc: DocId): Promise<Versioned> => {
  const id = Number(doc.slice(doc.indexOf(':') + 1));
  return doc.startsWith('page:') ? pageReads.page(id) : sharedReads.funnel(id);
};
const copyKey = (doc: DocId) => {
  const id = Number(doc.slice(doc.indexOf(':') + 1));
  return doc.startsWith('page:') ? keys.page(id) : keys.funnel(id);
};

/** The Logs tab's filter as the address holds it (shareable; Back undoes one): `doc`, `author`, `kind`. */
export const logFilterOf = (params: URLSearchParams): AuditFilter => ({
  doc: params.get('doc') ?? undefined,
  user: Number(params.get('author')) || undefined,
  type: AUDIT_TYPES.find((t) => t === params.get('kind')),
});

/** The Logs tab of funnel `funnelId` (loaded in the editor store by the funnel page). */
export function LogsTabScreen({ funnelId }: { funnelId: number }) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filter = logFilterOf(params);
  const setFilter = (f: AuditFilter) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of [
        ['doc', f.doc],
        ['author', f.user ? String(f.user) : undefined],
        ['kind', f.type],
      ] as const) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  const audit = useAuditLog(funnelId, filter);
  const auditM = useAuditMutations(funnelId);
  const pages = usePages(funnelId);
  const storeApi = useEditorStoreApi();
  const { apply } = useEditor();
  const mayEditFunnel = useCan('funnels.write');
  const mayEditPages = useCan('pages.write');
  const mayEdit = mayEditFunnel && mayEditPages;
  const funnelDoc: DocId = `funnel:${funnelId}`;
  // A locked funnel refuses edits (001 §4): no revert, no restore.
  const locked = useEditorStore((st) => (st.docs[funnelDoc]?.value as Funnel | undefined)?.locked ?? false);
  const blocked = locked ? 'Unlock the funnel to revert or restore changes' : undefined;
  const entries = useMemo(() => audit.data?.pages.flat() ?? [], [audit.data]);
  const names = useMemo(
    () => new Map<string, string>([[funnelDoc, 'Funnel'], ...(pages.data ?? []).map((p): [string, string] => [`page:${p.ID}`, `Page ${p.name}`])]),
    [pages.data, funnelDoc],
  );
  const titleOf = (doc: string) => names.get(doc) ?? doc;

  // ---- Sentences: each diff named on its document as it was right before it -------------
  const funnelCopy = useQuery({ queryKey: keys.funnel(funnelId), queryFn: () => sharedReads.funnel(funnelId) });
  const listed = useMemo(() => new Map<string, Versioned>((pages.data ?? []).map((p): [string, Versioned] => [`page:${p.ID}`, p])), [pages.data]);
  // A page changed after the page list was read is read afresh: the walk back starts at its newest copy.
  const staleDocs = useMemo(() => {
    const newest = new Map<DocId, number>();
    for (const e of entries) if (e.type === 'diff' && isPageDoc(e.doc) && e.version != null) newest.set(e.doc, Math.max(newest.get(e.doc) ?? 0, e.version));
    return [...newest].filter(([doc, v]) => v > (listed.get(doc)?.version ?? 0)).map(([doc]) => doc);
  }, [entries, listed]);
  // One query for them all, each copy read through the query cache under its own key: react-query's
  // useQueries would join the app chunk every signed-in route loads (about 1 kB gzip).
  const freshCopies = useQuery({
    queryKey: ['audit-copies', ...staleDocs],
    queryFn: () => Promise.all(staleDocs.map((doc) => qc.fetchQuery({ queryKey: copyKey(doc), queryFn: () => readCopy(doc) }))),
    enabled: staleDocs.length > 0,
  }).data;
  const contexts = useMemo(() => {
    const out = new Map<number, AuditSentenceContext>();
    const copies = new Map(listed);
    staleDocs.forEach((doc, i) => {
      const copy = freshCopies?.[i];
      if (copy) copies.set(doc, copy);
    });
    if (funnelCopy.data) copies.set(funnelDoc, funnelCopy.data);
    const docName = (doc: string) => (doc === funnelDoc ? 'Funnel' : (copies.get(doc)?.name ?? undefined));
    const pageNames = new Map((pages.data ?? []).map((p) => [p.ID, p.name]));
    const pageName = (id: number) => pageNames.get(id);
    // Walking back needs every change of a document since its copy: an author or kind filter leaves gaps.
    const complete = !filter.user && !filter.type;
    const walked = new Map<string, unknown>();
    const broken = new Set<string>();
    for (const e of entries) {
      if (e.type !== 'diff' || !e.doc) continue;
      const ctx: AuditSentenceContext = { docName: docName(e.doc), pageName };
      const copy = copies.get(e.doc);
      if (complete && copy && !broken.has(e.doc) && !(e.version != null && e.version > copy.version)) {
        try {
          const before = applyOps(walked.has(e.doc) ? walked.get(e.doc) : copy, replayableOps(e.inverse ?? []));
          walked.set(e.doc, before);
          ctx.before = before;
        } catch {
          // An inverse that no longer applies: older entries of this document are named by position.
          broken.add(e.doc);
        }
      }
      out.set(e.ID, ctx);
    }
    return out;
  }, [entries, listed, staleDocs, freshCopies, pages.data, funnelCopy.data, funnelDoc, filter.user, filter.type]);
  // The authors of the entries read (with an author filter: that author, named by their entries).
  const authors = useMemo(() => {
    const by = new Map<number, string>();
    for (const e of entries) if (e.user_id != null) by.set(e.user_id, e.user?.name || 'A removed account');
    if (filter.user && !by.has(filter.user)) by.set(filter.user, `User ${filter.user}`);
    return [...by].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [entries, filter.user]);

  /** The server's copy of `doc`, read now, and the doc in the editor store (loaded when it is not). */
  const fresh = async (doc: DocId) => {
    const copy = await qc.fetchQuery({ queryKey: copyKey(doc), queryFn: () => readCopy(doc), staleTime: 0 });
    loadIfNewer(storeApi, doc, copy);
    return { copy, current: storeApi.getState().docs[doc]!.value };
  };

  // ---- Revert this change -------------------------------------------------------------
  const [reverting, setReverting] = useState<AuditLog | null>(null);
  const [preview, setPreview] = useState<RevertPreview | null>(null);
  const planOf = async (entry: AuditLog, choices: Record<string, 'mine' | 'theirs'> = {}) => {
    const doc = entry.doc as DocId;
    // The document's changes back to this entry, read now with the copy they lead to.
    const [{ copy, current }, log] = await Promise.all([fresh(doc), funnelReads.docLog(funnelId, doc, entry.ID)]);
    const after = stateAfter(copy, docHistory(log, doc), entry.ID);
    return { doc, current, ...revertPlan(entry, after, current, choices) };
  };
  const startRevert = (entry: AuditLog) => {
    setReverting(entry);
    setPreview(null);
    planOf(entry).then(
      (p) => setPreview({ ops: p.ops, conflicts: p.conflicts, current: p.current }),
      (e: Error) => setPreview({ error: e.message }),
    );
  };
  const confirmRevert = async (choices: Record<string, 'mine' | 'theirs'>) => {
    const entry = reverting;
    if (!entry) return;
    try {
      const p = await planOf(entry, choices);
      setReverting(null);
      if (!p.ops.length) {
        notify.info('Nothing reverted: you kept the later values');
        return;
      }
      apply(p.doc, `Revert: ${entry.title}`, p.ops);
      notify.success(`Reverted “${entry.title}” on ${titleOf(p.doc)}: Save to keep it`);
    } catch (e) {
      setPreview({ error: (e as Error).message });
    }
  };

  // ---- Time travel ----------------------------------------------------------------------
  const travelDoc = params.get('version_of') as DocId | null;
  const travelAt = Number(params.get('version')) || null;
  const travelTo = (doc: string | null, at: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (doc) next.set('version_of', doc);
        else next.delete('version_of');
        if (at) next.set('version', String(at));
        else next.delete('version');
        return next;
      },
      { replace: true },
    );
  // Every change of the document, whatever pages of the log are loaded; until they are read, the
  // loaded ones (the newest: the panel shows at once, and gains older versions when they come).
  const changes = useQuery({
    queryKey: docLogKey(funnelId, travelDoc ?? ''),
    queryFn: () => funnelReads.docLog(funnelId, travelDoc ?? ''),
    enabled: !!travelDoc,
    placeholderData: () => entries.filter((e) => e.doc === travelDoc),
  });
  const history = useMemo(() => (travelDoc ? docHistory(changes.data ?? [], travelDoc) : []), [changes.data, travelDoc]);
  const copy = useQuery({ queryKey: copyKey(travelDoc ?? funnelDoc), queryFn: () => readCopy(travelDoc ?? funnelDoc), enabled: !!travelDoc });
  const current = useEditorStore((st) => (travelDoc ? st.docs[travelDoc]?.value : undefined));
  const at = history.some((e) => e.ID === travelAt) ? travelAt : (history.at(-1)?.ID ?? null);
  const version = useMemo((): { past: Versioned | null; error: string | null } => {
    if (!copy.data || at === null) return { past: null, error: null };
    try {
      return { past: stateAfter(copy.data, history, at), error: null };
    } catch (e) {
      return { past: null, error: (e as Error).message };
    }
  }, [copy.data, history, at]);
  const now = current ?? copy.data;
  const differences = useMemo(() => (version.past && now ? versionDifferences(version.past, now) : null), [version.past, now]);
  const pagePast = travelDoc?.startsWith('page:') ? version.past : null;
  const rendering = usePreview(pagePast);
  const restore = async () => {
    if (!travelDoc || !version.past || at === null) return;
    const entry = history.find((e) => e.ID === at);
    try {
      const { current: cur } = await fresh(travelDoc);
      const ops = restoreOps(cur as object, version.past);
      if (!ops.length) {
        notify.info('This version is the same as now');
        return;
      }
      apply(travelDoc, `Restore the version after “${entry?.title ?? at}”`, ops);
      notify.success(`Restored ${titleOf(travelDoc)} to the version after “${entry?.title ?? at}”: Save to keep it`);
    } catch (e) {
      notify.error((e as Error).message);
    }
  };

  const timeTravel = travelDoc && (
    <TimeTravel
      docs={[...names].map(([doc, label]) => ({ doc, label }))}
      doc={travelDoc}
      onDoc={(d) => travelTo(d, null)}
      entries={history}
      entryId={at}
      onEntry={(id) => travelTo(travelDoc, id)}
      differences={differences}
      now={now}
      error={version.error ?? (copy.isError ? copy.error.message : changes.isError ? changes.error.message : null)}
      restoreBlocked={!mayEdit ? 'Your role may not edit this funnel' : blocked}
      onRestore={() => void restore()}
      onClose={() => travelTo(null, null)}
      preview={
        pagePast ? (
          rendering.error ? (
            <p role="alert">{rendering.error}</p>
          ) : (
            <DevicePreview html={rendering.html} busy={rendering.busy} title={`${titleOf(travelDoc)} as it was`} />
          )
        ) : null
      }
    />
  );

  return (
    <>
      <LogsTab
        entries={entries}
        contextOf={(e) => contexts.get(e.ID)}
        onAddNote={(n) => auditM.addNote.mutateAsync(n)}
        onDelete={(aid) => auditM.remove.mutateAsync(aid)}
        onLoadOlder={audit.hasNextPage ? () => void audit.fetchNextPage() : undefined}
        loadingOlder={audit.isFetchingNextPage}
        onRevert={mayEdit ? startRevert : undefined}
        revertBlocked={blocked}
        onTimeTravel={(e) => travelTo(e.doc, e.ID)}
        filters={
          <>
            <LogFilters filter={filter} onChange={setFilter} docs={[...names].map(([doc, label]) => ({ doc, label }))} authors={authors} />
            <ExportCsvButton
              {...csvExport(pathOf(AUDIT_ROUTES.export.path, { id: funnelId }), { doc: filter.doc, user: filter.user, type: filter.type }, 'log.csv')}
              isDisabled={entries.length === 0}
            />
          </>
        }
        emptyFiltered={
          isLogFiltered(filter) && !audit.isPending ? (
            <EmptyState
              message="No entries match these filters"
              action={
                <Button size="sm" onPress={() => setFilter({})}>
                  Clear filters
                </Button>
              }
            />
          ) : undefined
        }
      >
        {timeTravel}
      </LogsTab>
      <RevertDialog
        key={reverting?.ID ?? 0}
        entry={reverting}
        docTitle={reverting ? titleOf(reverting.doc ?? '') : ''}
        preview={preview}
        onConfirm={(c) => void confirmRevert(c)}
        onCancel={() => setReverting(null)}
      />
    </>
  );
}
