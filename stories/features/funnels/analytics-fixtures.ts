/**
 * The Analytics stories' data, with fixed ids and days: funnel 1 (the demo funnel) as Home →
 * Traffic split (50/50, and a match on utm_source=fb) → Presell A or Presell B → Checkout →
 * Thank you, and its analytics as the server answers them (src/model/contracts/analytics.ts),
 * all visitors or only affiliate 77's.
 */
import { http, HttpResponse } from 'msw';
import type { FunnelAnalytics } from '../../../src/model/contracts/analytics';
import type { Page } from '../../../src/model';
import { demoPage, funnel } from '../../../tests/fixtures/demo';

/** The split page of the stories. */
export const splitPage = demoPage({
  ID: 51,
  name: 'Traffic split',
  page_type: 'split',
  page_path: '/split/',
  page_id: 52,
  page_alt_id: 53,
  split: [
    { uid: 'cond0match', type: 'match', param: 'utm_source', value: 'fb' },
    { uid: 'cond1perce', type: 'percent', param: '', value: '50' },
  ],
  version: 4,
});

/** The funnel's pages in flow order. */
export const analyticsPages: Page[] = [
  demoPage({ ID: 50, name: 'Home', page_type: 'presell', page_path: '/', page_id: 51 }),
  splitPage,
  demoPage({ ID: 52, name: 'Presell A', page_type: 'presell', page_path: '/a/', page_id: 54 }),
  demoPage({ ID: 53, name: 'Presell B', page_type: 'presell', page_path: '/b/', page_id: 54 }),
  demoPage({ ID: 54, name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', page_id: 55 }),
  demoPage({ ID: 55, name: 'Thank you', page_type: 'thankyou', page_path: '/thank-you/' }),
];

const noEvents = { view: 0, cta: 0, checkout_submit: 0, upsell_accept: 0, upsell_skip: 0 };

/** The 14 days of the stories' range. */
export const DAYS = Array.from({ length: 14 }, (_, i) => `2026-11-${String(15 + i).padStart(2, '0')}`);
/** The stories' range in the address. */
export const RANGE = `from=${DAYS[0]}&to=${DAYS[13]}`;

/**
 * The analytics of `n` visitors entering (`n` = 1000 for all, 400 for affiliate 77): half each
 * branch, converting at 10 % and 30 % (a clear winner, the skip page) once `n` allows it.
 */
export function analyticsOf(n: number, opts: { from?: string; to?: string } = {}): FunnelAnalytics {
  const a = n / 2;
  const b = n / 2;
  const ca = Math.round(a * 0.1);
  const cb = Math.round(b * 0.3);
  const checkout = Math.round(n * 0.8);
  const visitors = [n, n, a, b, checkout, ca + cb];
  // Conversion to the next step (the branches' next step is the checkout); none after the last.
  const conversion = n ? [1, 1, 0.8, 0.8, (ca + cb) / checkout, null] : [null, null, null, null, null, null];
  const steps = analyticsPages.map((p, i) => ({
    page_id: p.ID,
    name: p.name,
    page_type: p.page_type,
    visitors: visitors[i] ?? 0,
    events: { ...noEvents, view: visitors[i] ?? 0, checkout_submit: p.ID === 54 ? ca + cb : 0 },
    conversion: conversion[i] ?? null,
    drop_off: conversion[i] == null ? null : 1 - conversion[i],
  }));
  const share = (d: number) => (d % 3 === 0 ? 0.05 : d % 3 === 1 ? 0.08 : 0.1);
  const days = DAYS.map((day, d) => ({ day, steps: steps.map((st) => ({ page_id: st.page_id, visitors: Math.round(st.visitors * share(d)) })) }));
  const rate = (c: number, v: number) => (v ? c / v : null);
  const diff = rate(cb, b)! - rate(ca, a)!;
  const half = 1.96 * Math.sqrt((0.1 * 0.9) / a + (0.3 * 0.7) / b);
  const enough = a >= 100 && b >= 100;
  return {
    funnel_id: funnel.ID,
    from: opts.from ?? DAYS[0]!,
    to: opts.to ?? DAYS[13]!,
    steps,
    days: n ? days : [],
    releases: n
      ? [
          { release_id: 7, steps: steps.map((st) => ({ page_id: st.page_id, visitors: Math.round(st.visitors * 0.4) })) },
          { release_id: 8, steps: steps.map((st) => ({ page_id: st.page_id, visitors: Math.round(st.visitors * (st.page_id >= 54 ? 0.75 : 0.6)) })) },
        ]
      : [],
    splits: [
      {
        page_id: splitPage.ID,
        name: splitPage.name,
        goal: 'checkout_submit',
        branches: [
          { branch: 'next', target_page_id: 52, visitors: a, conversions: ca, rate: rate(ca, a), revenue_per_visitor: null },
          { branch: 'skip', target_page_id: 53, visitors: b, conversions: cb, rate: rate(cb, b), revenue_per_visitor: null },
        ],
        comparison: n ? { difference: diff, low: diff - half, high: diff + half, p_value: 0.0000012 } : null,
        verdict: enough
          ? {
              kind: 'winner',
              branch: 'skip',
              message: `The skip page converts better: ${((diff - half) * 100).toFixed(1)} points to ${((diff + half) * 100).toFixed(1)} points more (95 % interval)`,
            }
          : {
              kind: 'too_few',
              branch: null,
              message: `Too few visitors to tell: each branch needs at least 100 visitors and both together 10 conversions (now ${a} and ${b} visitors, ${ca + cb} conversions)`,
            },
      },
    ],
    orders: {
      checkout_submits: ca + cb,
      orders: Math.max(0, ca + cb - 4),
      gap: n ? 4 : 0,
      message: n
        ? '4 checkout submits have no order on the platform (declined payments, test or repeated submits, or orders not synced yet)'
        : 'Checkout submits and orders agree',
    },
  };
}

/**
 * The API of the Analytics stories: funnel 1's pages and analytics (all visitors, 400 of
 * affiliate 77, none with `empty`; a 500 first with `failOnce`). `seen` receives each analytics
 * query string.
 */
export function analyticsHandlers(opts: { empty?: boolean; failOnce?: boolean; seen?: (query: string) => void } = {}) {
  let failed = false;
  return [
    http.get(`/api/v1/funnels/${funnel.ID}/pages`, () => HttpResponse.json(analyticsPages)),
    http.get(`/api/v1/funnels/${funnel.ID}/analytics`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      opts.seen?.(q.toString());
      if (opts.failOnce && !failed) {
        failed = true;
        return HttpResponse.json({ message: 'The database did not answer in time' }, { status: 503 });
      }
      const from = q.get('from') ?? undefined;
      const to = q.get('to') ?? undefined;
      if (opts.empty) return HttpResponse.json(analyticsOf(0, { from, to }));
      return HttpResponse.json(analyticsOf(q.get('affiliate') === '77' ? 400 : 1000, { from, to }));
    }),
  ];
}
