/**
 * Validation and error messages with the seeds' exact wording (000 §5, §8; 001 §5, §8),
 * including their typos ('at least on country', 'porducts'). Shown by forms and returned
 * by the API as `{ message }`.
 */
export const MSG = {
  funnelName: 'Please input Funnel name',
  newFunnelName: 'Please input Funnel Name',
  offerRequired: 'Please select an offer',
  offerIdRequired: 'Offer ID required',
  currencyRequired: 'Please select a currency',
  languageRequired: 'Please select a language',
  countries: 'Please select at least on country',
  dlOfferName: 'Please input the offer name',
  indexPage: 'Please select the index page',
  indexPageType: 'The index page must be of type checkout, interstitial or presell',
  supportNumber: 'Please input the support number',
  supportEmail: 'Please input the support email',
  email: 'Email format is not valid',
  gtm: 'GTM must be letters and digits, at most 8',
  opt: 'OPT must be letters and digits, at most 7',
  ua: 'UA allows digits, dots, dashes and slashes, at most 14',
  cfKey: 'Cloudflare keys are at most 35 characters',
  pagePath: 'Please input valid page path, it must start and end with slash.',
  pageName: 'Missing Name',
  pageType: 'Missing Page Type',
  pagePathExists: 'Page path already exists',
  redirectPath: 'Redirect to a page path such as /offer/ or a full http(s):// address',
  campaignId: 'Missing Campaign Id',
  onlyNumbers: 'Input only numbers',
  campaignAdded: (id: string | number) => `Campaign ${id} already added`,
  categoryName: 'Missing Category Name',
  categoryExists: (name: string) => `Category ${name} already exists`,
  categoryIdExists: (id: string | number) => `Category with ${id} already exists`,
  offerExists: (id: string | number) => `Offer ${id} already exists`,
  domainRequired: 'Please Domain URL',
  domainInvalid: 'Please enter a valid domain',
  domainAdded: (name: string) => `Domain ${name} already added`,
  noteRequired: 'Please input a note',
  cloneName: 'Please input a name for the clone',
  imageTooLarge: 'Image must be smaller than 10MB!',
  uploadOk: (file: string) => `${file} file uploaded successfully`,
  uploadFailed: (file: string) => `${file} file upload failed.`,
  productsFetch: 'Something went wrong when fetching porducts / Please insert offer in Funnel Details',
  recurringCampaign: 'Campaign ID or country code is missing!',
  warrantyFrame: 'Please select warranty frame',
  addonProducts: 'No added Products',
  recurringOfferName: "A recurring offer must be named with 'vip' or 'revboost'",
  invalidCode: (language: string) => `Not valid ${language} code`,
  metaEmpty: 'Meta can not be empty!',
  password: 'User Password must be at least 8 characters long 1 capital letter and at least 1 special sign',
  selectStore: 'You have to select store',
  missingPageId: 'Missing Page ID',
  sourceFunnelNotFound: 'Source funnel not found',
  noBody: 'No body provided',
  maxFeatures: 'A product has at most 8 features',
  price: 'Price must be a number of 0 or more',
  quantity: 'Quantity must be a whole number from 1 to 100',
  productName: 'Missing Product Name',
  affiliateId: 'Missing Affiliate ID',
  locked: 'This funnel is locked: unlock it to make changes',
  errorTitle: 'Error',
  overlayHint: 'If error still occur please contact us or try again later',
  notFound: 'Not Found!',
  // Page editor side panels (000 §2, §5): sizes, addons, recurring campaigns.
  sizeChoice: 'A size can be chosen only when at least 2 sizes exist',
  sizeName: 'Please input the size name',
  sizeExists: (name: string) => `Size ${name} already added`,
  noSizes: 'No sizes added',
  addonName: 'Please input the addon name',
  noAddons: 'No extra products added',
  discount: 'Discount must be a percentage from 0 to 100',
  recurringCountryAdded: (country: string) => `Country ${country} already added`,
  flag: "Unexpected value: switch it on or off to store 'true' or 'false'",
  mainColor: 'Please select blue, green or orange',
  addonFrame: 'Please select one of the 8 addon frames',
  addonType: 'Please select normal, journey, multi, bundle or product',
  addonColor: 'Please select blue, pink, orange, red or white',
  // Page editor content panels (000 §2, §3): reviews, lists, international shipping, image slider.
  noReviews: 'No reviews added',
  noExtraReviews: 'No extra reviews added',
  noList: 'No list added',
  noShipping: 'No international shipping added',
  noImages: 'No Images added',
  reviewUser: 'Please input the reviewer name',
  reviewText: 'Please input the review',
  listText: 'Please input the list text',
  imageUrl: 'Please input an image address starting with https:// or /',
  country: 'Please select a country',
  shippingId: 'Shipping ID must be 1 to 3 digits',
  shippingCountryAdded: (country: string) => `Shipping to ${country} already added`,
  imagesFetch: 'Something went wrong when fetching images',
  noGalleryImages: 'No images in the gallery yet: upload them in the Gallery tab',
  linkUrl: 'Please input a link starting with https://, mailto:, tel: or /',
} as const;

/** Capitalises the first letter: an API message for the 'Error' notification (000 §8), a colour or type shown as a label. */
export function capitalize(message: string): string {
  return message ? message.charAt(0).toUpperCase() + message.slice(1) : message;
}

/**
 * Messages of the published-page preview (000 §2 "A page preview fetches the page's HTML by
 * URL…"; the seeds give no wording, so these are ours). Shown by the editor and returned by
 * `GET /api/v1/preview?url=`.
 */
export const PREVIEW_MSG = {
  url: 'Enter the page URL, starting with http:// or https://',
  refused: 'Pages on private or loopback addresses cannot be previewed',
  notPublished: 'This page is not published',
  notFound: 'The page could not be found',
  tooLarge: 'The page is larger than 5MB',
  notHtml: 'The address does not answer an HTML page',
  unreachable: 'The page could not be fetched',
} as const;

/** True when `url` is an absolute http(s) URL without credentials (what the preview accepts). */
export function isPreviewableUrl(url: string): boolean {
  try {
    const u = new URL(url.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * Messages of the write contract (src/server/README.md: If-Match, Idempotency-Key,
 * write-only secrets, append-only system audit entries). The seeds give no wording for
 * these, so they are ours; `{kind}` is funnel, page or template.
 */
export const WRITE_MSG = {
  idempotencyBody: 'This Idempotency-Key was already used with a different request body; use a new key for a new change',
  idempotencyOther: 'This Idempotency-Key was already used for another request; use a new key for a new change',
  testFailed: (kind: string) => `This ${kind} was changed by someone else; your change was not applied`,
  systemEntry: 'This entry was written by the system and cannot be deleted',
  noteNotYours: 'Only the author of this note or an admin can delete it',
  secretDerived: 'has_cf_secret_key and cf_secret_key_hint are read-only',
  secretRead: 'The captcha secret key is write-only: it cannot be tested, copied or moved',
  secretRedacted: 'The captcha secret key cannot be restored from the log; enter it again',
  /** `{field} must be at most {max} characters`. */
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  /** `{field} must be text`. */
  notText: (field: string) => `${field} must be text`,
  /** A body key that could reach an object's prototype (`__proto__`, `constructor`, `prototype`): `what` is "a page", "a template"… */
  forbiddenKey: (key: string, what: string) => `The body is refused: the key "${key}" is not allowed in ${what}`,
} as const;
