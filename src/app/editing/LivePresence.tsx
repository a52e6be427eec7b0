/**
 * Live collaboration in the editor bar: the avatars of the other operators on the
 * route's funnel, and another operator's save taken into the open editor without a reload —
 * the newer copy loaded under this operator's unsaved edits, rebased by identity as after a
 * 412 (a collision becomes the conflict question) — with who saved what shown as a note.
 * After the live connection was down, the route's documents are read again: a save made
 * meanwhile is taken in the same way. A newer copy that cannot be read (the network is down,
 * a 5xx) is tried again with the stream's backoff, 5 times.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, keys, readDocument } from '../../api';
import { reconnectDelay, useFunnelLive } from '../../api/live';
import { useEditorStore, useEditorStoreApi, type DocId } from '../../editor';
import type { ChangeEvent } from '../../model/live';
import { notify, PresenceAvatars } from '../../ui';
import { docTitle } from './EditorBar';

/** The funnel the route's documents belong to (its `funnel:` or `layout:` document), or null. */
export function funnelOfDocs(docs: readonly DocId[]): number | null {
  const d = docs.find((x) => x.startsWith('funnel:') || x.startsWith('layout:'));
  return d ? Number(d.slice(d.indexOf(':') + 1)) : null;
}

/** The avatars for the route's `docs`; keeps the live connection while the route is open. */
export function LivePresence({ docs }: { docs: readonly DocId[] }) {
  const store = useEditorStoreApi();
  const qc = useQueryClient();
  const here = docs.find((d) => d.startsWith('page:')) ?? null;
  // The template editor names only its page: its funnel is the page's.
  const pageFunnel = useEditorStore((st) => (here ? ((st.docs[here]?.value as { funnel_id?: number } | undefined)?.funnel_id ?? null) : null));
  const funnelId = funnelOfDocs(docs) ?? pageFunnel;
  /** Pending retries of {@link takeNewer}, by document; cleared when the route closes. */
  const retries = useRef(new Map<DocId, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = retries.current;
    return () => {
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    };
  }, []);
  // The notes are a listener of the command log's remote events, gone with the route.
  useEffect(
    () =>
      store.actions.listen((e) => {
        if (e.type !== 'remote' || e.note === undefined) return;
        if (e.outcome === 'updated') notify.info(e.note);
        if (e.outcome === 'rebased') notify.info(`${e.note}. Your unsaved changes are kept on top.`);
        if (e.outcome === 'conflict') notify.info(`${e.note}. Some of your unsaved changes collide with it: choose what to keep in the editor bar.`);
      }),
    [store],
  );
  /**
   * Takes the newer saved copy of `doc` into the editor when it is open and behind `version`
   * (or any newer one when `version` is null), rebased under this operator's unsaved edits;
   * `what` words the note. Unreachable or a server error: tried again later (`attempt` of 5).
   * Deleted or no longer allowed (4xx): left alone, the next save meets it anyway.
   */
  const takeNewer = async (doc: DocId, version: number | null, what: (title: string) => string, attempt = 0): Promise<void> => {
    const open = store.getState().docs[doc];
    if (!open || (version !== null && open.version >= version)) return;
    try {
      const copy = await readDocument(doc);
      const now = store.getState().docs[doc];
      if (!now || copy.version <= now.version) return;
      store.actions.remoteUpdate(doc, copy.value, copy.version, what(docTitle(doc, copy.value)));
    } catch (e) {
      if (!(e instanceof ApiError) || (e.status !== 0 && e.status < 500) || attempt >= 4) return;
      clearTimeout(retries.current.get(doc));
      retries.current.set(
        doc,
        setTimeout(() => {
          retries.current.delete(doc);
          void takeNewer(doc, version, what, attempt + 1);
        }, reconnectDelay(attempt)),
      );
    }
  };
  /** Lists, the audit log and closed documents show the newer state when next read. */
  const refreshReads = (pageDocs: readonly string[]) => {
    if (funnelId !== null) void qc.invalidateQueries({ queryKey: keys.funnel(funnelId) });
    for (const doc of pageDocs) if (doc.startsWith('page:')) void qc.invalidateQueries({ queryKey: keys.page(Number(doc.slice(5))) });
  };
  const onChange = async (e: ChangeEvent) => {
    await takeNewer(e.doc as DocId, e.version, (title) => `${e.user.name} saved ${title}${e.title ? `: ${e.title}` : ''}`);
    refreshReads([e.doc]);
  };
  // Back after the stream (or the server's LISTEN) was down: saves made meanwhile were not heard.
  const onResync = async () => {
    await Promise.all(docs.map((doc) => takeNewer(doc, null, (title) => `${title} was saved by another operator while this tab was not connected`)));
    refreshReads(docs);
  };
  const live = useFunnelLive(
    funnelId,
    here,
    (e) => void onChange(e),
    () => void onResync(),
  );
  if (funnelId === null) return null;
  const pageNames = qc.getQueryData<{ ID: number; name: string }[]>(keys.pages(funnelId)) ?? [];
  const docName = (doc: string | null) => {
    if (!doc || doc.startsWith('funnel:') || doc.startsWith('layout:')) return 'the funnel';
    const page = pageNames.find((p) => `page:${p.ID}` === doc);
    return page ? `Page ${page.name}` : `page ${doc.slice(5)}`;
  };
  return <PresenceAvatars viewers={live.viewers.filter((v) => v.conn !== live.me)} here={here} docName={docName} />;
}
