/**
 * The page editor slice's queries (000 §7, §2): the page document, the offer's products, the
 * funnel's gallery images, and the two previews (the unsaved page rendered by the publish
 * renderer; a published page fetched by URL). Answers are parsed with the model's schemas.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { keys, request, requestParsed } from '../../api';
import { ImageSchema, PageSchema, ProductOutSchema } from '../../model';

/**
 * The slice's reads as plain calls (hooks below; the API tests call them on the real server).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const pageEditorReads = {
  /** `GET /api/v1/pages/{id}`: the page document (the editor's `page:<id>`). */
  page: (id: number) => requestParsed(PageSchema, 'GET', `/api/v1/pages/${id}`),
  /** `GET /api/v1/products/offer/{id}` (000 §7); errors not notified (the panel shows the seed's message). */
  offerProducts: (offerId: number) => requestParsed(z.array(ProductOutSchema), 'GET', `/api/v1/products/offer/${offerId}`, { notify: false }),
  /** `GET /api/v1/images/{funnelId}` (000 §7 "Images"). */
  images: (funnelId: number, notify = true) => requestParsed(z.array(ImageSchema), 'GET', `/api/v1/images/${funnelId}`, { notify }),
};

export const usePage = (id: number) => useQuery({ queryKey: keys.page(id), queryFn: () => pageEditorReads.page(id) });

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
 * The funnel's gallery images (`GET /api/v1/images/{funnelId}`, 000 §7 "Images"; each
 * {name, url, type, size}); idle without a funnel id. A failed call is notified as 000 §8
 * says, unless `quiet` (where the gallery only feeds suggestions, its failure is not the
 * operator's concern).
 */
export function useGalleryImages(funnelId: number | undefined, { quiet = false }: { quiet?: boolean } = {}) {
  return useQuery({
    queryKey: quiet ? [...keys.images(funnelId ?? 0), 'suggestions'] : keys.images(funnelId ?? 0),
    queryFn: () => pageEditorReads.images(funnelId ?? 0, !quiet),
    enabled: funnelId != null,
  });
}

/**
 * A published page by its URL, fetched by the server (000 §2: scripts removed, base address
 * and styles injected; `GET /api/v1/preview?url=`). Errors are not notified: the preview shows them.
 * @throws ApiError with the server's message (404 not published, 422 refused or bad URL, 413, 502, 504).
 */
export function previewPublishedPage(url: string, signal?: AbortSignal): Promise<string> {
  return request<string>('GET', `/api/v1/preview?url=${encodeURIComponent(url)}`, { notify: false, signal, headers: { Accept: 'text/html' } });
}
