/**
 * The Sticky page's results: this session's uploads, newest first (file, which upload, its
 * state, what the server answered: rows read, created and updated, or the refusal), and the
 * rows the server refused in the latest refused upload, each `{line, message}` (line 1 is the
 * header; src/server/routes/csv.ts). Kept in the page's state only: a reload starts empty.
 *
 * Presentational, on the shared DataTable.
 */
import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { CsvRowError } from '../../../model/csv';
import { Box, DataTable } from '../../../ui';

/** One upload of this session. */
export interface UploadRecord {
  /** Session order, 1 first. */
  n: number;
  file: string;
  /** Which upload: 'Campaign fulfilment', or 'Products for funnel {ID} {name}'. */
  target: string;
  /** Being sent (with the fraction), answered, refused by the server, or refused here before sending. */
  state: { kind: 'sending'; fraction: number } | { kind: 'uploaded' } | { kind: 'refused' } | { kind: 'not sent' };
  /** The seed's message, with the reason when refused. */
  message: string;
  rows: number | null;
  created: number | null;
  updated: number | null;
  /** The rows the server refused (empty unless refused row by row). */
  errors: CsvRowError[];
}

/** What the uploads table says before anything was uploaded. */
export const NO_UPLOADS = 'No files uploaded yet. Choose a CSV file or drop it on an upload above.';

const stateText = (r: UploadRecord) => {
  switch (r.state.kind) {
    case 'sending':
      return `Uploading ${Math.round(r.state.fraction * 100)}%`;
    case 'uploaded':
      return 'Uploaded';
    case 'refused':
      return 'Refused';
    default:
      return 'Not sent';
  }
};
const num = (n: number | null) => (n === null ? '—' : String(n));

/** Props of {@link UploadResults}. */
export interface UploadResultsProps {
  /** This session's uploads, oldest first (shown newest first). */
  uploads: readonly UploadRecord[];
}

/** See the module comment. */
export function UploadResults({ uploads }: UploadResultsProps) {
  const newest = useMemo(() => [...uploads].reverse(), [uploads]);
  const columns = useMemo<ColumnDef<UploadRecord, unknown>[]>(
    () => [
      { header: 'File', accessorKey: 'file' },
      { header: 'Upload', accessorKey: 'target' },
      { header: 'State', cell: ({ row: { original: r } }) => stateText(r) },
      { header: 'Rows read', cell: ({ row: { original: r } }) => num(r.rows) },
      { header: 'Created', cell: ({ row: { original: r } }) => num(r.created) },
      { header: 'Updated', cell: ({ row: { original: r } }) => num(r.updated) },
      { header: 'Result', accessorKey: 'message' },
    ],
    [],
  );
  const lastRefused = newest.find((r) => r.state.kind === 'refused' && r.errors.length > 0);
  const refusedColumns = useMemo<ColumnDef<CsvRowError, unknown>[]>(
    () => [
      { header: 'Line', accessorKey: 'line' },
      { header: 'Message', accessorKey: 'message' },
    ],
    [],
  );
  return (
    <section aria-labelledby="sticky-uploads-title">
      <Box as="h2" id="sticky-uploads-title" marginTop="none">
        Uploads this session
      </Box>
      <DataTable label="Uploads this session" columns={columns} data={newest} getRowId={(r) => String(r.n)} emptyMessage={NO_UPLOADS} />
      {lastRefused && (
        <>
          <Box as="h3">Rows refused in {lastRefused.file}</Box>
          <DataTable
            label={`Rows refused in ${lastRefused.file}`}
            columns={refusedColumns}
            data={lastRefused.errors}
            getRowId={(e) => `${e.line}-${e.message}`}
            emptyMessage=""
          />
        </>
      )}
    </section>
  );
}
