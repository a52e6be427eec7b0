/**
 * /orders (001 §2 "Orders: A paginated table", §7, §9): the orders page by page, sorted and
 * filtered on the server. The state lives in the URL (`url-state.ts`): every page, size, sort
 * and filter change is a new history entry, so a link can be shared and Back returns to the
 * previous view; a reload shows the same page. Read by staff (`orders.read`); a refusal or a
 * failed read is said where the table would be.
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, HeadingRow, styles as s, useDocumentTitle } from '../../../ui';
import { fetchAhead, ordersPageQuery, useOrdersPage } from '../api';
import { OrdersTable } from '../components/OrdersTable';
import * as css from '../components/orders.css';
import { apiQuery, readState, writeState, type OrdersState } from '../url-state';
import { csvExport } from '../../../api/csv-export';
import { ORDER_ROUTES } from '../../../model/contracts/orders';
import { ExportCsvButton } from '../../../ui/list/ExportCsvButton';

// The filter form (and react-hook-form with it, about 15 kB gzip) loads when the filters box
// is first opened, not with the table: most visits page and sort without filtering.
const OrderFiltersForm = lazy(() => import('../components/OrderFiltersForm').then((m) => ({ default: m.OrderFiltersForm })));

/** See the module comment. */
export function OrdersScreen() {
  useDocumentTitle(['Orders']);
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const state = useMemo(() => readState(new URLSearchParams(search)), [search]);
  const q = useOrdersPage(state);
  const qc = useQueryClient();
  // The page is asked for first, so its request travels while the table renders; the render is
  // synchronous (flushSync), not a transition, so the old rows show dimmed (or the new ones,
  // fetched ahead) in the frame of the click or Enter.
  const go = useCallback(
    (next: OrdersState) => {
      void qc.prefetchQuery(ordersPageQuery(next));
      setParams(writeState(next), { flushSync: true });
    },
    [qc, setParams],
  );
  const filterCount = Object.keys(state.filters).length;
  const filtersKey = JSON.stringify(state.filters);
  // Open from the start when the address sets filters; then as the operator leaves it.
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);
  return (
    <section aria-labelledby="orders-title">
      <HeadingRow id="orders-title" title="Orders">
        <ExportCsvButton
          {...csvExport(ORDER_ROUTES.export.path, Object.fromEntries(new URLSearchParams(apiQuery(state))), 'orders.csv')}
          isDisabled={!q.data?.total_rows}
        />
      </HeadingRow>
      <details className={css.filterBox} open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
        <summary className={css.filterSummary}>Filters{filterCount ? ` (${filterCount})` : ''}</summary>
        {filtersOpen && (
          <Suspense
            fallback={
              <p role="status" className={s.helpText}>
                Loading the filters…
              </p>
            }
          >
            <OrderFiltersForm key={filtersKey} filters={state.filters} onApply={(filters) => go({ ...state, filters, page: 1 })} />
          </Suspense>
        )}
      </details>
      {q.isError && !q.data ? (
        <div role="alert" className={s.row}>
          <span>{q.error.message}</span>
          <Button size="sm" onPress={() => void q.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <OrdersTable
          state={state}
          page={q.data}
          loading={q.isFetching && (q.isPlaceholderData || !q.data)}
          filtered={filterCount > 0}
          onChange={go}
          onTyped={(page) => fetchAhead(qc, { ...state, page })}
          onAhead={(next) => fetchAhead(qc, next)}
          onClearFilters={() => go({ ...state, filters: {}, page: 1 })}
        />
      )}
      {q.isError && q.data && (
        <p role="alert" className={s.errorText}>
          {q.error.message}
        </p>
      )}
    </section>
  );
}
