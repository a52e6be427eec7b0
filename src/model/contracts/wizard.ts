/** The build wizard's own route (000 §7): its "create offer" step, with the sequence's Idempotency-Key. */
import { OfferBodySchema, OfferSchema } from '../catalog';
import { contract } from '../contract';

/** The wizard routes. */
export const WIZARD_ROUTES = {
  /** The offer form's body; a replay of the same key answers the first creation instead of 409. */
  createOffer: contract({ method: 'post', path: '/api/v1/offers/create/', body: OfferBodySchema, answer: OfferSchema, status: 201 }),
};
