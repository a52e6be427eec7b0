/**
 * /scrubs/{id} (001 §2 "Scrub detail"): the scrub from the API with its funnel's name and lock;
 * edits and deletion say so in a toast (000 §8); after a deletion the funnel's Scrubs tab
 * opens. An id that is not a scrub says so, with the way back to the funnel list.
 */
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, useCan, useFunnel } from '../../../api';
import { Box, useDocumentTitle, Skeleton } from '../../../ui';
import { useScrub, useScrubMutations } from '../api';
import { ScrubDetail } from '../components/ScrubDetail';

/** The scrub detail screen. */
export function ScrubScreen() {
  useDocumentTitle(['Scrub']);
  const raw = useParams().id ?? '';
  const id = Number(raw);
  const valid = /^\d{1,9}$/.test(raw) && id > 0;
  const q = useScrub(id, valid);
  if (!valid || (q.error instanceof ApiError && q.error.status === 404)) {
    return (
      <section aria-labelledby="scrub-title">
        <Box as="h1" id="scrub-title" marginTop="none">
          Scrub not found
        </Box>
        <p>
          There is no scrub {valid ? id : `“${raw}”`}. Scrubs are listed on their funnel's Scrubs tab: <Link to="/funnels">Funnels</Link>.
        </p>
      </section>
    );
  }
  if (q.error) return <p role="alert">{q.error.message}</p>;
  if (!q.data) return <Skeleton label="Loading the scrub…" variant="lines" />;
  return <Loaded scrubId={id} />;
}

function Loaded({ scrubId }: { scrubId: number }) {
  const q = useScrub(scrubId);
  const scrub = q.data;
  const funnelQ = useFunnel(scrub?.funnel_id ?? 0, !!scrub);
  const canWrite = useCan('scrubs.write');
  const m = useScrubMutations(scrubId, scrub?.funnel_id ?? 0);
  const navigate = useNavigate();
  if (!scrub) return null;
  return (
    <ScrubDetail
      scrub={scrub}
      funnelName={funnelQ.data?.name}
      locked={!!funnelQ.data?.locked}
      canWrite={canWrite}
      onUpdate={(v) => m.update.mutateAsync(v)}
      onDelete={async () => {
        await m.remove.mutateAsync(scrub);
        void navigate(`/funnels/${scrub.funnel_id}/scrubs`);
      }}
    />
  );
}
