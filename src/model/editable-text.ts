/**
 * Texts of a page's or template's meta that the template editor edits in place, and how an
 * edited text is cleaned before it is stored (001 §5: "Edited text in the template editor has
 * script tags stripped and, unless html is allowed for that field, tags removed").
 *
 * The catalogue lists the meta paths the Liquid layouts mark with `data-edit`
 * (src/server/publish/templates/*.liquid), with `*` for a list index. Each mark is either a text
 * ({@link EDITABLE_TEXTS}: plain, or rich text that keeps the rich-text allow-list) or a known
 * non-text ({@link NON_TEXT_MARKS}: images, lists, list items, blocks, money, code…);
 * tests/unit/model/editable-text.test.ts fails when a layout gains a mark listed in neither.
 *
 * Pure: the rich-text sanitizer is passed in (the browser's DOMPurify in the editor, the jsdom
 * one of src/server/dom.ts on the server), so editor and server clean alike.
 */

/** How an editable text is stored: `html` true for rich text (src/model/rich-text.ts), false for plain text. */
export interface TextField {
  html: boolean;
}

/** What a `data-edit` mark that is not a text edits. */
export type NonTextKind = 'code' | 'image' | 'list' | 'item' | 'block' | 'money' | 'choice' | 'path';

const PLAIN: TextField = Object.freeze({ html: false });
const RICH: TextField = Object.freeze({ html: true });

/**
 * Meta paths of editable texts (dotted, `*` = a list index). Rich text only where the value
 * is rich text already (review bodies and list texts, src/model/page-content.ts); every other
 * text is plain and loses its tags.
 */
export const EDITABLE_TEXTS: Readonly<Record<string, TextField>> = Object.freeze({
  // Texts of the layouts (src/server/publish/defaults.ts).
  eyebrow: PLAIN,
  headline: PLAIN,
  subheadline: PLAIN,
  intro: PLAIN,
  stepText: PLAIN,
  offerText: PLAIN,
  ctaText: PLAIN,
  ctaNote: PLAIN,
  acceptText: PLAIN,
  declineText: PLAIN,
  securityNote: PLAIN,
  guaranteeTitle: PLAIN,
  guaranteeText: PLAIN,
  message: PLAIN,
  orderNote: PLAIN,
  supportText: PLAIN,
  listTitle: PLAIN,
  intShippingTitle: PLAIN,
  reviewsTitle: PLAIN,
  extraReviewsTitle: PLAIN,
  warrantyText: PLAIN,
  recurring_product_name: PLAIN,
  // Lists.
  'list.*.boldText': PLAIN,
  'list.*.listText': RICH,
  'reviews.*.reviewTitle': PLAIN,
  'reviews.*.user': PLAIN,
  'reviews.*.review': RICH,
  'extraReviews.*.reviewTitle': PLAIN,
  'extraReviews.*.user': PLAIN,
  'extraReviews.*.review': RICH,
  'productSizes.*.name': PLAIN,
  // Page products (src/model/page.ts PageProductSchema).
  'products.*.product_data_name': PLAIN,
  'products.*._package_name': PLAIN,
  'products.*.popularity': PLAIN,
  'products.*.free_gift': PLAIN,
  'products.*.free_shipping_text': PLAIN,
  'products.*.features.*.f': PLAIN,
  'products.*.product_info': PLAIN,
  'products.*._box_name': PLAIN,
  'products.*._cart_name': PLAIN,
  // Addons (src/model/page-meta.ts AddonSchema).
  'productAddons.*.name': PLAIN,
  'productAddons.*.description': PLAIN,
  'productAddons.*.tag': PLAIN,
  'productAddons.*.products.*.data_name': PLAIN,
  'productAddons.*.products.*.tag': PLAIN,
  'productAddons.*.products.*.data_size': PLAIN,
});

/** The `data-edit` marks that are not texts, by what they edit (never cleaned as text). */
export const NON_TEXT_MARKS: Readonly<Record<string, NonTextKind>> = Object.freeze({
  css: 'code',
  customJs: 'code',
  heroImage: 'image',
  'imgSlider.*.img': 'image',
  'list.*.img': 'image',
  'reviews.*.avatar': 'image',
  'extraReviews.*.avatar': 'image',
  imgSlider: 'list',
  intShipping: 'list',
  list: 'list',
  productSizes: 'list',
  reviews: 'list',
  extraReviews: 'list',
  'intShipping.*': 'item',
  'list.*': 'item',
  'reviews.*': 'item',
  'extraReviews.*': 'item',
  'products.*': 'item',
  'productAddons.*': 'item',
  'productAddons.*.products.*': 'item',
  // Toggles and blocks edited in the side drawer; `faq`, `manual`, `bannerImageAffid` and
  // `logo_white` are the funnel's (funnel details, not meta: edited in the funnel's Details).
  faq: 'block',
  productSelect: 'block',
  recurring: 'block',
  warranty: 'block',
  outOfStock: 'block',
  manual: 'block',
  bannerImageAffid: 'block',
  logo_white: 'block',
  'products.*._price': 'money',
  'products.*._unitPrice': 'money',
  'products.*._regPrice': 'money',
  'products.*._save': 'money',
  'products.*._warranty': 'money',
  product_override_price: 'money',
  recurring_product_price: 'money',
  'intShipping.*.price': 'money',
  'productAddons.*.products.*.data_price': 'money',
  'productAddons.*.products.*.data_discount_price': 'money',
  'productAddons.*.products.*.data_save': 'money',
  'intShipping.*.country': 'choice',
  'reviews.*.country': 'choice',
  'extraReviews.*.country': 'choice',
  skipPagePath: 'path',
});

// ---- matching paths ----------------------------------------------------------------------

/** A list index as a path segment: '0', '12' (RFC 6901 array index: no leading zeros). */
const isIndex = (s: string) => /^(?:0|[1-9]\d*)$/.test(s);

interface Trie<T> {
  keys: Map<string, Trie<T>>;
  any: Trie<T> | null;
  value: T | null;
}

const newTrie = <T>(): Trie<T> => ({ keys: new Map(), any: null, value: null });

function buildTrie<T>(entries: Readonly<Record<string, T>>): Trie<T> {
  const root = newTrie<T>();
  for (const [path, value] of Object.entries(entries)) {
    let node = root;
    for (const seg of path.split('.')) {
      if (seg === '*') node = node.any ??= newTrie<T>();
      else {
        let next = node.keys.get(seg);
        if (!next) node.keys.set(seg, (next = newTrie<T>()));
        node = next;
      }
    }
    node.value = value;
  }
  return root;
}

const TEXTS = buildTrie(EDITABLE_TEXTS);
const NON_TEXTS = buildTrie(NON_TEXT_MARKS);

/** The child of `node` for segment `seg`: the named key first, else the index wildcard. */
const step = <T>(node: Trie<T>, seg: string): Trie<T> | null => node.keys.get(seg) ?? (isIndex(seg) ? node.any : null);

function lookup<T>(root: Trie<T>, segments: readonly string[]): T | null {
  let node: Trie<T> | null = root;
  for (const seg of segments) {
    node = step(node, seg);
    if (!node) return null;
  }
  return node.value;
}

/**
 * Whether the meta path (segments of the meta, e.g. `['products', '0', 'product_data_name']`)
 * is an editable text, and how it is stored; null when it is not a text.
 */
export function textFieldAt(segments: readonly string[]): TextField | null {
  return lookup(TEXTS, segments);
}

/**
 * Whether the dotted meta path of a `data-edit` mark (`headline`, `products.0.product_data_name`)
 * is an editable text: `{ html }` (true: rich text), or null when it is not a text (an image,
 * a list or item, a block, money, code…) or not a known mark.
 */
export function textField(path: string): TextField | null {
  return path ? textFieldAt(path.split('.')) : null;
}

/** What a known non-text `data-edit` mark edits (dotted meta path), or null. */
export function nonTextKind(path: string): NonTextKind | null {
  return path ? lookup(NON_TEXTS, path.split('.')) : null;
}

/**
 * The reference tokens of an RFC 6901 JSON Pointer ('~1' → '/', '~0' → '~'), or null when it
 * is not a pointer ('' is the whole document: `[]`).
 */
function pointerTokens(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const out: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~[^01]|~$/.test(raw)) return null;
    out.push(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return out;
}

/**
 * {@link textField} of a JSON Pointer into a page or template document: `/meta/headline`,
 * `/meta/reviews/0/review`, keys escaped as RFC 6901 says. Null outside `/meta` or for a
 * malformed pointer.
 */
export function textFieldAtPointer(pointer: string): TextField | null {
  const tokens = pointerTokens(pointer);
  if (!tokens || tokens[0] !== 'meta') return null;
  return textFieldAt(tokens.slice(1));
}

// ---- cleaning ----------------------------------------------------------------------------

/** Script and style elements with what they hold (an unclosed one runs to the end). */
const SCRIPT_RE = /<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
/** Comments, doctype / processing instructions, and tags: `<` followed by a letter, `/`, `!` or `?`, up to `>`. */
const TAG_RE = /<!--[\s\S]*?(?:-->|$)|<[a-zA-Z/!?][^>]*(?:>|$)/g;

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  times: '×',
  divide: '÷',
  deg: '°',
  middot: '·',
  bull: '•',
  shy: '\u00ad',
};

/** Decodes character references: the named ones of {@link NAMED}, decimal and hex ones (others stay as written). */
function decodeEntities(s: string): string {
  return s.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g, (m, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return Object.hasOwn(NAMED, name) ? (NAMED[name] as string) : m;
    const cp = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
    // NUL, surrogates and values past Unicode are not characters: the replacement character, as HTML does.
    return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp);
  });
}

/** Applies `f` until the value no longer changes, so the result is a fixed point (cleaning it again changes nothing). */
function fixpoint(value: string, f: (s: string) => string): string {
  let prev = value;
  for (;;) {
    const next = f(prev);
    if (next === prev) return next;
    prev = next;
  }
}

/** `value` without script and style elements (with their content). Repeated until none is left (`<scr<script></script>ipt>`). */
export function stripScripts(value: string): string {
  return fixpoint(value, (s) => s.replace(SCRIPT_RE, ''));
}

/**
 * Plain text of an HTML fragment: script and style elements removed with their content, every
 * other tag and comment removed keeping the text, character references decoded
 * ('Hi <b>there</b> &amp; co' → 'Hi there & co'). Idempotent: what decoding reveals
 * ('&lt;b&gt;' → '<b>') is removed too, so stripping the result again changes nothing.
 * A '<' not starting a tag ('5 < 6') stays.
 */
export function stripTags(value: string): string {
  return fixpoint(value, (s) => decodeEntities(stripScripts(s).replace(TAG_RE, '')));
}

/**
 * Cleans an edited text before it is stored (001 §5): script elements always removed; with
 * `html` (a rich-text field, {@link TextField}) the rest goes through `sanitize` (the rich-text
 * sanitizer of src/model/rich-text.ts: its allow-list, no event handlers); without, every tag is
 * removed keeping the text ({@link stripTags}). Pure given `sanitize`; idempotent when
 * `sanitize` is.
 */
export function cleanEditedText(value: string, html: boolean, sanitize: (html: string) => string): string {
  return html ? sanitize(stripScripts(value)) : stripTags(value);
}

/**
 * `meta` with every string at an editable text path cleaned ({@link cleanEditedText}). Only
 * the paths of the catalogue are visited; a value that is already clean stays the same, and
 * when nothing changes `meta` itself is returned (objects are copied only along a changed path,
 * never mutated).
 */
export function cleanMetaTexts<M extends Record<string, unknown>>(meta: M, sanitize: (html: string) => string): M {
  return cleanNode(meta, TEXTS, sanitize) as M;
}

function cleanNode(value: unknown, node: Trie<TextField>, sanitize: (html: string) => string): unknown {
  if (typeof value === 'string') return node.value ? cleanEditedText(value, node.value.html, sanitize) : value;
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    const child = node.any;
    if (!child) return items;
    let out: unknown[] | null = null;
    items.forEach((item, i) => {
      const cleaned = cleanNode(item, child, sanitize);
      if (cleaned !== item) (out ??= [...items])[i] = cleaned;
    });
    return out ?? items;
  }
  const obj = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(obj)) {
    const child = step(node, key);
    if (!child) continue;
    const cleaned = cleanNode(obj[key], child, sanitize);
    // defineProperty, not assignment: a key is only ever one of the catalogue's, but never run a setter.
    if (cleaned !== obj[key]) Object.defineProperty((out ??= { ...obj }), key, { value: cleaned, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}
