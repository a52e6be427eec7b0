/**
 * JSON Pointers and values as an operator reads them: in the conflict question, the revert
 * dialog and time travel.
 */
import { namedItem, parsePointer } from '../model';

/** A list item's name for people (the model's {@link namedItem}, quoted), or undefined when it has none. */
export function itemName(item: unknown): string | undefined {
  const named = namedItem(item);
  return named === undefined ? undefined : `“${named}”`;
}

/**
 * A JSON Pointer (RFC 6901) as an operator reads it, naming list items by their name where
 * they have one (looked up in `doc`): `/meta/products/1/_price` → `meta › products › “Studio” › _price`;
 * '' is "(the whole document)".
 */
export function describePath(pointer: string, doc: unknown): string {
  const parts: string[] = [];
  let node: unknown = doc;
  for (const t of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      const item: unknown = node[Number(t)];
      parts.push(itemName(item) ?? `#${Number(t) + 1}`);
      node = item;
    } else {
      parts.push(t);
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[t] : undefined;
    }
  }
  return parts.join(' › ') || '(the whole document)';
}

/** A value as a short line of text: strings as they are, the rest as compact JSON (at most 80 characters). */
export function describeValue(v: unknown): string {
  if (v === undefined) return '(removed)';
  if (typeof v === 'string') return v === '' ? '(empty)' : v;
  const json = JSON.stringify(v);
  return json.length > 80 ? `${json.slice(0, 79)}…` : json;
}
