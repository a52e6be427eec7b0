/**
 * The product list (001 §2 "/products"; 001 §3 Product): every product with its offer in the
 * shared table — product id, name (opening /products/{id} with the product as router state),
 * SKU, price, billing model (001 §9 names), vertical and the offer (opening its offer page's
 * products tab). For whoever may write products (`products.write`): Add product (the offer
 * chosen, then the product form of 001 §5), and per row Edit and Delete (with a confirmation).
 * With `list` it is one page the server searched and sorted (search box, sortable headers,
 * pager; the screen keeps that state in the URL). Presentational: the screen connects it.
 */
import { lazy, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { BILLING_MODELS, formatMoney, PRODUCT_SORTS, type Offer, type ProductFormValues } from '../../../model';
import { Button, Inline } from '../../../ui';
import type { ListPaging } from '../../../ui/list/PagedTable';
import { useInUseDelete } from '../../../ui/list/useInUseDelete';
import { ListSection } from '../../../ui/list/ListFrame';
import { useCrudList } from '../../../ui/list/useCrudList';
import type { ProductListItem } from '../api';

// The dialogs (react-aria) and the forms (react-hook-form) load when one opens: the list's
// first visit does without them.
const loadDialogs = () => import('./ProductDialogs');
const AddProduct = lazy(() => loadDialogs().then((m) => ({ default: m.AddProduct })));
const EditProductForm = lazy(() => loadDialogs().then((m) => ({ default: m.EditProductForm })));

/** A billing model's name (as ui/catalog/ProductForm's `billingName`, without loading the form). */
const billingName = (n: number) => (BILLING_MODELS as Record<number, string>)[n] ?? String(n);

/** The empty list (001 §2 empty states: 'No Products added'). */
export const NO_PRODUCTS = 'No Products added';

/** Why a role without `products.write` sees no actions. */
export const PRODUCTS_READ_ONLY = 'Your role may read products but not add, edit or delete them.';

/** The delete confirmation's question (after the seeds' 'Are you sure you want to delete this page?'). */
export const deleteProductQuestion = (p: Pick<ProductListItem, 'name' | 'sku'>) => `Are you sure you want to delete the product ${p.name} (${p.sku})?`;

/** The route state /products/{id} needs (see ../screens/ProductScreen.tsx). */
export const productState = (p: ProductListItem) => ({ product: p });

/** A column the product list sorts by on the server. */
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Props of {@link ProductList}. */
export interface ProductListProps {
  /** The products (of the page), or undefined while they load (or could not be read: `loadError`). */
  products: ProductListItem[] | undefined;
  /** The server-paged list (search, sortable headers, pager); without it `products` is the whole list. */
  list?: ProductListPaging;
  loadError?: string;
  /** The offers a new product can belong to. */
  offers: readonly Offer[];
  /** Add, Edit and Delete are offered (`products.write`). */
  canWrite: boolean;
  /** False while the signed-in role is loading: no read-only note yet. Default true. */
  roleKnown?: boolean;
  /** Each write rejects when the server refuses (the dialog then stays open). */
  onCreate: (v: ProductFormValues) => Promise<unknown>;
  onUpdate: (p: ProductListItem, v: ProductFormValues) => Promise<unknown>;
  onDelete: (p: ProductListItem) => Promise<unknown>;
}

/** The server-paged product list. */
export type ProductListPaging = ListPaging<ProductSort>;

const productRowId = (p: ProductListItem) => String(p.ID);
const productName = (p: ProductListItem) => p.name;

/** The products list: its heading, table and search box ({@link ListSection}). */
const PRODUCT_LIST = {
  title: 'Products',
  noun: 'products',
  sorts: PRODUCT_SORTS,
  getRowId: productRowId,
  emptyMessage: NO_PRODUCTS,
  searchHint: 'Name, SKU, ID or product ID',
};

/** See {@link ProductListProps}. */
export function ProductList({ products, list, loadError, offers, canWrite, roleKnown = true, onCreate, onUpdate, onDelete }: ProductListProps) {
  const confirm = useInUseDelete(deleteProductQuestion, onDelete);
  const { edit, remove, section } = useCrudList({
    noun: 'product',
    formId: 'product-form',
    nameOf: productName,
    onCreate,
    onUpdate,
    addForm: (slot) => <AddProduct {...slot} offers={offers} />,
    editForm: (slot, product: ProductListItem) => <EditProductForm {...slot} product={product} />,
    canWrite,
    rows: products,
    list,
    confirm,
  });
  const columns = useMemo<ColumnDef<ProductListItem, unknown>[]>(
    () => [
      { id: 'product_id', header: 'Product ID', accessorKey: 'product_id' },
      {
        id: 'name',
        header: 'Name',
        cell: ({ row: { original: p } }) => (
          <Link to={`/products/${p.ID}`} state={productState(p)}>
            {p.name}
          </Link>
        ),
      },
      { id: 'sku', header: 'SKU', accessorKey: 'sku' },
      { id: 'price', header: 'Price', cell: ({ row: { original: p } }) => formatMoney(p.product_price) },
      { id: 'billing', header: 'Billing model', cell: ({ row: { original: p } }) => billingName(p.billing_model) },
      { id: 'vertical', header: 'Vertical', cell: ({ row: { original: p } }) => p.product_category || '—' },
      {
        id: 'offer',
        header: 'Offer',
        cell: ({ row: { original: p } }) => (p.offer ? <Link to={`/offers/${p.offer.ID}/products`}>{p.offer.name}</Link> : `Offer ${p.offer_id}`),
      },
      ...(canWrite
        ? [
            {
              header: 'Actions',
              cell: ({ row: { original: p } }) => (
                <Inline wrap={false}>
                  <Button size="sm" variant="ghost" onPress={() => edit(p)} aria-label={`Edit ${p.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onPress={() => remove(p)} aria-label={`Delete ${p.name}`}>
                    Delete
                  </Button>
                </Inline>
              ),
            } satisfies ColumnDef<ProductListItem, unknown>,
          ]
        : []),
    ],
    [canWrite, edit, remove],
  );
  return (
    <ListSection
      {...PRODUCT_LIST}
      {...section}
      note={roleKnown && !canWrite && PRODUCTS_READ_ONLY}
      rows={products}
      loadError={loadError}
      columns={columns}
      list={list}
    />
  );
}
