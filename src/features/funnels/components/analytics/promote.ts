/**
 * "Promote the winner" as an edit of a split page (001 §3 page `split`, §4 split conditions):
 * every visitor goes to the winning chance branch. The draw sends the summed 'percent' values
 * to the skip page (src/model/analytics.ts assignSplit), so the first percent condition becomes
 * 0 for the next page or 100 for the skip page and any further one 0; 'match' conditions are
 * kept as they are (those visitors were never part of the test). Conditions keep their identity
 * (uid), so the command's ops touch only the values.
 */
import { newUid, type Page } from '../../../../model';

/**
 * Changes `split` (an immer draft of a page's split, or a plain copy) in place so everyone not
 * matched goes to `winner`. With no percent condition (nothing to change for 'next') one is added
 * for 'skip'.
 */
export function promoteSplit(split: Page['split'], winner: 'next' | 'skip'): void {
  let first = true;
  for (const c of split) {
    if (c.type !== 'percent') continue;
    const value = first && winner === 'skip' ? '100' : '0';
    if (c.value !== value) c.value = value;
    first = false;
  }
  if (first && winner === 'skip') split.push({ uid: newUid(), type: 'percent', param: '', value: '100' });
}

/** True when `split` already sends every visitor not matched to `winner`. */
export function sendsEveryoneTo(split: Page['split'], winner: 'next' | 'skip'): boolean {
  const sum = split.filter((c) => c.type === 'percent').reduce((n, c) => n + (/^\d+$/.test(c.value) ? Number(c.value) : 0), 0);
  return winner === 'skip' ? sum >= 100 : sum === 0;
}
