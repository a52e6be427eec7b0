/**
 * Deleted funnels: what Delete left behind, for an admin
 * — each deleted funnel with its page count, who deleted it and when, and on "Show log" its
 * whole audit log, system entries included, read only (nothing of it can be deleted or
 * reverted: the funnel is gone). Presentational: the screen reads.
 */
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { AuditLog } from '../../../model';
import type { DeletedFunnelSummary } from '../../../model/deleted-funnels';
import { Box, Button, DataTable, EmptyState, HeadingRow, Skeleton, Stack, styles as s } from '../../../ui';
import { AuditEntryHead } from './AuditEntryHead';

/** Props of {@link DeletedFunnels}. */
export interface DeletedFunnelsProps {
  /** Last deleted first, as `GET /api/v1/deleted_funnels` answers. */
  funnels: DeletedFunnelSummary[];
  /** The funnel whose log is shown, or null. */
  selected: number | null;
  onSelect: (funnelId: number | null) => void;
  /** The selected funnel's log, newest first; null while it is read. */
  entries: AuditLog[] | null;
  /** Reads more deleted funnels; absent when all are shown. */
  onLoadMore?: () => void;
  /** Reads older entries of the log; absent when all are shown. */
  onLoadOlder?: () => void;
}

/** When something happened, in the operator's locale. */
const when = (iso: string) => new Date(iso).toLocaleString();
/** An author or deleter whose account is gone and whose name was not kept (entries older than the record). */
const who = (name: string) => name || 'A removed account';

/** See {@link DeletedFunnelsProps}. */
export function DeletedFunnels({ funnels, selected, onSelect, entries, onLoadMore, onLoadOlder }: DeletedFunnelsProps) {
  const shown = funnels.find((f) => f.ID === selected) ?? null;
  const columns = useMemo<ColumnDef<DeletedFunnelSummary, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Funnel',
        cell: ({ row: { original: f } }) => (
          <>
            {f.name} <span className={s.helpText}>#{f.ID}</span>
          </>
        ),
      },
      { id: 'pages', header: 'Pages', cell: ({ row: { original: f } }) => f.pages },
      { id: 'by', header: 'Deleted by', cell: ({ row: { original: f } }) => who(f.user_name) },
      { id: 'when', header: 'Deleted', cell: ({ row: { original: f } }) => <time dateTime={f.CreatedAt}>{when(f.CreatedAt)}</time> },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: f } }) => (
          <Button
            size="sm"
            variant={f.ID === selected ? 'secondary' : 'ghost'}
            aria-label={`${f.ID === selected ? 'Hide log' : 'Show log'} of ${f.name}`}
            onPress={() => onSelect(f.ID === selected ? null : f.ID)}
          >
            {f.ID === selected ? 'Hide log' : 'Show log'}
          </Button>
        ),
      },
    ],
    [selected, onSelect],
  );
  return (
    <section aria-labelledby="deleted-title">
      <HeadingRow id="deleted-title" title="Deleted funnels">
        <Link to="/funnels" className={s.button({ variant: 'ghost', size: 'sm' })}>
          Back to funnels
        </Link>
      </HeadingRow>
      <p className={s.helpText}>A deleted funnel keeps its log here: every change and note it had, and who deleted it. Only admins see this page.</p>
      <DataTable label="Deleted funnels" columns={columns} data={funnels} getRowId={(f) => String(f.ID)} emptyMessage="No funnel has been deleted." />
      {onLoadMore && (
        <Box marginTop="md">
          <Button onPress={onLoadMore}>Load more</Button>
        </Box>
      )}
      {shown && (
        <Box as="section" marginTop="lg" aria-label={`Log of ${shown.name}`}>
          <h2>Log of {shown.name}</h2>
          {entries === null ? (
            <Skeleton label="Loading the log…" />
          ) : entries.length === 0 ? (
            <EmptyState message="This funnel's log is empty." />
          ) : (
            <Stack as="ol" gap={10} listStyle="none" padding="none" margin="none">
              {entries.map((e) => (
                <Box as="li" key={e.ID} className={s.card} padding="md" aria-label={`${e.type === 'diff' ? 'Change' : 'Note'}: ${e.title || e.message}`}>
                  <div className={s.row}>
                    <AuditEntryHead entry={e} />
                  </div>
                  {e.message && <p className={s.helpText}>{e.message}</p>}
                </Box>
              ))}
            </Stack>
          )}
          {onLoadOlder && (
            <Box marginTop="md">
              <Button onPress={onLoadOlder}>Load older entries</Button>
            </Box>
          )}
        </Box>
      )}
    </section>
  );
}
