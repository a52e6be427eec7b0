/**
 * The pre-publish check (model `flowProblems`, 001 §4) of a funnel and its pages as the editor
 * store holds them — unsaved edits included — shared by Publish and the Pages tab's flow diagram.
 */
import { useMemo } from 'react';
import { useEditorStore } from '../../editor';
import { flowProblems, type Funnel, type Offer, type Page } from '../../model';

/** The problems of `funnel` with its `listed` pages (the store's copies where loaded); undefined while the pages load. Offers unknown yet: the offer is taken to exist (the server checks it anyway). */
export function useFlowProblems(funnel: Funnel, listed: Page[] | undefined, offers: Offer[] | undefined) {
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
