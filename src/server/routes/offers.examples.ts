/**
 * OpenAPI examples, error messages and field descriptions of the offer routes (routes/offers.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG } from '../../model/messages.ts';
import { inUseMessage } from '../../model/usage.ts';
import { everflowOfferUnknown } from '../integrations/everflow.ts';
import { deleted, IN_USE, PRODUCT } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const OFFER_DETAIL = {
  ID: 1,
  offer_id: 10231,
  ef_offer_id: 512,
  name: 'GlowSkin Vitamin C Serum',
  platform: 'sticky',
  store_id: 1,
  store: { ID: 1, name: 'Sticky US Store' },
  products: [PRODUCT],
  funnels: [{ ID: 1, name: 'GlowSkin Serum – US Launch' }],
};
const { products: _products, funnels: _funnels, ...OFFER } = OFFER_DETAIL;

/** What routes/offers.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Offers', description: 'Offers of the order platform with their store, products and funnels' }],
  examples: {
    listOffers: { response: [OFFER] },
    exportOffers: { response: '\ufeffID,Offer ID,Everflow OID,Name,Platform,Store\r\n1,10231,512,GlowSkin Vitamin C Serum,sticky,GlowSkin US\r\n' },
    createOffer: {
      request: { offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1 },
      response: { ID: 4, offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1, store: OFFER.store },
    },
    createOfferInWizard: {
      request: { offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1 },
      response: { ID: 4, offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1, store: OFFER.store },
    },
    createOfferWithPlatformId: {
      request: { ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1 },
      response: { ID: 4, offer_id: 10260, ef_offer_id: 530, name: 'FlexFit Resistance Bands', platform: 'sticky', store_id: 1, store: OFFER.store },
    },
    getOffer: { response: OFFER_DETAIL },
    updateOffer: {
      request: { offer_id: 10231, ef_offer_id: 512, name: 'GlowSkin Vitamin C Serum (US)', platform: 'sticky', store_id: 1 },
      response: { ...OFFER, name: 'GlowSkin Vitamin C Serum (US)' },
    },
    deleteOffer: { response: deleted('Offer', 1) },
  },
  errors: {
    createOffer: { 409: [MSG.offerExists(10231)], 422: [MSG.offerIdRequired, everflowOfferUnknown(777)] },
    createOfferInWizard: { 409: [MSG.offerExists(10231)], 422: [MSG.offerIdRequired, everflowOfferUnknown(777)] },
    createOfferWithPlatformId: { 409: [MSG.offerExists(10231)], 422: [everflowOfferUnknown(777)] },
    getOffer: { 404: ['Offer not found'] },
    updateOffer: { 404: ['Offer not found'], 409: [MSG.offerExists(10245)], 422: [MSG.offerIdRequired, everflowOfferUnknown(777)] },
    deleteOffer: {
      404: ['Offer not found'],
      409: [
        inUseMessage('Offer 10231 (GlowSkin)', IN_USE.slice(0, 1), 'Attach another offer to their funnels (and publish) first'),
        'Offer 10231 is used by 1 funnel: attach another offer to it first',
      ],
    },
  },
  fields: {
    'OfferDetailSchema.ID': 'Database ID of the offer',
    'OfferDetailSchema.name': 'Name of the offer',
    'OfferDetailSchema.products': 'The products of the offer',
    'OfferDetailSchema.funnels': 'The funnels that sell the offer (ID and name)',
    'OfferSchema.name': 'Name of the offer',
    'OfferBodySchema.name': 'Name of the offer',
    'OfferCreateByIdSchema.name': 'Name of the offer',
    'OfferFormSchema.name': 'Name of the offer',
    'OfferSchema.ID': 'Database ID of the offer',
  },
};
