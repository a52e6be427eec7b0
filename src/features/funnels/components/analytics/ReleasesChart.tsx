/**
 * Each release's steps side by side ("what did my last publish do"): per step, the share of the
 * release's visitors of the first step who reached it, one bar per release, with a table beside
 * it of visitors and that share per release and step (the chart is hidden from screen readers).
 */
import { Bar, BarChart, Legend } from 'recharts';
import type { FunnelAnalytics } from '../../../../model/contracts/analytics';
import { styles as s } from '../../../../ui';
import * as css from './analytics.css';
import { CHART_PROPS, ChartAndTable, chartAxes, NumberHead } from './ScrollTable';
import { count, pct, releaseName, seriesColor, type Step } from './format';

/** Props of {@link ReleasesChart}: the answer's releases and its steps (their names and order). */
export interface ReleasesChartProps {
  releases: FunnelAnalytics['releases'];
  steps: readonly Pick<Step, 'page_id' | 'name'>[];
}

/**
 * Visitors of `release` at each step and their share of the release's first step with visitors
 * (null when the release has none), in the order of `steps`.
 */
export function releaseReach(release: FunnelAnalytics['releases'][number], steps: ReleasesChartProps['steps']) {
  const visitors = steps.map((st) => release.steps.find((x) => x.page_id === st.page_id)?.visitors ?? 0);
  const base = visitors.find((v) => v > 0) ?? 0;
  return visitors.map((v) => ({ visitors: v, reach: base > 0 ? v / base : null }));
}

/** The releases' reach per step as grouped bars, and their table. */
export function ReleasesChart({ releases, steps }: ReleasesChartProps) {
  const ordered = [...releases].sort((a, b) => a.release_id - b.release_id);
  const reach = new Map(ordered.map((r) => [r.release_id, releaseReach(r, steps)]));
  const data = steps.map((st, i) => {
    const row: Record<string, number | string> = { name: st.name };
    for (const r of ordered) row[`r${r.release_id}`] = Math.round((reach.get(r.release_id)?.[i]?.reach ?? 0) * 1000) / 10;
    return row;
  });
  return (
    <ChartAndTable
      testId="releases-chart"
      label="Visitors per step by release, as a share of the first step"
      chart={
        <BarChart data={data} {...CHART_PROPS}>
          {chartAxes({ dataKey: 'name', interval: 0 }, { unit: '%', domain: [0, 100] })}
          <Legend itemSorter={null} />
          {ordered.map((r, i) => (
            <Bar key={r.release_id} dataKey={`r${r.release_id}`} name={releaseName(r.release_id)} unit="%" fill={seriesColor(i)} isAnimationActive={false} />
          ))}
        </BarChart>
      }
    >
      <NumberHead first="Release" cols={steps.map((st) => ({ key: st.page_id, label: st.name }))} />
      <tbody>
        {ordered.map((r) => (
          <tr key={r.release_id}>
            <th scope="row" className={`${s.td} ${css.rowHead} ${css.nowrap}`}>
              {releaseName(r.release_id)}
            </th>
            {(reach.get(r.release_id) ?? []).map((x, i) => (
              <td key={steps[i]?.page_id ?? i} className={`${s.td} ${css.num}`}>
                {count(x.visitors)} <span className={s.helpText}>({pct(x.reach)})</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ChartAndTable>
  );
}
