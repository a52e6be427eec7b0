/**
 * A split page's test result (001 §3 page `split`; issue "Which page loses buyers"): each
 * branch's visitors, conversions (checkout submits), rate and revenue per visitor, the
 * difference of the chance branches with its 95 % interval drawn as a bar around zero, the p
 * value, and the server's plain-language verdict (too few visitors, no difference, or a
 * winner). A winner can be promoted: the split then sends everyone to it.
 */
import type { FunnelAnalytics } from '../../../../model/contracts/analytics';
import { Box, Button, Inline, styles as s } from '../../../../ui';
import { themeTokens } from '../../../../ui/tokens';
import * as css from './analytics.css';
import { NumberHead, ScrollTable } from './ScrollTable';
import { count, money, pct, points, pValue } from './format';

/** One split test as the analytics answer it. */
export type SplitResult = FunnelAnalytics['splits'][number];
type Branch = SplitResult['branches'][number]['branch'];

/** How a branch is named: its role and the page it leads to. */
export function branchName(branch: Branch, target: string | undefined): string {
  const to = target ? `: ${target}` : '';
  if (branch === 'next') return `Next page (A)${to}`;
  if (branch === 'skip') return `Skip page (B)${to}`;
  return `Matched visitors${to}`;
}

const VERDICT_TONE = { too_few: 'info', no_difference: 'warning', winner: 'success' } as const;
const VERDICT_LABEL = { too_few: 'Too few visitors', no_difference: 'No difference', winner: 'Clear winner' } as const;

/** Props of {@link IntervalBar}: a difference of rates (−1–1) and its 95 % interval. */
export interface IntervalBarProps {
  difference: number;
  low: number;
  high: number;
}

/**
 * The difference (B − A) as a dot on its 95 % interval, against a line at zero: an interval
 * clear of zero is a difference the sample shows. An image with the numbers as its name.
 */
export function IntervalBar({ difference, low, high }: IntervalBarProps) {
  const W = 400;
  const reach = Math.max(Math.abs(low), Math.abs(high), 0.05) * 1.15;
  const x = (v: number) => 10 + ((v + reach) / (2 * reach)) * (W - 20);
  const clear = low > 0 || high < 0;
  const color = clear ? themeTokens.color.success : themeTokens.color.muted;
  return (
    <svg
      className={css.interval}
      viewBox={`0 0 ${W} 56`}
      role="img"
      aria-label={`Difference B − A: ${points(difference)}, 95 % interval ${points(low)} to ${points(high)}`}
    >
      <line x1={10} x2={W - 10} y1={24} y2={24} stroke={themeTokens.color.border} strokeWidth={2} />
      <line x1={x(0)} x2={x(0)} y1={8} y2={40} stroke={themeTokens.color.text} strokeWidth={1} strokeDasharray="3 2" />
      <text x={x(0)} y={54} fontSize={11} textAnchor="middle" fill={themeTokens.color.muted}>
        0
      </text>
      <rect x={x(low)} y={18} width={Math.max(x(high) - x(low), 2)} height={12} rx={3} fill={color} opacity={0.35} />
      <line x1={x(low)} x2={x(low)} y1={14} y2={34} stroke={color} strokeWidth={2} />
      <line x1={x(high)} x2={x(high)} y1={14} y2={34} stroke={color} strokeWidth={2} />
      <circle cx={x(difference)} cy={24} r={5} fill={color} />
      <text x={x(low)} y={10} fontSize={11} textAnchor="middle" fill={themeTokens.color.text}>
        {points(low).replace(' points', '')}
      </text>
      <text x={x(high)} y={10} fontSize={11} textAnchor="middle" fill={themeTokens.color.text}>
        {points(high).replace(' points', '')}
      </text>
    </svg>
  );
}

/** Props of {@link SplitResultCard}. */
export interface SplitResultCardProps {
  result: SplitResult;
  /** The name of a page of the funnel by ID (the branches' targets), undefined when unknown. */
  pageName: (id: number) => string | undefined;
  /** Sends everyone to the winning branch; absent when the operator may not edit pages (the button is not shown). */
  onPromote?: () => void;
  /** The split already sends everyone to the winner (said instead of the button): saved, or an unsaved edit. */
  promoted?: false | 'saved' | 'unsaved';
  /** Why the button is disabled (a locked funnel), if it is. */
  promoteDisabledReason?: string;
}

/** See the module comment. */
export function SplitResultCard({ result, pageName, onPromote, promoted = false, promoteDisabledReason }: SplitResultCardProps) {
  const { verdict, comparison } = result;
  const headingId = `split-${result.page_id}-title`;
  const showRevenue = result.branches.some((b) => b.revenue_per_visitor !== null);
  const winner = verdict.kind === 'winner' ? result.branches.find((b) => b.branch === verdict.branch) : undefined;
  const winnerName = winner ? branchName(winner.branch, winner.target_page_id == null ? undefined : pageName(winner.target_page_id)) : '';
  return (
    <Box as="section" className={s.card} aria-labelledby={headingId}>
      <Inline>
        <Box as="h3" id={headingId} margin="none">
          Split test: {result.name}
        </Box>
        <span className={`${s.badge} ${s.tone[VERDICT_TONE[verdict.kind]]}`}>{VERDICT_LABEL[verdict.kind]}</span>
      </Inline>
      <Box as="p" marginTop="sm" marginBottom="md" data-testid="verdict">
        {verdict.message}
      </Box>
      <ScrollTable label={`Branches of ${result.name}`}>
        <table className={s.table}>
          <caption className={css.caption}>Branches of {result.name}: conversion to checkout submit</caption>
          <NumberHead first="Branch" cols={['Visitors', 'Conversions', 'Rate', showRevenue && 'Revenue per visitor']} />
          <tbody>
            {result.branches.map((b) => (
              <tr key={b.branch}>
                <th scope="row" className={`${s.td} ${css.rowHead}`}>
                  {branchName(b.branch, b.target_page_id == null ? undefined : pageName(b.target_page_id))}
                </th>
                <td className={`${s.td} ${css.num}`}>{count(b.visitors)}</td>
                <td className={`${s.td} ${css.num}`}>{count(b.conversions)}</td>
                <td className={`${s.td} ${css.num}`}>{pct(b.rate)}</td>
                {showRevenue && <td className={`${s.td} ${css.num}`}>{b.revenue_per_visitor === null ? '—' : money(b.revenue_per_visitor)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {comparison && (
        <Box marginTop="md">
          <Box as="p" margin="none" data-testid="difference">
            Difference B − A: <strong>{points(comparison.difference)}</strong>, 95 % interval {points(comparison.low)} to {points(comparison.high)};{' '}
            {pValue(comparison.p_value)}
          </Box>
          <IntervalBar difference={comparison.difference} low={comparison.low} high={comparison.high} />
          <Box as="p" margin="none" className={s.helpText}>
            Newcombe&apos;s score interval for a difference of two proportions: it holds its 95 % coverage with small samples and rates near 0 %, where the
            simple normal interval does not.
          </Box>
        </Box>
      )}
      {winner && promoted && (
        <Box as="p" role="status" marginTop="md" marginBottom="none">
          Promoted: every visitor not matched goes to {winnerName}.
          {promoted === 'unsaved' ? ' Save in the editor bar to keep it; Undo brings the split back.' : ''}
        </Box>
      )}
      {winner && !promoted && onPromote && (
        <Box marginTop="md">
          <Button variant="primary" onPress={onPromote} isDisabled={!!promoteDisabledReason} disabledReason={promoteDisabledReason}>
            Promote the winner
          </Button>
          <Box as="p" marginTop="xs" marginBottom="none" className={s.helpText}>
            Sends every visitor to {winnerName} (match conditions stay as they are).
          </Box>
        </Box>
      )}
    </Box>
  );
}
