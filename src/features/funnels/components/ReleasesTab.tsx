/**
 * The Releases tab: the funnel's published releases,
 * newest first — when, who, a Live badge on the one the site serves, how many pages, and what
 * changed against the release it replaced — with "Roll back" on every other release behind a
 * confirmation. Roll back is disabled, with the reason shown, while the funnel is locked or
 * when the signed-in role may not publish. Presentational: the screen reads and writes.
 */
import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Release } from '../../../model/releases';
import { Box, Button, ConfirmDialog, DataTable, EmptyState, Stack, styles as s, useBusyAction } from '../../../ui';

/** Props of {@link ReleasesTab}. */
export interface ReleasesTabProps {
  /** Newest first, as `GET /api/v1/funnels/{id}/releases` answers. */
  releases: Release[];
  locked: boolean;
  /** Whether the signed-in role may publish (the `funnels.publish` action): rolling back is publishing. */
  mayPublish: boolean;
  /** Rolls back to `release`; rejects when the server refused (the API client has said why). */
  onRollback: (release: Release) => Promise<unknown>;
}

/** A release's time as the list shows it (the operator's locale). */
export const releaseWhen = (r: Pick<Release, 'CreatedAt'>): string => new Date(r.CreatedAt).toLocaleString();

/** Why Roll back is disabled, or null when it is not. */
export function rollbackBlocked(locked: boolean, mayPublish: boolean): string | null {
  if (!mayPublish) return 'Your role may not publish, so it cannot roll back releases';
  if (locked) return 'The funnel is locked: unlock it to roll back';
  return null;
}

/** See {@link ReleasesTabProps}. */
export function ReleasesTab({ releases, locked, mayPublish, onRollback }: ReleasesTabProps) {
  const [target, setTarget] = useState<Release | null>(null);
  const [busy, run] = useBusyAction();
  const blocked = rollbackBlocked(locked, mayPublish);
  const columns = useMemo<ColumnDef<Release, unknown>[]>(
    () => [
      {
        id: 'when',
        header: 'Published',
        cell: ({ row: { original: r } }) => (
          <>
            <time dateTime={r.CreatedAt}>{releaseWhen(r)}</time>
            {r.live && (
              <>
                {' '}
                <span className={`${s.badge} ${s.tone.success}`}>Live</span>
              </>
            )}
          </>
        ),
      },
      { id: 'who', header: 'By', cell: ({ row: { original: r } }) => r.user.name || 'A removed account' },
      { id: 'pages', header: 'Pages', cell: ({ row: { original: r } }) => r.page_count },
      {
        id: 'changes',
        header: 'What changed',
        cell: ({ row: { original: r } }) =>
          r.changes.length === 0 ? (
            <span className={s.helpText}>Nothing changed</span>
          ) : (
            <Stack as="ul" gap={2} margin="none" paddingLeft="md" aria-label={`Changes of the release of ${releaseWhen(r)}`}>
              {r.changes.map((c, i) => (
                <li key={i}>{c}</li>
              ))}
            </Stack>
          ),
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row: { original: r } }) =>
          r.live ? (
            <span className={s.helpText}>Live now</span>
          ) : (
            <Button
              size="sm"
              onPress={() => setTarget(r)}
              isDisabled={!!blocked}
              aria-label={`Roll back to the release of ${releaseWhen(r)}`}
              aria-describedby={blocked ? 'rollback-blocked' : undefined}
            >
              Roll back
            </Button>
          ),
      },
    ],
    [blocked],
  );

  if (releases.length === 0) {
    return (
      <section aria-label="Releases">
        <EmptyState
          message="Not published yet"
          action={
            <p className={s.helpText}>
              Press Publish above to put the funnel's pages live: every publish is listed here, and you can roll back to any earlier one.
            </p>
          }
        />
      </section>
    );
  }
  const live = releases.find((r) => r.live);
  return (
    <section aria-label="Releases">
      <Box as="p" marginTop="none">
        {live ? (
          <>
            The site {live.site} serves the release of {releaseWhen(live)}.
          </>
        ) : (
          'No release of this funnel is live.'
        )}{' '}
        Older releases are kept for rollback.
      </Box>
      {blocked && (
        <Box as="p" id="rollback-blocked" role="note" className={s.helpText}>
          {blocked}
        </Box>
      )}
      <DataTable label="Releases" columns={columns} data={releases} getRowId={(r) => String(r.ID)} emptyMessage="Not published yet" />
      <ConfirmDialog
        isOpen={!!target}
        title="Roll back"
        confirmLabel="Roll back"
        busy={busy}
        message={
          target && (
            <p>
              Put the release of {releaseWhen(target)} live again on {target.site}? Visitors get its pages at once; the current release stays in the list.
            </p>
          )
        }
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (target)
            void run(
              () => onRollback(target),
              () => setTarget(null),
            );
        }}
      />
    </section>
  );
}
