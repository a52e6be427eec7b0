/**
 * The Analytics tab's charts, each beside its table (src/features/funnels/components/analytics/):
 * the funnel as its steps, visitors per step by day, the releases side by side, the checkout
 * submits beside the platform's orders, and the filter bar.
 */
import preview from '../../../.storybook/preview';

import { expect, fn, waitFor, within } from 'storybook/test';
import { AnalyticsFilters, RANGE_MSG } from '../../../src/features/funnels/components/analytics/AnalyticsFilters';
import { DaysChart } from '../../../src/features/funnels/components/analytics/DaysChart';
import { OrdersCard } from '../../../src/features/funnels/components/analytics/OrdersCard';
import { ReleasesChart } from '../../../src/features/funnels/components/analytics/ReleasesChart';
import { ChartAndTable, NumberHead, ScrollTable } from '../../../src/features/funnels/components/analytics/ScrollTable';
import { StepsChart } from '../../../src/features/funnels/components/analytics/StepsChart';
import { analyticsOf, DAYS } from './analytics-fixtures';

const data = analyticsOf(1000);

const meta = preview.meta({
  title: 'Funnels/AnalyticsCharts',
  component: StepsChart,
  subcomponents: { DaysChart, ReleasesChart, OrdersCard, AnalyticsFilters, ScrollTable, ChartAndTable, NumberHead },
  args: { steps: data.steps },
});

/** The steps: bars of visitors (hidden from screen readers) and the table with conversion and drop-off. */
export const Steps = meta.story({
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = c.getByRole('table', { name: 'Visitors, conversion and drop-off per step' });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Step', 'Visitors', 'To the next step', 'Drop-off']);
    await expect(within(table).getByRole('row', { name: /Checkout/ })).toHaveTextContent('Checkout (checkout)80025.0 %75.0 %');
    await expect(within(table).getByRole('row', { name: /Thank you/ })).toHaveTextContent('Thank you (thankyou)200——');
    const chart = c.getByTestId('steps-chart');
    await expect(chart).toHaveAttribute('aria-hidden', 'true');
    // One bar per step, drawn by the chart library once it has measured its box.
    await waitFor(() => expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(6));
  },
});

/** By day: a line per step and the table with a row per day. */
export const ByDay = meta.story({
  render: () => <DaysChart days={data.days} steps={data.steps} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = c.getByRole('table', { name: 'Visitors per step by day (UTC)' });
    await expect(within(table).getAllByRole('row')).toHaveLength(DAYS.length + 1);
    await expect(within(table).getByRole('row', { name: new RegExp(DAYS[0]!) })).toHaveTextContent(`${DAYS[0]}505025254010`);
    await waitFor(() => expect(c.getByTestId('days-chart').querySelectorAll('.recharts-line')).toHaveLength(6));
  },
});

/** By release: each release's reach per step side by side, and the table. */
export const ByRelease = meta.story({
  render: () => <ReleasesChart releases={data.releases} steps={data.steps} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const table = c.getByRole('table', { name: 'Visitors per step by release, as a share of the first step' });
    await expect(within(table).getByRole('row', { name: /Release 7/ })).toHaveTextContent(
      'Release 7400 (100.0 %)400 (100.0 %)200 (50.0 %)200 (50.0 %)320 (80.0 %)80 (20.0 %)',
    );
    await waitFor(() => expect(c.getByTestId('releases-chart').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(12));
    await expect(within(table).getByRole('row', { name: /Release 8/ })).toHaveTextContent(
      'Release 8600 (100.0 %)600 (100.0 %)300 (50.0 %)300 (50.0 %)600 (100.0 %)150 (25.0 %)',
    );
  },
});

/** Checkout submits beside the platform's orders, with the gap named. */
export const OrdersBesideEvents = meta.story({
  render: () => (
    <div style={{ maxWidth: 480 }}>
      <OrdersCard orders={data.orders} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('row', { name: /Checkout submits/ })).toHaveTextContent('200');
    await expect(c.getByRole('row', { name: /Orders/ })).toHaveTextContent('196');
    await expect(c.getByTestId('orders-gap')).toHaveTextContent('4 checkout submits have no order on the platform');
  },
});

const onChange = fn();
const onClear = fn();

/** The filters: a range that ends before it starts is refused as typed; Apply sends the dates and trimmed names; the release applies at once. */
export const Filters = meta.story({
  render: () => (
    <AnalyticsFilters
      value={{ from: DAYS[0]!, to: DAYS[13]!, release: '', affiliate: '', campaign: '' }}
      releases={[7, 8]}
      filtered
      onChange={onChange}
      onClear={onClear}
    />
  ),
  beforeEach: () => {
    onChange.mockClear();
    onClear.mockClear();
  },
  play: async ({ canvasElement, userEvent }) => {
    const c = within(canvasElement);
    const from = c.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-01');
    await expect(c.getByText(RANGE_MSG)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-20');
    await userEvent.type(c.getByLabelText('Affiliate'), ' 77 ');
    await userEvent.type(c.getByLabelText('Campaign'), 'spring{Enter}');
    await expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-20', to: DAYS[13], release: '', affiliate: '77', campaign: 'spring' });
    await userEvent.selectOptions(c.getByLabelText('Release'), 'Release 8');
    await expect(onChange).toHaveBeenLastCalledWith({ from: DAYS[0], to: DAYS[13], release: '8', affiliate: '', campaign: '' });
    await userEvent.click(c.getByRole('button', { name: 'Clear filters' }));
    await expect(onClear).toHaveBeenCalledTimes(1);
  },
});
