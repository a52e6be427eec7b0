/**
 * The domain and subdomain forms of the domain list (000 §2 "Domain / subdomain form", §5
 * Domain rules; 001 §5 messages, §8 info toasts), apart from the list (DomainList.tsx): they
 * load when a dialog first opens, with react-hook-form, so the list's first visit does not.
 */
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { DialogForm, FormError, useDialogForm } from '../DialogForm';
import { z } from 'zod';
import { DomainFormSchema, MSG, RMSG, SubdomainFormSchema, type Domain, type DomainEditValues, type NewDomainValues } from '../../model';
import { CheckboxField, SelectField, TextField, styles as s } from '..';
import * as d from './domains.css';

/** A subdomain's suffix: its name without `.parent` (a root domain: its whole name). */
export const suffixOf = (dm: Pick<Domain, 'name' | 'parent' | 'domain_id'>) =>
  dm.domain_id != null && dm.parent && dm.name.endsWith(`.${dm.parent}`) ? dm.name.slice(0, -(dm.parent.length + 1)) : dm.name;

/** What the operator is told a server refusal was about: the name field, or the whole form. */
function nameMessage(m: string) {
  return /^Domain \S+ already added$/.test(m) || m === MSG.domainInvalid || m === MSG.domainRequired || m === RMSG.subdomain;
}

/** The Add dialog as typed (the select gives a number or undefined). */
interface AddInput {
  kind: 'subdomain' | 'domain';
  name: string;
  domain_id?: number;
  sync: boolean;
}

/** The Add dialog's rules: a subdomain by {@link SubdomainFormSchema} (suffix + parent), a domain by {@link DomainFormSchema}. */
const AddSchema = z
  .object({
    kind: z.enum(['subdomain', 'domain']),
    name: z.string(),
    domain_id: z.number().optional(),
    sync: z.boolean(),
  })
  .transform((v, ctx): NewDomainValues => {
    if (v.kind === 'domain') {
      const r = DomainFormSchema.safeParse({ name: v.name });
      if (r.success) return { kind: 'domain', name: r.data.name, sync: v.sync };
      for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
      return z.NEVER;
    }
    const r = SubdomainFormSchema.pick({ name: true, domain_id: true }).safeParse({ name: v.name, domain_id: v.domain_id });
    if (r.success) return { kind: 'subdomain', name: r.data.name, domain_id: r.data.domain_id, sync: v.sync };
    for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
    return z.NEVER;
  });

const idOrUndefined = (v: unknown) => (v === '' || v == null ? undefined : Number(v));

/** Props of {@link AddDomainForm}. */
export interface AddDomainFormProps {
  id: string;
  /** Every domain and subdomain: the parents (root domains) and the duplicate check. */
  allDomains: Domain[];
  onSave: (v: NewDomainValues) => Promise<unknown>;
  /** A name already taken: 'Domain [name] already added' (001 §8 info toast that blocks the action). */
  onDuplicate?: (message: string) => void;
  /** Only new domains (no subdomain choice): /domains, where no funnel is at hand. */
  domainsOnly?: boolean;
}

/**
 * Saves a domain form: refuses a name another domain has ('Domain [name] already added', also
 * raised through `onDuplicate`), else calls `save` and keeps a refusal of the server in the form
 * (on the name when it is about the name).
 */
async function saveDomain(o: {
  full: string;
  self?: number;
  allDomains: readonly Pick<Domain, 'ID' | 'name'>[];
  setError: (field: 'name' | 'root.server', e: { message: string }) => void;
  onDuplicate?: (message: string) => void;
  save: () => Promise<unknown>;
}): Promise<void> {
  if (o.allDomains.some((x) => x.name === o.full && x.ID !== o.self)) {
    const message = MSG.domainAdded(o.full);
    o.setError('name', { message });
    o.onDuplicate?.(message);
    return;
  }
  try {
    await o.save();
  } catch (e) {
    const m = e instanceof Error ? e.message : String(e);
    o.setError(nameMessage(m) ? 'name' : 'root.server', { message: m });
  }
}

/**
 * The domain / subdomain form (000 §5): a subdomain is ONE label of letters, digits and hyphens
 * (no dots) under a chosen domain ('Please select a domain'); a new domain is a full name with a
 * TLD. Messages: 'Please Domain URL', 'Please enter a valid domain' / 'Please enter a valid
 * subdomain', 'Domain [name] already added'. A refusal of the server stays in the form.
 */
export function AddDomainForm({ id, allDomains, onSave, onDuplicate, domainsOnly = false }: AddDomainFormProps) {
  const parents = useMemo(() => (domainsOnly ? [] : allDomains.filter((x) => x.domain_id == null)), [allDomains, domainsOnly]);
  const { register, handleSubmit, control, setError, errors, field } = useDialogForm<AddInput, NewDomainValues>(AddSchema, 'name', {
    kind: parents.length ? 'subdomain' : 'domain',
    name: '',
    domain_id: undefined,
    sync: true,
  });
  const kind = useWatch({ control, name: 'kind' });
  const typed = useWatch({ control, name: 'name' });
  const parentId = useWatch({ control, name: 'domain_id' });
  const parent = parents.find((p) => p.ID === parentId);
  const fullName = (v: NewDomainValues) => (v.kind === 'subdomain' ? `${v.name}.${parents.find((p) => p.ID === v.domain_id)?.name ?? ''}` : v.name);
  const submit = handleSubmit((v) => saveDomain({ full: fullName(v), allDomains, setError, onDuplicate, save: () => onSave(v) }));
  return (
    <DialogForm id={id} onSubmit={submit}>
      {!domainsOnly && (
        <fieldset className={d.kinds}>
          <legend className={s.label}>What to add</legend>
          <label className={d.kind}>
            <input type="radio" value="subdomain" {...register('kind')} /> Subdomain of one of our domains
          </label>
          <label className={d.kind}>
            <input type="radio" value="domain" {...register('kind')} /> New domain
          </label>
        </fieldset>
      )}
      {kind === 'subdomain' ? (
        <>
          <TextField label="Subdomain" autoComplete="off" help="One label: letters, digits and hyphens, no dots (e.g. spring)" {...field('name')} />
          <SelectField
            label="Parent domain"
            placeholder="Select a domain"
            options={parents.map((p) => ({ value: p.ID, label: p.name }))}
            help={parents.length ? undefined : 'No domains yet: add a new domain first'}
            {...field('domain_id', { setValueAs: idOrUndefined })}
          />
          <p className={s.helpText} aria-live="polite">
            Full name: {typed.trim().toLowerCase() || '…'}.{parent?.name ?? '…'}
          </p>
        </>
      ) : (
        <TextField label="Domain name" autoComplete="off" help="A full domain with a TLD, e.g. glow-deals.com" {...field('name')} />
      )}
      <CheckboxField label="Set up in DNS (sync)" {...register('sync')} />
      <FormError message={errors.root?.server?.message} />
    </DialogForm>
  );
}

/** Props of {@link EditDomainForm}. */
export interface EditDomainFormProps {
  id: string;
  domain: Domain;
  allDomains: Domain[];
  onSave: (v: DomainEditValues) => Promise<unknown>;
  onDuplicate?: (message: string) => void;
}

interface EditInput {
  name: string;
  under_attack: boolean;
  sync: boolean;
}

/**
 * Edit a domain: rename (a subdomain by its suffix, its parent kept; a root domain by its full
 * name — a root with a DNS zone keeps its name), under-attack mode of a root domain (001 §3),
 * and the sync choice. Same messages as {@link AddDomainForm}.
 */
export function EditDomainForm({ id, domain, allDomains, onSave, onDuplicate }: EditDomainFormProps) {
  const isSub = domain.domain_id != null;
  const schema = useMemo(
    () =>
      z.object({ name: z.string(), under_attack: z.boolean(), sync: z.boolean() }).transform((v, ctx): DomainEditValues => {
        const r = (isSub ? SubdomainFormSchema.shape.name : DomainFormSchema.shape.name).safeParse(v.name);
        if (!r.success) {
          for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: ['name'] });
          return z.NEVER;
        }
        return { name: r.data, sync: v.sync, ...(isSub ? {} : { under_attack: v.under_attack }) };
      }),
    [isSub],
  );
  const { register, handleSubmit, setError, errors, field } = useDialogForm<EditInput, DomainEditValues>(schema, 'name', {
    name: suffixOf(domain),
    under_attack: domain.under_attack,
    sync: domain.sync,
  });
  const keepsName = !isSub && !!domain.zone_id;
  const fullName = (name: string) => (isSub ? `${name}.${domain.parent ?? ''}` : name);
  const submit = handleSubmit((v) => saveDomain({ full: fullName(v.name), self: domain.ID, allDomains, setError, onDuplicate, save: () => onSave(v) }));
  return (
    <DialogForm id={id} onSubmit={submit}>
      {isSub ? (
        <TextField label="Subdomain" autoComplete="off" help={`One label, no dots: the subdomain of ${domain.parent ?? 'its domain'}`} {...field('name')} />
      ) : (
        <TextField
          label="Domain name"
          autoComplete="off"
          readOnly={keepsName}
          help={keepsName ? 'A domain with a DNS zone keeps its name: add the new name as a new domain' : 'A full domain with a TLD'}
          {...field('name')}
        />
      )}
      {!isSub && <CheckboxField label="Under attack mode" {...register('under_attack')} />}
      <CheckboxField label="Set up in DNS (sync)" {...register('sync')} />
      <FormError message={errors.root?.server?.message} />
    </DialogForm>
  );
}
