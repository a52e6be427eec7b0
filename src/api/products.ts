/**
 * The funnel page's Products tab calls (000 §7 "Products", 001 §7): the products of the
 * funnel's offer, create, bundle, replace, delete and the products CSV upload. Answers are
 * parsed with the model's schemas; every write refreshes the funnel's products, the products
 * of the same offer on other funnels, and the offer's products the page editor reads.
 */
import { useQuery, type Query } from '@tanstack/react-query';
import { keys } from './keys';
import { call, urlOf } from './call';
import { useWrite } from './crud';
import { uploadFiles } from './upload';
import { FUNNEL_ROUTES, PREVIEW_ROUTES, PRODUCT_ROUTES, type ProductBundleValues, type ProductFormValues } from '../model';

/**
 * The funnel's products as plain calls (the hook below wraps them).
 * @throws ApiError on a non-2xx status (404 'Offer not found' when the funnel has no offer);
 * AnswerShapeError when an answer does not match the model.
 */
export const productReads = {
  /** `GET /api/v1/funnels/{id}/products` (000 §7): the products of the funnel's offer, by ID. */
  funnelProducts: (funnelId: number) => call(FUNNEL_ROUTES.products, { params: { id: funnelId } }),
};

/** The products of the funnel's offer; read only while `enabled` (the Products tab is open and the funnel has an offer). */
export const useFunnelProducts = (funnelId: number, enabled = true) =>
  useQuery({ queryKey: keys.funnelProducts(funnelId), queryFn: () => productReads.funnelProducts(funnelId), enabled });

/**
 * Product writes for the funnel's offer (`offerId`, the platform offer id the funnel holds):
 * create (`POST /products`), bundle (`POST /products/bundle`), replace (`PUT /products/{id}`),
 * delete, and the CSV upload (`POST /csv_upload/sticky/products_create/{funnelId}`, multipart
 * with progress 0…1; a row with a SKU the offer has updates that product). Each rejects with
 * the ApiError the client has shown.
 */
export function useProductMutations(funnelId: number, offerId: number | null) {
  // The same offer's products on every funnel's tab, and the page editor's by offer.
  const refresh = [
    { predicate: (q: Query) => q.queryKey[0] === 'funnels' && q.queryKey[2] === 'products' },
    ...(offerId != null ? [{ queryKey: keys.offerProducts(offerId) }] : []),
  ];
  return {
    create: useWrite((f: ProductFormValues) => call(PRODUCT_ROUTES.create, { body: f }), { refresh }),
    createBundle: useWrite((f: ProductBundleValues) => call(PRODUCT_ROUTES.bundle, { body: f }), { refresh }),
    update: useWrite(({ id, form }: { id: number; form: ProductFormValues }) => call(PRODUCT_ROUTES.update, { params: { id }, body: form }), { refresh }),
    remove: useWrite((id: number) => call(PRODUCT_ROUTES.remove, { params: { id } }), { refresh }),
    uploadCsv: useWrite(
      ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
        uploadFiles(PREVIEW_ROUTES.productsCsv.answer, urlOf(PREVIEW_ROUTES.productsCsv, { params: { funnelId } }), [file], { onProgress }),
      { refresh, settled: true },
    ),
  };
}
