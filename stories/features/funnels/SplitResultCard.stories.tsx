/**
 * A split test's result card (src/features/funnels/components/analytics/SplitResultCard.tsx) in
 * its three verdicts: too few visitors, no difference, a clear winner (which offers Promote the
 * winner), and once promoted; with revenue per visitor where the platform reports orders.
 */
import preview from '../../../.storybook/preview';

import { expect, fn, within } from 'storybook/test';
import { IntervalBar, SplitResultCard, type SplitResult } from '../../../src/features/funnels/components/analytics/SplitResultCard';
import { boxed } from '../../boxed';

const names: Record<number, string> = { 52: 'Presell A', 53: 'Presell B' };
const pageName = (id: number) => names[id];

const result = (over: Partial<SplitResult>): SplitResult => ({
  page_id: 51,
  name: 'Traffic split',
  goal: 'checkout_submit',
  branches: [
    { branch: 'next', target_page_id: 52, visitors: 200, conversions: 20, rate: 0.1, revenue_per_visitor: null },
    { branch: 'skip', target_page_id: 53, visitors: 200, conversions: 60, rate: 0.3, revenue_per_visitor: null },
  ],
  comparison: { difference: 0.2, low: 0.1226, high: 0.2739, p_value: 0.0000012 },
  verdict: { kind: 'winner', branch: 'skip', message: 'The skip page converts better: 12.3 points to 27.4 points more (95 % interval)' },
  ...over,
});

const tooFew = result({
  branches: [
    { branch: 'next', target_page_id: 52, visitors: 40, conversions: 3, rate: 0.075, revenue_per_visitor: null },
    { branch: 'skip', target_page_id: 53, visitors: 38, conversions: 5, rate: 0.1316, revenue_per_visitor: null },
    { branch: 'match', target_page_id: 53, visitors: 12, conversions: 2, rate: 0.1667, revenue_per_visitor: null },
  ],
  comparison: { difference: 0.0566, low: -0.0812, high: 0.2012, p_value: 0.41 },
  verdict: {
    kind: 'too_few',
    branch: null,
    message: 'Too few visitors to tell: each branch needs at least 100 visitors and both together 10 conversions (now 40 and 38 visitors, 8 conversions)',
  },
});

const noDifference = result({
  branches: [
    { branch: 'next', target_page_id: 52, visitors: 640, conversions: 77, rate: 0.1203, revenue_per_visitor: 5.41 },
    { branch: 'skip', target_page_id: 53, visitors: 655, conversions: 86, rate: 0.1313, revenue_per_visitor: 5.87 },
  ],
  comparison: { difference: 0.011, low: -0.0251, high: 0.0469, p_value: 0.55 },
  verdict: {
    kind: 'no_difference',
    branch: null,
    message: 'No clear difference: the 95 % interval of the difference (-2.5 points to 4.7 points) includes zero',
  },
});

const meta = preview.meta({
  title: 'Funnels/SplitResultCard',
  component: SplitResultCard,
  subcomponents: { IntervalBar },
  args: { result: result({}), pageName, onPromote: fn() },
  render: boxed(SplitResultCard, { maxWidth: 560 }),
});

/** Too few visitors: the numbers and interval are shown, the verdict says what is missing, and nothing can be promoted. */
export const TooFewVisitors = meta.story({
  args: { result: tooFew },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Too few visitors')).toBeVisible();
    await expect(c.getByTestId('verdict')).toHaveTextContent(/^Too few visitors to tell: each branch needs at least 100 visitors/);
    const rows = c.getAllByRole('row');
    await expect(rows[3]).toHaveTextContent('Matched visitors: Presell B12216.7 %');
    await expect(c.queryByRole('button', { name: 'Promote the winner' })).toBeNull();
    await expect(c.getByRole('img', { name: 'Difference B − A: +5.7 points, 95 % interval −8.1 points to +20.1 points' })).toBeVisible();
  },
});

/** No difference: the interval crosses zero; revenue per visitor shows when the platform reports it; no Promote. */
export const NoDifference = meta.story({
  args: { result: noDifference },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No difference')).toBeVisible();
    await expect(c.getByRole('columnheader', { name: 'Revenue per visitor' })).toBeVisible();
    await expect(c.getByRole('row', { name: /Skip page \(B\): Presell B/ })).toHaveTextContent('6558613.1 %5.87');
    await expect(c.getByTestId('difference')).toHaveTextContent('Difference B − A: +1.1 points, 95 % interval −2.5 points to +4.7 points; p = 0.550');
    await expect(c.queryByRole('button', { name: 'Promote the winner' })).toBeNull();
  },
});

/** A clear winner: the rates, the interval clear of zero, p < 0.001, and Promote the winner, which calls back once. */
export const ClearWinner = meta.story({
  play: async ({ canvasElement, args, userEvent }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Clear winner')).toBeVisible();
    await expect(c.getByRole('row', { name: /Next page \(A\): Presell A/ })).toHaveTextContent('2002010.0 %');
    await expect(c.getByRole('row', { name: /Skip page \(B\): Presell B/ })).toHaveTextContent('2006030.0 %');
    await expect(c.getByTestId('difference')).toHaveTextContent('+20.0 points, 95 % interval +12.3 points to +27.4 points; p < 0.001');
    await expect(c.getByText('Sends every visitor to Skip page (B): Presell B (match conditions stay as they are).')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Promote the winner' }));
    await expect(args.onPromote).toHaveBeenCalledTimes(1);
  },
});

/** Promoted but not saved yet: the card says where everyone goes and how to keep or undo it. */
export const PromotedUnsaved = meta.story({
  args: { promoted: 'unsaved' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent(
      'Promoted: every visitor not matched goes to Skip page (B): Presell B. Save in the editor bar to keep it; Undo brings the split back.',
    );
    await expect(c.queryByRole('button', { name: 'Promote the winner' })).toBeNull();
  },
});

/** A viewer (no page edits) or a locked funnel: no button, or a disabled one that says why. */
export const LockedFunnel = meta.story({
  args: { promoteDisabledReason: 'This funnel is locked: unlock it to make changes' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Promote the winner' })).toBeDisabled();
  },
});
