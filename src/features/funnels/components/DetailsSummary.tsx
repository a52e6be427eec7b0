/**
 * The funnel's details summary (001 §2 "Details tab: shows Everflow ID, offer, support e-mail
 * and number, root page, tag-manager / optimize / analytics ids, guarantee, and captcha site key
 * and secret key (masked)"), shown above the Details tab's form and in the funnel list's details
 * drawer. The secret key is never in the browser: only its hint (src/server/README.md).
 */
import type { ReactNode } from 'react';
import type { Funnel } from '../../../model';
import { Box, styles as s } from '../../../ui';

/** A key shown masked: '—' when empty, else bullets and its last 4 characters (at most 12 bullets). */
export function mask(v: string | undefined): string {
  if (!v) return '—';
  return v.length <= 4 ? '••••' : '•'.repeat(Math.min(12, v.length - 4)) + v.slice(-4);
}

/** What the summary shows for the secret key: its hint, "••••" when set without one, '—' when none. */
export function secretKeyLabel(d: Funnel['details']): string {
  return d.cf_secret_key_hint || (d.has_cf_secret_key ? '••••' : '—');
}

/** Props of {@link DetailsSummary}. */
export interface DetailsSummaryProps {
  funnel: Pick<Funnel, 'cs_email' | 'cs_number' | 'details'>;
  /** The funnel's offer, when known. */
  offer?: { name: string; offer_id: number; ef_offer_id: number | null } | undefined;
  /** The index page's path, when known. */
  rootPage?: string | undefined;
}

/** The summary as a description list (`aria-label` "Details summary"). */
export function DetailsSummary({ funnel: f, offer, rootPage }: DetailsSummaryProps) {
  const rows: [string, string][] = [
    ['Everflow ID', String(offer?.ef_offer_id ?? '—')],
    ['Offer', offer ? `${offer.name} (${offer.offer_id})` : '—'],
    ['Support e-mail', f.cs_email || '—'],
    ['Support number', f.cs_number || '—'],
    ['Root page', rootPage ?? '—'],
    ['Tag manager', f.details.GTM || '—'],
    ['Optimize', f.details.OPT || '—'],
    ['Analytics', f.details.UA || '—'],
    ['Guarantee', f.details.guarantee || '—'],
    ['Captcha site key', mask(f.details.cf_site_key)],
    ['Captcha secret key', secretKeyLabel(f.details)],
  ];
  return <Facts label="Details summary" rows={rows} marginBottom={16} />;
}

/** Label–value pairs as a description list in two columns, named `label`. */
export function Facts({ label, rows, marginBottom }: { label: string; rows: readonly (readonly [string, ReactNode])[]; marginBottom?: 16 }) {
  return (
    <Box as="dl" className={s.grid2} margin="none" marginBottom={marginBottom} aria-label={label}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className={s.helpText}>{k}</dt>
          <Box as="dd" margin="none">
            {v}
          </Box>
        </div>
      ))}
    </Box>
  );
}
