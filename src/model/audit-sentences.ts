/**
 * A diff's operations as sentences people read in the Logs tab (001 §3: a diff is a list of
 * operations; 001 §7 Logs tab): "Checkout › Products › Single › Price 39.95 → 34.95" instead of
 * `replace /meta/products/0/_price`. Pure: the raw ops stay available beside them.
 *
 * Source: RFC 6902 (JSON Patch), RFC 6901 (JSON Pointer).
 */
import type { AuditLog } from './audit';
import { auditOpRows, type AuditOpRow } from './audit';
import { REDACTED, SECRET_DERIVED_POINTERS, SECRET_KEY_POINTER } from './funnel';
import { applyOps, parsePointer, type Operation } from './jsonpatch';
import { namedItem } from './named-item';
import { PAGE_PANEL_LABELS, type PagePanel } from './page-panels';
import { fieldLabel } from './zod-messages';

/** The kinds of document an audit diff changes (its `doc`, `page:12`). */
export type AuditDocKind = 'funnel' | 'page' | 'template' | 'layout';

/** What names the parts of a path beyond the op itself. */
export interface AuditSentenceContext {
  /** How the document starts every path ("Checkout", "Funnel"); default from `doc`: "Funnel", "Page 12", "Template 3". */
  docName?: string;
  /**
   * The document right before the entry (the value the entry's inverse leads back to): list
   * items are named from it ("Single", a review's user). Absent: the op's own values name what
   * they can, the rest is "item 2".
   */
  before?: unknown;
  /** A page's name by its ID: the next pages (`page_id`, `page_alt_id`) read as “Thank you”, not 13. */
  pageName?: (id: number) => string | undefined;
}

/** Page meta keys that are a panel's list: the panel's name stands for the key. */
const PANEL_LISTS: Record<string, PagePanel> = {
  products: 'products',
  productSizes: 'size',
  productAddons: 'addons',
  reviews: 'reviews',
  extraReviews: 'extraReviews',
  list: 'lists',
  intShipping: 'shipping',
  imgSlider: 'slider',
};

/** Page meta settings and the panel they are set in (000 §2, §3). */
const PANEL_SETTINGS: Record<string, PagePanel> = {
  productSizeActive: 'size',
  productAddonsActive: 'addons',
  warranty: 'warranty',
  warrantyText: 'warranty',
  warrantyFrame: 'warranty',
  warrantyJourney: 'warranty',
  recurring: 'extras',
  recurring_offer_id: 'extras',
  recurring_product_id: 'extras',
  recurring_product_price: 'extras',
  recurring_product_name: 'extras',
  recurring_campaigns: 'extras',
  skipPage: 'extras',
  skipPagePath: 'extras',
  productSelect: 'extras',
  product_override_price: 'extras',
  main_color: 'template',
  withShipping: 'template',
  withFullPrice: 'template',
  outOfStock: 'template',
};

/** Labels of keys the panels call otherwise than their humanised key. */
const LABELS: Record<string, string> = {
  _price: 'Price',
  _regPrice: 'Regular price',
  _unitPrice: 'Unit price',
  _warranty: 'Warranty price',
  _save: 'Saving',
  _package_discount: 'Discount',
  _package_name: 'Package name',
  _box_name: 'Box name',
  _cart_name: 'Cart name',
  _receipt: 'Receipt',
  _quantity: 'Quantity',
  productSizeActive: 'Product sizes',
  productAddonsActive: 'Product addons',
  warrantyJourney: 'Journey fixed price',
  recurring: 'VIP product',
  main_color: 'Main colour',
  details: 'Details',
  cf_site_key: 'Captcha site key',
  cf_secret_key: 'Captcha secret key',
  has_cf_secret_key: 'Captcha secret key stored',
  cf_secret_key_hint: 'Captcha secret key hint',
  faq: 'FAQ',
  faq_id: 'FAQ id',
  faq_question: 'Question',
  faq_content: 'Answer',
  faq_ct_text: 'Text',
  bannerImageAffid: 'Banner images',
  customJs: 'Custom JavaScript',
  css: 'Custom CSS',
  page_id: 'Next page',
  page_alt_id: 'Next page on skip',
  template_id: 'Template',
  f: 'Feature',
};

/** Longest value a sentence shows, in characters (longer ones end in "…"). */
const VALUE_MAX = 60;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const child = (node: unknown, token: string): unknown => {
  if (Array.isArray(node)) return /^\d+$/.test(token) ? node[Number(token)] : undefined;
  return isObj(node) && Object.hasOwn(node, token) ? node[token] : undefined;
};
/** The value at `pointer` in `doc`, undefined when there is none. */
const at = (doc: unknown, pointer: string): unknown => parsePointer(pointer).reduce<unknown>((n, k) => child(n, k), doc);

/** The kind of document of `doc` (`page:12` → page); unknown prefixes read as a page. */
function kindOf(doc: string | null | undefined): AuditDocKind {
  const prefix = (doc ?? '').split(':')[0];
  return prefix === 'funnel' || prefix === 'template' || prefix === 'layout' ? prefix : 'page';
}

const defaultName = (doc: string | null | undefined): string => {
  const [prefix = '', id = ''] = (doc ?? '').split(':');
  if (prefix === 'funnel') return 'Funnel';
  if (!prefix) return 'The document';
  return `${prefix.charAt(0).toUpperCase()}${prefix.slice(1)}${id ? ` ${id}` : ''}`;
};

/** Text with its HTML tags dropped and its common entities decoded, whitespace collapsed (rich text as plain text). */
function plainText(s: string): string {
  if (!/<[a-z/!][^>]*>|&[a-z#0-9]+;/i.test(s)) return s.replace(/\s+/g, ' ').trim();
  return s
    .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const shorten = (s: string): string => (s.length > VALUE_MAX ? `${s.slice(0, VALUE_MAX - 1).trimEnd()}…` : s);

/** A value as a sentence shows it: numbers as they are, text quoted and shortened, lists counted, items by name. */
function valueText(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'none';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') {
    if (v === REDACTED) return REDACTED;
    const t = plainText(v);
    return t === '' ? '(empty)' : `“${shorten(t)}”`;
  }
  if (Array.isArray(v)) return v.length === 0 ? 'an empty list' : `${v.length} item${v.length === 1 ? '' : 's'}`;
  const named = namedItem(v);
  if (named !== undefined) return `“${shorten(plainText(named))}”`;
  return shorten(JSON.stringify(v));
}

/** A setting's value; a flag stored as the string 'true'/'false' (000 §4) read as on/off. */
const settingText = (key: string | undefined, v: unknown): string =>
  key !== undefined && (v === 'true' || v === 'false') && (Object.hasOwn(PANEL_SETTINGS, key) || key === 'warranty' || key === 'productSizeActive')
    ? v === 'true'
      ? 'on'
      : 'off'
    : valueText(v);

/** An array item's name: its naming member, a text or number item itself, else its position. */
function itemLabel(item: unknown, index: number): string {
  const named = namedItem(item);
  if (named !== undefined) return shorten(plainText(named));
  if (typeof item === 'string' && item.trim()) return shorten(plainText(item));
  if (typeof item === 'number') return String(item);
  return `item ${index + 1}`;
}

/** An item as a sentence names it: its name quoted, else its position ("item 2"). */
function quotedItem(item: unknown, index: number): string {
  const label = itemLabel(item, index);
  return label === `item ${index + 1}` && item !== `item ${index + 1}` ? label : `“${label}”`;
}

/** Whether `pointer` is, or is inside, the write-only secret or a member derived from it. */
const isSecret = (pointer: string): boolean => [SECRET_KEY_POINTER, ...SECRET_DERIVED_POINTERS].some((p) => pointer === p || pointer.startsWith(`${p}/`));

/**
 * The human path of `pointer` in `doc` (the document before the op): the document's name,
 * then each member's label (page meta: the panel first), list items by name. `last` names the
 * item at the final token when the document does not have it (an added item: the op's value).
 */
function humanPath(pointer: string, doc: unknown, kind: AuditDocKind, docName: string, last?: unknown): string[] {
  const parts = [docName];
  const tokens = parsePointer(pointer);
  let node = doc;
  let inMeta = false;
  tokens.forEach((t, i) => {
    const isLast = i === tokens.length - 1;
    if (Array.isArray(node) || (node === undefined && /^(\d+|-)$/.test(t))) {
      const list: readonly unknown[] = Array.isArray(node) ? node : [];
      const index = t === '-' ? list.length : Number(t);
      const item: unknown = isLast && last !== undefined ? last : list[index];
      parts.push(itemLabel(item, index));
      node = list[index];
      return;
    }
    // The page's (and a template's default) meta is storage: its keys are the panels' settings.
    if (i === 0 && t === 'meta' && (kind === 'page' || kind === 'template')) {
      inMeta = true;
      node = child(node, t);
      return;
    }
    if (inMeta && i === 1) {
      const list = PANEL_LISTS[t];
      const setting = PANEL_SETTINGS[t];
      if (list) parts.push(PAGE_PANEL_LABELS[list]);
      else if (setting) parts.push(PAGE_PANEL_LABELS[setting], LABELS[t] ?? fieldLabel([t]));
      else parts.push(LABELS[t] ?? fieldLabel([t]));
    } else parts.push(LABELS[t] ?? fieldLabel([t]));
    node = child(node, t);
  });
  return parts;
}

/** The list a pointer's last token indexes into (`/meta/products/2` → `/meta/products`) and the index; undefined for a member. */
function listTarget(pointer: string, doc: unknown): { list: string; index: number } | undefined {
  const tokens = parsePointer(pointer);
  const t = tokens.at(-1);
  if (t === undefined) return undefined;
  const list = pointer.slice(0, pointer.lastIndexOf('/'));
  const parent = at(doc, list);
  if (!Array.isArray(parent) && !(parent === undefined && /^(\d+|-)$/.test(t))) return undefined;
  return { list, index: t === '-' ? (Array.isArray(parent) ? parent.length : 0) : Number(t) };
}

/** One op as a sentence, against `doc` (the document right before it; undefined when unknown). */
function opSentence(row: AuditOpRow, doc: unknown, kind: AuditDocKind, docName: string, pageName?: (id: number) => string | undefined): string {
  const key = parsePointer(row.path).at(-1);
  // A next page is named, not numbered.
  const flagText = (k: string | undefined, v: unknown): string => {
    const name = (k === 'page_id' || k === 'page_alt_id') && typeof v === 'number' ? pageName?.(v) : undefined;
    return name !== undefined ? `“${shorten(name)}”` : settingText(k, v);
  };
  const path = (p: string, last?: unknown) => humanPath(p, doc, kind, docName, last).join(' › ');
  if (row.path === '') {
    if (row.op === 'add') return `${docName} created`;
    if (row.op === 'remove') return `${docName} deleted`;
    return `${docName} replaced as a whole`;
  }
  // A redacted value stays redacted: the sentence says it changed, never what to.
  if (isSecret(row.path) || row.value === REDACTED || row.old?.value === REDACTED) return `${path(row.path)} changed (the value is secret)`;
  const old = row.old ? row.old.value : undefined;
  switch (row.op) {
    case 'replace':
      return row.old ? `${path(row.path)} ${flagText(key, old)} → ${flagText(key, row.value)}` : `${path(row.path)} set to ${flagText(key, row.value)}`;
    case 'add': {
      const item = listTarget(row.path, doc);
      if (item) return `${path(item.list)}: added ${valueText(row.value)}`;
      // An add over a member that is there replaces it (RFC 6902 §4.1).
      const was = at(doc, row.path);
      if (was !== undefined) return `${path(row.path)} ${flagText(key, was)} → ${flagText(key, row.value)}`;
      return `${path(row.path)}: added ${flagText(key, row.value)}`;
    }
    case 'remove': {
      const item = listTarget(row.path, doc);
      const gone = row.old ? old : at(doc, row.path);
      if (item) {
        return `${path(item.list)}: removed ${quotedItem(gone, item.index)}`;
      }
      return gone !== undefined ? `${path(row.path)}: removed ${flagText(key, gone)}` : `${path(row.path)}: removed`;
    }
    case 'move':
    case 'copy': {
      const from = row.from ?? '';
      const verb = row.op === 'move' ? 'moved' : 'copied';
      const a = listTarget(from, doc);
      const b = listTarget(row.path, doc);
      if (a && b && a.list === b.list) {
        const moving = at(doc, from);
        return `${path(a.list)}: ${verb} ${quotedItem(moving, a.index)} from position ${a.index + 1} to ${b.index + 1}`;
      }
      return `${path(from)}: ${verb} to ${path(row.path)}`;
    }
    case 'test':
      return `${path(row.path)} checked to be ${flagText(key, row.value)}`;
  }
}

/** Whether `op` is one the Logs tab shows (the server's identity ops `/…/uid` are not; {@link auditOpRows}). */
const shown = (op: Operation): boolean => !(op.path.endsWith('/uid') && op.op !== 'move');

/**
 * A diff's operations as sentences, one per op the raw table shows ({@link auditOpRows}, so the
 * two line up): the document's name and a human path — page meta keys under their panel,
 * list items by name ("Single", a review's user, else "item 2") — then "old → new" for a
 * replace, "added …" / "removed …" for a list item or member, "moved “x” from position 1 to
 * 3"; values shortened to 60 characters, HTML as plain text, flags as on/off, next pages by
 * name (`ctx.pageName`), and a redacted
 * secret never shown (only "changed (the value is secret)").
 * Each op is read against the document as the ops before it left it (`ctx.before` walked
 * forward); when an op does not apply to it, the rest are named without it. Pure.
 * @param entry an audit diff (`doc` gives the kind: funnel, page, template or layout); notes give [].
 * @returns one sentence per shown op, in order.
 */
export function auditSentences(entry: Pick<AuditLog, 'ops' | 'inverse' | 'doc'>, ctx: AuditSentenceContext = {}): string[] {
  const kind = kindOf(entry.doc);
  const docName = ctx.docName ?? defaultName(entry.doc);
  const rows = auditOpRows(entry);
  const out: string[] = [];
  let doc = ctx.before;
  let r = 0;
  for (const op of entry.ops ?? []) {
    if (shown(op)) {
      const row = rows[r++];
      if (row) out.push(opSentence(row, doc, kind, docName, ctx.pageName));
    }
    if (doc !== undefined) {
      try {
        doc = applyOps(doc, [op]);
      } catch {
        doc = undefined;
      }
    }
  }
  return out;
}
