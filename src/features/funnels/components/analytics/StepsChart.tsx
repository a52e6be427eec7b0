/**
 * The funnel as its steps (issue "Which page loses buyers"): each page in flow order with its
 * visitors, the share going on to the next step and the share lost there, as a bar chart with
 * the same numbers in a table beside it (the table is what screen readers read; the chart is
 * hidden from them).
 */
import { Bar, BarChart } from 'recharts';
import { styles as s } from '../../../../ui';
import * as css from './analytics.css';
import { CHART_PROPS, ChartAndTable, chartAxes, NumberHead } from './ScrollTable';
import { count, pct, seriesColor, type Step } from './format';

/** Props of {@link StepsChart}: the steps as the analytics answer them, in flow order. */
export interface StepsChartProps {
  steps: readonly Step[];
}

/** The steps' visitors as bars, and the table of visitors, conversion to the next step and drop-off. */
export function StepsChart({ steps }: StepsChartProps) {
  const data = steps.map((st) => ({ name: st.name, visitors: st.visitors }));
  return (
    <ChartAndTable
      testId="steps-chart"
      label="Visitors, conversion and drop-off per step"
      chart={
        <BarChart data={data} {...CHART_PROPS}>
          {chartAxes({ dataKey: 'name', interval: 0 }, { allowDecimals: false })}
          <Bar dataKey="visitors" name="Visitors" fill={seriesColor(0)} isAnimationActive={false} />
        </BarChart>
      }
    >
      <NumberHead first="Step" cols={['Visitors', 'To the next step', 'Drop-off']} />
      <tbody>
        {steps.map((st) => (
          <tr key={st.page_id}>
            <th scope="row" className={`${s.td} ${css.rowHead}`}>
              {st.name} <span className={s.helpText}>({st.page_type})</span>
            </th>
            <td className={`${s.td} ${css.num}`}>{count(st.visitors)}</td>
            <td className={`${s.td} ${css.num}`}>{pct(st.conversion)}</td>
            <td className={`${s.td} ${css.num}`}>{pct(st.drop_off)}</td>
          </tr>
        ))}
      </tbody>
    </ChartAndTable>
  );
}
