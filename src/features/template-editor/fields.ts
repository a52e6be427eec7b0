/**
 * Which `data-edit` marks of a rendered page the template editor offers, and how (001 §2
 * "Template editor": texts, images, product lists, add-ons, size choices, bullet lists and
 * warranty blocks become editable). The catalogue of marks is src/model/editable-text.ts; this
 * module decides, for one page, which of them can take an edit: a text only where its parent
 * object exists in the page's meta (an edit never invents a list item), so a proposal for it
 * becomes exactly one `replace` or `add` of a string.
 */
import { cleanEditedText, nonTextKind, textField } from '../../model/editable-text';
import type { EditKind } from './frame/wire';

/** The kind a mark is edited as, or null when the editor leaves it alone (code: the CSS and Javascript tabs edit it). */
export function kindOf(path: string): EditKind | null {
  const t = textField(path);
  if (t) return t.html ? 'html' : 'text';
  const n = nonTextKind(path);
  if (!n || n === 'code') return null;
  return n === 'image' ? 'image' : 'block';
}

/** Own-property lookup of a dotted meta path (`products.0.product_data_name`); undefined when any step is missing. */
export function valueAt(meta: unknown, path: string): unknown {
  let node: unknown = meta;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The object or array that holds the last segment of `path` in `meta`, or undefined. */
export function parentAt(meta: unknown, path: string): Record<string, unknown> | unknown[] | undefined {
  const i = path.lastIndexOf('.');
  const parent = i < 0 ? meta : valueAt(meta, path.slice(0, i));
  return parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown> | unknown[]) : undefined;
}

/** What the frame is told about one rendering: editable paths by kind, and each text's starting value. */
export interface FrameFields {
  fields: Record<string, EditKind>;
  texts: Record<string, string>;
}

/**
 * The fields of one rendering: `marks` are the rendered elements' `data-edit` paths with their
 * rendered text (the first element wins when a path is printed twice). A text is offered only
 * when its parent exists in `meta` and its value there is a string or absent (a template's
 * default text: the session starts from the rendered text); images and blocks always are.
 */
export function frameFields(meta: unknown, marks: Iterable<readonly [path: string, rendered: string]>): FrameFields {
  const fields: Record<string, EditKind> = {};
  const texts: Record<string, string> = {};
  for (const [path, rendered] of marks) {
    if (Object.hasOwn(fields, path)) continue;
    const kind = kindOf(path);
    if (!kind) continue;
    if (kind === 'text' || kind === 'html') {
      const parent = parentAt(meta, path);
      const leaf = path.slice(path.lastIndexOf('.') + 1);
      if (!parent || Array.isArray(parent) !== /^\d+$/.test(leaf)) continue;
      const value = valueAt(meta, path);
      if (value !== undefined && typeof value !== 'string') continue;
      texts[path] = value ?? rendered;
    }
    fields[path] = kind;
  }
  return { fields, texts };
}

/** What a frame's `propose` becomes: the cleaned text for one command, or why nothing is recorded. */
export type ProposalOutcome = { ok: true; path: string; value: string; label: string } | { ok: false; reason: 'locked' | 'not offered' | 'unchanged' | 'gone' };

/**
 * Decides a text the frame proposes (001 §5 "Edited text in the template editor has script
 * tags stripped and, unless html is allowed for that field, tags removed"): refused on a locked
 * funnel or for a path the last rendering did not offer as text; cleaned with
 * {@link cleanEditedText} (`sanitize`: the rich-text sanitizer); nothing when the cleaned text
 * equals the stored one or the text's parent left the meta since.
 */
export function decideProposal(
  offered: FrameFields,
  locked: boolean,
  meta: unknown,
  path: string,
  value: string,
  sanitize: (html: string) => string,
): ProposalOutcome {
  if (locked) return { ok: false, reason: 'locked' };
  const kind = Object.hasOwn(offered.fields, path) ? offered.fields[path] : undefined;
  if (kind !== 'text' && kind !== 'html') return { ok: false, reason: 'not offered' };
  const parent = parentAt(meta, path);
  if (!parent || Array.isArray(parent)) return { ok: false, reason: 'gone' };
  const clean = cleanEditedText(value, textField(path)?.html === true, sanitize);
  if (valueAt(meta, path) === clean) return { ok: false, reason: 'unchanged' };
  return { ok: true, path, value: clean, label: `Edit text ${path}` };
}

/**
 * Writes a text at a dotted meta path of a draft (only into an existing object: a proposal
 * never creates list items). @returns false when the parent is gone.
 */
export function setTextAt(meta: unknown, path: string, value: string): boolean {
  const parent = parentAt(meta, path);
  if (!parent || Array.isArray(parent)) return false;
  parent[path.slice(path.lastIndexOf('.') + 1)] = value;
  return true;
}

/** Words for the images the layouts mark (src/model/editable-text.ts NON_TEXT_MARKS `image`), by their meta key. */
const IMAGE_WORDS: Readonly<Record<string, (n: number, item: Record<string, unknown> | undefined) => string>> = {
  imgSlider: (n) => `Slider image ${n}`,
  list: (n, item) => `Image of list item ${n}${named(item?.boldText)}`,
  reviews: (n, item) => `Avatar of review ${n}${named(item?.user)}`,
  extraReviews: (n, item) => `Avatar of extra review ${n}${named(item?.user)}`,
};
const named = (v: unknown) => (typeof v === 'string' && v.trim() ? ` (${v.trim().slice(0, 40)})` : '');

/**
 * The image at meta `path` in words, for the image dialog's title and the command's label (issue
 * 27: "Choose an image for Hero image", not "Image heroImage"): `heroImage` → "Hero image",
 * `imgSlider.1.img` → "Slider image 2", `reviews.0.avatar` → "Avatar of review 1 (Jessica M.)";
 * any other path its keys as words, list indexes counted from 1.
 */
export function imageLabel(meta: unknown, path: string): string {
  const [key = '', index, ...rest] = path.split('.');
  const words = IMAGE_WORDS[key];
  if (words && index !== undefined && /^\d+$/.test(index) && rest.length === 1) {
    const item = valueAt(meta, `${key}.${index}`);
    return words(Number(index) + 1, item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : undefined);
  }
  const text = path
    .split('.')
    .map((seg) =>
      /^\d+$/.test(seg)
        ? String(Number(seg) + 1)
        : seg
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .replace(/_/g, ' ')
            .toLowerCase(),
    )
    .join(' ')
    .trim();
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : 'Image';
}
