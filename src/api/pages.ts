/**
 * Reads of the page editor and the template editor (what two slices share moves
 * down to `api/`, src/features/README.md): the page document and the funnel's gallery. Apart from ./queries.ts so the
 * funnel list, which loads that module first, does not load the page model with it.
 */
import { useQuery } from '@tanstack/react-query';
import { IMAGE_ROUTES, PAGE_ROUTES } from '../model';
import { call } from './call';
import { keys } from './keys';

/**
 * The reads as plain calls (the API tests call them on the real server).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const pageReads = {
  /** `GET /api/v1/pages/{id}`: the page document (the editor's `page:<id>`). */
  page: (id: number) => call(PAGE_ROUTES.get, { params: { id } }),
  /** `GET /api/v1/images/{funnelId}` (000 §7 "Images"): the funnel's gallery. */
  images: (funnelId: number, notify = true) => call(IMAGE_ROUTES.list, { params: { funnelId }, notify }),
};

/** The page document (`page:<id>`); the screens load it into the editor store. */
export const usePage = (id: number) => useQuery({ queryKey: keys.page(id), queryFn: () => pageReads.page(id) });

/**
 * The funnel's gallery images (`GET /api/v1/images/{funnelId}`, 000 §7 "Images"; each
 * {name, url, type, size}); idle without a funnel id. A failed call is notified as 000 §8
 * says, unless `quiet` (where the gallery only feeds suggestions, its failure is not the
 * operator's concern).
 */
export function useGalleryImages(funnelId: number | undefined, { quiet = false }: { quiet?: boolean } = {}) {
  return useQuery({
    queryKey: quiet ? [...keys.images(funnelId ?? 0), 'suggestions'] : keys.images(funnelId ?? 0),
    queryFn: () => pageReads.images(funnelId ?? 0, !quiet),
    enabled: funnelId != null,
  });
}
