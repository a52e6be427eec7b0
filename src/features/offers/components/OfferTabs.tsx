/**
 * The offer page's tabs (001 §2 "/offers/{id}/{tab}; tabs: funnels, products, campaign"),
 * each a table in the shared DataTable with the seeds' empty states:
 *
 * - funnels: the funnels that use the offer, each opening its funnel page;
 * - products: the offer's products ('No Products added'), each opening /products/{id} with the
 *   product as router state (the product detail's contract: `{ product }`); Add product (the
 *   product form of 001 §5) for whoever may write products;
 * - campaign: the offer's campaigns ('No Campaigns added'), each opening /campaigns/{id};
 *   '+ Add Campaign' (the "Add campaign by id" form, the offer as owner) and Create campaigns
 *   from offer (regions, fulfillment and the offer suffix choices of 001 §9) for whoever may
 *   write campaigns.
 *
 * Presentational: the offer page's tab routes (../tabs/) read the data and perform the writes.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import {
  formatMoney,
  OFFER_TABS,
  type OfferTab,
  type Campaign,
  type CampaignFormValues,
  type CampaignsFromOfferValues,
  type ProductFormValues,
  type ProductOut,
} from '../../../model';
import { Box, Button, DataTable, FormDialog, Inline, styles as s, Skeleton } from '../../../ui';
import { CampaignForm, CampaignsFromOfferForm } from '../../../ui/catalog/CampaignForms';
import { billingName, ProductForm } from '../../../ui/catalog/ProductForm';

export { OFFER_TABS, type OfferTab };
/** The tabs' labels. */
export const OFFER_TAB_LABELS: Record<OfferTab, string> = { funnels: 'Funnels', products: 'Products', campaign: 'Campaign' };

/** Empty states: 'No Products added' (001 §2); the others follow its 'No … added'. */
export const NO_OFFER_FUNNELS = 'No Funnels added';
export const NO_OFFER_PRODUCTS = 'No Products added';
export const NO_OFFER_CAMPAIGNS = 'No Campaigns added';

/** A toolbar above a tab's table: its actions on the right. */
function Toolbar({ children }: { children: ReactNode }) {
  return (
    <Inline marginBottom="sm" marginTop="sm">
      <span className={s.spacer} />
      {children}
    </Inline>
  );
}

/** A funnel that uses the offer. */
export interface OfferFunnel {
  ID: number;
  name: string;
}

/** The funnels tab: the funnels that use the offer, each opening its funnel page. */
export function OfferFunnelsTable({ funnels }: { funnels: OfferFunnel[] }) {
  const columns = useMemo<ColumnDef<OfferFunnel, unknown>[]>(
    () => [
      { header: 'ID', accessorKey: 'ID' },
      { header: 'Name', cell: ({ row: { original: f } }) => <Link to={`/funnels/${f.ID}/domains`}>{f.name}</Link> },
    ],
    [],
  );
  return (
    <Box marginTop="sm">
      <DataTable label="Funnels of the offer" columns={columns} data={funnels} getRowId={(f) => String(f.ID)} emptyMessage={NO_OFFER_FUNNELS} />
    </Box>
  );
}

/** Props of {@link OfferProductsTable}. */
export interface OfferProductsTableProps {
  products: ProductOut[];
  /** The offer's platform id (the new product's `offer_id`). */
  offerId: number;
  /** Add product is offered (`products.write`). */
  canWrite: boolean;
  /** Adds a product to the offer; rejects when the server refuses (the dialog stays open). */
  onAdd: (v: ProductFormValues) => Promise<unknown>;
}

/** The products tab: the offer's products, each opening its detail; Add product for writers. */
export function OfferProductsTable({ products, offerId, canWrite, onAdd }: OfferProductsTableProps) {
  const [adding, setAdding] = useState(false);
  const columns = useMemo<ColumnDef<ProductOut, unknown>[]>(
    () => [
      { header: 'Product ID', accessorKey: 'product_id' },
      {
        header: 'Name',
        cell: ({ row: { original: p } }) => (
          <Link to={`/products/${p.ID}`} state={{ product: p }}>
            {p.name}
          </Link>
        ),
      },
      { header: 'SKU', accessorKey: 'sku' },
      { header: 'Price', cell: ({ row: { original: p } }) => formatMoney(p.product_price) },
      { header: 'Billing model', cell: ({ row: { original: p } }) => billingName(p.billing_model) },
      { header: 'Vertical', cell: ({ row: { original: p } }) => p.product_category || '—' },
    ],
    [],
  );
  return (
    <>
      {canWrite && (
        <Toolbar>
          <Button variant="primary" onPress={() => setAdding(true)}>
            Add product
          </Button>
        </Toolbar>
      )}
      <Box marginTop="sm">
        <DataTable label="Products of the offer" columns={columns} data={products} getRowId={(p) => String(p.ID)} emptyMessage={NO_OFFER_PRODUCTS} />
      </Box>
      {canWrite && (
        <FormDialog title="Add product" isOpen={adding} formId="offer-product-form" onSave={onAdd} onClose={() => setAdding(false)}>
          {(slot) => <ProductForm {...slot} defaultValues={{ offer_id: offerId }} />}
        </FormDialog>
      )}
    </>
  );
}

/** Props of {@link OfferCampaignsTable}. */
export interface OfferCampaignsTableProps {
  /** The offer's campaigns, or undefined while they load. */
  campaigns: Campaign[] | undefined;
  loadError?: string;
  /** The offer's platform id (the owner of a campaign added here). */
  offerId: number;
  /** '+ Add Campaign' and Create campaigns from offer are offered (`campaigns.write`). */
  canWrite: boolean;
  /** Adds a campaign by id; rejects when the server refuses. */
  onAdd: (v: CampaignFormValues) => Promise<unknown>;
  /** Creates one campaign per region from the offer; rejects when the server refuses. */
  onCreateFromOffer: (v: CampaignsFromOfferValues) => Promise<unknown>;
}

/** The campaign tab: the offer's campaigns, each opening /campaigns/{id}; add by id or create from the offer. */
export function OfferCampaignsTable({ campaigns, loadError, offerId, canWrite, onAdd, onCreateFromOffer }: OfferCampaignsTableProps) {
  const [adding, setAdding] = useState(false);
  const [creating, setCreating] = useState(false);
  const columns = useMemo<ColumnDef<Campaign, unknown>[]>(
    () => [
      {
        header: 'Campaign Id',
        cell: ({ row: { original: c } }) => (
          <Link to={`/campaigns/${c.ID}`} aria-label={`Open campaign ${c.campaign_id}`}>
            {c.campaign_id}
          </Link>
        ),
      },
      { header: 'Name', accessorKey: 'campaign_name' },
      { header: 'Country', cell: ({ row: { original: c } }) => c.country_code || '—' },
      { header: 'Regions', cell: ({ row: { original: c } }) => c.regions.join(', ') || '—' },
      { header: 'Payment', cell: ({ row: { original: c } }) => c.payment_method || '—' },
      { header: 'Fulfillment', cell: ({ row: { original: c } }) => c.fulfillment || '—' },
      { header: 'Suffix', cell: ({ row: { original: c } }) => c.sufix || '—' },
      {
        header: 'Funnel',
        cell: ({ row: { original: c } }) => (c.funnel_id == null ? '—' : <Link to={`/funnels/${c.funnel_id}/campaigns`}>Funnel {c.funnel_id}</Link>),
      },
    ],
    [],
  );
  if (!campaigns) return loadError ? <p role="alert">{loadError}</p> : <Skeleton label="Loading campaigns…" />;
  // Campaign ids the offer already has without a funnel: the server's duplicate rule for an offer's own campaigns.
  const taken = campaigns.filter((c) => c.funnel_id == null).map((c) => c.campaign_id);
  return (
    <>
      {canWrite && (
        <Toolbar>
          <Button onPress={() => setCreating(true)}>Create campaigns from offer</Button>
          <Button variant="primary" onPress={() => setAdding(true)}>
            + Add Campaign
          </Button>
        </Toolbar>
      )}
      <Box marginTop="sm">
        <DataTable label="Campaigns of the offer" columns={columns} data={campaigns} getRowId={(c) => String(c.ID)} emptyMessage={NO_OFFER_CAMPAIGNS} />
      </Box>
      {canWrite && (
        <>
          <FormDialog title="Add campaign" isOpen={adding} formId="offer-campaign-form" onSave={onAdd} onClose={() => setAdding(false)}>
            {(slot) => <CampaignForm {...slot} takenIds={taken} defaultValues={{ offer_id: offerId, funnel_id: null }} />}
          </FormDialog>
          <FormDialog
            title="Create campaigns from offer"
            isOpen={creating}
            formId="offer-camps-form"
            onSave={onCreateFromOffer}
            onClose={() => setCreating(false)}
          >
            {(slot) => <CampaignsFromOfferForm {...slot} offerId={offerId} funnelId={null} />}
          </FormDialog>
        </>
      )}
    </>
  );
}
