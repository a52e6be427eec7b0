/**
 * The Block User tab of a funnel (001 §2 "Funnel page", §3 Blocker; 000 §3 Block form, §5
 * rules): blocked IPs, countries, e-mails and phones with their order-decline limits; Add,
 * Edit and Delete with confirmation; read-only while the funnel is locked.
 */
import type { ColumnDef } from '@tanstack/react-table';
import { BlockerFormSchema, type Blocker, type BlockerForm as BlockerFormInput } from '../../../model';
import { TextField } from '../../../ui';
import { RecordsTab, type RecordWrites } from './RecordsTab';
import type { BlockerFormValues } from '../tabs-api';
import { DialogForm, useDialogForm } from '../../../ui/DialogForm';

/** The empty list (the seeds name no wording for blocked users; this follows their 'No … added'). */
export const NO_BLOCKERS = 'No blocked users added';

/** How a block is named to the operator: by its first criterion (IP, e-mail, phone, country). */
export const blockerName = (b: Pick<Blocker, 'user_ip' | 'user_email' | 'user_phone' | 'user_country'>) =>
  `block of ${b.user_ip || b.user_email || b.user_phone || b.user_country}`;

/** Props of {@link BlockerForm}. */
export interface BlockerFormProps {
  id: string;
  defaultValues?: Partial<BlockerFormInput>;
  onSave: (v: BlockerFormValues) => Promise<unknown> | void;
}

/**
 * The Block form (000 §3: user_ip, user_country, order_decline_limit, user_email, user_phone;
 * §5: user_ip must match the IP pattern). At least one of IP, country, e-mail or phone.
 */
export function BlockerForm({ id, defaultValues, onSave }: BlockerFormProps) {
  const { handleSubmit, field } = useDialogForm(BlockerFormSchema, 'user_ip', {
    user_ip: '',
    user_country: '',
    user_email: '',
    user_phone: '',
    order_decline_limit: null,
    ...defaultValues,
  });
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <TextField label="IP address" placeholder="198.51.100.23" help="IPv4 or IPv6." {...field('user_ip')} />
      <TextField label="Country" placeholder="US" maxLength={2} help="Two capital letters (ISO code)." {...field('user_country')} />
      <TextField label="E-mail" type="email" {...field('user_email')} />
      <TextField label="Phone" type="tel" {...field('user_phone')} />
      <TextField
        label="Order decline limit"
        inputMode="numeric"
        help="Optional: orders declined before the user is blocked (0 to 1000)."
        {...field('order_decline_limit', { setValueAs: (v: unknown) => (v === '' || v == null ? null : v) })}
      />
    </DialogForm>
  );
}

/** Props of {@link BlockersTab}. */
export interface BlockersTabProps extends RecordWrites<Blocker, BlockerFormValues> {
  blockers: Blocker[];
}

const BLOCKER_COLUMNS: ColumnDef<Blocker, unknown>[] = [
  { header: 'IP address', cell: ({ row: { original: b } }) => b.user_ip || '—' },
  { header: 'Country', cell: ({ row: { original: b } }) => b.user_country || '—' },
  { header: 'E-mail', cell: ({ row: { original: b } }) => b.user_email || '—' },
  { header: 'Phone', cell: ({ row: { original: b } }) => b.user_phone || '—' },
  { header: 'Decline limit', cell: ({ row: { original: b } }) => b.order_decline_limit ?? '—' },
  { header: 'Updated', cell: ({ row: { original: b } }) => new Date(b.UpdatedAt).toLocaleString() },
];

/** See {@link BlockersTabProps}. */
export function BlockersTab({ blockers, ...writes }: BlockersTabProps) {
  return (
    <RecordsTab
      label="Block User"
      tableLabel="Blocked users"
      kind="blocker"
      plural="blocked users"
      records={blockers}
      columns={BLOCKER_COLUMNS}
      nameOf={blockerName}
      emptyMessage={NO_BLOCKERS}
      addLabel="Block user"
      deleteTitle="Delete block"
      deleteMessage={(b) => `Are you sure you want to delete the ${blockerName(b)}?`}
      {...writes}
      form={({ id, record: b, onSave }) => (
        <BlockerForm
          id={id}
          onSave={onSave}
          defaultValues={
            b
              ? {
                  user_ip: b.user_ip,
                  user_country: b.user_country,
                  user_email: b.user_email,
                  user_phone: b.user_phone,
                  order_decline_limit: b.order_decline_limit == null ? null : String(b.order_decline_limit),
                }
              : undefined
          }
        />
      )}
    />
  );
}
