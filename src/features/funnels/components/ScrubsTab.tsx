/**
 * The Scrubs tab of a funnel (001 §2 "Funnel page", §3 Scrub, §5 rules, §9 limits): the
 * funnel's scrub rules (one per affiliate, or one global), Add, Edit and Delete with
 * confirmation; read-only while the funnel is locked.
 */
import { useEffect } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, ScrubFormSchema, type Scrub, type ScrubForm as ScrubFormInput } from '../../../model';
import { CheckboxField, TextField, styles as s } from '../../../ui';
import { RecordsTab } from './RecordsTab';
import type { ScrubFormValues } from '../tabs-api';

/** The empty list (the seeds name no wording for scrubs; this follows their 'No … added'). */
export const NO_SCRUBS = 'No Scrubs added';

/** How a scrub is named to the operator (buttons, dialogs, toasts). */
export const scrubName = (sc: Pick<Scrub, 'global' | 'affiliate_id'>) => (sc.global ? 'global scrub' : `scrub for affiliate ${sc.affiliate_id}`);

/** Props of {@link ScrubForm}. */
export interface ScrubFormProps {
  id: string;
  defaultValues?: Partial<ScrubFormInput>;
  onSave: (v: ScrubFormValues) => Promise<unknown> | void;
}

/**
 * The scrub form (001 §5): affiliate id digits only, at most 4, required unless the scrub is
 * global ('Missing Affiliate ID'); scrub percent required, 0–100 ('Missing Scrub Percent').
 */
export function ScrubForm({ id, defaultValues, onSave }: ScrubFormProps) {
  const { register, handleSubmit, control, setFocus, formState: { errors } } = useForm<ScrubFormInput, unknown, ScrubFormValues>({
    resolver: zodResolver(ScrubFormSchema),
    defaultValues: { affiliate_id: '', affiliate_name: '', scrub_pct: '', global: false, ...defaultValues },
  });
  const global = useWatch({ control, name: 'global' });
  useEffect(() => { setFocus('affiliate_id'); }, [setFocus]);
  return (
    <form id={id} noValidate onSubmit={(e) => void handleSubmit(async (v) => { await onSave(v); })(e)}>
      <CheckboxField label="Global: applies to every affiliate" {...register('global')} />
      <TextField label="Affiliate ID" inputMode="numeric" maxLength={LIMITS.affiliateId} readOnly={global}
        help={global ? 'A global scrub has no affiliate.' : `Digits only, at most ${LIMITS.affiliateId}.`}
        error={errors.affiliate_id?.message} {...register('affiliate_id')} />
      <TextField label="Affiliate name" error={errors.affiliate_name?.message} {...register('affiliate_name')} />
      <TextField label="Scrub percent" inputMode="numeric" maxLength={3} help="0 to 100"
        error={errors.scrub_pct?.message} {...register('scrub_pct')} />
    </form>
  );
}

/** Props of {@link ScrubsTab}. */
export interface ScrubsTabProps {
  scrubs: Scrub[];
  /** The funnel is locked: no adds, edits or deletes (the API answers 423 too). */
  locked?: boolean;
  onCreate: (v: ScrubFormValues) => Promise<unknown>;
  onUpdate: (scrub: Scrub, v: ScrubFormValues) => Promise<unknown>;
  onDelete: (scrub: Scrub) => Promise<unknown>;
}

const SCRUB_COLUMNS: ColumnDef<Scrub, unknown>[] = [
  { header: 'Affiliate ID', cell: ({ row: { original: sc } }) => (sc.global ? <span className={`${s.badge} ${s.tone.info}`}>Global</span> : sc.affiliate_id) },
  { header: 'Affiliate name', accessorKey: 'affiliate_name' },
  { header: 'Scrub %', cell: ({ row: { original: sc } }) => `${sc.scrub_pct}%` },
];

/** See {@link ScrubsTabProps}. */
export function ScrubsTab({ scrubs, locked = false, onCreate, onUpdate, onDelete }: ScrubsTabProps) {
  return (
    <RecordsTab label="Scrubs" kind="scrub" plural="scrubs" records={scrubs} columns={SCRUB_COLUMNS} nameOf={scrubName} emptyMessage={NO_SCRUBS}
      addLabel="Add scrub" deleteTitle="Delete scrub" deleteMessage={(sc) => `Are you sure you want to delete the ${scrubName(sc)}?`}
      locked={locked} onCreate={onCreate} onUpdate={onUpdate} onDelete={onDelete}
      form={({ id, record: sc, onSave }) => (
        <ScrubForm id={id} onSave={onSave}
          defaultValues={sc ? { affiliate_id: sc.affiliate_id, affiliate_name: sc.affiliate_name, scrub_pct: String(sc.scrub_pct), global: sc.global } : undefined} />
      )} />
  );
}
