/**
 * The page editor slice's queries (000 §7, §2): the page document, the offer's products, the
 * funnel's gallery images, and the two previews (the unsaved page rendered by the publish
 * renderer; a published page fetched by URL). Answers are parsed with the model's schemas.
 */
import { useQuery } from '@tanstack/react-query';
import { call, keys } from '../../api';
import { PREVIEW_ROUTES, PRODUCT_ROUTES } from '../../model';

/**
 * The slice's reads as plain calls (hooks below; the API tests call them on the real server).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const pageEditorReads = {
  /** `GET /api/v1/products/offer/{id}` (000 §7); errors not notified (the panel shows the seed's message). */
  offerProducts: (offerId: number) => call(PRODUCT_ROUTES.offerProducts, { params: { id: offerId }, notify: false }),
};

// The page and the gallery are read by the template editor too: they live in src/api.
export { usePage, useGalleryImages } from '../../api';

/**
 * Products of an offer (000 §7 `GET /api/v1/products/offer/{id}`). Errors are not notified
 * here: the page editor shows the seed's own message for them.
 */
export const useOfferProducts = (offerId: number | null | undefined) =>
  useQuery({
    queryKey: keys.offerProducts(offerId ?? 0),
    enabled: !!offerId,
    retry: false,
    queryFn: () => pageEditorReads.offerProducts(offerId ?? 0),
  });

/**
 * A published page by its URL, fetched by the server (000 §2: scripts removed, base address
 * and styles injected; `GET /api/v1/preview?url=`). Errors are not notified: the preview shows them.
 * @throws ApiError with the server's message (404 not published, 422 refused or bad URL, 413, 502, 504).
 */
export function previewPublishedPage(url: string, signal?: AbortSignal): Promise<string> {
  return call(PREVIEW_ROUTES.published, { query: { url }, notify: false, signal, headers: { Accept: 'text/html' } });
}
