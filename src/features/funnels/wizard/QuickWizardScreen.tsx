import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { keys, useMe } from '../../../api';
import { notify, useDocumentTitle, Skeleton } from '../../../ui';
import { newDraft, newGeneral, type WizardDraft } from './draft';
import { discardDraft, loadDraft, saveDraft } from './draft-store';
import { QuickWizard } from './QuickWizard';
import { buildApi, useWizardChoices } from './wizard-api';

/** What Done says (001 §4 "Wizard finish: … says Processing complete!"). */
export const PROCESSING_COMPLETE = 'Processing complete!';

/**
 * /funnels/quick (001 §2 "Add Funnel Beta (opens the quick wizard)"): the quick wizard with
 * its draft kept in the signed-in user's IndexedDB after every change, so a reload — even
 * during Build — resumes where it was, with the ids already created. Done forgets the draft,
 * opens /funnels/{id}/domains and says 'Processing complete!'; "Discard draft" starts anew.
 */
export function QuickWizardScreen() {
  useDocumentTitle(['Quick funnel wizard', 'Funnels']);
  const me = useMe();
  const { choices, loading, error } = useWizardChoices();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const userId = me.data?.user_id;
  const { id } = useParams();
  const [draft, setDraft] = useState<WizardDraft | null>(null);
  const loadedFor = useRef<number | null>(null);

  useEffect(() => {
    if (userId == null || loadedFor.current === userId) return;
    loadedFor.current = userId;
    void loadDraft(userId).then((d) => {
      // A step that was running when the page went away is not running any more.
      setDraft(d ? { ...d, build: { ...d.build, running: null } } : { ...newDraft(), general: newGeneral() });
    });
  }, [userId]);

  // The address follows the build (when idle, so a running build is never cut off): with the
  // funnel's id once built — the route then edits its document (Faq, Manual, Done) — else without.
  const built = draft?.build.funnelId ?? null;
  const idle = draft != null && draft.build.running == null;
  useEffect(() => {
    if (!idle) return;
    const want = built != null ? `/funnels/quick/${built}` : '/funnels/quick';
    if (String(built ?? '') !== (id ?? '')) void navigate(want, { replace: true });
  }, [built, idle, id, navigate]);

  const update = useCallback(
    (fn: (d: WizardDraft) => WizardDraft) => {
      setDraft((d) => {
        if (!d) return d;
        const next = fn(d);
        if (userId != null) void saveDraft(userId, next);
        return next;
      });
    },
    [userId],
  );

  if (me.isError) throw me.error;
  if (error) throw error;
  if (loading || me.isLoading || !draft || userId == null) return <Skeleton label="Loading the quick funnel wizard…" variant="lines" />;
  return (
    <QuickWizard
      {...choices}
      api={buildApi}
      draft={draft}
      update={update}
      onDiscard={() => {
        const fresh = { ...newDraft(), general: newGeneral() };
        setDraft(fresh);
        void discardDraft(userId);
      }}
      onDone={(id) => {
        void discardDraft(userId);
        for (const k of [keys.funnels, keys.offers, keys.domains]) void qc.invalidateQueries({ queryKey: k });
        notify.success(PROCESSING_COMPLETE);
        void navigate(`/funnels/${id}/domains`);
      }}
    />
  );
}
