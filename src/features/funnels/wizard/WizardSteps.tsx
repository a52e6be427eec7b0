/**
 * The steps the two funnel wizards share (000 §2 "Funnel build wizard with the steps offer,
 * campaigns, pages, domain"; 001 §2 Quick funnel wizard): controlled components editing one
 * part of the {@link WizardDraft}, showing the step's field errors (the rules and messages are
 * in `draft.ts`). The campaigns and pages steps check each row as it is added.
 */
import { useState } from 'react';
import { CAMPAIGN_REGIONS, FULFILLMENTS, LIMITS, MSG, PAGE_TYPES, PLATFORMS, type Domain, type Offer, type Store, type Template } from '../../../model';
import { Box, Button, notify, SelectField, Stack, TextField, styles as s } from '../../../ui';
import {
  campaignChoiceErrors,
  campaignIdError,
  domainFullName,
  newKey,
  NO_PAGES,
  pageErrors,
  type DomainDraft,
  type OfferDraft,
  type PageInput,
  type StepErrors,
  type WizardDraft,
} from './draft';

const num = (v: string) => (v === '' ? null : Number(v));

/** Props of {@link OfferStep}. */
export interface OfferStepProps {
  value: OfferDraft;
  onChange: (v: OfferDraft) => void;
  offers: readonly Offer[];
  stores: readonly Store[];
  errors: StepErrors;
}

/**
 * The offer step: choose an existing offer, or create one with the offer form (001 §5:
 * sticky id and Everflow id digits ≤ 5, platform sticky or 29next, a store for 29next).
 */
export function OfferStep({ value: o, onChange, offers, stores, errors }: OfferStepProps) {
  const set = (patch: Partial<OfferDraft>) => onChange({ ...o, ...patch });
  return (
    <Stack>
      <fieldset className={s.row}>
        <legend className={s.label}>Offer</legend>
        <label>
          <input type="radio" name="offer-mode" checked={o.mode === 'existing'} onChange={() => set({ mode: 'existing' })} /> Use an existing offer
        </label>
        <label>
          <input type="radio" name="offer-mode" checked={o.mode === 'new'} onChange={() => set({ mode: 'new' })} /> Create a new offer
        </label>
      </fieldset>
      {o.mode === 'existing' ? (
        <SelectField
          label="Existing offer"
          placeholder="Select an offer"
          value={o.existing ?? ''}
          error={errors.existing}
          options={offers.map((x) => ({ value: x.offer_id, label: `${x.name} (${x.offer_id})` }))}
          onChange={(e) => set({ existing: num(e.target.value) })}
        />
      ) : (
        <div className={s.grid2}>
          <TextField
            label="Offer ID"
            inputMode="numeric"
            help={`The sticky offer id: digits only, at most ${LIMITS.offerId}.`}
            value={o.offer_id}
            error={errors.offer_id}
            onChange={(e) => set({ offer_id: e.target.value })}
          />
          <TextField
            label="Everflow offer ID"
            inputMode="numeric"
            help={`Optional: digits only, at most ${LIMITS.offerId}.`}
            value={o.ef_offer_id}
            error={errors.ef_offer_id}
            onChange={(e) => set({ ef_offer_id: e.target.value })}
          />
          <TextField label="Offer name" value={o.name} error={errors.name} onChange={(e) => set({ name: e.target.value })} />
          <SelectField
            label="Platform"
            options={PLATFORMS}
            value={o.platform}
            error={errors.platform}
            onChange={(e) => set({ platform: e.target.value as OfferDraft['platform'] })}
          />
          <SelectField
            label="Store"
            placeholder="No store"
            value={o.store_id ?? ''}
            error={errors.store_id}
            options={stores.map((x) => ({ value: x.ID, label: x.name }))}
            onChange={(e) => set({ store_id: num(e.target.value) })}
          />
        </div>
      )}
    </Stack>
  );
}

/** Props of {@link CampaignsStep}. */
export interface CampaignsStepProps {
  value: WizardDraft['campaigns'];
  onChange: (v: WizardDraft['campaigns']) => void;
  errors?: StepErrors;
  /** Campaigns the build already created (by key): kept, so they cannot be removed here. */
  created?: Readonly<Record<string, number>>;
  /** Also told the messages of a refused add (the quick wizard's ERROR box, 001 §2). */
  onErrors?: (messages: string[]) => void;
}

/**
 * The campaigns step (000 §5): campaign ids added one by one — required ('Missing Campaign
 * Id'), digits only ('Input only numbers'), at most 5, each with its region and fulfillment
 * (001 §5: both required, as on every campaign write); an id already in the list is the info
 * 'Campaign [id] already added' (000 §8), shown by the field and as an info notification.
 */
export function CampaignsStep({ value, onChange, errors = {}, created = {}, onErrors }: CampaignsStepProps) {
  const [input, setInput] = useState('');
  const [region, setRegion] = useState('');
  const [fulfillment, setFulfillment] = useState('');
  const [error, setError] = useState<{ campaign_id?: string; region?: string; fulfillment?: string }>({});
  const add = () => {
    const e = campaignIdError(
      input,
      value.map((c) => c.campaign_id),
    );
    const choice = campaignChoiceErrors(region, fulfillment);
    if (e || choice.region || choice.fulfillment) {
      setError({ campaign_id: e?.message, ...choice });
      if (e?.duplicate) notify.info(e.message);
      onErrors?.([e?.message, choice.region, choice.fulfillment].filter((m): m is string => !!m));
      return;
    }
    onChange([
      ...value,
      {
        key: newKey(),
        campaign_id: Number(input.trim()),
        region: region as (typeof CAMPAIGN_REGIONS)[number],
        fulfillment: fulfillment as (typeof FULFILLMENTS)[number],
      },
    ]);
    setInput('');
    setError({});
    onErrors?.([]);
  };
  return (
    <Stack>
      <form
        className={s.row}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
        aria-label="Add campaign"
      >
        <TextField
          label="Campaign Id"
          inputMode="numeric"
          maxLength={LIMITS.campaignId}
          value={input}
          error={error.campaign_id ?? errors.campaigns}
          help={`The order platform's id: digits only, at most ${LIMITS.campaignId}.`}
          onChange={(e) => setInput(e.target.value)}
        />
        <SelectField
          label="Region"
          placeholder="Select a region"
          value={region}
          error={error.region}
          options={CAMPAIGN_REGIONS.map((r) => ({ value: r, label: r === 'PP' ? 'PP (PayPal)' : r }))}
          onChange={(e) => setRegion(e.target.value)}
        />
        <SelectField
          label="Fulfillment"
          placeholder="Select fulfillment"
          value={fulfillment}
          error={error.fulfillment}
          options={FULFILLMENTS}
          onChange={(e) => setFulfillment(e.target.value)}
        />
        <Button type="submit">Add campaign</Button>
      </form>
      {value.length === 0 ? (
        <p className={s.helpText}>No campaigns added yet: add them now or later in the funnel&apos;s Campaigns tab.</p>
      ) : (
        <Box as="ul" aria-label="Campaigns to add" padding="none" margin="none" listStyle="none">
          {value.map((c) => (
            <li key={c.key} className={s.row}>
              <span>
                Campaign {c.campaign_id}
                {c.region ? ` · ${c.region}` : ''}
                {c.fulfillment ? ` · ${c.fulfillment}` : ''}
              </span>
              {created[c.key] != null ? (
                <span className={`${s.badge} ${s.tone.success}`}>created</span>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove campaign ${c.campaign_id}`}
                  onPress={() => onChange(value.filter((x) => x.key !== c.key))}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** Props of {@link PagesStep}. */
export interface PagesStepProps {
  value: WizardDraft['pages'];
  onChange: (v: WizardDraft['pages']) => void;
  templates: readonly Pick<Template, 'ID' | 'name' | 'page_type' | 'archived'>[];
  errors?: StepErrors;
  /** Pages the build already created (by key): kept as they are (no move, no removal). */
  created?: Readonly<Record<string, number>>;
  /** Also told the messages of a refused row (the quick wizard's ERROR box, 001 §2). */
  onErrors?: (messages: string[]) => void;
}

const blankPage: PageInput = { name: '', page_type: '', page_path: '/', template_id: null };

/**
 * The pages step (001 §5): rows of name, type, path and template, each checked as it is added
 * ('Missing Name', 'Missing Page Type', the page-path slash rule, 'Page path already exists').
 * The first row becomes the funnel's index page (000 §4); rows can be moved up and removed.
 */
export function PagesStep({ value, onChange, templates, errors = {}, created = {}, onErrors }: PagesStepProps) {
  const [row, setRow] = useState<PageInput>(blankPage);
  const [rowErrors, setRowErrors] = useState<StepErrors>({});
  const set = (patch: Partial<PageInput>) => setRow((r) => ({ ...r, ...patch }));
  const add = () => {
    const errs = pageErrors(row, value);
    setRowErrors(errs);
    if (errs.page_path === MSG.pagePathExists) notify.info(MSG.pagePathExists);
    onErrors?.([...new Set(Object.values(errs))]);
    if (Object.keys(errs).length) return;
    onChange([...value, { key: newKey(), ...row, name: row.name.trim(), page_path: row.page_path.trim() }]);
    setRow(blankPage);
  };
  const usable = templates.filter(
    (t) => !t.archived && (!row.page_type || t.page_type === row.page_type || (row.page_type.startsWith('upsell') && t.page_type.startsWith('upsell'))),
  );
  const move = (i: number) => {
    const next = [...value];
    const [it] = next.splice(i, 1);
    if (it) next.splice(i - 1, 0, it);
    onChange(next);
  };
  return (
    <Stack>
      <form
        noValidate
        aria-label="Add page"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <div className={s.grid2}>
          <TextField label="Name" value={row.name} error={rowErrors.name} onChange={(e) => set({ name: e.target.value })} />
          <SelectField
            label="Page type"
            placeholder="Select a page type"
            options={PAGE_TYPES}
            value={row.page_type}
            error={rowErrors.page_type}
            onChange={(e) => set({ page_type: e.target.value, template_id: null })}
          />
          <TextField
            label="Page path"
            placeholder="/checkout/"
            help="Starts and ends with a slash, e.g. /checkout/vip/"
            value={row.page_path}
            error={rowErrors.page_path}
            onChange={(e) => set({ page_path: e.target.value })}
          />
          <SelectField
            label="Template"
            placeholder="No template"
            value={row.template_id ?? ''}
            options={usable.map((t) => ({ value: t.ID, label: t.name }))}
            onChange={(e) => set({ template_id: num(e.target.value) })}
          />
        </div>
        <Button type="submit">Add page</Button>
      </form>
      {errors.pages && (
        <p role="alert" className={s.errorText}>
          {errors.pages}
        </p>
      )}
      {value.length === 0 ? (
        <p className={s.emptyState}>{NO_PAGES}</p>
      ) : (
        <table className={s.table} aria-label="Pages to create">
          <HeadRow cols={['Name', 'Type', 'Path', 'Template', 'Actions']} />
          <tbody>
            {value.map((p, i) => (
              <tr key={p.key}>
                <td className={s.td}>
                  {p.name}
                  {i === 0 && <span className={`${s.badge} ${s.tone.info}`}> index page</span>}
                </td>
                <td className={s.td}>{p.page_type}</td>
                <td className={s.td}>{p.page_path}</td>
                <td className={s.td}>{templates.find((t) => t.ID === p.template_id)?.name ?? '—'}</td>
                <td className={s.td}>
                  {created[p.key] != null ? (
                    <span className={`${s.badge} ${s.tone.success}`}>created</span>
                  ) : (
                    <div className={s.row}>
                      {i > 0 && created[value[i - 1]?.key ?? ''] == null && (
                        <Button size="sm" variant="ghost" aria-label={`Move ${p.name} up`} onPress={() => move(i)}>
                          Up
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" aria-label={`Remove ${p.name}`} onPress={() => onChange(value.filter((x) => x.key !== p.key))}>
                        Remove
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Stack>
  );
}

/** Props of {@link DomainStep}. */
export interface DomainStepProps {
  value: DomainDraft;
  onChange: (v: DomainDraft) => void;
  /** Every domain and subdomain: the root ones are the parents; all are the duplicate check. */
  domains: readonly Domain[];
  errors: StepErrors;
}

/**
 * The domain step (000 §5): a subdomain suffix under an existing root domain, or a new full
 * domain with a TLD ('Please Domain URL', 'Please enter a valid domain'); a name already
 * there is 'Domain [name] already added'.
 */
export function DomainStep({ value: d, onChange, domains, errors }: DomainStepProps) {
  const set = (patch: Partial<DomainDraft>) => onChange({ ...d, ...patch });
  const roots = domains.filter((x) => x.domain_id == null);
  const full = d.name.trim() ? domainFullName(d, domains) : '';
  return (
    <Stack>
      <fieldset className={s.row}>
        <legend className={s.label}>Domain</legend>
        <label>
          <input type="radio" name="domain-mode" checked={d.mode === 'subdomain'} onChange={() => set({ mode: 'subdomain' })} /> A subdomain of an existing
          domain
        </label>
        <label>
          <input type="radio" name="domain-mode" checked={d.mode === 'domain'} onChange={() => set({ mode: 'domain' })} /> A new domain
        </label>
      </fieldset>
      {d.mode === 'subdomain' ? (
        <div className={s.grid2}>
          <SelectField
            label="Parent domain"
            placeholder="Select a domain"
            value={d.domain_id ?? ''}
            error={errors.domain_id}
            options={roots.map((x) => ({ value: x.ID, label: x.name }))}
            onChange={(e) => set({ domain_id: num(e.target.value) })}
          />
          <TextField
            label="Subdomain"
            placeholder="shop"
            help="One label of letters, digits and hyphens"
            value={d.name}
            error={errors.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
      ) : (
        <TextField label="Domain name" placeholder="example.com" value={d.name} error={errors.name} onChange={(e) => set({ name: e.target.value })} />
      )}
      {full && (
        <p className={s.helpText}>
          The funnel will be served at <strong>{full}</strong>.
        </p>
      )}
    </Stack>
  );
}

/** The head of a step's table: one column header per name (the pages both wizards list). */
export function HeadRow({ cols }: { cols: readonly string[] }) {
  return (
    <thead>
      <tr>
        {cols.map((c) => (
          <th key={c} className={s.th}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The wizard's steps as a numbered row of badges; the current one is marked (`aria-current="step"`). */
export function StepList({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <Box as="ol" aria-label="Steps" className={s.row} listStyle="none" padding="none" marginBottom="md">
      {steps.map((name, i) => (
        <li key={name} aria-current={i === current ? 'step' : undefined} className={`${s.badge} ${i === current ? s.tone.info : ''}`}>
          {i + 1}. {name}
        </li>
      ))}
    </Box>
  );
}
