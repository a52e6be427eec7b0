/**
 * The Products tab of a funnel (001 §2 "Funnel page", §3 Product, §5 rules, §7, §9; 000 §7
 * "Products"): the products of the funnel's offer with the empty state 'No Products added';
 * Add product, Add bundle, Edit and Delete with confirmation; the products CSV upload
 * ('Uploads of product lists accept only csv'; a row with a SKU the offer has updates that
 * product). Read-only while the funnel is locked, with the reason said.
 */
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { MSG, formatMoney, type ProductOut } from '../../../model';
import { Box, Button, EmptyState, FormDialog, styles as s } from '../../../ui';
import type { ProductBundleValues, ProductFormValues } from '../../../model';
import { CsvUploadDialog } from '../../../ui/catalog/CampaignForms';
import { billingName, BundleForm, ProductForm, productFormOf } from '../../../ui/catalog/ProductForm';
import { RecordsTab, recordWrites, type RecordWrites } from './RecordsTab';

/** The empty list (001 §2 "Empty states"). */
export const NO_PRODUCTS = 'No Products added';
/** The empty state of a funnel without an offer (001 §2 "Empty states"). */
export const NO_OFFER = 'No Offer added';
/** 001 §5: a products upload that is not a .csv. */
export const PRODUCTS_CSV_ONLY = 'Uploads of product lists accept only csv';
/** The products CSV's columns (src/server/routes/csv.ts). */
export const PRODUCTS_CSV_HELP =
  'Columns name, description, sku, cost_of_goods, product_price, shipping_weight; optional product_id, max_quantity, billing_model, product_category. A row whose SKU the offer already has updates that product. At most 1 MB.';

/** How a product is named to the operator (buttons, dialogs, toasts): its name. */
export const productName = (p: Pick<ProductOut, 'name'>) => p.name;

/** Props of {@link ProductsTab}: `locked` stops bundles and uploads too. */
export interface ProductsTabProps extends RecordWrites<ProductOut, ProductFormValues> {
  products: ProductOut[];
  /** The funnel's offer (platform offer_id); null: no products can be listed or added ('No Offer added'). */
  offerId: number | null;
  /** The funnel's currency and language: prices are shown in them (e.g. "39,99 €"). */
  currency?: string;
  language?: string;
  onCreateBundle: (v: ProductBundleValues) => Promise<unknown>;
  /** Uploads a products CSV for the funnel's offer, reporting the fraction sent (0…1). */
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
}

/** See {@link ProductsTabProps}. */
export function ProductsTab(p: ProductsTabProps) {
  const { products, offerId, currency = 'USD', language = 'en', locked = false } = p;
  const [bundling, setBundling] = useState(false);
  const [uploading, setUploading] = useState(false);
  const columns = useMemo<ColumnDef<ProductOut, unknown>[]>(
    () => [
      { header: 'Product ID', accessorKey: 'product_id' },
      {
        header: 'Name',
        cell: ({ row: { original: pr } }) => (
          <>
            {pr.name}
            {pr.bundle && (
              <>
                {' '}
                <span className={`${s.badge} ${s.tone.info}`}>Bundle</span>
              </>
            )}
          </>
        ),
      },
      { header: 'SKU', cell: ({ row: { original: pr } }) => <code>{pr.sku}</code> },
      { header: 'Price', cell: ({ row: { original: pr } }) => formatMoney(pr.product_price, currency, language) },
      { header: 'Billing model', cell: ({ row: { original: pr } }) => billingName(pr.billing_model) },
      { header: 'Vertical', cell: ({ row: { original: pr } }) => pr.product_category || '—' },
      { header: 'Max quantity', accessorKey: 'max_quantity' },
    ],
    [currency, language],
  );
  if (offerId == null) {
    return (
      <section aria-label="Products">
        <EmptyState message={NO_OFFER} />
        <Box as="p" className={s.helpText}>
          Choose the funnel&apos;s offer in the Details tab: the products are those of its offer.
        </Box>
      </section>
    );
  }
  return (
    <section aria-label="Products">
      <RecordsTab
        label="Product list"
        actions={
          <>
            <Button isDisabled={locked} disabledReason={MSG.locked} onPress={() => setBundling(true)}>
              Add bundle
            </Button>
            <Button isDisabled={locked} disabledReason={MSG.locked} onPress={() => setUploading(true)}>
              Upload products CSV
            </Button>
          </>
        }
        tableLabel="Products"
        kind="product"
        records={products}
        columns={columns}
        nameOf={productName}
        emptyMessage={NO_PRODUCTS}
        deleteMessage={(pr) => `Are you sure you want to delete the product ${pr.name} (SKU ${pr.sku})? It is removed from the offer, on every funnel of it.`}
        {...recordWrites(p)}
        form={({ id, record, onSave }) => (
          <ProductForm id={id} onSave={onSave} bundle={!!record?.bundle} defaultValues={record ? productFormOf(record) : { offer_id: offerId }} />
        )}
      />
      <FormDialog title="Add bundle" isOpen={bundling} formId="bundle-form" onSave={p.onCreateBundle} onClose={() => setBundling(false)}>
        {(slot) => <BundleForm {...slot} offerId={offerId} products={products.filter((pr) => !pr.bundle)} />}
      </FormDialog>
      <CsvUploadDialog
        title="Upload products CSV"
        isOpen={uploading}
        formId="products-csv-form"
        csvOnlyMessage={PRODUCTS_CSV_ONLY}
        help={PRODUCTS_CSV_HELP}
        onUpload={p.onUpload}
        onClose={() => setUploading(false)}
      />
    </section>
  );
}
