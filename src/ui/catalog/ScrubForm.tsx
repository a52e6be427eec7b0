/**
 * The scrub form (001 §3 Scrub, §5 rules, §9 limits), shared by a funnel's Scrubs tab and the
 * scrub detail (/scrubs/{id}), and how a scrub is named to the operator.
 */
import { useWatch } from 'react-hook-form';
import { LIMITS, ScrubFormSchema, type Scrub, type ScrubForm as ScrubFormInput, type ScrubFormValues } from '../../model';
import { CheckboxField, TextField } from '..';
import { DialogForm, useDialogForm } from '../DialogForm';

/** How a scrub is named to the operator (buttons, dialogs, toasts). */
export const scrubName = (sc: Pick<Scrub, 'global' | 'affiliate_id'>) => (sc.global ? 'global scrub' : `scrub for affiliate ${sc.affiliate_id}`);

/** The form's values of a stored scrub (edit). */
export const scrubFormOf = (sc: Scrub): ScrubFormInput => ({
  affiliate_id: sc.affiliate_id,
  affiliate_name: sc.affiliate_name,
  scrub_pct: String(sc.scrub_pct),
  global: sc.global,
});

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
  const { register, handleSubmit, control, field } = useDialogForm(ScrubFormSchema, 'affiliate_id', {
    affiliate_id: '',
    affiliate_name: '',
    scrub_pct: '',
    global: false,
    ...defaultValues,
  });
  const global = useWatch({ control, name: 'global' });
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <CheckboxField label="Global: applies to every affiliate" {...register('global')} />
      <TextField
        label="Affiliate ID"
        inputMode="numeric"
        maxLength={LIMITS.affiliateId}
        readOnly={global}
        help={global ? 'A global scrub has no affiliate.' : `Digits only, at most ${LIMITS.affiliateId}.`}
        {...field('affiliate_id')}
      />
      <TextField label="Affiliate name" {...field('affiliate_name')} />
      <TextField label="Scrub percent" inputMode="numeric" maxLength={3} help="0 to 100" {...field('scrub_pct')} />
    </DialogForm>
  );
}
