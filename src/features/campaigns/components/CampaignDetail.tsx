/**
 * The campaign detail (000 §2 "a campaign detail view that reads an {id} route parameter and
 * shows a table of the selected campaign with a button labelled '+ Add Campaign'"; 001 §2
 * "/campaigns/{id}"; 000 §3, 001 §3 Campaign). The table holds the selected campaign (id, name,
 * country, regions, payment method, shipping, fulfillment, suffix, scrub) with Edit (the
 * existing campaign form, "Add campaign by id") and Delete (with a confirmation) for whoever may
 * write campaigns. '+ Add Campaign' adds another campaign to the same owner — the selected
 * campaign's funnel, or its offer when it has no funnel — with the same form; ids the owner
 * already has are refused with 'Campaign [id] already added' before the call. Presentational:
 * the campaign screen reads the data and performs the writes.
 */
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Campaign, CampaignFormValues } from '../../../model';
import { BackLink, Box, Button, NotFoundSection, DeleteConfirm, DataTable, FormDialog, HeadingRow, Inline, styles as s, useBusyAction } from '../../../ui';
import { CampaignForm, campaignFormOf } from '../../../ui/catalog/CampaignForms';

/** What an unknown campaign id says. */
export const campaignNotFound = (id: string) => `Campaign ${id} not found`;

/** Why a role without `campaigns.write` sees no actions. */
export const CAMPAIGNS_READ_ONLY = 'Your role may read campaigns but not add, edit or delete them.';

/** The delete confirmation's question. */
export const deleteCampaignQuestion = (c: Pick<Campaign, 'campaign_id' | 'campaign_name'>) =>
  `Are you sure you want to delete campaign ${c.campaign_id}${c.campaign_name ? ` (${c.campaign_name})` : ''}?`;

/** An unknown campaign (a wrong id in the address, or a deleted campaign): said clearly, with the way back. */
export function CampaignNotFound({ id }: { id: string }) {
  return <NotFoundSection id="campaign-missing" title={campaignNotFound(id)} noun="campaign" back={{ to: '/funnels', label: 'Funnels' }} />;
}

export { campaignFormOf } from '../../../ui/catalog/CampaignForms';

/** Where a campaign belongs, for the link back: its funnel's Campaigns tab or its offer's campaign tab. */
export interface CampaignOwner {
  label: string;
  to: string;
}

/** Props of {@link CampaignDetail}. */
export interface CampaignDetailProps {
  campaign: Campaign;
  /** The owner's page, when known. */
  owner: CampaignOwner | null;
  /** The platform ids of the owner's campaigns (the duplicate check); undefined while they load. */
  ownerIds: readonly number[] | undefined;
  /** Edit, Delete and '+ Add Campaign' are offered (`campaigns.write`). */
  canWrite: boolean;
  /** False while the signed-in role is loading: no read-only note yet. Default true. */
  roleKnown?: boolean;
  /** Each write rejects when the server refuses (the dialog then stays open). */
  onAdd: (v: CampaignFormValues) => Promise<unknown>;
  onUpdate: (v: CampaignFormValues) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

/** See {@link CampaignDetailProps}. */
export function CampaignDetail({ campaign: c, owner, ownerIds, canWrite, roleKnown = true, onAdd, onUpdate, onDelete }: CampaignDetailProps) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, run] = useBusyAction();
  const columns = useMemo<ColumnDef<Campaign, unknown>[]>(
    () => [
      { header: 'Campaign Id', accessorKey: 'campaign_id' },
      { header: 'Name', cell: ({ row: { original: x } }) => x.campaign_name || '—' },
      { header: 'Country', cell: ({ row: { original: x } }) => x.country_code || '—' },
      { header: 'Regions', cell: ({ row: { original: x } }) => x.regions.join(', ') || '—' },
      { header: 'Payment', cell: ({ row: { original: x } }) => x.payment_method || '—' },
      { header: 'Shipping', cell: ({ row: { original: x } }) => x.shipping_name ?? '—' },
      { header: 'Fulfillment', cell: ({ row: { original: x } }) => x.fulfillment || '—' },
      { header: 'Suffix', cell: ({ row: { original: x } }) => x.sufix || '—' },
      { header: 'Scrub', cell: ({ row: { original: x } }) => (x.scrub ? <span className={`${s.badge} ${s.tone.warning}`}>Scrub</span> : 'No') },
      ...(canWrite
        ? [
            {
              header: 'Actions',
              cell: ({ row: { original: x } }) => (
                <div className={s.row}>
                  <Button size="sm" variant="ghost" onPress={() => setEditing(true)} aria-label={`Edit campaign ${x.campaign_id}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onPress={() => setDeleting(true)} aria-label={`Delete campaign ${x.campaign_id}`}>
                    Delete
                  </Button>
                </div>
              ),
            } satisfies ColumnDef<Campaign, unknown>,
          ]
        : []),
    ],
    [canWrite],
  );
  const data = useMemo(() => [c], [c]);
  const owned = { funnel_id: c.funnel_id, offer_id: c.offer_id };
  return (
    <section aria-labelledby="campaign-title">
      {owner && (
        <Inline marginBottom="sm">
          <BackLink to={owner.to}>{owner.label}</BackLink>
        </Inline>
      )}
      <HeadingRow id="campaign-title" title={`Campaign ${c.campaign_id}`}>
        {roleKnown && !canWrite && (
          <Box as="span" role="note" fontSize="small" color="muted">
            {CAMPAIGNS_READ_ONLY}
          </Box>
        )}
        {canWrite && (
          <Button variant="primary" isDisabled={!ownerIds} onPress={() => setAdding(true)}>
            + Add Campaign
          </Button>
        )}
      </HeadingRow>
      <DataTable label="Campaign" columns={columns} data={data} getRowId={(x) => String(x.ID)} emptyMessage="No Campaigns added" />
      {c.description && (
        <Box as="p" marginTop="md">
          {c.description}
        </Box>
      )}
      {canWrite && (
        <>
          <FormDialog title="Add campaign" isOpen={adding} formId="add-campaign-form" onSave={onAdd} onClose={() => setAdding(false)}>
            {(slot) => <CampaignForm {...slot} takenIds={ownerIds ?? []} defaultValues={owned} />}
          </FormDialog>
          <FormDialog title={`Edit campaign ${c.campaign_id}`} isOpen={editing} formId="edit-campaign-form" onSave={onUpdate} onClose={() => setEditing(false)}>
            {(slot) => <CampaignForm {...slot} takenIds={(ownerIds ?? []).filter((x) => x !== c.campaign_id)} defaultValues={campaignFormOf(c)} />}
          </FormDialog>
          <DeleteConfirm
            item={deleting}
            title="Delete campaign"
            message={deleteCampaignQuestion(c)}
            busy={busy}
            run={run}
            onDelete={onDelete}
            onClose={() => setDeleting(false)}
          />
        </>
      )}
    </section>
  );
}
