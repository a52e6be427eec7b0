import { describe, expect, it } from 'vitest';
import { PageSchema } from '../../../src/model';
import { SPLIT_MSG, splitConditionProblems, splitPercent } from '../../../src/model/split';

describe('split conditions (001 §4)', () => {
  it('splitPercent: whole numbers from 0 to 100 only', () => {
    expect([splitPercent('0'), splitPercent('50'), splitPercent('100'), splitPercent('007')]).toEqual([0, 50, 100, 7]);
    for (const v of ['101', '-5', '50.5', '', ' 5', '1e2', 'half', undefined]) expect(splitPercent(v), String(v)).toBeNull();
  });

  it('names the condition and field of each problem, then the sum', () => {
    expect(
      splitConditionProblems([
        { type: 'percent', value: 'x' },
        { type: 'match', param: ' ', value: 'fb' },
        { type: 'match', param: 'src', value: '' },
      ]),
    ).toEqual([
      { index: 0, field: 'value', message: SPLIT_MSG.percent },
      { index: 1, field: 'param', message: SPLIT_MSG.param },
    ]);
    expect(
      splitConditionProblems([
        { type: 'percent', value: '60' },
        { type: 'percent', value: '41' },
      ]),
    ).toEqual([{ index: null, field: null, message: SPLIT_MSG.sum(101) }]);
    expect(
      splitConditionProblems([
        { type: 'percent', value: '60' },
        { type: 'percent', value: '40' },
        { type: 'match', param: 'src', value: 'fb' },
      ]),
    ).toEqual([]);
  });

  it('the page schema refuses them at the condition', () => {
    const page = {
      ID: 1,
      funnel_id: 1,
      name: 'Split',
      page_type: 'split',
      page_path: '/split/',
      template_id: null,
      page_id: null,
      page_alt_id: null,
      meta: {},
      version: 1,
    };
    const r = PageSchema.safeParse({ ...page, split: [{ type: 'percent', value: '120' }] });
    expect(r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['split.0.value', SPLIT_MSG.percent]]);
    expect(PageSchema.safeParse({ ...page, split: [{ type: 'percent', value: '20' }] }).success).toBe(true);
  });
});
