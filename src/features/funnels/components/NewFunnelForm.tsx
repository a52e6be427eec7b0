import { Link } from 'react-router-dom';
import { CloneFunnelSchema, NewFunnelSchema, type NewFunnel, type Offer } from '../../../model';
import { SelectField, TextField, styles as s } from '../../../ui';
import { DialogForm, useDialogForm } from '../../../ui/DialogForm';

const toNumber = (v: unknown) => (v === '' || v == null ? undefined : Number(v));

/**
 * The New funnel form (000 §2, 001 §5): name and offer required, with the seeds' messages.
 * Rendered inside the modal host; its Save submits this form by `id`.
 */
export function NewFunnelForm({ id, offers, onSave }: { id: string; offers: Offer[]; onSave: (v: NewFunnel) => Promise<unknown> | void }) {
  const { handleSubmit, field } = useDialogForm(NewFunnelSchema, 'name');
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <TextField label="Name" {...field('name')} />
      <SelectField
        label="Offer"
        placeholder="Select an offer"
        options={offers.map((o) => ({ value: o.offer_id, label: `${o.name} (${o.offer_id})` }))}
        {...field('offer', { setValueAs: toNumber })}
      />
      {/* 000 §1: a funnel is created "either through a single form or through a build wizard". */}
      <p className={s.helpText}>
        New offer, campaigns, pages and domain too? <Link to="/funnels/build">Use the build wizard</Link>
      </p>
    </DialogForm>
  );
}

/** The funnel clone form (000 §5): a clone name is required. */
export function CloneFunnelForm({ id, defaultName, onSave }: { id: string; defaultName: string; onSave: (v: { name: string }) => Promise<unknown> | void }) {
  const { handleSubmit, field } = useDialogForm(CloneFunnelSchema, 'name', { name: defaultName });
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <TextField label="Clone name" {...field('name')} />
    </DialogForm>
  );
}
