/** The frame of an Analytics table: it scrolls sideways on its own when wider than its column; and what every Analytics chart beside one draws. */
import type { ReactElement, ReactNode } from 'react';
import { CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type XAxisProps, type YAxisProps } from 'recharts';
import { styles as s } from '../../../../ui';
import * as css from './analytics.css';

/**
 * `children` (a table) in a frame that scrolls sideways; the frame is a named, focusable region
 * because the keyboard must reach a scrolling area to scroll it (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={css.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * A chart beside its table: the chart (`chart`, a recharts chart filling the frame; hidden from
 * screen readers, `testId` for tests) and the same numbers as a table captioned `label`, whose
 * head and body are `children`.
 */
export function ChartAndTable({ testId, label, chart, children }: { testId: string; label: string; chart: ReactElement; children: ReactNode }) {
  return (
    <div className={css.pair}>
      <div className={css.chart} aria-hidden="true" data-testid={testId}>
        <ResponsiveContainer width="100%" height="100%">
          {chart}
        </ResponsiveContainer>
      </div>
      <ScrollTable label={label}>
        <table className={s.table}>
          <caption className={css.caption}>{label}</caption>
          {children}
        </table>
      </ScrollTable>
    </div>
  );
}

/** What each Analytics chart gives its recharts chart: no keyboard layer (the table beside it is what screen readers and keys use) and the frame's margins. */
export const CHART_PROPS = { accessibilityLayer: false, margin: { top: 8, right: 8, bottom: 8, left: 0 } };

/**
 * The grid, axes and tooltip of every Analytics chart (horizontal grid lines, small ticks, a
 * value axis of fixed width, no animation); `x` is the category axis's own part (its data
 * key), `y` the value axis's (whole numbers, or a unit and range).
 */
export function chartAxes(x: XAxisProps, y: YAxisProps) {
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis {...x} tick={{ fontSize: 12 }} />
      <YAxis {...y} tick={{ fontSize: 12 }} width={48} />
      <Tooltip isAnimationActive={false} />
    </>
  );
}

/**
 * A table head: the row heads' column `first`, then one numeric column per entry of `cols` (a
 * string is its own key and label; `false` entries are left out).
 */
export function NumberHead({ first, cols }: { first: string; cols: readonly (string | { key: string | number; label: ReactNode } | false)[] }) {
  return (
    <thead>
      <tr>
        <th scope="col" className={s.th}>
          {first}
        </th>
        {cols.map((c) => {
          if (c === false) return false;
          const { key, label } = typeof c === 'string' ? { key: c, label: c } : c;
          return (
            <th key={key} scope="col" className={`${s.th} ${css.num}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
