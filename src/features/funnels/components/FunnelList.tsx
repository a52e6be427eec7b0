/**
 * The funnel list (001 §2 "Funnel list"): ID, Name (lock icon when locked), Offer, Platform,
 * Everflow OID, Status (a select coloured orange / yellow / green) and actions; Add funnel
 * (new funnel form), clone (clone form), the details drawer and delete (confirmation).
 *
 * With `list` it is one page the server searched, filtered and sorted: @tanstack/react-table in
 * manual mode (the table only renders the rows; header clicks and the pager become a new
 * {@link FunnelListState} for the screen to put in the URL), the filter bar above and the pager below.
 */
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ColumnDef } from '@tanstack/react-table';
import { PUBLISH_STATUS_COLORS, PUBLISH_STATUSES, type FunnelListItem, type NewFunnel, type Offer } from '../../../model';
import type { FunnelBulkAnswer, FunnelBulkChange } from '../../../model/contracts/funnel-list-actions';
import { Box, Button, EmptyState, Inline, LockIcon, Skeleton, styles as s, useBusyAction } from '../../../ui';
import { clearedFilters, isFiltered, type FunnelListState } from '../list-state';
import { useScreenActions } from '../../../ui/screen-actions';
import * as css from './funnels.css';
import { FunnelFilters, Pager } from './FunnelFilters';
import { FunnelTable } from './FunnelTable';

/** What the list says when the search and filters match no funnel. */
export const NO_FUNNELS_MATCH = 'No funnels match this search and these filters';

/** The server-paged list: the state asked for, the matching total, and where a change goes. */
export interface FunnelListPaging {
  state: FunnelListState;
  /** Funnels matching the search and filters (all pages). */
  total: number;
  /** Another page is loading (the rows shown are the previous one's). */
  loading: boolean;
  onChange: (next: FunnelListState) => void;
}

// The dialogs and forms (react-aria, react-hook-form) load when one is wanted: pointer over
// or focus on the button that opens it starts the load, so the dialog opens at once.
const loadForms = () => import('./NewFunnelForm');
const loadFormModal = () => import('../../../ui/FormModal');
const loadConfirm = () => import('../../../ui/ConfirmDialog');
const loadDrawer = () => import('./FunnelDetailsDrawer');
const NewFunnelForm = lazy(() => loadForms().then((m) => ({ default: m.NewFunnelForm })));
const CloneFunnelForm = lazy(() => loadForms().then((m) => ({ default: m.CloneFunnelForm })));
const FormModal = lazy(() => loadFormModal().then((m) => ({ default: m.FormModal })));
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));
const FunnelDetailsDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.FunnelDetailsDrawer })));
// The bulk bar comes with the first selected row.
const BulkBar = lazy(() => import('./BulkBar').then((m) => ({ default: m.BulkBar })));
/** Starts loading the list's dialogs (a failed load is tried again when the dialog renders). */
const preload = () => {
  loadForms().catch(() => {});
  loadFormModal().catch(() => {});
  loadConfirm().catch(() => {});
};
/** The same for the details drawer. */
const drawerIntent = {
  onPointerEnter: () => {
    loadDrawer().catch(() => {});
  },
  onFocus: () => {
    loadDrawer().catch(() => {});
  },
};
/** The props that start the load on intent. */
const intent = { onPointerEnter: preload, onFocus: preload };

/** Props of {@link FunnelList}: data and the actions' handlers (each resolves when the server answered). */
export interface FunnelListProps {
  funnels: FunnelListItem[];
  offers: Offer[];
  onCreate: (v: NewFunnel) => Promise<unknown>;
  onClone: (id: number, name: string) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
  onStatusChange: (f: FunnelListItem, status: FunnelListItem['publish_status']) => void;
  /** Opens the quick funnel wizard (001 §2 "Add Funnel Beta (opens the quick wizard)"); without it the button is disabled. */
  onAddBeta?: () => void;
  /** The list shows the archived funnels (001 §2 funnel menu "Archive"), each with Restore. */
  archived?: boolean;
  /** Restores an archived funnel to the default list. */
  onRestore?: (f: FunnelListItem) => Promise<unknown>;
  /** Shows the link to the deleted funnels and their logs (an admin's). */
  showDeleted?: boolean;
  /** The server-paged list (filter bar, sortable headers, pager); without it `funnels` is the whole list. */
  list?: FunnelListPaging;
  /** Sends bulk changes of the selected rows (`dryRun`: only asks what they would do); without it rows have no checkboxes. */
  onBulk?: (changes: FunnelBulkChange[], dryRun: boolean) => Promise<FunnelBulkAnswer>;
  /** Downloads the list as searched, filtered and sorted as CSV (every page); without it there is no Export CSV. */
  onExport?: () => Promise<unknown>;
}

/** See {@link FunnelListProps}. */
export function FunnelList({
  funnels,
  offers,
  onCreate,
  onClone,
  onDelete,
  onStatusChange,
  onAddBeta,
  archived = false,
  onRestore,
  showDeleted = false,
  list,
  onBulk,
  onExport,
}: FunnelListProps) {
  const [adding, setAdding] = useState(false);
  const [cloning, setCloning] = useState<FunnelListItem | null>(null);
  const [deleting, setDeleting] = useState<FunnelListItem | null>(null);
  const [showing, setShowing] = useState<FunnelListItem | null>(null);
  const [busy, run] = useBusyAction();
  const [exporting, runExport] = useBusyAction();
  // Selected rows by ID (kept across pages, sorts and searches until cleared or acted on).
  const [selected, setSelected] = useState<ReadonlyMap<number, string>>(new Map());
  const toggle = useCallback((rows: FunnelListItem[], on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      for (const f of rows) {
        if (on) next.set(f.ID, f.name);
        else next.delete(f.ID);
      }
      return next;
    });
  }, []);
  const clearSelection = useCallback(() => setSelected(new Map()), []);
  // The Active and Archived lists keep no selection of the other's; the bulk bar (its chunk)
  // comes with the first selected row and then stays for its result and Undo.
  const [selectedIn, setSelectedIn] = useState(archived);
  const [bulkShown, setBulkShown] = useState(false);
  if (selectedIn !== archived) {
    setSelectedIn(archived);
    setSelected(new Map());
  }
  if (selected.size > 0 && !bulkShown) setBulkShown(true);
  const selectColumn = useMemo<ColumnDef<FunnelListItem, unknown>[]>(() => {
    if (!onBulk) return [];
    const onPage = funnels.filter((f) => selected.has(f.ID)).length;
    return [
      {
        id: 'select',
        header: () => (
          <input
            type="checkbox"
            aria-label="Select all funnels on this page"
            checked={funnels.length > 0 && onPage === funnels.length}
            ref={(el) => {
              if (el) el.indeterminate = onPage > 0 && onPage < funnels.length;
            }}
            onChange={(e) => toggle(funnels, e.target.checked)}
          />
        ),
        cell: ({ row: { original: f } }) => (
          <input type="checkbox" aria-label={`Select ${f.name}`} checked={selected.has(f.ID)} onChange={(e) => toggle([f], e.target.checked)} />
        ),
      },
    ];
  }, [onBulk, funnels, selected, toggle]);
  const baseColumns = useMemo<ColumnDef<FunnelListItem, unknown>[]>(
    () => [
      { id: 'id', header: 'ID', accessorKey: 'ID' },
      {
        id: 'name',
        header: 'Name',
        cell: ({ row: { original: f } }) => (
          <Link to={`/funnels/${f.ID}/pages`}>
            {f.locked && <LockIcon />}
            {f.name}
          </Link>
        ),
      },
      { id: 'offer', header: 'Offer', accessorKey: 'offer_name' },
      { id: 'platform', header: 'Platform', accessorKey: 'platform' },
      { header: 'Everflow OID', cell: ({ row: { original: f } }) => f.ef_offer_id ?? '—' },
      { header: 'Domain', cell: ({ row: { original: f } }) => f.domain ?? '—' },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row: { original: f } }) => (
          <select
            aria-label={`Status of ${f.name}`}
            value={f.publish_status}
            disabled={f.locked}
            onChange={(e) => onStatusChange(f, e.target.value as FunnelListItem['publish_status'])}
            className={`${s.input} ${css.statusSelect[PUBLISH_STATUS_COLORS[f.publish_status]]}`}
          >
            {PUBLISH_STATUSES.map((st) => (
              <option key={st} value={st}>
                {st}
              </option>
            ))}
          </select>
        ),
      },
      {
        header: 'Actions',
        cell: ({ row: { original: f } }) => (
          <div className={s.row}>
            <Link className={s.button({ variant: 'ghost', size: 'sm' })} to={`/funnels/${f.ID}/details`} aria-label={`Edit ${f.name}`}>
              Edit
            </Link>
            <Button size="sm" variant="ghost" {...intent} onPress={() => setCloning(f)} aria-label={`Clone ${f.name}`}>
              Clone
            </Button>
            <Button size="sm" variant="ghost" {...drawerIntent} onPress={() => setShowing(f)} aria-label={`Details of ${f.name}`}>
              Details
            </Button>
            <Button size="sm" variant="ghost" {...intent} isDisabled={f.locked} onPress={() => setDeleting(f)} aria-label={`Delete ${f.name}`}>
              Delete
            </Button>
            {archived && onRestore && (
              <Button
                size="sm"
                variant="ghost"
                isDisabled={f.locked || busy}
                onPress={() =>
                  void run(
                    () => onRestore(f),
                    () => {},
                  )
                }
                aria-label={`Restore ${f.name}`}
              >
                Restore
              </Button>
            )}
          </div>
        ),
      },
    ],
    [onStatusChange, archived, onRestore, busy, run],
  );
  const columns = useMemo(() => [...selectColumn, ...baseColumns], [selectColumn, baseColumns]);
  const doExport = () =>
    void runExport(
      () => onExport?.() ?? Promise.resolve(),
      () => {},
    );
  // The command palette's actions here (Ctrl/Cmd+K): the header's buttons and the selection's.
  useScreenActions([
    { id: 'add-funnel', label: 'Add funnel', run: () => setAdding(true) },
    ...(onAddBeta ? [{ id: 'add-funnel-beta', label: 'Add Funnel Beta', run: onAddBeta }] : []),
    ...(onExport && funnels.length > 0 ? [{ id: 'export-csv', label: 'Export CSV', run: doExport }] : []),
    ...(onBulk && funnels.length > 0 ? [{ id: 'select-page', label: 'Select all funnels on this page', run: () => toggle(funnels, true) }] : []),
    ...(onBulk && selected.size > 0 ? [{ id: 'clear-selection', label: 'Clear selection', run: clearSelection }] : []),
  ]);
  // One Add funnel control: on an empty active list it moves next to the empty message.
  const addFunnel = (
    <Button variant="primary" {...intent} onPress={() => setAdding(true)}>
      Add funnel
    </Button>
  );
  const addInEmpty = !archived && funnels.length === 0 && !(list && isFiltered(list.state));
  return (
    <section aria-labelledby="funnels-title">
      <Inline marginBottom="md">
        <Box as="h1" id="funnels-title" margin="none">
          {archived ? 'Archived funnels' : 'Funnels'}
        </Box>
        <nav aria-label="Funnel lists" className={s.row}>
          <Link to="/funnels" aria-current={archived ? undefined : 'page'} className={s.button({ variant: archived ? 'ghost' : 'secondary', size: 'sm' })}>
            Active
          </Link>
          <Link
            to="/funnels?archived=true"
            aria-current={archived ? 'page' : undefined}
            className={s.button({ variant: archived ? 'secondary' : 'ghost', size: 'sm' })}
          >
            Archived
          </Link>
          {showDeleted && (
            <Link to="/funnels/deleted" className={s.button({ variant: 'ghost', size: 'sm' })}>
              Deleted
            </Link>
          )}
        </nav>
        <span className={s.spacer} />
        {onExport && (
          <Button isDisabled={exporting || funnels.length === 0} onPress={doExport}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        )}
        <Button onPress={onAddBeta} isDisabled={!onAddBeta}>
          Add Funnel Beta
        </Button>
        {!addInEmpty && addFunnel}
      </Inline>
      {list && (
        <Suspense fallback={<div className={css.filterBar} />}>
          <FunnelFilters key={JSON.stringify(list.state)} state={list.state} offers={offers} onChange={list.onChange} />
        </Suspense>
      )}
      {onBulk && bulkShown && (
        <Suspense fallback={null}>
          <BulkBar selected={[...selected].map(([ID, name]) => ({ ID, name }))} archived={archived} onClear={clearSelection} onBulk={onBulk} />
        </Suspense>
      )}
      {funnels.length === 0 && !list?.loading ? (
        list && isFiltered(list.state) ? (
          <EmptyState message={NO_FUNNELS_MATCH} action={<Button onPress={() => list.onChange(clearedFilters(list.state))}>Clear filters</Button>} />
        ) : (
          <EmptyState
            message={
              archived ? 'No archived funnels. Archive a funnel from its page to find it here.' : 'There are no funnels yet. Use Add funnel to create one.'
            }
            action={addInEmpty && addFunnel}
          />
        )
      ) : (
        <Suspense fallback={<Skeleton label="Loading funnels…" />}>
          <FunnelTable columns={columns} funnels={funnels} list={list} />
        </Suspense>
      )}
      {list && funnels.length > 0 && (
        <Suspense fallback={null}>
          <Pager list={list} shown={funnels.length} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {showing && <FunnelDetailsDrawer funnel={funnels.find((x) => x.ID === showing.ID) ?? showing} onClose={() => setShowing(null)} />}
        {adding && (
          <FormModal title="Add funnel" isOpen formId="new-funnel" busy={busy} onCancel={() => setAdding(false)}>
            <NewFunnelForm
              id="new-funnel"
              offers={offers}
              onSave={(v) =>
                run(
                  () => onCreate(v),
                  () => setAdding(false),
                )
              }
            />
          </FormModal>
        )}
        {cloning && (
          <FormModal title={`Clone ${cloning.name}`} isOpen formId="clone-funnel" busy={busy} onCancel={() => setCloning(null)}>
            <CloneFunnelForm
              id="clone-funnel"
              defaultName={`${cloning.name} (copy)`}
              onSave={(v) =>
                run(
                  () => onClone(cloning.ID, v.name),
                  () => setCloning(null),
                )
              }
            />
          </FormModal>
        )}
        {deleting && (
          <ConfirmDialog
            isOpen
            title="Delete funnel"
            danger
            confirmLabel="Delete"
            busy={busy}
            message={
              <>
                Are you sure you want to delete the funnel <strong>{deleting.name}</strong> with all its pages? Its log is kept for admins to read.
              </>
            }
            onCancel={() => setDeleting(null)}
            onConfirm={() =>
              void run(
                () => onDelete(deleting.ID),
                () => setDeleting(null),
              )
            }
          />
        )}
      </Suspense>
    </section>
  );
}
