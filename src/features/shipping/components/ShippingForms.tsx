/**
 * The shipping forms (001 §5 "Shipping create: ID required, max 3 digits. Edit requires name,
 * description, price."), validated with the model's schemas, so the client refuses with the
 * very messages the server answers ('Missing Shipping ID', 'Input only numbers', 'Shipping ID
 * is digits only, at most 3', 'Missing Shipping Name', 'Missing Description', 'Missing Price',
 * 'Price must be a number of 0 or more'). Each is rendered inside FormModal, whose Save submits
 * it by `id`: nothing is sent while a field is invalid.
 */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LIMITS, ShippingCreateSchema, ShippingEditSchema, formatMoney, type Shipping, type StoreShipping } from '../../../model';
import { Box, Button, Inline, TextAreaField, TextField, styles as s } from '../../../ui';
import type { ShippingEditValues } from '../api';

/** Create asks for the store's ID only: the server reads the rest from the store (001 §3 "ids come from the external store"). */
const CreateSchema = ShippingCreateSchema.pick({ ID: true });

/** Props of {@link ShippingCreateForm}. */
export interface ShippingCreateFormProps {
  /** The form element's id (the modal's Save submits it). */
  id: string;
  /** Adds the store's method `ID`. @throws Error whose message (the server's refusal) is shown at the ID. */
  onSave: (ID: number) => Promise<unknown>;
  /** The store's shipping methods (`GET /api/v1/shippings/store`); those not added yet are offered. Undefined while loading. */
  storeMethods?: StoreShipping[];
  /** Reading the store's methods failed: the ID is typed by hand. */
  storeError?: boolean;
}

/** Create: the store's shipping ID, digits only, at most 3 (001 §5, §9). */
export function ShippingCreateForm({ id, onSave, storeMethods, storeError = false }: ShippingCreateFormProps) {
  const { register, handleSubmit, setFocus, setError, setValue, formState: { errors } } = useForm<z.input<typeof CreateSchema>, unknown, z.output<typeof CreateSchema>>({
    resolver: zodResolver(CreateSchema),
    defaultValues: { ID: '' },
  });
  useEffect(() => { setFocus('ID'); }, [setFocus]);
  const submit = handleSubmit(async (v) => {
    try {
      await onSave(v.ID);
    } catch (e) {
      setError('ID', { message: (e as Error).message });
    }
  });
  return (
    <form id={id} noValidate onSubmit={(e) => void submit(e)}>
      <TextField label="Shipping ID" inputMode="numeric" autoComplete="off" error={errors.ID?.message}
        help={`The store's shipping method id: digits only, at most ${LIMITS.shippingId}. Name, description, price and code are read from the store.`}
        {...register('ID')} />
      <StoreMethods methods={storeMethods} error={storeError}
        onPick={(m) => { setValue('ID', String(m.ID), { shouldValidate: true }); setFocus('ID'); }} />
    </form>
  );
}

/** The store's methods not added yet, each a button that puts its ID in the field (Add lists the store's ids). */
function StoreMethods({ methods, error, onPick }: { methods?: StoreShipping[]; error: boolean; onPick: (m: StoreShipping) => void }) {
  if (error) return <p className={s.helpText}>The store's shipping methods could not be read: type the ID.</p>;
  if (!methods) return <p className={s.helpText} role="status">Reading the store's shipping methods…</p>;
  const open = methods.filter((m) => !m.added);
  if (open.length === 0) return <p className={s.helpText}>Every shipping method of the store is added already.</p>;
  return (
    <Box as="fieldset" border="none" padding="none" margin="none" marginTop="sm">
      <legend className={s.label}>In the store, not added yet</legend>
      <Inline gap="xs">
        {open.map((m) => (
          <Button key={m.ID} size="sm" onPress={() => onPick(m)} aria-label={`Use shipping ${m.ID} ${m.name}`}>
            {m.ID} · {m.name} ({formatMoney(m.price)})
          </Button>
        ))}
      </Inline>
    </Box>
  );
}

/** Props of {@link ShippingEditForm}. */
export interface ShippingEditFormProps {
  id: string;
  /** The method edited: its values fill the form (the code too, so saving keeps it). */
  shipping: Shipping;
  onSave: (v: ShippingEditValues) => Promise<unknown>;
}

/** Edit: name, description and price required; the shipping code kept as it is unless changed. */
export function ShippingEditForm({ id, shipping, onSave }: ShippingEditFormProps) {
  const { register, handleSubmit, setFocus, formState: { errors } } = useForm<z.input<typeof ShippingEditSchema>, unknown, ShippingEditValues>({
    resolver: zodResolver(ShippingEditSchema),
    defaultValues: { name: shipping.name, description: shipping.description, price: String(shipping.price), shipping_code: shipping.shipping_code },
  });
  useEffect(() => { setFocus('name'); }, [setFocus]);
  return (
    <form id={id} noValidate onSubmit={(e) => void handleSubmit(async (v) => { await onSave(v); })(e)}>
      <p className={s.helpText}>Shipping ID {shipping.ID} (from the store; it cannot change).</p>
      <TextField label="Name" error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Description" rows={3} error={errors.description?.message} {...register('description')} />
      <TextField label="Price" inputMode="decimal" help="In USD, e.g. 4.95" error={errors.price?.message} {...register('price')} />
      <TextField label="Shipping code" error={errors.shipping_code?.message} {...register('shipping_code')} />
    </form>
  );
}
