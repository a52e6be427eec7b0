/**
 * A list of domains and subdomains with their forms (000 §2 "Domain / subdomain form", §3
 * Domain, §5 Domain rules; 001 §3 Domain, §5 messages, §8 info toasts): the empty state 'No
 * Domains added', Add (a subdomain suffix under one of our domains, or a new domain), Edit
 * (rename; under-attack mode of a root domain), Delete with confirmation, the sync choice
 * (`?sync=`: set it up in DNS), and the way to each domain's DNS records. Read-only while
 * `locked`, with the reason said. Two places show it: a funnel's Domains tab (001 §2 "Funnel
 * page": the funnel's domains, both kinds added) and /domains (every domain, each root followed
 * by its subdomains, with its funnel; new domains only: a subdomain belongs to a funnel).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DomainFormSchema, MSG, RMSG, SubdomainFormSchema, type Domain, type DomainEditValues, type NewDomainValues } from '../../model';
import { Box, Button, CheckboxField, ConfirmDialog, DataTable, FormModal, Inline, SelectField, TextField, styles as s } from '..';
import * as d from './domains.css';

/** The empty list in the seeds' words (001 §2 "Empty states"). */
export const NO_DOMAINS = 'No Domains added';

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
    const m = (e as Error).message;
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
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<AddInput, unknown, NewDomainValues>({
    resolver: zodResolver(AddSchema),
    defaultValues: { kind: parents.length ? 'subdomain' : 'domain', name: '', domain_id: undefined, sync: true },
  });
  const kind = useWatch({ control, name: 'kind' });
  const typed = useWatch({ control, name: 'name' });
  const parentId = useWatch({ control, name: 'domain_id' });
  const parent = parents.find((p) => p.ID === parentId);
  useEffect(() => {
    setFocus('name');
  }, [setFocus]);
  const submit = handleSubmit((v) =>
    saveDomain({
      full: v.kind === 'subdomain' ? `${v.name}.${parents.find((p) => p.ID === v.domain_id)?.name ?? ''}` : v.name,
      allDomains,
      setError,
      onDuplicate,
      save: () => onSave(v),
    }),
  );
  return (
    <form id={id} noValidate onSubmit={(e) => void submit(e)}>
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
          <TextField
            label="Subdomain"
            autoComplete="off"
            help="One label: letters, digits and hyphens, no dots (e.g. spring)"
            error={errors.name?.message}
            {...register('name')}
          />
          <SelectField
            label="Parent domain"
            placeholder="Select a domain"
            options={parents.map((p) => ({ value: p.ID, label: p.name }))}
            help={parents.length ? undefined : 'No domains yet: add a new domain first'}
            error={errors.domain_id?.message}
            {...register('domain_id', { setValueAs: idOrUndefined })}
          />
          <p className={s.helpText} aria-live="polite">
            Full name: {typed.trim().toLowerCase() || '…'}.{parent?.name ?? '…'}
          </p>
        </>
      ) : (
        <TextField
          label="Domain name"
          autoComplete="off"
          help="A full domain with a TLD, e.g. glow-deals.com"
          error={errors.name?.message}
          {...register('name')}
        />
      )}
      <CheckboxField label="Set up in DNS (sync)" {...register('sync')} />
      {errors.root?.server && (
        <p role="alert" className={s.errorText}>
          {errors.root.server.message}
        </p>
      )}
    </form>
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
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<EditInput, unknown, DomainEditValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: suffixOf(domain), under_attack: domain.under_attack, sync: domain.sync },
  });
  useEffect(() => {
    setFocus('name');
  }, [setFocus]);
  const keepsName = !isSub && !!domain.zone_id;
  const submit = handleSubmit((v) =>
    saveDomain({
      full: isSub ? `${v.name}.${domain.parent ?? ''}` : v.name,
      self: domain.ID,
      allDomains,
      setError,
      onDuplicate,
      save: () => onSave(v),
    }),
  );
  return (
    <form id={id} noValidate onSubmit={(e) => void submit(e)}>
      {isSub ? (
        <TextField
          label="Subdomain"
          autoComplete="off"
          help={`One label, no dots: the subdomain of ${domain.parent ?? 'its domain'}`}
          error={errors.name?.message}
          {...register('name')}
        />
      ) : (
        <TextField
          label="Domain name"
          autoComplete="off"
          readOnly={keepsName}
          help={keepsName ? 'A domain with a DNS zone keeps its name: add the new name as a new domain' : 'A full domain with a TLD'}
          error={errors.name?.message}
          {...register('name')}
        />
      )}
      {!isSub && <CheckboxField label="Under attack mode" {...register('under_attack')} />}
      <CheckboxField label="Set up in DNS (sync)" {...register('sync')} />
      {errors.root?.server && (
        <p role="alert" className={s.errorText}>
          {errors.root.server.message}
        </p>
      )}
    </form>
  );
}

/** Props of {@link DomainList}. */
export interface DomainListProps {
  /** The domains shown, in order (a funnel's; or every domain, each root followed by its subdomains). */
  domains: Domain[];
  /** Every domain and subdomain (parents, duplicates, what a delete takes along). */
  allDomains: Domain[];
  /** The funnel is locked: no adds, edits or deletes (the API answers 423 too). */
  locked?: boolean;
  /** May not write domains at all (a role without `domains.write`): no Add, Edit or Delete. */
  readOnly?: boolean;
  /** Only new domains can be added (see {@link AddDomainFormProps.domainsOnly}). */
  domainsOnly?: boolean;
  /** When given, a Funnel column shows this for each domain (e.g. a link to its funnel). */
  funnelCell?: (domain: Domain) => ReactNode;
  /** Each root is followed by its subdomains: show the subdomains indented under it. */
  nested?: boolean;
  /** The domain whose DNS records are open below the list, if any. */
  dnsOpenFor?: number | null;
  onCreate: (v: NewDomainValues) => Promise<unknown>;
  onUpdate: (domain: Domain, v: DomainEditValues) => Promise<unknown>;
  onDelete: (domain: Domain) => Promise<unknown>;
  /** Opens (or closes, when open) the domain's DNS records. */
  onShowDns: (domain: Domain) => void;
  /** A name already taken (001 §8: an info toast that blocks the action). */
  onDuplicate?: (message: string) => void;
}

/** See {@link DomainListProps}. */
export function DomainList({
  domains,
  allDomains,
  locked = false,
  readOnly = false,
  domainsOnly = false,
  funnelCell,
  nested = false,
  dnsOpenFor = null,
  onCreate,
  onUpdate,
  onDelete,
  onShowDns,
  onDuplicate,
}: DomainListProps) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Domain | null>(null);
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const [deleteError, setDeleteError] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** Runs a dialog's save busy; `close` only when it succeeds (a refusal stays in the dialog). */
  const busyRun = async (action: () => Promise<unknown>, close: () => void) => {
    setBusy(true);
    try {
      await action();
      close();
    } finally {
      setBusy(false);
    }
  };
  const columns = useMemo<ColumnDef<Domain, unknown>[]>(
    () => [
      {
        header: 'Domain',
        cell: ({ row: { original: x } }) =>
          nested && x.domain_id != null ? (
            <span className={d.nested}>
              <span aria-hidden="true">↳ </span>
              {x.name}
            </span>
          ) : (
            <strong>{x.name}</strong>
          ),
      },
      { header: 'Kind', cell: ({ row: { original: x } }) => (x.domain_id != null ? `Subdomain of ${x.parent ?? 'a domain'}` : 'Domain') },
      ...(funnelCell ? [{ header: 'Funnel', cell: ({ row: { original: x } }: { row: { original: Domain } }) => funnelCell(x) }] : []),
      {
        header: 'DNS',
        cell: ({ row: { original: x } }) => (
          <span className={s.row}>
            {x.sync ? <span className={`${s.badge} ${s.tone.success}`}>In DNS</span> : <span className={`${s.badge} ${s.tone.warning}`}>Not in DNS</span>}
            {x.under_attack && <span className={`${s.badge} ${s.tone.danger}`}>Under attack</span>}
          </span>
        ),
      },
      {
        header: 'Actions',
        cell: ({ row: { original: x } }) => (
          <div className={s.row}>
            <Button
              size="sm"
              variant="ghost"
              onPress={() => onShowDns(x)}
              aria-expanded={dnsOpenFor === x.ID}
              aria-controls={dnsOpenFor === x.ID ? 'dns-records' : undefined}
              aria-label={`DNS records of ${x.name}`}
            >
              DNS records
            </Button>
            {!readOnly && (
              <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setEditing(x)} aria-label={`Edit ${x.name}`}>
                Edit
              </Button>
            )}
            {!readOnly && (
              <Button
                size="sm"
                variant="ghost"
                isDisabled={locked}
                disabledReason={MSG.locked}
                onPress={() => {
                  setDeleteError(undefined);
                  setDeleting(x);
                }}
                aria-label={`Delete ${x.name}`}
              >
                Delete
              </Button>
            )}
          </div>
        ),
      },
    ],
    [locked, readOnly, funnelCell, nested, dnsOpenFor, onShowDns],
  );
  const deleteMessage = (x: Domain) => {
    if (x.domain_id != null) return `Are you sure you want to delete the subdomain ${x.name}? Its DNS records go too.`;
    const children = allDomains.filter((c) => c.domain_id === x.ID).map((c) => c.name);
    const zone = x.zone_id ? 'its DNS zone' : '';
    const subs = children.length ? `its subdomains (${children.join(', ')})` : '';
    const along = zone && subs ? `${zone} and ${subs} go too.` : zone || subs ? `${zone || subs} ${zone ? 'goes' : 'go'} too.` : '';
    return `Are you sure you want to delete the domain ${x.name}?${along ? ` ${along.charAt(0).toUpperCase()}${along.slice(1)}` : ''}`;
  };
  // One Add domain control: on an empty list it moves next to the empty message, where one may add.
  const addDomain = (
    <Button variant="primary" isDisabled={locked} disabledReason={MSG.locked} onPress={() => setAdding(true)}>
      Add domain
    </Button>
  );
  const addInEmpty = !readOnly && !locked && domains.length === 0;
  return (
    <section aria-label="Domains">
      <Inline marginBottom="md">
        {locked && (
          <Box as="p" margin="none" className={s.helpText}>
            The funnel is locked: unlock it to add, edit or delete domains.
          </Box>
        )}
        <span className={s.spacer} />
        {!readOnly && !addInEmpty && addDomain}
      </Inline>
      <DataTable
        label="Domains"
        columns={columns}
        data={domains}
        getRowId={(x) => String(x.ID)}
        emptyMessage={NO_DOMAINS}
        emptyAction={addInEmpty && addDomain}
      />
      <FormModal title="Add domain" isOpen={adding} formId="domain-form" busy={busy} onCancel={() => setAdding(false)}>
        {adding && (
          <AddDomainForm
            id="domain-form"
            allDomains={allDomains}
            onDuplicate={onDuplicate}
            domainsOnly={domainsOnly}
            onSave={(v) =>
              busyRun(
                () => onCreate(v),
                () => setAdding(false),
              )
            }
          />
        )}
      </FormModal>
      <FormModal
        title={editing ? `Edit ${editing.name}` : 'Edit domain'}
        isOpen={!!editing}
        formId="edit-domain-form"
        busy={busy}
        onCancel={() => setEditing(null)}
      >
        {editing && (
          <EditDomainForm
            id="edit-domain-form"
            domain={editing}
            allDomains={allDomains}
            onDuplicate={onDuplicate}
            onSave={(v) =>
              busyRun(
                () => onUpdate(editing, v),
                () => setEditing(null),
              )
            }
          />
        )}
      </FormModal>
      <ConfirmDialog
        isOpen={!!deleting}
        title="Delete domain"
        danger
        confirmLabel="Delete"
        busy={busy}
        message={
          deleting ? (
            <>
              <p>{deleteMessage(deleting)}</p>
              {deleteError && (
                <p role="alert" className={s.errorText}>
                  {deleteError}
                </p>
              )}
            </>
          ) : (
            ''
          )
        }
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting)
            void busyRun(
              () => onDelete(deleting),
              () => setDeleting(null),
            ).catch((e: unknown) => setDeleteError((e as Error).message));
        }}
      />
    </section>
  );
}
