/**
 * The orders table's filters (001 §9 "sort and filter are server-side"): exact values of the
 * Order's fields (001 §3), completed or not (§4), scrubbed or not, and a CreatedAt range by
 * day (UTC). Apply sends them to the URL (and so to the server); Clear removes them.
 *
 * Checked before anything is sent, with the seeds' wording where they have one: ids are digits
 * only ('Input only numbers', 001 §5), texts at most 100 characters, From not after To. What
 * passes is parsed with the model's {@link OrderFiltersSchema}, the schema the server parses
 * the `filters` parameter with.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MAX_INT, MSG, OrderFiltersSchema, tooLong, type OrderFilters } from '../../../model';
import { Button, SelectField, TextField, styles as s } from '../../../ui';
import { FILTER_KEYS } from '../url-state';
import * as css from './orders.css';

const INT_KEYS = ['ID', 'product_id', 'campaign_id', 'customer_id'] as const;
const TEXT_KEYS = ['payment_method', 'transaction_id', 'ip', 'aff_id'] as const;

/** The message of a From day after the To day. */
export const RANGE_MESSAGE = 'From must be on or before To';
/** The message of an id above the largest id the database holds. */
export const ID_TOO_BIG = `At most ${MAX_INT}`;

const intField = z
  .string()
  .trim()
  .regex(/^\d*$/, MSG.onlyNumbers)
  .refine((v) => v === '' || Number(v) <= MAX_INT, ID_TOO_BIG);
const textField = z.string().trim().max(100, tooLong(100));
const boolField = z.enum(['', 'true', 'false']);
const dayField = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Not a date');

/** The form's schema: every field a string as typed; empty means "any". */
export const FilterFormSchema = z
  .object({
    ID: intField,
    product_id: intField,
    campaign_id: intField,
    customer_id: intField,
    payment_method: textField,
    transaction_id: textField,
    ip: textField,
    aff_id: textField,
    is_scrub: boolField,
    is_done: boolField,
    from: dayField,
    to: dayField,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: RANGE_MESSAGE, path: ['to'] });
type FormValues = z.output<typeof FilterFormSchema>;

/** The form's values of `f` ('' for a filter not set; days as YYYY-MM-DD). */
export function toForm(f: OrderFilters): FormValues {
  const v = Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k] === undefined ? '' : String(f[k])])) as FormValues;
  v.from = v.from.slice(0, 10);
  v.to = v.to.slice(0, 10);
  return v;
}

/** The filters of a valid form: only the fields given, parsed with the model's schema. */
export function fromForm(v: FormValues): OrderFilters {
  const set = Object.fromEntries(FILTER_KEYS.filter((k) => v[k] !== '').map((k) => [k, v[k]]));
  return OrderFiltersSchema.parse(set);
}

/** Props of {@link OrderFiltersForm}. */
export interface OrderFiltersFormProps {
  /** The filters in force (the form starts from them). */
  filters: OrderFilters;
  onApply: (f: OrderFilters) => void;
}

/** See the module comment. Keyed by the screen on the filters in force, so Back shows the filters of that URL. */
export function OrderFiltersForm({ filters, onApply }: OrderFiltersFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof FilterFormSchema>, unknown, FormValues>({
    resolver: zodResolver(FilterFormSchema),
    defaultValues: toForm(filters),
  });
  /** A yes/no filter: any order, or those where `key` is true (`yes`) or false (`no`). */
  const either = (label: string, key: 'is_done' | 'is_scrub', yes: string, no: string) => (
    <SelectField
      label={label}
      placeholder="Any"
      options={[
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      {...register(key)}
    />
  );
  return (
    <form aria-label="Filter orders" noValidate onSubmit={(e) => void handleSubmit((v) => onApply(fromForm(v)))(e)}>
      <div className={css.filterGrid}>
        {INT_KEYS.map((k) => (
          <TextField key={k} label={LABELS[k]} inputMode="numeric" autoComplete="off" error={errors[k]?.message} {...register(k)} />
        ))}
        {TEXT_KEYS.map((k) => (
          <TextField key={k} label={LABELS[k]} autoComplete="off" error={errors[k]?.message} {...register(k)} />
        ))}
        {either('Status', 'is_done', 'Completed', 'Not completed')}
        {either('Scrub', 'is_scrub', 'Yes', 'No')}
        <TextField label="Created from" type="date" error={errors.from?.message} {...register('from')} />
        <TextField label="Created to" type="date" error={errors.to?.message} {...register('to')} />
      </div>
      <div className={s.row}>
        <Button type="submit" variant="primary" size="sm">
          Apply filters
        </Button>
        <Button
          size="sm"
          onPress={() => {
            reset(toForm({}));
            onApply({});
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}

const LABELS: Record<(typeof INT_KEYS)[number] | (typeof TEXT_KEYS)[number], string> = {
  ID: 'Order ID',
  product_id: 'Product ID',
  campaign_id: 'Campaign ID',
  customer_id: 'Customer ID',
  payment_method: 'Payment method',
  transaction_id: 'Transaction ID',
  ip: 'IP',
  aff_id: 'Aff ID',
};
