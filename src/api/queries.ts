/**
 * Reads more than one slice needs (what two slices share moves down to `api/`, src/features/README.md):
 * a funnel and the funnel list (funnel page and page editor) and offers; the page and gallery
 * reads are in ./pages.ts and the template list in ./templates.ts (the funnel list loads this
 * module first and needs neither model). Each answer is parsed with the model's schema. Editable documents (funnels, pages) are loaded
 * into the editor store by the screens; the query cache is never edited in place.
 */
import { useQuery } from '@tanstack/react-query';
import { FUNNEL_ROUTES, OFFER_ROUTES } from '../model';
import { call } from './call';
import { keys } from './keys';

/**
 * The shared reads as plain calls (the hooks below wrap them; tests call them against the
 * real server to catch a drift between server and SPA).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const sharedReads = {
  /** `GET /api/v1/funnels` (001 §2 funnel list). */
  funnels: (archived = false) => call(FUNNEL_ROUTES.list, archived ? { query: { archived: 'true' } } : {}),
  /** `GET /api/v1/funnels/{id}`: the funnel document (the editor's `funnel:<id>`). */
  funnel: (id: number) => call(FUNNEL_ROUTES.get, { params: { id } }),
  /** `GET /api/v1/offers` (000 §7). */
  offers: () => call(OFFER_ROUTES.list, {}),
};

/** The funnel list; `archived`: the archived funnels instead (001 §2 funnel menu "Archive"). */
export const useFunnels = (archived = false) => useQuery({ queryKey: keys.funnelList(archived), queryFn: () => sharedReads.funnels(archived) });
/** The funnel document; `enabled` false keeps it idle (e.g. until a page names its funnel). */
export const useFunnel = (id: number, enabled = true) => useQuery({ queryKey: keys.funnel(id), queryFn: () => sharedReads.funnel(id), enabled });
export const useOffers = () => useQuery({ queryKey: keys.offers, queryFn: sharedReads.offers });
