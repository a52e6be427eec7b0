/**
 * The Scrubs tab of a funnel (001 §2 "Funnel page", §3 Scrub, §5 rules, §9 limits): the
 * funnel's scrub rules (one per affiliate, or one global), Add, Edit and Delete with
 * confirmation; read-only while the funnel is locked.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router-dom';
import type { Scrub, ScrubFormValues } from '../../../model';
import { styles as s } from '../../../ui';
import { ScrubForm, scrubFormOf, scrubName } from '../../../ui/catalog/ScrubForm';
import { RecordsTab, type RecordWrites } from './RecordsTab';

/** The empty list (the seeds name no wording for scrubs; this follows their 'No … added'). */
export const NO_SCRUBS = 'No Scrubs added';

/** Props of {@link ScrubsTab}. */
export interface ScrubsTabProps extends RecordWrites<Scrub, ScrubFormValues> {
  scrubs: Scrub[];
}

const SCRUB_COLUMNS: ColumnDef<Scrub, unknown>[] = [
  { header: 'Affiliate ID', cell: ({ row: { original: sc } }) => (sc.global ? <span className={`${s.badge} ${s.tone.info}`}>Global</span> : sc.affiliate_id) },
  { header: 'Affiliate name', accessorKey: 'affiliate_name' },
  { header: 'Scrub %', cell: ({ row: { original: sc } }) => `${sc.scrub_pct}%` },
  {
    header: 'Detail',
    cell: ({ row: { original: sc } }) => (
      <Link to={`/scrubs/${sc.ID}`} aria-label={`Open the ${scrubName(sc)}`}>
        Open
      </Link>
    ),
  },
];

/** See {@link ScrubsTabProps}. */
export function ScrubsTab({ scrubs, ...writes }: ScrubsTabProps) {
  return (
    <RecordsTab
      label="Scrubs"
      kind="scrub"
      records={scrubs}
      columns={SCRUB_COLUMNS}
      nameOf={scrubName}
      emptyMessage={NO_SCRUBS}
      deleteMessage={(sc) => `Are you sure you want to delete the ${scrubName(sc)}?`}
      {...writes}
      form={({ id, record: sc, onSave }) => <ScrubForm id={id} onSave={onSave} defaultValues={sc ? scrubFormOf(sc) : undefined} />}
    />
  );
}
