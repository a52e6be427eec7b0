/**
 * "What this edits" for each editor panel's docs page: the page-meta keys it writes
 * (000 §3) and the seeds' messages it can show (000 §5, §8; `src/model/messages.ts`), keyed by
 * the story title of the panel's stories. `tests/scripts/story-messages.ts` checks after the
 * story run that every message named here is shown by one of that title's stories.
 */
import type { PagePanel } from '../../src/model';

export interface WhatThisEdits {
  /** Page-meta keys the panel writes (000 §3), with what each holds. */
  keys: { key: string; holds: string }[];
  /** Keys of `MSG` (src/model/messages.ts) the panel can show. */
  messages: string[];
  /** One sentence on anything else the panel changes (e.g. the funnel's products). */
  note?: string;
  /** The page-editor panel it is: the docs say which page types show it (PANELS_BY_PAGE_TYPE, src/model/page-panels.ts). */
  panel?: PagePanel;
}

/** The warranty keys (Warranty and Extras panels). */
const WARRANTY = { key: 'warranty', holds: "Warranty offered on the page: 'true' or 'false'" };
const JOURNEY = { key: 'warrantyJourney', holds: "Journey fixed price for the warranty: 'true' or 'false'" };
/** A review list's shape (Reviews, Extra reviews and the ReviewList behind them). */
const REVIEW_SHAPE = 'list of {id, avatar (image address), user, reviewTitle (older reviews: review_header), review (rich text, sanitized HTML), country?}';

/**
 * Story title → what that panel edits. Filled per panel; a title missing here shows no section.
 * `messages` lists only what a story of that title shows (checked after the story run); what
 * the panel can show beyond that is under a `TODO story:` comment until a story shows it.
 */
export const WHAT_THIS_EDITS: Record<string, WhatThisEdits> = {
  // ---- page editor side panels (000 §2 "Page editor side panels"; keys 000 §3 "Page meta") ----
  'Page editor/WarrantyPanel': {
    panel: 'warranty',
    keys: [
      WARRANTY,
      { key: 'warrantyFrame', holds: 'Which of the 5 warranty frames frames it (required while the warranty is on)' },
      { key: 'warrantyText', holds: 'The text shown inside the frame (ours, not in 000 §3)' },
      JOURNEY,
    ],
    messages: ['warrantyFrame'],
    // TODO story: flag (a stored flag that is not 'true'/'false').
  },
  'Page editor/SizePanel': {
    panel: 'size',
    keys: [
      { key: 'productSizes', holds: 'The sizes customers choose from: list of {id, name}, in order' },
      { key: 'productSizeActive', holds: "Size choice shown: 'true' or 'false' (only with at least 2 sizes)" },
    ],
    messages: ['sizeChoice', 'noSizes', 'sizeName', 'sizeExists', 'locked'],
    // TODO story: flag.
  },
  'Page editor/ProductsPanel': {
    panel: 'products',
    keys: [
      {
        key: 'products',
        holds:
          'The page products (000 §3 "Page product"): package, prices (_price, _regPrice, _warranty), quantity, names, features, flags such as preselected and free_ship, in order',
      },
    ],
    messages: ['price', 'maxFeatures', 'productsFetch', 'locked'],
    note: "The product choices come from the funnel's offer (GET the offer's products); the funnel itself is not changed.",
  },
  'Page editor/ProductAddonsPanel': {
    panel: 'addons',
    keys: [
      { key: 'productAddons', holds: 'The addons: list of {id, name, description, frame, type, color, place, tag, products: list of addon products}' },
      { key: 'productAddonsActive', holds: "Product Extra shown: 'true' or 'false'" },
    ],
    messages: [
      'addonProducts',
      'productName',
      'noAddons',
      'price',
      'onlyNumbers',
      'addonName',
      'discount',
      'quantity',
      'addonType',
      'addonFrame',
      'addonColor',
      'flag',
      'locked',
    ],
  },
  'Page editor/ExtrasPanel': {
    panel: 'extras',
    keys: [
      { key: 'productSizeActive', holds: "Product Size: 'true' or 'false' (only with at least 2 sizes)" },
      { key: 'productAddonsActive', holds: "Product Extra: 'true' or 'false'" },
      WARRANTY,
      JOURNEY,
      { key: 'recurring', holds: 'VIP Product (recurring) on: a boolean' },
      { key: 'recurring_offer_id', holds: 'The VIP offer id (digits)' },
      { key: 'recurring_product_id', holds: 'The VIP product id (digits)' },
      { key: 'recurring_product_name', holds: "The VIP product name, containing 'vip' or 'revboost'" },
      { key: 'recurring_product_price', holds: 'The VIP product price (a number, 0 or more)' },
      { key: 'recurring_campaigns', holds: 'VIP campaigns: list of {ID, country}, no ID and no country twice' },
      { key: 'skipPage', holds: "Skip Page behaviour active: 'true' or 'false'" },
      { key: 'skipPagePath', holds: 'The page path visitors are sent to instead (/path/)' },
      { key: 'productSelect', holds: "Product Select behaviour active: 'true' or 'false'" },
      { key: 'product_override_price', holds: 'A price replacing the package prices on this page; removed when cleared' },
    ],
    messages: [
      'pagePath',
      'warrantyFrame',
      'recurringOfferName',
      'sizeChoice',
      'onlyNumbers',
      'campaignAdded',
      'recurringCampaign',
      'recurringCountryAdded',
      'locked',
    ],
    // TODO story: price (a refused override or VIP price), flag.
  },
  'Page editor/TemplateOptionsPanel': {
    panel: 'template',
    keys: [
      { key: 'main_color', holds: 'The template colour: blue, green or orange, one at a time' },
      { key: 'withShipping', holds: "Show the shipping cost with the packages: 'true' or 'false'" },
      { key: 'withFullPrice', holds: "Show the regular price struck through: 'true' or 'false'" },
      { key: 'outOfStock', holds: "Sold-out notice, order button disabled: 'true' or 'false'" },
    ],
    messages: ['flag', 'mainColor'],
  },
  'Page editor/ReviewsPanel': {
    panel: 'reviews',
    keys: [{ key: 'reviews', holds: `Customer reviews: ${REVIEW_SHAPE}` }],
    messages: ['noReviews', 'reviewText', 'reviewUser', 'imageUrl', 'locked'],
    // TODO story: country (a stored review whose country is not in the list).
  },
  'Page editor/ExtraReviewsPanel': {
    panel: 'extraReviews',
    keys: [{ key: 'extraReviews', holds: `The second review list, in a section of its own: ${REVIEW_SHAPE}` }],
    messages: ['noExtraReviews', 'reviewText', 'reviewUser', 'country', 'locked'],
    // TODO story: imageUrl (an avatar address that is not https://… or /…).
  },
  'Page editor/ReviewList': {
    keys: [{ key: 'reviews / extraReviews', holds: `The list it is given (the Reviews and Extra reviews panels): ${REVIEW_SHAPE}` }],
    messages: ['reviewUser', 'reviewText', 'imageUrl', 'locked'],
    // TODO story: country; the empty-list message is the panel's (noReviews, noExtraReviews).
  },
  'Page editor/ListsPanel': {
    panel: 'lists',
    keys: [{ key: 'list', holds: 'Bullet list: list of {id, boldText (bold lead-in), listText (rich text, required), img (optional icon address)}' }],
    messages: ['noList', 'listText', 'imageUrl', 'locked'],
  },
  'Page editor/InternationalShippingPanel': {
    panel: 'shipping',
    keys: [
      {
        key: 'intShipping',
        holds: 'Shipping prices by country: list of {id, shipping_id (1–3 digits), country (ISO code), price (0 or more)}, no country twice',
      },
    ],
    messages: ['noShipping', 'shippingCountryAdded', 'price', 'country', 'shippingId', 'locked'],
  },
  'Page editor/ImageSliderPanel': {
    panel: 'slider',
    keys: [{ key: 'imgSlider', holds: "The slider's images: list of {id, img (an address from the funnel's gallery)}, each image once" }],
    messages: ['noImages', 'imageUrl', 'imagesFetch', 'noGalleryImages', 'locked'],
    note: "Offers the funnel's gallery images (GET /api/v1/images/{funnelId}); the gallery is not changed.",
  },
  'Page editor/Content fields': {
    keys: [],
    messages: ['imageUrl', 'country'],
    note: 'The image-address field and the country picker the content panels (Reviews, Lists, International shipping) use: they write the key of the panel that holds them.',
  },

  // ---- template editor tabs (001 §2 "Template editor"; page meta keys 001 §3) ----
  'Template editor/CodeTab': {
    keys: [
      { key: 'css', holds: "CSS added to this page after the template's own" },
      { key: 'customJs', holds: 'A script added to the end of this page' },
    ],
    messages: ['invalidCode', 'locked'],
    // Also shows the code size refusal ('The css code is too long: …', src/model/code-check.ts), not a catalogue message.
  },
  'Template editor/MetaTab': {
    keys: [{ key: 'any top-level key', holds: "The page's whole meta as JSON: Apply sets or deletes only the keys the draft changed" }],
    messages: ['invalidCode', 'metaEmpty', 'locked'],
    // TODO story: the message of any panel's rule a changed key breaks (src/model PageMetaSchema), e.g. warrantyFrame, mainColor.
  },
  'Template editor/SeoTab': {
    keys: [
      { key: 'description', holds: "The page's meta description (at most 255 characters)" },
      { key: 'subject', holds: 'The meta subject (at most 255 characters)' },
      { key: 'keywords', holds: 'The meta keywords (at most 255 characters)' },
      { key: 'googleSiteVerification', holds: "Google's site verification code (at most 255 characters)" },
    ],
    messages: [],
    note: "Its refusals are WRITE_MSG.tooLong ('{field} must be at most 255 characters') and WRITE_MSG.notText, outside the seeds' catalogue.",
  },
  'Template editor/ImagePicker': {
    keys: [
      {
        key: "the clicked image's path",
        holds: 'An image address in the meta (heroImage, imgSlider.0.img…), picked from the gallery or typed (https://…, http://… or /…)',
      },
    ],
    messages: ['imageUrl', 'noImages'],
    note: "Reads the funnel's gallery (GET /api/v1/images/{funnelId}); the gallery is not changed.",
  },
  'Template editor/TemplateDrawer': {
    keys: [
      {
        key: "the open tab's keys",
        holds:
          "The drawer's tabs: the side panels' keys, Meta (any key), CSS (css), Javascript (customJs), Page SEO (description, subject, keywords, googleSiteVerification)",
      },
    ],
    messages: ['invalidCode', 'metaEmpty', 'locked'],
  },

  // ---- funnel content editors (000 §2 "Funnel details form"; §3 Funnel) ----
  'Funnels/FunnelContentEditors': {
    keys: [],
    messages: ['locked'],
    note: "Edits the funnel document, not a page's meta: details.faq (list of {faq_id, faq_question, faq_content: list of {faq_ct_text}}), details.manual (list of {manual_id, manual_img}) and details.bannerImageAffid (list of {affid_img, desktop_src, mobile_src}); banner uploads land in the funnel's gallery.",
    // Its affiliate id refusals are the schema's own ('Affiliate id is required', 'Affiliate id is at most 4 characters'),
    // not MSG.affiliateId; banner size refusals come from src/model/images.ts bannerSizeError.
    // TODO story: imageTooLarge (the server's refusal of a banner upload over 10MB).
  },
  'Funnels/FunnelDetailsForm': {
    keys: [],
    messages: [
      'funnelName',
      'offerRequired',
      'currencyRequired',
      'languageRequired',
      'countries',
      'indexPage',
      'indexPageType',
      'supportNumber',
      'supportEmail',
      'email',
      'dlOfferName',
      'gtm',
      'opt',
      'ua',
      'cfKey',
    ],
    note: "Edits the funnel document (General tab), not a page's meta: name, offer, currency, language, countries, page_id (index page), cs_number, cs_email and details (dl_offer_name, guarantee, favicon, logo, logo_white, GTM, OPT, UA, cf_site_key, cf_secret_key — write-only).",
  },
};
