/**
 * The shipping forms (001 §5 "Shipping create: ID required, max 3 digits. Edit requires name,
 * description, price."), validated with the model's schemas, so the client refuses with the
 * very messages the server answers ('Missing Shipping ID', 'Input only numbers', 'Shipping ID
 * is digits only, at most 3', 'Missing Shipping Name', 'Missing Description', 'Missing Price',
 * 'Price must be a number of 0 or more'). Each is rendered inside FormModal, whose Save submits
 * it by `id`: nothing is sent while a field is invalid. Create lists the store's methods with
 * where and when they were read ("From Sticky.io · synced 3 minutes ago") and Refresh.
 */
import { useEffect, useState } from 'react';
import { LIMITS, ShippingCreateSchema, ShippingEditSchema, formatMoney, type Shipping, type StoreShipping } from '../../../model';
import { Box, Button, Inline, TextAreaField, TextField, styles as s } from '../../../ui';
import type { ShippingEditValues } from '../api';
import { DialogForm, useDialogForm } from '../../../ui/DialogForm';

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
  /** Where and when the store's methods were read, and Refresh; without it neither is shown. */
  sync?: StoreSyncProps;
}

/** Props of the store list's sync line (part of {@link ShippingCreateFormProps}). */
export interface StoreSyncProps {
  /** ISO 8601 time the list was read from the order platform; null when unknown. */
  syncedAt: string | null;
  /** The order platform as operators name it ("Sticky.io", "29next", "the local platform"); null when unknown. */
  platform: string | null;
  /** Why reading the platform again failed, when the list shown is the last copy read. */
  syncError?: string | null;
  /** Reads the list from the platform again. */
  onRefresh: () => void;
  /** A refresh is running. */
  refreshing: boolean;
  /** Why the last refresh failed (the server's message). */
  refreshError?: string | null;
}

/** Create: the store's shipping ID, digits only, at most 3 (001 §5, §9). */
export function ShippingCreateForm({ id, onSave, storeMethods, storeError = false, sync }: ShippingCreateFormProps) {
  const { handleSubmit, setFocus, setError, setValue, field } = useDialogForm(CreateSchema, 'ID', { ID: '' });
  const submit = handleSubmit(async (v) => {
    try {
      await onSave(v.ID);
    } catch (e) {
      setError('ID', { message: (e as Error).message });
    }
  });
  return (
    <DialogForm id={id} onSubmit={submit}>
      <TextField
        label="Shipping ID"
        inputMode="numeric"
        autoComplete="off"
        help={`The store's shipping method id: digits only, at most ${LIMITS.shippingId}. Name, description, price and code are read from the store.`}
        {...field('ID')}
      />
      <StoreMethods
        methods={storeMethods}
        error={storeError}
        onPick={(m) => {
          setValue('ID', String(m.ID), { shouldValidate: true });
          setFocus('ID');
        }}
      />
      {sync && (storeMethods || storeError) && <StoreSync {...sync} />}
    </DialogForm>
  );
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const EXACT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'long' });

/** How long before `now` (ms) `iso` was: "just now" under 45 s, then minutes, hours, days ("3 minutes ago"). */
function ago(iso: string, now: number): string {
  const s = Math.round((now - Date.parse(iso)) / 1000);
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return RELATIVE.format(-m, 'minute');
  const h = Math.round(m / 60);
  return h < 24 ? RELATIVE.format(-h, 'hour') : RELATIVE.format(-Math.round(h / 24), 'day');
}

/** `iso` as "3 minutes ago" in a `<time>` with the exact time as its tooltip, following the clock (remounted for a new time). */
function Ago({ iso }: { iso: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={EXACT.format(new Date(iso))}>
      {ago(iso, now)}
    </time>
  );
}

const capitalized = (t: string) => `${t.charAt(0).toUpperCase()}${t.slice(1)}`;

/** "From Sticky.io · synced 3 minutes ago" (the exact time as the tooltip), Refresh, and what went wrong. */
function StoreSync({ syncedAt, platform, syncError, onRefresh, refreshing, refreshError }: StoreSyncProps) {
  const from = platform ?? 'the order platform';
  return (
    <Box marginTop="sm">
      <Inline gap="xs">
        {syncedAt && (
          <span className={s.helpText}>
            From {from} · synced <Ago key={syncedAt} iso={syncedAt} />
          </span>
        )}
        <Button size="sm" variant="ghost" onPress={onRefresh} isDisabled={refreshing} aria-busy={refreshing} disabledReason={`Reading the list from ${from}…`}>
          Refresh
        </Button>
        {refreshing && (
          <span className={s.helpText} role="status">
            Reading the list from {from}…
          </span>
        )}
      </Inline>
      {syncError && (
        <p className={s.errorText} role="alert">
          {capitalized(from)} could not be read again ({syncError}): this list may be out of date.
        </p>
      )}
      {refreshError && (
        <p className={s.errorText} role="alert">
          Refresh failed: {refreshError}
        </p>
      )}
    </Box>
  );
}

/** The store's methods not added yet, each a button that puts its ID in the field (Add lists the store's ids). */
function StoreMethods({ methods, error, onPick }: { methods?: StoreShipping[]; error: boolean; onPick: (m: StoreShipping) => void }) {
  if (error) return <p className={s.helpText}>The store's shipping methods could not be read: type the ID.</p>;
  if (!methods)
    return (
      <p className={s.helpText} role="status">
        Reading the store's shipping methods…
      </p>
    );
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
  const { handleSubmit, field } = useDialogForm(ShippingEditSchema, 'name', {
    name: shipping.name,
    description: shipping.description,
    price: String(shipping.price),
    shipping_code: shipping.shipping_code,
  });
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <p className={s.helpText}>Shipping ID {shipping.ID} (from the store; it cannot change).</p>
      <TextField label="Name" {...field('name')} />
      <TextAreaField label="Description" rows={3} {...field('description')} />
      <TextField label="Price" inputMode="decimal" help="In USD, e.g. 4.95" {...field('price')} />
      <TextField label="Shipping code" {...field('shipping_code')} />
    </DialogForm>
  );
}
