/**
 * The Status screen's integrations (001 §2 header menu "Status"): one row per
 * integration with its state (OK / Not reachable / Not configured), last error, last sync,
 * rate-limit headroom and when it was checked; admins get "Test connection" on each row,
 * with its progress and result.
 */
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { integrationState, type IntegrationKey, type IntegrationStatus } from '../../../model';
import { Button, DataTable, Stack, styles as s } from '../../../ui';

/** An ISO time as "2026-11-28 06:30:12 UTC" (the same for every viewer), or "—". */
export const utcTime = (iso: string | null) => (iso ? `${iso.slice(0, 19).replace('T', ' ')} UTC` : '—');

const TONE = { OK: 'success', 'Not reachable': 'danger', 'Not configured': 'warning', 'Not checked': 'info' } as const;

/** What a finished Test connection says for `row`. */
export const testResult = (row: IntegrationStatus) => {
  const state = integrationState(row);
  if (state === 'OK') return `${row.name}: connection OK`;
  if (state === 'Not reachable') return `${row.name}: not reachable${row.last_error ? ` — ${row.last_error}` : ''}`;
  return `${row.name}: ${state.toLowerCase()}`;
};

/** Props of {@link IntegrationsTable}. */
export interface IntegrationsTableProps {
  rows: IntegrationStatus[];
  /** Admins only (`system.test`): shows "Test connection" on each row; resolves with the row checked now. */
  onTest?: (key: IntegrationKey) => Promise<IntegrationStatus>;
}

/** The integrations as a table; "Test connection" per row when `onTest` is given. */
export function IntegrationsTable({ rows, onTest }: IntegrationsTableProps) {
  const [busy, setBusy] = useState<IntegrationKey | null>(null);
  const [result, setResult] = useState<{ key: IntegrationKey; text: string; ok: boolean } | null>(null);
  const columns = useMemo<ColumnDef<IntegrationStatus, unknown>[]>(() => {
    const cols: ColumnDef<IntegrationStatus, unknown>[] = [
      {
        header: 'Integration',
        cell: ({ row: { original: r } }) => (
          <Stack gap="xs">
            <strong>{r.name}</strong>
            <span className={s.helpText}>{r.kind}</span>
          </Stack>
        ),
      },
      {
        header: 'State',
        cell: ({ row: { original: r } }) => {
          const st = integrationState(r);
          return <span className={`${s.badge} ${s.tone[TONE[st]]}`}>{st}</span>;
        },
      },
      { header: 'Last error', cell: ({ row: { original: r } }) => r.last_error ?? '—' },
      { header: 'Last sync', cell: ({ row: { original: r } }) => utcTime(r.last_sync) },
      {
        header: 'Rate limit',
        cell: ({ row: { original: r } }) => (r.rate_limit ? `${r.rate_limit.remaining} of ${r.rate_limit.limit} left` : (r.detail ?? '—')),
      },
      { header: 'Checked', cell: ({ row: { original: r } }) => utcTime(r.checked_at) },
    ];
    if (onTest) {
      cols.push({
        header: 'Actions',
        cell: ({ row: { original: r } }) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Test connection: ${r.name}`}
            isDisabled={busy !== null}
            disabledReason={busy === r.key ? 'Testing…' : 'Another test is running'}
            onPress={() => {
              setBusy(r.key);
              setResult(null);
              onTest(r.key)
                .then(
                  (row) => setResult({ key: r.key, text: testResult(row), ok: integrationState(row) === 'OK' }),
                  (e: Error) => setResult({ key: r.key, text: `${r.name}: the test could not run — ${e.message}`, ok: false }),
                )
                .finally(() => setBusy(null));
            }}
          >
            {busy === r.key ? 'Testing…' : 'Test connection'}
          </Button>
        ),
      });
    }
    return cols;
  }, [onTest, busy]);
  return (
    <Stack gap="sm">
      <DataTable label="Integrations" columns={columns} data={rows} getRowId={(r) => r.key} emptyMessage="No integrations configured" />
      <p role="status" aria-live="polite">
        {result && <span className={`${s.badge} ${s.tone[result.ok ? 'success' : 'danger']}`}>{result.text}</span>}
      </p>
    </Stack>
  );
}
