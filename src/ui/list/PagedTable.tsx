/**
 * A catalogue list's table, searched, sorted and paged on the server (001 §2 lists): a search
 * box above (debounced, Enter at once), @tanstack/react-table in manual mode (the rows are the
 * page the server answered; headers of the sort columns are buttons asking for the other order,
 * `aria-sort` saying the one in force) and a pager below. Every change is a new {@link ListState}
 * for the screen to put in the URL. While the next page loads the previous one stays, dimmed,
 * with `aria-busy` on the body. No match says so, with Clear search. With `list.exportCsv` an Export
 * CSV button sits beside the search box ({@link ExportCsvButton}).
 *
 * Without `list` it is the plain table of every row (no search, sort or pager).
 */
import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { LIST_PAGE_SIZES } from '../../model/list-query';
import { Box } from '../Box';
import { Button } from '../Button';
import { GroupRow, PageSizeSelect, TableHead, TableRow, useRenderTable } from '../DataTable';
import { EmptyState } from '../EmptyState';
import * as s from '../styles.css';
import * as css from './list.css';
import { ExportCsvButton, type ExportCsvButtonProps } from './ExportCsvButton';
import { searchCleared, sortedBy, type ListState } from './list-state';

/** Milliseconds of no typing before a search is asked for. */
export const SEARCH_DEBOUNCE_MS = 350;

/** The server-paged list: the state asked for, the matching total, and where a change goes. */
export interface ListPaging<S extends string = string> {
  state: ListState<S>;
  /** Rows matching the search (all pages). */
  total: number;
  /** Another page is loading (the rows shown are the previous one's). */
  loading: boolean;
  onChange: (next: ListState<S>) => void;
  /** The list's CSV export (its search, filters and sort; every page): an Export CSV button beside the search box, and in the palette. */
  exportCsv?: Omit<ExportCsvButtonProps, 'isDisabled'>;
}

/** What a list says when its search matches nothing: "No offers match “glow”". */
export const noMatch = (noun: string, q: string) => `No ${noun} match “${q.trim()}”`;
/** What a page past the last says (rows deleted since the link was made). */
export const PAST_THE_END = 'This page is past the end of the list.';

/** Props of {@link PagedTable}. */
export interface PagedTableProps<T, S extends string> {
  /** Accessible name of the table ("Offers"). */
  label: string;
  /** The rows, plural, in the texts ("offers"). */
  noun: string;
  /** Columns; those whose `id` is one of `sorts` sort on the server. */
  columns: ColumnDef<T, unknown>[];
  sorts: readonly S[];
  /** The page's rows (all rows without `list`). */
  data: T[];
  getRowId: (row: T) => string;
  /** Shown when there are no rows at all, in the seeds' words ('No Offer added'). */
  emptyMessage: string;
  /** The next step offered next to the empty message. */
  emptyAction?: ReactNode;
  /** What the search box searches, as its placeholder ("Name, ID or offer ID"). */
  searchHint?: string;
  list?: ListPaging<S>;
  /**
   * Groups the rows under header rows (the Pages tab's path groups, 001 §2), in the order the
   * server answered (a group's rows must be contiguous: pass it only for such an order).
   */
  groupBy?: (row: T) => string;
  /** The group of the row just before this page: its header on this page says "(continued)". */
  continuedGroup?: string | null;
}

/** A pager is shown when there is more than one page of the smallest size, or the list is past its first page. */
export const pagerWanted = (list: { total: number; state: { page: number } }) => list.total > LIST_PAGE_SIZES[0] || list.state.page > 1;

/** See the module comment. */
export function PagedTable<T, S extends string>({
  label,
  noun,
  columns,
  sorts,
  data,
  getRowId,
  emptyMessage,
  emptyAction,
  searchHint,
  list,
  groupBy,
  continuedGroup,
}: PagedTableProps<T, S>) {
  const table = useRenderTable(data, columns, getRowId, list?.state);
  const isSort = (id: string): id is S => (sorts as readonly string[]).includes(id);

  let body: ReactNode;
  if (data.length === 0 && !(list?.loading ?? false)) {
    if (list && list.state.q.trim())
      body = (
        <EmptyState message={noMatch(noun, list.state.q)} action={<Button onPress={() => list.onChange(searchCleared(list.state))}>Clear search</Button>} />
      );
    else if (list && list.state.page > 1)
      body = <EmptyState message={PAST_THE_END} action={<Button onPress={() => list.onChange({ ...list.state, page: 1 })}>First page</Button>} />;
    else body = <EmptyState message={emptyMessage} action={emptyAction} />;
  } else
    body = (
      <table className={s.table} aria-label={label}>
        <TableHead table={table} sort={list && { sorts: isSort, onSort: (id: S) => list.onChange(sortedBy(list.state, id)) }} />
        <tbody className={list?.loading ? css.stale : undefined} aria-busy={list?.loading ? true : undefined}>
          {table.getRowModel().rows.map((r, i, rows) => {
            const group = groupBy?.(r.original);
            const before = rows[i - 1];
            const starts = group !== undefined && (!before || groupBy?.(before.original) !== group);
            const shown = starts ? rows.slice(i).findIndex((x) => groupBy?.(x.original) !== group) : 0;
            return (
              <Fragment key={r.id}>
                {starts && (
                  <GroupRow
                    span={table.getVisibleLeafColumns().length}
                    name={`${group}${i === 0 && group === continuedGroup ? ' (continued)' : ''}`}
                    count={shown < 0 ? rows.length - i : shown}
                  />
                )}
                <TableRow row={r} />
              </Fragment>
            );
          })}
        </tbody>
      </table>
    );
  return (
    <>
      {/* Nothing to search in an empty list (no rows, no search, page 1). */}
      {list && (data.length > 0 || list.loading || list.state.q.trim() || list.state.page > 1) && (
        <SearchBox list={list} noun={noun} hint={searchHint} clearable={data.length > 0} />
      )}
      {body}
      {list && data.length > 0 && <Pager list={list} shown={data.length} noun={noun} />}
    </>
  );
}

/**
 * The list's search box: asks for the search after a pause in typing ({@link SEARCH_DEBOUNCE_MS})
 * or at once on Enter, back to page 1. Follows the address when it changes (Back). `clearable`:
 * it offers Clear search (the empty state offers its own).
 */
export function SearchBox<S extends string>({ list, noun, hint, clearable = true }: { list: ListPaging<S>; noun: string; hint?: string; clearable?: boolean }) {
  const { state, onChange } = list;
  const [text, setText] = useState(state.q);
  const [seen, setSeen] = useState(state.q);
  // The address changed under the box (Back, Clear search): show its search.
  if (seen !== state.q) {
    setSeen(state.q);
    setText(state.q);
  }
  const latest = useRef({ state, onChange });
  useEffect(() => {
    latest.current = { state, onChange };
  });
  // The pending debounced search: Enter cancels it, or on a busy machine it could fire after
  // Enter's navigation but before this box re-renders, and push the same address a second time.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (text.trim() === state.q.trim()) return undefined;
    timer.current = setTimeout(() => latest.current.onChange({ ...latest.current.state, q: text, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [text, state.q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    clearTimeout(timer.current);
    if (text.trim() !== state.q.trim()) onChange({ ...state, q: text, page: 1 });
  };
  return (
    <form role="search" aria-label={`Search ${noun}`} className={css.searchBar} onSubmit={submit}>
      <label className={css.searchField}>
        Search
        <input type="search" className={s.input} value={text} maxLength={200} placeholder={hint} onChange={(e) => setText(e.target.value)} />
      </label>
      {state.q && clearable && (
        <Button size="sm" variant="ghost" onPress={() => onChange(searchCleared(state))}>
          Clear search
        </Button>
      )}
      {list.exportCsv && (
        <>
          <span className={s.spacer} />
          <ExportCsvButton {...list.exportCsv} isDisabled={list.total === 0} />
        </>
      )}
    </form>
  );
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The list's pager: where the rows shown sit in the total; with more than one page (see {@link pagerWanted}) Previous / Next and the page size. */
export function Pager<S extends string>({ list, shown, noun }: { list: ListPaging<S>; shown: number; noun: string }) {
  const { state, total, onChange } = list;
  const pages = Math.max(1, Math.ceil(total / state.perPage));
  const first = (state.page - 1) * state.perPage + 1;
  const count = (
    <Box as="span" color="muted" aria-live="polite">
      Showing {fmt(first)}–{fmt(first + shown - 1)} of {fmt(total)} {noun}
    </Box>
  );
  if (!pagerWanted(list)) return <div className={s.pager}>{count}</div>;
  return (
    <nav aria-label={`Pages of ${noun}`} className={s.pager}>
      <Button size="sm" aria-label="Previous page" isDisabled={state.page <= 1} onPress={() => onChange({ ...state, page: state.page - 1 })}>
        ‹ Previous
      </Button>
      <span>
        Page {fmt(state.page)} of {fmt(pages)}
      </span>
      <Button size="sm" aria-label="Next page" isDisabled={state.page >= pages} onPress={() => onChange({ ...state, page: state.page + 1 })}>
        Next ›
      </Button>
      <span className={s.spacer} />
      {count}
      <PageSizeSelect className={css.pageSize} value={state.perPage} sizes={LIST_PAGE_SIZES} onSize={(perPage) => onChange({ ...state, perPage, page: 1 })} />
    </nav>
  );
}
