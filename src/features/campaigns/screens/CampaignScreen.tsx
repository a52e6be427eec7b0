/**
 * /campaigns/{id} (000 §2 campaign detail; 001 §2), connected: reads the campaign and its
 * owner's campaigns (its funnel's, or its offer's own), links back to the owner. An id that is
 * not a number or no campaign's says 'Campaign {id} not found'. For `campaigns.write`: Edit
 * (saved in place), '+ Add Campaign' (a campaign of the same owner; the page then shows the new
 * one at /campaigns/{newId}) and Delete (then back to the owner's page). A 409 is the info
 * toast, other refusals the 'Error' toast; successes are said.
 */
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, useCan, useFunnel, useOffers, useRole } from '../../../api';
import type { Campaign } from '../../../model';
import { useDocumentTitle, Skeleton } from '../../../ui';
import { useCampaign, useCampaignWrites, useOwnerCampaigns } from '../api';
import { CampaignDetail, CampaignNotFound, type CampaignOwner } from '../components/CampaignDetail';

/** A route id that can name a campaign row: digits only. */
const asId = (raw: string | undefined): number | null => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** The campaign detail screen. */
export function CampaignScreen() {
  const params = useParams();
  const id = asId(params.id);
  if (id === null) return <CampaignNotFound id={params.id ?? ''} />;
  return <ConnectedCampaign key={id} id={id} />;
}

function ConnectedCampaign({ id }: { id: number }) {
  const navigate = useNavigate();
  const q = useCampaign(id);
  const offers = useOffers();
  const c = q.data;
  const offer = c?.offer_id != null ? offers.data?.find((o) => o.offer_id === c.offer_id) : undefined;
  const siblings = useOwnerCampaigns(c, offer?.ID ?? null);
  const funnel = useFunnel(c?.funnel_id ?? 0, c?.funnel_id != null);
  const canWrite = useCan('campaigns.write');
  const roleKnown = useRole() !== null;
  const m = useCampaignWrites();
  useDocumentTitle([c ? `Campaign ${c.campaign_id}` : 'Campaign']);
  if (q.isError) {
    if (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 422)) return <CampaignNotFound id={String(id)} />;
    throw q.error;
  }
  if (!c) return <Skeleton label="Loading the campaign…" variant="lines" />;
  const owner: CampaignOwner | null =
    c.funnel_id != null
      ? { label: `${funnel.data?.name ?? `Funnel ${c.funnel_id}`}: Campaigns`, to: `/funnels/${c.funnel_id}/campaigns` }
      : offer
        ? { label: `${offer.name}: Campaign`, to: `/offers/${offer.ID}/campaign` }
        : null;
  const ownerIds = siblings.data?.filter((x: Campaign) => (c.funnel_id != null ? x.funnel_id === c.funnel_id : x.funnel_id == null)).map((x) => x.campaign_id);
  return (
    <CampaignDetail
      campaign={c}
      owner={owner}
      ownerIds={ownerIds}
      canWrite={canWrite}
      roleKnown={roleKnown}
      onAdd={async (v) => {
        const made = await m.create.mutateAsync({ ...v, funnel_id: c.funnel_id, offer_id: c.funnel_id == null ? c.offer_id : v.offer_id });
        void navigate(`/campaigns/${made.ID}`);
      }}
      onUpdate={(v) => m.update.mutateAsync({ id: c.ID, body: v })}
      onDelete={async () => {
        await m.remove.mutateAsync(c);
        void navigate(owner?.to ?? '/funnels', { replace: true });
      }}
    />
  );
}
