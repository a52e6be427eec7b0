/**
 * The Campaigns tab of a funnel (001 §2 "Funnel page"; 000 §2 forms, §3 Campaign, §5 rules,
 * §7 "Campaigns", §8): the funnel's campaigns, each linking to its detail view
 * `/campaigns/{id}`; Add campaign by id, Edit and Delete with confirmation; Create campaigns
 * from the funnel's offer (one per region); the fulfilment CSV upload. Read-only while the
 * funnel is locked, with the reason said.
 */
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { MSG, FULFILLMENTS, type Campaign } from '../../../model';
import { Box, Button, FormDialog, styles as s } from '../../../ui';
import type { CampaignFormValues, CampaignsFromOfferValues } from '../../../model';
import { CampaignForm, campaignFormOf, CampaignsFromOfferForm, CsvUploadDialog } from '../../../ui/catalog/CampaignForms';
import { RecordsTab, recordWrites, type RecordWrites } from './RecordsTab';
import { FUNNEL_CAMPAIGN_SORTS } from '../../../model/contracts/campaigns';
import type { ListPaging } from '../../../ui/list/PagedTable';

/** The empty list (the seeds name no wording for campaigns; this follows their 'No … added'). */
export const NO_CAMPAIGNS = 'No Campaigns added';
/** Said when a fulfilment upload is not a .csv (the server's reason for the same file). */
export const CSV_ONLY = 'Only CSV files are accepted';

/** How a campaign is named to the operator (buttons, dialogs, toasts): "campaign 12001". */
export const campaignName = (cp: Pick<Campaign, 'campaign_id'>) => `campaign ${cp.campaign_id}`;

/** Props of {@link CampaignsTab}: `onCreate` adds a campaign by id (`funnel_id` is in the values); `locked` stops the uploads too. */
export interface CampaignsTabProps extends RecordWrites<Campaign, CampaignFormValues> {
  funnelId: number;
  campaigns: Campaign[];
  /** The funnel's offer (platform offer_id), or null: then campaigns cannot be created from it. */
  offerId: number | null;
  /** The offer's name for the create dialog, when known. */
  offerName?: string;
  /** Creates one campaign per region from the funnel's offer. */
  onCreateFromOffer: (v: CampaignsFromOfferValues) => Promise<unknown>;
  /** Uploads a fulfilment CSV (columns campaign_id, fulfillment), reporting the fraction sent. */
  onUploadFulfillment: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  /** The list searched, sorted and paged on the server; without it `campaigns` is the whole list. */
  list?: ListPaging<FunnelCampaignSort>;
}

/** A column the Campaigns tab sorts by on the server. */
export type FunnelCampaignSort = (typeof FUNNEL_CAMPAIGN_SORTS)[number];

/** See {@link CampaignsTabProps}. */
export function CampaignsTab(p: CampaignsTabProps) {
  const { funnelId, campaigns, offerId, locked = false } = p;
  const [creating, setCreating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const columns = useMemo<ColumnDef<Campaign, unknown>[]>(
    () => [
      {
        id: 'campaign_id',
        header: 'Campaign Id',
        cell: ({ row: { original: cp } }) => (
          <Link to={`/campaigns/${cp.ID}`} aria-label={`Open ${campaignName(cp)}`}>
            {cp.campaign_id}
          </Link>
        ),
      },
      { id: 'name', header: 'Name', accessorKey: 'campaign_name' },
      { id: 'country', header: 'Country', cell: ({ row: { original: cp } }) => cp.country_code || '—' },
      { header: 'Regions', cell: ({ row: { original: cp } }) => cp.regions.join(', ') || '—' },
      { id: 'payment', header: 'Payment', cell: ({ row: { original: cp } }) => cp.payment_method || '—' },
      { id: 'fulfillment', header: 'Fulfillment', cell: ({ row: { original: cp } }) => cp.fulfillment || '—' },
      { header: 'Suffix', cell: ({ row: { original: cp } }) => cp.sufix || '—' },
      { header: 'Scrub', cell: ({ row: { original: cp } }) => (cp.scrub ? <span className={`${s.badge} ${s.tone.warning}`}>Scrub</span> : 'No') },
    ],
    [],
  );
  const nameOf = useCallback((cp: Campaign) => campaignName(cp), []);
  const noOffer = offerId == null;
  return (
    <section aria-label="Campaigns">
      <RecordsTab
        label="Campaign list"
        actions={
          <>
            <Button
              isDisabled={locked || noOffer}
              disabledReason={locked ? MSG.locked : undefined}
              onPress={() => setCreating(true)}
              aria-describedby={noOffer ? 'campaigns-no-offer' : undefined}
            >
              Create campaigns from offer
            </Button>
            <Button isDisabled={locked} disabledReason={MSG.locked} onPress={() => setUploading(true)}>
              Upload fulfillment CSV
            </Button>
            {noOffer && (
              <Box as="span" id="campaigns-no-offer" className={s.helpText}>
                The funnel has no offer: choose one in the Details tab to create campaigns from it.
              </Box>
            )}
          </>
        }
        tableLabel="Campaigns"
        kind="campaign"
        records={campaigns}
        columns={columns}
        nameOf={nameOf}
        emptyMessage={NO_CAMPAIGNS}
        addLabel="Add campaign by id"
        deleteMessage={(cp) => `Are you sure you want to delete ${campaignName(cp)}${cp.campaign_name ? ` (${cp.campaign_name})` : ''} from this funnel?`}
        {...recordWrites(p)}
        paged={p.list && { list: p.list, sorts: FUNNEL_CAMPAIGN_SORTS, searchHint: 'Name, country, campaign ID' }}
        form={({ id, record, onSave }) => (
          <CampaignForm
            id={id}
            onSave={onSave}
            takenIds={campaigns.filter((x) => x.ID !== record?.ID).map((x) => x.campaign_id)}
            defaultValues={record ? campaignFormOf(record) : { funnel_id: funnelId }}
          />
        )}
      />
      <FormDialog
        title={`Create campaigns from offer ${p.offerName ?? offerId ?? ''}`.trim()}
        isOpen={creating}
        formId="campaigns-from-offer-form"
        saveLabel="Create"
        onSave={p.onCreateFromOffer}
        onClose={() => setCreating(false)}
      >
        {(slot) => offerId != null && <CampaignsFromOfferForm {...slot} offerId={offerId} funnelId={funnelId} />}
      </FormDialog>
      <CsvUploadDialog
        title="Upload fulfillment CSV"
        isOpen={uploading}
        formId="fulfillment-csv-form"
        csvOnlyMessage={CSV_ONLY}
        help={`Columns campaign_id and fulfillment (${FULFILLMENTS.join(', ')}); at most 1 MB.`}
        onUpload={p.onUploadFulfillment}
        onClose={() => setUploading(false)}
      />
    </section>
  );
}
