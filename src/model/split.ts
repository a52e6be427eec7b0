/**
 * The split conditions of a split page (001 §3 page `split`; 001 §4 "Split conditions:
 * percent, or match (with a GET parameter and a value)"): what a write must hold, so that the
 * published page's draw (src/model/flow-check.ts splitShares) means what the operator set.
 *
 * - 'percent': `value` is a whole number from 0 to 100 (digits only: '50'; not '', '1e3',
 *   '-5', '50.5');
 * - 'match': `param` is the GET parameter compared (required), `value` what it must equal;
 * - the percentages together are at most 100 (the rest goes to the next page).
 *
 * The page schema (src/model/page.ts) calls {@link refineSplit}; the split editor on the flow
 * node and in page settings shows {@link splitConditionProblems} under each field.
 */
import type { z } from 'zod';

/** The messages of the split rules. */
export const SPLIT_MSG = {
  percent: 'A split percentage must be a whole number from 0 to 100',
  param: 'A match condition needs the GET parameter it compares',
  sum: (sum: number) => `The split percentages add up to ${sum}%: together they may be at most 100%`,
} as const;

/** One split condition as the rules read it. */
export interface SplitConditionInput {
  type: 'percent' | 'match';
  param?: string;
  value?: string;
}

/** One broken rule: the condition (its index) and field it is about, or the list as a whole (`index` null). */
export interface SplitProblem {
  index: number | null;
  field: 'value' | 'param' | null;
  message: string;
}

/** The percentage of a 'percent' value: a string of digits from 0 to 100, else null. */
export function splitPercent(value: string | undefined): number | null {
  if (value == null || !/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n <= 100 ? n : null;
}

/**
 * What is wrong with a page's split conditions ({@link SPLIT_MSG}), condition by condition, then
 * the sum of the percentages when every one of them is a valid number. [] when none.
 */
export function splitConditionProblems(split: readonly SplitConditionInput[]): SplitProblem[] {
  const out: SplitProblem[] = [];
  let sum = 0;
  let allNumbers = true;
  split.forEach((c, index) => {
    if (c.type === 'percent') {
      const n = splitPercent(c.value);
      if (n == null) {
        allNumbers = false;
        out.push({ index, field: 'value', message: SPLIT_MSG.percent });
      } else sum += n;
    } else if (!c.param?.trim()) {
      out.push({ index, field: 'param', message: SPLIT_MSG.param });
    }
  });
  if (allNumbers && sum > 100) out.push({ index: null, field: null, message: SPLIT_MSG.sum(sum) });
  return out;
}

/** zod refinement of a page's `split` (src/model/page.ts): each {@link splitConditionProblems} as an issue at its condition and field. */
export function refineSplit(split: readonly SplitConditionInput[], ctx: z.RefinementCtx): void {
  for (const p of splitConditionProblems(split)) {
    ctx.addIssue({ code: 'custom', message: p.message, path: p.index == null ? [] : [p.index, p.field ?? 'value'] });
  }
}
