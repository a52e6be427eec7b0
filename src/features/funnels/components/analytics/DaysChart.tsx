/**
 * Visitors per step by day: one line per step over the date range, with the same numbers in a
 * table beside it (days as rows, steps as columns; the chart is hidden from screen readers).
 */
import { Legend, Line, LineChart } from 'recharts';
import type { FunnelAnalytics } from '../../../../model/contracts/analytics';
import { styles as s } from '../../../../ui';
import * as css from './analytics.css';
import { CHART_PROPS, ChartAndTable, chartAxes, NumberHead } from './ScrollTable';
import { count, seriesColor, stepKey, type Step } from './format';

/** Props of {@link DaysChart}: the answer's days and its steps (their names and order). */
export interface DaysChartProps {
  days: FunnelAnalytics['days'];
  steps: readonly Pick<Step, 'page_id' | 'name'>[];
}

/** One row per day: each step's visitors under its {@link stepKey}. */
function rows(days: DaysChartProps['days'], steps: DaysChartProps['steps']) {
  return days.map((d) => {
    const row: Record<string, number | string> = { day: d.day };
    for (const st of steps) row[stepKey(st.page_id)] = d.steps.find((x) => x.page_id === st.page_id)?.visitors ?? 0;
    return row;
  });
}

/** The lines of visitors per step per day and their table. */
export function DaysChart({ days, steps }: DaysChartProps) {
  const data = rows(days, steps);
  return (
    <ChartAndTable
      testId="days-chart"
      label="Visitors per step by day (UTC)"
      chart={
        <LineChart data={data} {...CHART_PROPS}>
          {chartAxes({ dataKey: 'day' }, { allowDecimals: false })}
          <Legend itemSorter={null} />
          {steps.map((st, i) => (
            <Line
              key={st.page_id}
              type="monotone"
              dataKey={stepKey(st.page_id)}
              name={st.name}
              stroke={seriesColor(i)}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      }
    >
      <NumberHead first="Day" cols={steps.map((st) => ({ key: st.page_id, label: st.name }))} />
      <tbody>
        {data.map((row) => (
          <tr key={String(row.day)}>
            <th scope="row" className={`${s.td} ${css.rowHead}`}>
              {row.day}
            </th>
            {steps.map((st) => (
              <td key={st.page_id} className={`${s.td} ${css.num}`}>
                {count(Number(row[stepKey(st.page_id)]))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ChartAndTable>
  );
}
