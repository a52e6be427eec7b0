/**
 * The build sequence of the funnel wizards (000 §4): strict order, a failure at any step
 * stops it with the step and the server's message, Resume continues from that step, and
 * nothing is ever created twice (ids recorded per campaign and per page; keys stable).
 */
import { describe, expect, it } from 'vitest';
import {
  BUILD_STEPS,
  buildComplete,
  buildProgress,
  emptyBuildState,
  idempotencyKey,
  runBuild,
  stepStatus,
  type BuildApi,
  type BuildPlan,
  type BuildState,
  type BuildStep,
} from '../../../../../src/features/funnels/wizard/sequence';

const plan = (over: Partial<BuildPlan> = {}): BuildPlan => ({
  draftId: 'd1',
  offer: { kind: 'new', offer_id: 12345, ef_offer_id: null, name: 'Offer', platform: 'sticky', store_id: null },
  funnel: { name: 'Funnel' },
  domain: { kind: 'subdomain', name: 'shop', domain_id: 4 },
  campaigns: [
    { key: 'c1', campaign_id: 111, region: 'US', fulfillment: 'Ecomm' },
    { key: 'c2', campaign_id: 222, region: 'CA', fulfillment: 'SRLC' },
  ],
  pages: [
    { key: 'p1', name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', template_id: null },
    { key: 'p2', name: 'Upsell', page_type: 'upsell1', page_path: '/up/', template_id: null },
    { key: 'p3', name: 'Thanks', page_type: 'thankyou', page_path: '/thanks/', template_id: null },
  ],
  ...over,
});

/** A fake API: records every call with its key; `failOn` makes the n-th call of a kind fail (once). */
function fakeApi(failOn: { kind?: keyof BuildApi; times?: number } = {}) {
  const calls: { kind: keyof BuildApi; key: string; arg: unknown }[] = [];
  let failures = failOn.times ?? 1;
  let next = 100;
  const made = new Map<string, number>();
  const call = (kind: keyof BuildApi, key: string, arg: unknown) => {
    calls.push({ kind, key, arg });
    if (kind === failOn.kind && failures > 0) {
      failures -= 1;
      throw new Error(`Server refused ${kind}`);
    }
    // Like the server: a replayed key answers the first id.
    if (!made.has(key)) made.set(key, next++);
    return made.get(key) as number;
  };
  const api: BuildApi = {
    createOffer: (o, key) => Promise.resolve().then(() => ({ offer_id: (call('createOffer', key, o), o.offer_id) })),
    createFunnel: (f, key) => Promise.resolve().then(() => ({ ID: call('createFunnel', key, f) })),
    createDomain: (d, funnelId, key) => Promise.resolve().then(() => ({ ID: call('createDomain', key, { d, funnelId }) })),
    createCampaign: (c, key) => Promise.resolve().then(() => ({ ID: call('createCampaign', key, c) })),
    createPage: (p, key) => Promise.resolve().then(() => ({ ID: call('createPage', key, p) })),
    setIndexPage: (funnelId, pageId, key) =>
      Promise.resolve().then(() => {
        call('setIndexPage', key, { funnelId, pageId });
      }),
  };
  return { api, calls };
}

describe('runBuild', () => {
  it('runs strictly in order: offer, funnel, domain, campaigns, pages, index page = the first page', async () => {
    const { api, calls } = fakeApi();
    const states: BuildState[] = [];
    const s = await runBuild(plan(), emptyBuildState(), api, (x) => states.push(x));
    expect(calls.map((c) => c.kind)).toEqual([
      'createOffer',
      'createFunnel',
      'createDomain',
      'createCampaign',
      'createCampaign',
      'createPage',
      'createPage',
      'createPage',
      'setIndexPage',
    ]);
    expect(s.failed).toBeNull();
    expect(buildComplete(plan(), s)).toBe(true);
    expect(buildProgress(plan(), s)).toBe(100);
    expect(calls.at(-1)?.arg).toEqual({ funnelId: s.funnelId, pageId: s.pages.p1 });
    expect(calls[1]?.arg).toEqual({ name: 'Funnel', offer: 12345 });
    expect(calls[3]?.arg).toEqual({ campaign_id: 111, funnel_id: s.funnelId, regions: ['US'], fulfillment: 'Ecomm' });
    // Progress never goes back while running.
    const pcts = states.map((x) => buildProgress(plan(), x));
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
  });

  it('skips the offer step for an existing offer (shown as skipped) and uses its offer_id', async () => {
    const p = plan({ offer: { kind: 'existing', offer_id: 10231 } });
    const { api, calls } = fakeApi();
    expect(stepStatus(p, emptyBuildState(), 'offer')).toBe('skipped');
    const s = await runBuild(p, emptyBuildState(), api);
    expect(calls.some((c) => c.kind === 'createOffer')).toBe(false);
    expect(calls[0]).toMatchObject({ kind: 'createFunnel', arg: { offer: 10231 } });
    expect(stepStatus(p, s, 'offer')).toBe('skipped');
    expect(buildComplete(p, s)).toBe(true);
  });

  const kindOf: Record<BuildStep, keyof BuildApi> = {
    offer: 'createOffer',
    funnel: 'createFunnel',
    domain: 'createDomain',
    campaigns: 'createCampaign',
    pages: 'createPage',
    index: 'setIndexPage',
  };
  for (const step of BUILD_STEPS) {
    it(`a failure at "${step}" stops there with the message; Resume continues from it and creates nothing twice`, async () => {
      const { api, calls } = fakeApi({ kind: kindOf[step] });
      const failed = await runBuild(plan(), emptyBuildState(), api);
      expect(failed.failed).toEqual({ step, message: `Server refused ${kindOf[step]}` });
      expect(stepStatus(plan(), failed, step)).toBe('failed');
      // Nothing after the failed step ran.
      const later = BUILD_STEPS.slice(BUILD_STEPS.indexOf(step) + 1).map((x) => kindOf[x]);
      expect(calls.filter((c) => later.includes(c.kind))).toEqual([]);
      expect(buildComplete(plan(), failed)).toBe(false);
      for (const st of BUILD_STEPS.slice(BUILD_STEPS.indexOf(step) + 1)) expect(stepStatus(plan(), failed, st)).toBe('waiting');

      const before = calls.length;
      const resumed = await runBuild(plan(), failed, api);
      expect(resumed.failed).toBeNull();
      expect(buildComplete(plan(), resumed)).toBe(true);
      // The resumed run starts at the failed call (same key) and never repeats a successful one.
      expect(calls[before]).toMatchObject({ kind: kindOf[step], key: calls[before - 1]?.key });
      const succeeded = calls.filter((c, i) => !(i === before - 1));
      expect(new Set(succeeded.map((c) => c.key)).size).toBe(succeeded.length);
      expect(succeeded).toHaveLength(9);
    });
  }

  it("a failure at the second campaign keeps the first one's id; the resumed run adds only the second", async () => {
    const p = plan();
    let n = 0;
    const { api, calls } = fakeApi();
    const flaky: BuildApi = {
      ...api,
      createCampaign: (c, key) => (++n === 2 ? Promise.reject(new Error('Campaign 222 already added')) : api.createCampaign(c, key)),
    };
    const s = await runBuild(p, emptyBuildState(), flaky);
    expect(s.failed).toEqual({ step: 'campaigns', message: 'Campaign 222 already added' });
    expect(Object.keys(s.campaigns)).toEqual(['c1']);
    const r = await runBuild(p, s, flaky);
    expect(calls.filter((c) => c.kind === 'createCampaign').map((c) => (c.arg as { campaign_id: number }).campaign_id)).toEqual([111, 222]);
    expect(Object.keys(r.campaigns).sort()).toEqual(['c1', 'c2']);
  });

  it('keys are derived from the draft, the step and the item', () => {
    expect(idempotencyKey('d1', 'pages', 'p2')).toBe('wizard:d1:pages:p2');
    expect(idempotencyKey('d1', 'funnel')).toBe('wizard:d1:funnel');
    expect(idempotencyKey('x'.repeat(300), 'funnel')).toHaveLength(200);
  });

  it('with no campaigns the step is done once the domain is, and the percentage counts it', async () => {
    const p = plan({ campaigns: [] });
    expect(stepStatus(p, emptyBuildState(), 'campaigns')).toBe('waiting');
    const { api } = fakeApi();
    const s = await runBuild(p, emptyBuildState(), api);
    expect(stepStatus(p, s, 'campaigns')).toBe('done');
    expect(buildProgress(p, emptyBuildState())).toBe(0);
  });

  it('refuses a plan without pages', async () => {
    await expect(runBuild(plan({ pages: [] }), emptyBuildState(), fakeApi().api)).rejects.toThrow('at least one page');
  });
});
