/**
 * What the wizard stories share: domains and stores to choose from, and msw handlers of the
 * build sequence's calls that answer like the real server (ids counted up; a create with an
 * Idempotency-Key already answered replays its first answer), optionally refusing the first
 * domain create with the server's 'Domain [name] already added'; and the quick wizard's draft filled
 * up to a step. Network mocks live only in stories.
 */
import { http, HttpResponse } from 'msw';
import { applyOps, type Domain, type Operation, type Store } from '../../../../src/model';
import { newDraft, type WizardDraft } from '../../../../src/features/funnels/wizard/draft';
import * as fx from '../../../../tests/fixtures/demo';
import { screenHandlers } from '../../../screens';

const base = { funnel_id: null, domain_id: null, parent: null, sync: true, under_attack: false, zone_id: null };
export const wizardDomains: Domain[] = [
  { ...base, ID: 1, name: 'glowskin-offer.com', funnel_id: 1 },
  { ...base, ID: 2, name: 'flexfit-bands.com' },
  { ...base, ID: 3, name: 'sommer.flexfit-bands.com', funnel_id: 3, domain_id: 2, parent: 'flexfit-bands.com' },
];
export const stores: Store[] = [
  { ID: 1, name: 'Main store' },
  { ID: 2, name: '29next store' },
];

/** What the handlers saw: every create call (path and Idempotency-Key) and the PATCH of the index page. */
export interface WizardCalls {
  creates: { path: string; key: string | null; body: unknown }[];
}

/** msw handlers of the wizard's reads and the build sequence (see the module comment). */
export function wizardHandlers(opts: { failDomainOnce?: boolean } = {}, calls: WizardCalls = { creates: [] }) {
  let next = 500;
  let failDomain = opts.failDomainOnce ?? false;
  const seen = new Map<string, { status: number; body: unknown }>();
  const funnels = new Map<number, typeof fx.funnel>();
  /** A create answering 201 with `make(body)`, replaying a seen Idempotency-Key. */
  const create = (path: string, make: (body: Record<string, unknown>, id: number) => unknown) =>
    http.post(path, async ({ request }) => {
      const key = request.headers.get('Idempotency-Key');
      const body = (await request.json()) as Record<string, unknown>;
      calls.creates.push({ path, key, body });
      const prev = key ? seen.get(key) : undefined;
      if (prev) return HttpResponse.json(prev.body as Record<string, unknown>, { status: prev.status, headers: { 'Idempotent-Replayed': 'true' } });
      const answer = make(body, next++);
      if (key) seen.set(key, { status: 201, body: answer });
      return HttpResponse.json(answer as Record<string, unknown>, { status: 201 });
    });
  return [
    http.get('/api/v1/stores', () => HttpResponse.json(stores)),
    http.get('/api/v1/domains/', () => HttpResponse.json(wizardDomains)),
    create('/api/v1/offers/create/', (b, id) => ({
      ID: id,
      offer_id: Number(b.offer_id),
      ef_offer_id: b.ef_offer_id ?? null,
      name: b.name,
      platform: b.platform,
      store_id: b.store_id ?? null,
    })),
    create('/api/v1/funnels', (b, id) => {
      const f = { ...fx.funnel, ID: id, name: String(b.name), offer: Number(b.offer), page_id: null, version: 1 };
      funnels.set(id, f);
      return f;
    }),
    http.post('/api/v1/domains/', async ({ request }) => {
      if (failDomain) {
        failDomain = false;
        const b = (await request.clone().json()) as { name: string };
        calls.creates.push({ path: '/api/v1/domains/ (refused)', key: request.headers.get('Idempotency-Key'), body: b });
        return HttpResponse.json({ message: `Domain ${b.name}.flexfit-bands.com already added` }, { status: 409 });
      }
      return undefined;
    }),
    create('/api/v1/domains/', (b, id) => ({
      ...base,
      ID: id,
      name: `${String(b.name)}.flexfit-bands.com`,
      funnel_id: b.funnel_id,
      domain_id: b.domain_id,
      parent: 'flexfit-bands.com',
      sync: false,
    })),
    create('/api/v1/campaigns', (b, id) => ({
      ID: id,
      campaign_id: Number(b.campaign_id),
      campaign_name: '',
      name: '',
      country_code: '',
      country: '',
      scrub: false,
      is_scrub: false,
      funnel_id: b.funnel_id,
      offer_id: null,
      description: '',
      sufix: '',
      regions: [],
      payment_method: '',
      shipping_id: null,
      shipping_name: null,
      fulfillment: '',
    })),
    create('/api/v1/pages', (b, id) => ({
      ...fx.checkoutPage,
      ID: id,
      funnel_id: b.funnel_id,
      name: b.name,
      page_type: b.page_type,
      page_path: b.page_path,
      template_id: b.template_id,
      page_id: null,
      page_alt_id: null,
      split: [],
      meta: {},
      version: 1,
    })),
    http.get('/api/v1/funnels/:id', ({ params }) => {
      const f = funnels.get(Number(params.id));
      return f ? HttpResponse.json(f) : undefined;
    }),
    http.patch('/api/v1/funnels/:id', async ({ params, request }) => {
      const f = funnels.get(Number(params.id));
      if (!f) return undefined;
      const ops = (await request.json()) as Operation[];
      calls.creates.push({ path: `PATCH /api/v1/funnels/${f.ID}`, key: request.headers.get('Idempotency-Key'), body: ops });
      const now = { ...applyOps(f, ops), version: f.version + 1 };
      funnels.set(f.ID, now);
      return HttpResponse.json(now);
    }),
    ...screenHandlers(),
  ];
}

/**
 * The quick wizard's draft `id` filled up to `step`: offer 10234, funnel 'Quick Glow', the
 * subdomain quick of flexfit-bands.com, one US campaign, a checkout and a thank-you page, and
 * `general` (support contact and details).
 */
export function filledQuickDraft(id: string, step: number, general: WizardDraft['general']): WizardDraft {
  const draft = newDraft(id);
  return {
    ...draft,
    step,
    offer: { ...draft.offer, mode: 'existing', existing: 10234 },
    funnel: { ...draft.funnel, name: 'Quick Glow' },
    domain: { mode: 'subdomain', name: 'quick', domain_id: 2 },
    campaigns: [{ key: 'c1', campaign_id: 12301, region: 'US' as const, fulfillment: 'Ecomm' as const }],
    pages: [
      { key: 'p1', name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', template_id: 2 },
      { key: 'p2', name: 'Thanks', page_type: 'thankyou', page_path: '/thanks/', template_id: 4 },
    ],
    general,
  };
}
