import { useEffect } from 'react';

/** What every document title ends with. */
export const APP_TITLE = 'Funnel Admin';

/**
 * The document title of a screen: its parts, most specific first, joined with ' — ', then
 * ' · Funnel Admin'; empty parts (not loaded yet) are left out, so a screen can name what
 * it shows as soon as it knows it. `documentTitle(['Checkout', 'GlowSkin'])` is
 * "Checkout — GlowSkin · Funnel Admin"; no parts: "Funnel Admin".
 */
export function documentTitle(parts: readonly (string | null | undefined | false)[]): string {
  const named = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return named.length ? `${named.join(' — ')} · ${APP_TITLE}` : APP_TITLE;
}

/**
 * Sets `document.title` to {@link documentTitle}(parts) while the calling screen is shown
 * (one call per screen, before any early return). Leaves the title as it is on unmount: the
 * next screen sets its own.
 */
export function useDocumentTitle(parts: readonly (string | null | undefined | false)[]): void {
  const title = documentTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
