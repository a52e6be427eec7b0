/**
 * The sticky slice's calls (000 §7 "POST /api/v1/csv_upload/sticky/campaigns_fulfillment",
 * 001 §7 "POST /api/v1/csv_upload/sticky/products_create/{funnelId}"): the two CSV uploads,
 * multipart with progress (src/api/upload.ts), their answers parsed with the contracts'
 * schemas (`PREVIEW_ROUTES.fulfillmentCsv`, `.productsCsv`). The funnel list the products
 * upload picks from is the shared `useFunnels`. A refusal is reported by the API client as
 * the 'Error' notification (000 §8) and rejects with its ApiError (whose body carries the
 * reason and the bad rows, read with `csvUploadProblems`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keys, uploadFiles, urlOf } from '../../api';
import { PREVIEW_ROUTES } from '../../model';

/** The fulfilment upload's answer: '{file} file uploaded successfully' and the rows read. */
export type FulfillmentAnswer = { message: string; rows: number };
/** The products upload's answer: the message, the rows read, how many were created and updated (by SKU). */
export type ProductsAnswer = { message: string; rows: number; created: number; updated: number };

/**
 * The uploads as plain calls; `onProgress` gets the fraction sent, 0…1.
 * @throws ApiError on a non-2xx answer (403 the role's refusal, 413/422/409 a refused file
 * with `{reason, errors}`, 423 a locked funnel); AnswerShapeError on an unexpected answer.
 */
export const stickyCalls = {
  /** `POST /api/v1/csv_upload/sticky/campaigns_fulfillment`: columns campaign_id, fulfillment. */
  uploadFulfillment: (file: File, onProgress: (fraction: number) => void): Promise<FulfillmentAnswer> =>
    uploadFiles(PREVIEW_ROUTES.fulfillmentCsv.answer, urlOf(PREVIEW_ROUTES.fulfillmentCsv, {}), [file], { onProgress }),
  /** `POST /api/v1/csv_upload/sticky/products_create/{funnelId}`: products of the funnel's offer. */
  uploadProducts: (funnelId: number, file: File, onProgress: (fraction: number) => void): Promise<ProductsAnswer> =>
    uploadFiles(PREVIEW_ROUTES.productsCsv.answer, urlOf(PREVIEW_ROUTES.productsCsv, { params: { funnelId } }), [file], { onProgress }),
};

/**
 * Both uploads as mutations; each refreshes what other screens read of what it changed (every
 * funnel's campaigns after a fulfilment upload; every funnel's products and the offer
 * products after a products upload), settled or not, as the funnel tabs do.
 */
export function useStickyUploads() {
  const qc = useQueryClient();
  return {
    fulfillment: useMutation({
      mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => stickyCalls.uploadFulfillment(file, onProgress),
      onSettled: () => qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === keys.funnels[0] && q.queryKey[2] === 'campaigns' }),
    }),
    products: useMutation({
      mutationFn: ({ funnelId, file, onProgress }: { funnelId: number; file: File; onProgress: (fraction: number) => void }) =>
        stickyCalls.uploadProducts(funnelId, file, onProgress),
      onSettled: async () => {
        await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === keys.funnels[0] && q.queryKey[2] === 'products' });
        await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === keys.offers[0] && q.queryKey[2] === 'products' });
      },
    }),
  };
}
