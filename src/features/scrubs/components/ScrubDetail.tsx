/**
 * The scrub detail (001 §2 /scrubs/{id}; §3 Scrub: ID, funnel_id, affiliate_id, affiliate_name,
 * scrub_pct): the scrub in a table, the way back to its funnel's Scrubs tab, Edit (the scrub
 * form of 001 §5) and Delete with confirmation; no change while its funnel is locked (the
 * reason said) or for a role that may not write scrubs. Presentational: the screen connects it.
 */
import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { MSG, type Scrub, type ScrubFormValues } from '../../../model';
import { BackLink, Box, Button, DeleteConfirm, DataTable, FormDialog, HeadingRow, LockIcon, styles as s, useBusyAction } from '../../../ui';
import { ScrubForm, scrubFormOf, scrubName } from '../../../ui/catalog/ScrubForm';

/** Props of {@link ScrubDetail}. */
export interface ScrubDetailProps {
  scrub: Scrub;
  /** Its funnel's name (undefined while it loads) and lock. */
  funnelName?: string;
  locked: boolean;
  /** The role may write scrubs (`scrubs.write`). */
  canWrite: boolean;
  /** Each rejects when the server refuses (the dialog then stays open). */
  onUpdate: (v: ScrubFormValues) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

const COLUMNS: ColumnDef<Scrub, unknown>[] = [
  { header: 'ID', accessorKey: 'ID' },
  { header: 'Affiliate ID', cell: ({ row: { original: sc } }) => (sc.global ? <span className={`${s.badge} ${s.tone.info}`}>Global</span> : sc.affiliate_id) },
  { header: 'Affiliate name', cell: ({ row: { original: sc } }) => sc.affiliate_name || '—' },
  { header: 'Scrub %', cell: ({ row: { original: sc } }) => `${sc.scrub_pct}%` },
];

/** See {@link ScrubDetailProps}. */
export function ScrubDetail({ scrub, funnelName, locked, canWrite, onUpdate, onDelete }: ScrubDetailProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, run] = useBusyAction();
  const name = scrubName(scrub);
  const title = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  return (
    <section aria-labelledby="scrub-title">
      <Box as="p" margin="none" marginBottom="sm">
        <BackLink to={`/funnels/${scrub.funnel_id}/scrubs`}>{funnelName ?? `Funnel ${scrub.funnel_id}`}: Scrubs</BackLink>
      </Box>
      <HeadingRow id="scrub-title" title={title} after={locked && <LockIcon />}>
        {canWrite && (
          <Button isDisabled={locked} disabledReason={MSG.locked} onPress={() => setEditing(true)}>
            Edit
          </Button>
        )}
        {canWrite && (
          <Button variant="danger" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setDeleting(true)}>
            Delete
          </Button>
        )}
      </HeadingRow>
      {locked && canWrite && (
        <Box as="p" className={s.helpText}>
          The funnel is locked: unlock it to edit or delete its scrubs.
        </Box>
      )}
      <DataTable label="Scrub" columns={COLUMNS} data={[scrub]} getRowId={(x) => String(x.ID)} emptyMessage="" />
      <FormDialog title={`Edit ${name}`} isOpen={editing} formId="edit-scrub-form" onSave={onUpdate} onClose={() => setEditing(false)}>
        {(slot) => <ScrubForm {...slot} defaultValues={scrubFormOf(scrub)} />}
      </FormDialog>
      <DeleteConfirm
        item={deleting}
        title="Delete scrub"
        message={`Are you sure you want to delete the ${name}?`}
        busy={busy}
        run={run}
        onDelete={onDelete}
        onClose={() => setDeleting(false)}
      />
    </section>
  );
}
