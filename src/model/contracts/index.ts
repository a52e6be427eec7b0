/** Every route contract, by area (tests check each is a registered route with its answer). */
import { ANALYTICS_ROUTES } from './analytics';
import { AUDIT_ROUTES } from './audit';
import { CAMPAIGN_ROUTES } from './campaigns';
import { BLOCKER_ROUTES, IMAGE_ROUTES, PIXEL_ROUTES } from './children';
import { CATEGORY_ROUTES } from './categories';
import { DOMAIN_ROUTES } from './domains';
import { FUNNEL_ROUTES } from './funnels';
import { OFFER_ROUTES } from './offers';
import { ORDER_ROUTES } from './orders';
import { PAGE_ROUTES } from './pages';
import { PREVIEW_ROUTES } from './preview';
import { PRODUCT_ROUTES } from './products';
import { RELEASE_ROUTES } from './releases';
import { SCRUB_ROUTES } from './scrubs';
import { SHIPPING_ROUTES } from './shippings';
import { SESSION_ROUTES } from './session';
import { SYSTEM_ROUTES } from './system';
import { TEMPLATE_ROUTES } from './templates';
import { USER_ROUTES } from './users';
import { WIZARD_ROUTES } from './wizard';

export const CONTRACTS = {
  analytics: ANALYTICS_ROUTES,
  audit: AUDIT_ROUTES,
  blockers: BLOCKER_ROUTES,
  campaigns: CAMPAIGN_ROUTES,
  categories: CATEGORY_ROUTES,
  domains: DOMAIN_ROUTES,
  funnels: FUNNEL_ROUTES,
  images: IMAGE_ROUTES,
  offers: OFFER_ROUTES,
  orders: ORDER_ROUTES,
  pages: PAGE_ROUTES,
  pixels: PIXEL_ROUTES,
  preview: PREVIEW_ROUTES,
  products: PRODUCT_ROUTES,
  releases: RELEASE_ROUTES,
  scrubs: SCRUB_ROUTES,
  session: SESSION_ROUTES,
  shippings: SHIPPING_ROUTES,
  system: SYSTEM_ROUTES,
  templates: TEMPLATE_ROUTES,
  users: USER_ROUTES,
  wizard: WIZARD_ROUTES,
} as const;
