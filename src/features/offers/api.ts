/**
 * The offers slice's calls (000 §7 "Offers", "Campaigns", "Products"; 001 §7 stores): the offer
 * list, one offer with its products and funnels, create (`POST /api/v1/offers`), replace
 * (`PUT /api/v1/offers/{id}`), delete, the stores a 29next offer chooses from, and the offer
 * page's campaign tab (`GET /api/v1/offers/{id}/campaigns`, add by id, create from the offer)
 * and products tab (create). Answers are parsed with the model's schemas. Offer writes are not
 * notified by the client: a 409 'Offer [id] already exists' is the 001 §8 info toast that
 * blocks the action, which the writes show (`shownWrite`, src/api/crud.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, keys, useRecordWrites, useWrite } from '../../api';
import {
  CAMPAIGN_ROUTES,
  OFFER_ROUTES,
  PRODUCT_ROUTES,
  SHIPPING_ROUTES,
  type CampaignFormValues,
  type CampaignsFromOfferValues,
  type Offer,
  type OfferBody,
  type ProductFormValues,
} from '../../model';
import { notify } from '../../ui';

export type { OfferDetail } from '../../model';

/** Query keys: all under the shared `offers` key, so an offer write refreshes the funnel list's offers too. */
export const offerKeys = {
  list: keys.offers,
  detail: (id: number) => ['offers', 'detail', id] as const,
  campaigns: (id: number) => ['offers', 'detail', id, 'campaigns'] as const,
  stores: ['stores'] as const,
};

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status (offer writes: 409 'Offer [id] already exists', 422 with
 * the form's message, 409 when a funnel still uses the offer on delete); AnswerShapeError when
 * an answer does not match the model.
 */
export const offerCalls = {
  /** Every offer with its store, by ID. */
  list: () => call(OFFER_ROUTES.list, {}),
  /** One offer with its products and funnels (`id`: the offer's row ID). */
  get: (id: number) => call(OFFER_ROUTES.get, { params: { id }, notify: false }),
  /** The offer form creates an offer. */
  create: (body: OfferBody) => call(OFFER_ROUTES.create, { body, notify: false }),
  /** The whole form replaces the offer (a new offer id follows to its funnels, products and campaigns). */
  update: (id: number, body: OfferBody) => call(OFFER_ROUTES.update, { params: { id }, body, notify: false }),
  /** Deletes the offer (refused with 409 while a funnel uses it). */
  remove: (id: number) => call(OFFER_ROUTES.remove, { params: { id }, notify: false }),
  /** The stores (001 §7). */
  stores: () => call(SHIPPING_ROUTES.stores, {}),
  /** The campaigns of the offer. */
  campaigns: (id: number) => call(CAMPAIGN_ROUTES.ofOffer, { params: { id } }),
};

/**
 * The offer page's reads as query options: the hooks below read them, and the page's loaders
 * (../tabs/) start them while the route's code loads.
 */
export const offerQueries = {
  /** The offer list (every offer: the pickers and the form's duplicate check). */
  list: () => queryOptions({ queryKey: offerKeys.list, queryFn: offerCalls.list }),
  /** One offer with its products and funnels (`id` is the offer's row ID). */
  detail: (id: number) => queryOptions({ queryKey: offerKeys.detail(id), queryFn: () => offerCalls.get(id), retry: false }),
  /** The stores (for the offer form's Store select). */
  stores: () => queryOptions({ queryKey: offerKeys.stores, queryFn: offerCalls.stores }),
  /** The offer's campaigns. */
  campaigns: (id: number) => queryOptions({ queryKey: offerKeys.campaigns(id), queryFn: () => offerCalls.campaigns(id) }),
};

/** The offer list (every offer: the pickers and the form's duplicate check). */
export const useOfferList = () => useQuery(offerQueries.list());
/** One offer with its products and funnels (`id` is the offer's row ID). */
export const useOffer = (id: number) => useQuery(offerQueries.detail(id));
/** The stores (for the offer form's Store select). */
export const useStores = () => useQuery(offerQueries.stores());
/** The offer's campaigns (the campaign tab's). */
export const useOfferCampaigns = (id: number) => useQuery(offerQueries.campaigns(id));

/**
 * Offer create, replace and delete; each refreshes every offer query (the list, the funnel
 * list's offers, the offer pages), says so, and shows a refusal ({@link shownWrite}).
 */
export function useOfferMutations() {
  const o = { refresh: [{ queryKey: keys.offers }], toasts: notify, shown: true };
  return useRecordWrites(offerCalls, o, (x: Pick<Offer, 'ID' | 'offer_id' | 'name'>) => `Offer ${x.offer_id} ${x.name}`);
}

/**
 * The offer page's writes for offer row `id` whose platform id is `offerId`: a campaign by id
 * (`POST /api/v1/campaigns` with the offer as owner and no funnel; its 409 'Campaign [id]
 * already added' shown as info), campaigns from the offer (`POST /api/v1/campaigns/camps`, one
 * per region) and a product (`POST /api/v1/products`). Each refreshes the offer page and says
 * so; a refusal rejects with the ApiError shown.
 */
export function useOfferPageMutations(id: number, offerId: number) {
  const campaignsDone = { refresh: [{ queryKey: offerKeys.campaigns(id) }], toasts: notify };
  return {
    addCampaign: useWrite((f: CampaignFormValues) => call(CAMPAIGN_ROUTES.create, { body: { ...f, offer_id: offerId, funnel_id: null }, notify: false }), {
      ...campaignsDone,
      shown: true,
      success: (c) => `Added campaign ${c.campaign_id}`,
    }),
    campaignsFromOffer: useWrite(
      (f: CampaignsFromOfferValues) => call(CAMPAIGN_ROUTES.fromOffer, { body: { ...f, offer_id: offerId, funnel_id: null } }),
      campaignsDone,
    ),
    addProduct: useWrite((f: ProductFormValues) => call(PRODUCT_ROUTES.create, { body: { ...f, offer_id: offerId } }), {
      refresh: [{ queryKey: offerKeys.detail(id) }, { queryKey: keys.offerProducts(offerId) }, { queryKey: ['products'] }],
      toasts: notify,
      success: (p) => `Product ${p.name} added`,
    }),
  };
}
