/**
 * The Liquid filters our page templates use. Output is HTML-escaped by default
 * (`outputEscape: 'escape'`); only `rich_html` produces markup, and only after DOMPurify
 * made it safe, so a template writes `{{ r.review | rich_html | raw }}`.
 *
 * Source: src/server/README.md (DOMPurify for every piece of HTML we render).
 */
import type { Liquid } from 'liquidjs';
import { countryName } from '../../model/countries.ts';
import { formatMoney } from '../../model/money.ts';
import { createRichTextSanitizer } from '../../model/index.ts';
import { serverDom } from '../dom.ts';

/** Entries the rich-text cache keeps (a page holds at most a few hundred rich texts). */
const RICH_CACHE_MAX = 5000;
const richCache = new Map<string, string>();
let sanitizeRich: ((html: string) => string) | null = null;

const regionNames = new Map<string, Intl.DisplayNames>();
/** A country's name in `lang` (de, fr: CLDR; en and anything else: the model's list, 000 §9). */
function localCountryName(code: string, lang: string): string {
  if (lang !== 'de' && lang !== 'fr') return countryName(code);
  let names = regionNames.get(lang);
  if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' })));
  try {
    return names.of(code.toUpperCase()) ?? countryName(code);
  } catch {
    return countryName(code);
  }
}

/**
 * Loads the server's DOMPurify (see {@link serverDom}) for `rich_html`. {@link renderPage}
 * awaits it before its first rendering.
 */
export async function prepareFilters(): Promise<void> {
  if (sanitizeRich) return;
  const { purify, document } = await serverDom();
  sanitizeRich = createRichTextSanitizer(purify, document);
}

/**
 * Rich text (000 §3 `review`, `listText`) sanitized to the model's allow-list, memoized by
 * input: while an operator types, every other review on the page renders from the cache.
 * @throws Error when {@link prepareFilters} has not finished (a programming error).
 */
export function richHtml(v: unknown): string {
  const html = typeof v === 'string' ? v : '';
  if (!html) return '';
  const hit = richCache.get(html);
  if (hit !== undefined) return hit;
  if (!sanitizeRich) throw new Error('rich_html used before prepareFilters() finished');
  const out = sanitizeRich(html);
  if (richCache.size >= RICH_CACHE_MAX) richCache.delete(richCache.keys().next().value as string);
  richCache.set(html, out);
  return out;
}

/** `{{ 39.9 | money: "USD", "en" }}` → "$39.90" (the model's {@link formatMoney}, shared with the editor). */
export const money = (v: unknown, currency = 'USD', language = 'en'): string => formatMoney(v, currency, language);

/** A filter's input as text: strings as they are, numbers and booleans printed, anything else (nil, objects) empty. */
function text(v: unknown): string {
  if (typeof v === 'string') return v;
  return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : '';
}

/**
 * `value` as JSON safe inside a `<script>` element (HTML "script data" state), whether the
 * script is JavaScript or `type="application/json"`: `<`, `>` and `&` are written as `\u003c`,
 * `\u003e`, `\u0026`, so no `</script>`, `<!--` or `<script` can appear in the output and end or
 * re-enter the element; U+2028 and U+2029 as `\u2028`, `\u2029` (line terminators to older
 * JavaScript). Still valid JSON and a valid JavaScript expression: `JSON.parse` of the element's
 * text gives `value` back. `undefined` (a missing variable) is `null`.
 * @example jsonScript(['<!--']) === '["\\u003c!--"]'
 */
export function jsonScript(value: unknown): string {
  const json = JSON.stringify(value ?? null) as string | undefined;
  return (json ?? 'null').replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `text` as the inside of an HTML comment (`<!-- … -->`): inert whatever it holds. `&`, `<`,
 * `>` and `-` are written as character references (which a comment never decodes), so the text
 * cannot hold `-->`, `--!>` or `<!--`, cannot start with `>` or `->` and cannot end in `<!-`:
 * the comment ends where we end it (HTML "comments" syntax). Pure.
 * @example commentText('--->') === '&#45;&#45;&#45;&gt;'
 */
export function commentText(text: string): string {
  return text.replace(/[&<>-]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '-': '&#45;' })[ch] ?? ch);
}

/** Registers every filter on `engine`. */
export function registerFilters(engine: Liquid): void {
  engine.registerFilter('money', money);
  engine.registerFilter('rich_html', richHtml);
  /**
   * `{{ r.country | country_name: lang }}`: "US" → "United States" (000 §9 country list) in
   * English, "Vereinigte Staaten" / "États-Unis" for de / fr (CLDR via `Intl.DisplayNames`);
   * unknown codes as given.
   */
  engine.registerFilter('country_name', (v: unknown, lang?: unknown) =>
    typeof v === 'string' ? localCountryName(v, typeof lang === 'string' ? lang : 'en') : '',
  );
  /** Data (split rules, links) as JSON inside a `<script>`: `{{ x | json_script | raw }}` ({@link jsonScript}). */
  engine.registerFilter('json_script', jsonScript);
  /** Keeps operator CSS/JS from closing its `<style>`/`<script>` element early (their own code, not data: see json_script). */
  engine.registerFilter('element_safe', (v: unknown) => text(v).replace(/<\//g, '<\\/').replace(/<!--/g, '<\\!--'));
  /** Only http(s), relative and data:image URLs reach an href/src. */
  engine.registerFilter('safe_url', (v: unknown) => {
    const s = text(v).trim();
    return /^(https?:|data:image\/)/i.test(s) || !/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : '';
  });
}
