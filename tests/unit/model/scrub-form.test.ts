/** The scrub form's schema reports every failing field at once. */
import { describe, expect, it } from 'vitest';
import { MSG, RMSG, ScrubFormSchema } from '../../../src/model';

const messages = (v: unknown) => {
  const r = ScrubFormSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the scrub form schema', () => {
  it('names a missing affiliate and a missing percent together', () => {
    expect(messages({ affiliate_id: '', affiliate_name: '', scrub_pct: '', global: false })).toEqual(
      expect.arrayContaining([
        ['affiliate_id', MSG.affiliateId],
        ['scrub_pct', RMSG.scrubPct],
      ]),
    );
  });

  it('names a bad affiliate id once, not also missing', () => {
    expect(messages({ affiliate_id: '12a', scrub_pct: '', global: false }).filter(([p]) => p === 'affiliate_id')).toEqual([['affiliate_id', MSG.onlyNumbers]]);
  });

  it('asks no affiliate of a global scrub', () => {
    expect(messages({ affiliate_id: '', scrub_pct: '', global: true })).toEqual([['scrub_pct', RMSG.scrubPct]]);
  });
});
