/**
 * How the Analytics tab writes its numbers: rates as percentages with one decimal, differences
 * in percentage points, counts with thousands separators; a missing rate (no visitors) as a dash.
 */
import type { FunnelAnalytics } from '../../../../model/contracts/analytics';
import { themeTokens } from '../../../../ui/tokens';

/** A count, as `12,345`. */
export const count = (n: number) => n.toLocaleString('en-US');

/** A rate (0–1) as `12.3 %`, or '—' when there is none. */
export const pct = (x: number | null | undefined) => (x == null ? '—' : `${(x * 100).toFixed(1)} %`);

/** A difference of rates (−1–1) in percentage points, signed: `+5.2 points`. */
export const points = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x * 100).toFixed(1)} points`;

/** A p value as said: `p = 0.041`, or `p < 0.001`. */
export const pValue = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

/** An amount of money per visitor (the platform's currency), two decimals. */
export const money = (x: number) => x.toFixed(2);

/** The series colours of the charts (the theme's hues, distinguishable in print too). */
export const SERIES_COLORS = [
  themeTokens.color.primary,
  themeTokens.color.orange,
  themeTokens.color.green,
  themeTokens.color.danger,
  themeTokens.color.info,
  themeTokens.color.yellow,
  themeTokens.color.muted,
] as const;

/** The colour of series `i`. */
export const seriesColor = (i: number): string => SERIES_COLORS[i % SERIES_COLORS.length] ?? themeTokens.color.primary;

/** A step of the funnel as the charts name it. */
export type Step = FunnelAnalytics['steps'][number];

/** A step's key in a chart's data rows (`s12`). */
export const stepKey = (pageId: number) => `s${pageId}`;

/** How a release is named: `Release 12`. */
export const releaseName = (id: number) => `Release ${id}`;
