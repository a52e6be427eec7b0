/**
 * The offer form (001 §3 Offer, §5, §8, §9): the sticky offer id and the Everflow offer id,
 * digits only, at most 5 ('Missing Offer ID', 'Input only numbers'); the offer name ('Missing
 * Offer Name'); the platform, sticky or 29next; the store (1 or 2), required for 29next ('You
 * have to select store'). Validated with the model's OfferBodySchema — the API's own — so the
 * messages are the server's. An offer id another offer has is refused before the call with
 * 'Offer [id] already exists' (the 001 §8 info toast that blocks the action), on the field and
 * through `onDuplicate`; the server refuses it again with a 409. A refusal of the server that
 * names a field (an Everflow id Everflow does not know: 'Everflow offer [id] does not exist')
 * shows under that field.
 */
import { DialogForm, useDialogForm } from '../../../ui/DialogForm';
import type { z } from 'zod';
import { LIMITS, MSG, OfferBodySchema, PLATFORMS, type Offer, type OfferBody, type Store } from '../../../model';
import { SelectField, TextField, styles as s } from '../../../ui';

/** What the form saves (the schema's output: ids as numbers, an empty Everflow id and no store as null). */
export type OfferFormValues = z.output<typeof OfferBodySchema>;

/** The form's values of a stored offer (ids as text, a missing Everflow id empty). */
export const offerDefaults = (o: Offer): OfferBody => ({
  offer_id: String(o.offer_id),
  ef_offer_id: o.ef_offer_id == null ? '' : String(o.ef_offer_id),
  name: o.name,
  platform: o.platform,
  store_id: o.store_id,
});

/**
 * The 001 §8 message when offer id `offerId` belongs to another offer than `self` (its row ID).
 * @returns the message, or null when the id is free.
 */
export function offerDuplicate(offers: readonly Pick<Offer, 'ID' | 'offer_id'>[], offerId: number, self?: number): string | null {
  return offers.some((o) => o.offer_id === offerId && o.ID !== self) ? MSG.offerExists(offerId) : null;
}

/** Props of {@link OfferForm}. */
export interface OfferFormProps {
  /** The form element's id (the dialog's Save submits it). */
  id: string;
  /** The offer edited, or absent when creating. */
  offer?: Offer;
  /** Every offer, for the duplicate check. */
  offers: readonly Offer[];
  /** The stores a 29next offer chooses from (`GET /api/v1/stores`). */
  stores: readonly Store[];
  /** Saves; rejects when the server refuses (the dialog stays open). */
  onSave: (v: OfferFormValues) => Promise<unknown>;
  /** Called with 'Offer [id] already exists' when a duplicate is refused before the call. */
  onDuplicate: (message: string) => void;
}

/** See the module comment. */
export function OfferForm({ id, offer, offers, stores, onSave, onDuplicate }: OfferFormProps) {
  const { handleSubmit, setError, field } = useDialogForm(
    OfferBodySchema,
    'offer_id',
    offer ? offerDefaults(offer) : { offer_id: '', ef_offer_id: '', name: '', platform: 'sticky', store_id: null },
  );
  const submit = handleSubmit(async (v) => {
    const dup = offerDuplicate(offers, v.offer_id, offer?.ID);
    if (dup) {
      setError('offer_id', { message: dup }, { shouldFocus: true });
      onDuplicate(dup);
      return;
    }
    try {
      await onSave(v);
    } catch (e) {
      // A refusal the server names a field of (e.g. an Everflow id Everflow does not know)
      // shows under that field; the dialog stays open. Anything else goes on up.
      const field = (e as { body?: { field?: unknown } }).body?.field;
      if (field === 'ef_offer_id' || field === 'offer_id' || field === 'store_id') setError(field, { message: (e as Error).message }, { shouldFocus: true });
      else throw e;
    }
  });
  return (
    <DialogForm id={id} onSubmit={submit}>
      <div className={s.grid2}>
        <TextField
          label="Offer ID"
          inputMode="numeric"
          autoComplete="off"
          help={`The sticky offer id: digits only, at most ${LIMITS.offerId}.`}
          {...field('offer_id')}
        />
        <TextField
          label="Everflow offer ID"
          inputMode="numeric"
          autoComplete="off"
          help={`Optional; digits only, at most ${LIMITS.offerId}.`}
          {...field('ef_offer_id')}
        />
      </div>
      <TextField label="Offer name" {...field('name')} />
      <div className={s.grid2}>
        <SelectField label="Platform" options={PLATFORMS} {...field('platform')} />
        <SelectField
          label="Store"
          placeholder="No store"
          help="Required for 29next."
          options={stores.map((x) => ({ value: x.ID, label: `${x.name} (${x.ID})` }))}
          {...field('store_id', { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) })}
        />
      </div>
    </DialogForm>
  );
}
