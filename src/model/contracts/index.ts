/** Every route contract, by area (tests check each is a registered route with its answer). */
import { OFFER_ROUTES } from './offers';

export const CONTRACTS = { offers: OFFER_ROUTES } as const;
