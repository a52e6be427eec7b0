/**
 * Money as buyers and operators read it ("Money is shown in the funnel's currency
 * everywhere"): one formatter for the published pages (the `money` Liquid filter) and the
 * editor's panels, so both show the same text.
 */

const formatters = new Map<string, Intl.NumberFormat | null>();

/**
 * `formatMoney(39.9, 'EUR', 'de')` → "39,90 €": Intl currency format in `language`. Formatters
 * are cached per currency and language (building one costs far more than formatting); an
 * unknown currency or language falls back to two decimals. Not a finite number: ''.
 */
export function formatMoney(v: unknown, currency = 'USD', language = 'en'): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return '';
  const key = `${currency}|${language}`;
  let f = formatters.get(key);
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat(language, { style: 'currency', currency });
    } catch {
      f = null;
    }
    formatters.set(key, f);
  }
  return f ? f.format(n) : n.toFixed(2);
}
