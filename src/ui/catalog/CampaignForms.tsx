/**
 * The campaign forms of 000 §2 — "Add campaign by id" (also the edit form), "Campaign
 * creation from an offer" and "Campaign fulfilment CSV upload" — and the CSV upload dialog
 * the Products tab shares. Rules and wording: 000 §5, §8 and 001 §5, §9.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAMPAIGN_REGIONS,
  CampaignFormSchema,
  CampaignsFromOfferSchema,
  CSV_LIMITS,
  FULFILLMENTS,
  LIMITS,
  MSG,
  OFFER_SUFFIXES,
  csvUploadProblems,
  type Campaign,
  type CampaignForm as CampaignFormInput,
  type CampaignFormValues,
  type CampaignsFromOffer,
  type CampaignsFromOfferValues,
  type CsvRowError,
} from '../../model';
import { Box, CheckboxField, FormModal, SelectField, TextAreaField, TextField, styles as s } from '..';

import * as c from './catalog.css';
import { DialogForm, useDialogForm } from '../DialogForm';

/** The form's values of a stored campaign (edit); a fulfillment or suffix the form does not offer is left empty. */
export const campaignFormOf = (c: Campaign): Partial<CampaignFormInput> => ({
  campaign_id: String(c.campaign_id),
  campaign_name: c.campaign_name,
  country_code: c.country_code,
  payment_method: c.payment_method,
  regions: c.regions,
  fulfillment: (FULFILLMENTS as readonly string[]).includes(c.fulfillment) ? (c.fulfillment as (typeof FULFILLMENTS)[number]) : '',
  sufix: (OFFER_SUFFIXES as readonly string[]).includes(c.sufix) ? (c.sufix as (typeof OFFER_SUFFIXES)[number]) : '',
  scrub: c.scrub,
  description: c.description,
  funnel_id: c.funnel_id,
  offer_id: c.offer_id,
  shipping_id: c.shipping_id,
});

/** Props of {@link CampaignForm}. */
export interface CampaignFormProps {
  id: string;
  /** Campaign ids already in the funnel (without the one edited): typing one again is 'Campaign [id] already added'. */
  takenIds: readonly number[];
  /** Must hold `funnel_id` (or `offer_id`): the campaign's owner (000 §3). */
  defaultValues: Partial<CampaignFormInput>;
  onSave: (v: CampaignFormValues) => Promise<unknown> | void;
}

/** Regions as checkboxes in one fieldset (000 §3 regions: US, CA, PP, DE, UK; PP is PayPal). */
function RegionChoices({ legend, error, errorId, register }: { legend: string; error?: string; errorId: string; register: () => object }) {
  return (
    <fieldset className={c.choices} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {CAMPAIGN_REGIONS.map((r) => (
        <label key={r} className={c.choice}>
          <input type="checkbox" value={r} {...register()} />
          {r === 'PP' ? 'PP (PayPal)' : r}
        </label>
      ))}
      {error && (
        <span id={errorId} role="alert" className={s.errorText}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

/**
 * Add campaign by id / edit a campaign (000 §2, §5): the campaign id is required ('Missing
 * Campaign Id'), digits only ('Input only numbers'), at most 5; an id the funnel already has
 * is refused with the info 'Campaign [id] already added' (000 §8) before anything is sent.
 * At least one region and a fulfilment are required (001 §5, as on every campaign write); name,
 * country, payment method, suffix, scrub and description are optional.
 */
export function CampaignForm({ id, takenIds, defaultValues, onSave }: CampaignFormProps) {
  const { register, handleSubmit, setError, errors, field } = useDialogForm(CampaignFormSchema, 'campaign_id', {
    campaign_id: '',
    campaign_name: '',
    country_code: '',
    payment_method: '',
    regions: [],
    fulfillment: '',
    sufix: '',
    scrub: false,
    description: '',
    ...defaultValues,
  });
  const submit = handleSubmit(async (v) => {
    if (takenIds.includes(v.campaign_id)) {
      setError('campaign_id', { message: MSG.campaignAdded(v.campaign_id) }, { shouldFocus: true });
      return;
    }
    await onSave(v);
  });
  return (
    <DialogForm id={id} onSubmit={submit}>
      <TextField
        label="Campaign Id"
        inputMode="numeric"
        maxLength={LIMITS.campaignId}
        help={`The order platform's id: digits only, at most ${LIMITS.campaignId}.`}
        {...field('campaign_id')}
      />
      <TextField label="Campaign name" {...field('campaign_name')} />
      <div className={s.grid2}>
        <TextField
          label="Country code"
          maxLength={2}
          help="Two capital letters, e.g. US"
          {...field('country_code', { setValueAs: (v: string) => v.toUpperCase() })}
        />
        <TextField label="Payment method" help="e.g. card or paypal" {...field('payment_method')} />
        <SelectField label="Fulfillment" placeholder="Select fulfillment" options={FULFILLMENTS} {...field('fulfillment')} />
        <SelectField label="Suffix" placeholder="None" options={OFFER_SUFFIXES} {...field('sufix')} />
      </div>
      <RegionChoices legend="Regions" error={errors.regions?.message} errorId={`${id}-regions-error`} register={() => register('regions')} />
      <CheckboxField label="Scrub campaign" {...register('scrub')} />
      <TextAreaField label="Description" {...field('description')} />
    </DialogForm>
  );
}

/** Props of {@link CampaignsFromOfferForm}. */
export interface CampaignsFromOfferFormProps {
  id: string;
  /** The funnel's offer (its platform offer_id). */
  offerId: number;
  /** The funnel the campaigns join; null for an offer's own campaigns (the offer page). */
  funnelId: number | null;
  onSave: (v: CampaignsFromOfferValues) => Promise<unknown> | void;
}

/**
 * Campaign creation from an offer (000 §2; 001 §5, §9): at least one region of US, CA, PP,
 * DE, UK ('Please select at least one region') and a fulfilment of New Jersey, Ecomm, SRLC
 * ('Please select fulfillment') are required; the suffix is one of Network, Network2, Reship,
 * VIP Upsell1, Klaviyo, Default. The platform makes one campaign per region.
 */
export function CampaignsFromOfferForm({ id, offerId, funnelId, onSave }: CampaignsFromOfferFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CampaignsFromOffer, unknown, CampaignsFromOfferValues>({
    resolver: zodResolver(CampaignsFromOfferSchema),
    defaultValues: { offer_id: offerId, funnel_id: funnelId, regions: [], sufix: 'Default', description: '' },
  });
  return (
    <DialogForm id={id} onSubmit={handleSubmit((v) => onSave(v))}>
      <RegionChoices
        legend="Regions (one campaign each)"
        error={errors.regions?.message ?? errors.regions?.root?.message}
        errorId={`${id}-regions-error`}
        register={() => register('regions')}
      />
      <div className={s.grid2}>
        <SelectField
          label="Fulfillment"
          placeholder="Select fulfillment"
          options={FULFILLMENTS}
          error={errors.fulfillment?.message}
          {...register('fulfillment', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
        />
        <SelectField
          label="Suffix"
          options={OFFER_SUFFIXES}
          help="Added to each campaign's name (Default adds nothing)."
          error={errors.sufix?.message}
          {...register('sufix')}
        />
      </div>
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
    </DialogForm>
  );
}

/** Props of {@link CsvUploadDialog}. */
export interface CsvUploadDialogProps {
  title: string;
  isOpen: boolean;
  /** The form's id (the dialog's Upload button submits it). */
  formId: string;
  /** What the file holds, e.g. its columns. */
  help: string;
  /** Said when the chosen file is not a .csv (products: 'Uploads of product lists accept only csv', 001 §5). */
  csvOnlyMessage: string;
  /**
   * Sends the file (multipart, reporting the fraction sent 0…1). Resolves on success (the
   * caller says '{file} file uploaded successfully'); rejects with the client's ApiError,
   * whose body's reason and bad rows the dialog lists.
   */
  onUpload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A CSV upload (000 §2 "Campaign fulfilment CSV upload"; 001 §5, §7 products): choose a file,
 * Upload; a wrong type or a file over 1 MB is refused with '{file} file upload failed.' and
 * the reason before anything is sent; a progress bar while it is sent; a refused upload
 * keeps the dialog open with the server's reason and every bad row by line.
 */
export function CsvUploadDialog({ title, isOpen, formId, help, csvOnlyMessage, onUpload, onClose }: CsvUploadDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const [fraction, setFraction] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ file: string | null; reason: string | null; errors: CsvRowError[] } | null>(null);
  const busy = fraction !== null;
  const close = () => {
    setProblem(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setProblem({ file: null, reason: 'Please choose a CSV file', errors: [] });
      return;
    }
    if (!/\.csv$/i.test(file.name)) {
      setProblem({ file: file.name, reason: csvOnlyMessage, errors: [] });
      return;
    }
    if (file.size > CSV_LIMITS.maxBytes) {
      setProblem({ file: file.name, reason: 'The CSV file is too large (at most 1 MB)', errors: [] });
      return;
    }
    setProblem(null);
    setFraction(0);
    try {
      await onUpload(file, setFraction);
      close();
    } catch (err) {
      setProblem({ file: file.name, ...csvUploadProblems(err) });
    } finally {
      setFraction(null);
    }
  };
  const pct = Math.round((fraction ?? 0) * 100);
  return (
    <FormModal title={title} isOpen={isOpen} formId={formId} busy={busy} saveLabel="Upload" onCancel={close}>
      <DialogForm id={formId} onSubmit={submit}>
        <TextField
          ref={input}
          type="file"
          label="CSV file"
          accept=".csv,text/csv"
          help={help}
          disabled={busy}
          error={problem && !problem.file ? (problem.reason ?? undefined) : undefined}
          onChange={() => setProblem(null)}
        />
        {busy && (
          <div className={c.progress}>
            <label htmlFor={`${formId}-progress`}>Uploading: {pct}%</label>
            <progress id={`${formId}-progress`} max={100} value={pct} />
          </div>
        )}
        {problem?.file && (
          <div role="alert">
            <Box as="p" margin="none" className={s.errorText}>
              {MSG.uploadFailed(problem.file)}
              {problem.reason ? ` ${problem.reason}` : ''}
            </Box>
            {problem.errors.length > 0 && (
              <ul className={c.refused} aria-label="Rows refused">
                {problem.errors.map((r) => (
                  <li key={`${r.line}-${r.message}`}>
                    Line {r.line}: {r.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </DialogForm>
    </FormModal>
  );
}
