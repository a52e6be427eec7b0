/**
 * Live collaboration in the editor bar (issue 14): the avatars of the other operators on the
 * route's funnel, and another operator's save taken into the open editor without a reload —
 * the newer copy loaded under this operator's unsaved edits, rebased by identity as after a
 * 412 (a collision becomes the conflict question) — with who saved what shown as a note.
 */
import { useQueryClient } from '@tanstack/react-query';
import { keys, readDocument } from '../../api';
import { useFunnelLive } from '../../api/live';
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
  const pageFunnel = useEditorStore((st) => (here ? (st.docs[here]?.value as { funnel_id?: number } | undefined)?.funnel_id ?? null : null));
  const funnelId = funnelOfDocs(docs) ?? pageFunnel;
  const onChange = async (e: ChangeEvent) => {
    const doc = e.doc as DocId;
    const open = store.getState().docs[doc];
    if (open && open.version < e.version) {
      try {
        const copy = await readDocument(doc);
        const outcome = store.actions.remoteUpdate(doc, copy.value, copy.version);
        const what = `${e.user.name} saved ${docTitle(doc, copy.value)}${e.title ? `: ${e.title}` : ''}`;
        if (outcome === 'updated' || outcome === 'rebased') notify.info(outcome === 'rebased' ? `${what}. Your unsaved changes are kept on top.` : what);
        if (outcome === 'conflict') notify.info(`${what}. Some of your unsaved changes collide with it: choose what to keep in the editor bar.`);
      } catch {
        // Not readable now (deleted, signed out): the next save meets the newer version anyway.
      }
    }
    // Lists, the audit log and closed documents show the newer state when next read.
    if (funnelId !== null) void qc.invalidateQueries({ queryKey: keys.funnel(funnelId) });
    if (doc.startsWith('page:')) void qc.invalidateQueries({ queryKey: keys.page(Number(doc.slice(5))) });
  };
  const live = useFunnelLive(funnelId, here, (e) => void onChange(e));
  if (funnelId === null) return null;
  const pageNames = qc.getQueryData<{ ID: number; name: string }[]>(keys.pages(funnelId)) ?? [];
  const docName = (doc: string | null) => {
    if (!doc || doc.startsWith('funnel:') || doc.startsWith('layout:')) return 'the funnel';
    const page = pageNames.find((p) => `page:${p.ID}` === doc);
    return page ? `Page ${page.name}` : `page ${doc.slice(5)}`;
  };
  return <PresenceAvatars viewers={live.viewers.filter((v) => v.conn !== live.me)} here={here} docName={docName} />;
}
