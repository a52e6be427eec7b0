/**
 * The Analytics tab (issue "Which page loses buyers"), presentational: the filters, then the
 * funnel as its steps, by day and by release, each split test's result card, and the checkout
 * submits beside the platform's orders. Every chart has its table beside it. With no event in
 * the range it says how events arrive instead. Loaded on demand with the chart library.
 */
import type { ReactNode } from 'react';
import type { FunnelAnalytics } from '../../../../model/contracts/analytics';
import type { AnalyticsFilters as Filters } from '../../analytics-api';
import { Box, Button, EmptyState, styles as s } from '../../../../ui';
import { AnalyticsFilters } from './AnalyticsFilters';
import * as css from './analytics.css';
import { DaysChart } from './DaysChart';
import { OrdersCard } from './OrdersCard';
import { ReleasesChart } from './ReleasesChart';
import { SplitResultCard, type SplitResult } from './SplitResultCard';
import { StepsChart } from './StepsChart';

/** What the tab says when no page sent an event in the range. */
export const NO_EVENTS_MSG =
  'No visits counted yet. Publish the funnel: its published pages send a page view, call-to-action clicks, checkout submits and upsell answers from each visit, and they show here.';
/** What the tab says when the filters match no event. */
export const NO_MATCH_MSG = 'No visits match these filters.';

/** Promote the winner, when the operator may edit pages. */
export interface PromoteProps {
  onPromote: (split: SplitResult) => void;
  /** Whether the split page already sends everyone to its winner: saved, an unsaved edit, or not. */
  promotedOf: (split: SplitResult) => false | 'saved' | 'unsaved';
  /** Why promoting is disabled (a locked funnel), if it is. */
  disabledReason?: string;
}

/** Props of {@link AnalyticsTab}. */
export interface AnalyticsTabProps {
  data: FunnelAnalytics;
  filters: Filters;
  /** The funnel's releases for the release filter (IDs). */
  releases: readonly number[];
  filtered: boolean;
  /** A changed filter is loading (the shown numbers are the previous ones). */
  updating?: boolean;
  onFilters: (next: Filters) => void;
  onClear: () => void;
  /** Absent: no Promote button (the operator may not edit pages). */
  promote?: PromoteProps;
}

/** See the module comment. */
export function AnalyticsTab({ data, filters, releases, filtered, updating = false, onFilters, onClear, promote }: AnalyticsTabProps) {
  const names = new Map(data.steps.map((st) => [st.page_id, st.name]));
  const empty = data.days.length === 0 && data.steps.every((st) => st.visitors === 0);
  // Only a release, affiliate or campaign can hide events that exist; other days are said by the range above.
  const narrowed = filters.release !== '' || filters.affiliate !== '' || filters.campaign !== '';
  return (
    <Box aria-busy={updating || undefined}>
      <AnalyticsFilters
        key={JSON.stringify(filters)}
        value={filters}
        releases={[...new Set([...releases, ...data.releases.map((r) => r.release_id)])]}
        filtered={filtered}
        onChange={onFilters}
        onClear={onClear}
      />
      <Box as="p" className={s.helpText} marginTop="none" role="status">
        {updating ? 'Updating…' : `${data.from} to ${data.to} (UTC)`}
      </Box>
      {empty ? (
        <EmptyState message={narrowed ? NO_MATCH_MSG : NO_EVENTS_MSG} action={narrowed ? <Button onPress={onClear}>Clear filters</Button> : undefined} />
      ) : (
        <>
          <Box as="section" aria-labelledby="analytics-steps" className={css.section}>
            <Box as="h2" id="analytics-steps" marginTop="none">
              Steps
            </Box>
            <StepsChart steps={data.steps} />
          </Box>
          <Section id="analytics-days" title="By day">
            <DaysChart days={data.days} steps={data.steps} />
          </Section>
          <Section id="analytics-releases" title="By release">
            {data.releases.length ? (
              <ReleasesChart releases={data.releases} steps={data.steps} />
            ) : (
              <p className={s.helpText}>No release has visits in this range.</p>
            )}
          </Section>
          <Section id="analytics-splits" title="Split tests">
            {data.splits.length ? (
              <div className={css.cards}>
                {data.splits.map((sp) => (
                  <SplitResultCard
                    key={sp.page_id}
                    result={sp}
                    pageName={(id) => names.get(id)}
                    onPromote={promote && (() => promote.onPromote(sp))}
                    promoted={promote?.promotedOf(sp) ?? false}
                    promoteDisabledReason={promote?.disabledReason}
                  />
                ))}
              </div>
            ) : (
              <p className={s.helpText}>No split page in this funnel.</p>
            )}
          </Section>
        </>
      )}
      <Section id="analytics-orders" title="Events and orders">
        <div className={css.cards}>
          <OrdersCard orders={data.orders} />
        </div>
      </Section>
    </Box>
  );
}

/** A titled section of the tab (`h2` with `id`, the section's name). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} className={css.section}>
      <Box as="h2" id={id}>
        {title}
      </Box>
      {children}
    </Box>
  );
}
