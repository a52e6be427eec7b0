/**
 * The dashboard (001 §2 "/": cards showing the active percentage per item name, reorderable by
 * drag; 001 §9: active/total in percent with 2 decimals). Cards move by dragging their handle
 * or from the keyboard (focus the handle, Space, arrow keys, Space; Escape cancels); the new
 * order is reported once, at drop, as every card's name. Presentational: the screen connects it.
 */
import { SortableList, Box, HeadingRow, Skeleton } from '../../../ui';
import { dashboardPercent, type DashboardItem } from '../../../model';
import * as d from './dashboard.css';

const count = (n: number) => n.toLocaleString('en-US');

/** Props of {@link DashboardCards}. */
export interface DashboardCardsProps {
  /** The cards in the user's order, or undefined while they load (or could not be read: `loadError`). */
  items: DashboardItem[] | undefined;
  loadError?: string;
  /** Called once per reorder with every card's name in the new order. */
  onReorder: (names: string[]) => void;
}

/** The dashboard's heading and its cards. */
export function DashboardCards({ items, loadError, onReorder }: DashboardCardsProps) {
  const cards = items?.map((i) => ({ ...i, id: i.name }));
  return (
    <section aria-labelledby="dashboard-title">
      <HeadingRow id="dashboard-title" title="Dashboard">
        {cards && cards.length > 1 && (
          <Box as="p" margin="none" className={d.detail}>
            Drag a card by its handle to reorder; your order is kept.
          </Box>
        )}
      </HeadingRow>
      {!cards ? (
        loadError ? (
          <p role="alert">{loadError}</p>
        ) : (
          <Skeleton label="Loading the dashboard…" variant="lines" />
        )
      ) : cards.length === 0 ? (
        <p role="status">No dashboard items</p>
      ) : (
        <SortableList
          label="Dashboard cards"
          layout="grid"
          items={cards}
          nameOf={(c) => c.name}
          onMove={(from, to) => {
            const names = cards.map((c) => c.name);
            const [moved] = names.splice(from, 1);
            if (moved !== undefined) names.splice(to, 0, moved);
            onReorder(names);
          }}
        >
          {(c, _i, handle) => {
            const pct = dashboardPercent(c);
            return (
              <article className={d.card} aria-labelledby={`card-${c.name}`}>
                <div className={d.head}>
                  <h2 id={`card-${c.name}`} className={d.name}>
                    {c.name}
                  </h2>
                  {handle}
                </div>
                <p className={d.percent} data-testid={`percent-${c.name}`}>
                  {pct}%
                </p>
                <div className={d.bar} aria-hidden="true">
                  <div className={d.fill} style={{ width: `${pct}%` }} />
                </div>
                <p className={d.detail}>
                  {count(c.active)} of {count(c.total)} active
                </p>
              </article>
            );
          }}
        </SortableList>
      )}
    </section>
  );
}
