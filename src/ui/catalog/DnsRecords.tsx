/**
 * The DNS record list and editor of a domain (000 §2 forms "DNS record list and editor"; 000 §3
 * DNS record; §5 "A DNS record requires type, name, content and proxied"; §9 types A, CNAME, MX,
 * TXT; 001 §9 "DNS ttl is set to 1"). The records are edited in place, several at a time;
 * Save sends ONLY the changed ones (000 §7 "patch, which sends only changed records"). Add
 * record opens a form; Delete asks first. Read-only while the funnel is locked.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { FormError, useDialogForm } from '../DialogForm';
import {
  MSG,
  DNS_RECORD_TYPES,
  DNS_TTL,
  DnsRecordFormSchema,
  type DnsRecord,
  type DnsRecordChange,
  type DnsRecordForm as DnsRecordFormInput,
  type DnsRecordValues,
  type Domain,
} from '../../model';
import { Box, Button, CheckboxField, ConfirmDialog, EmptyState, FormModal, Inline, SelectField, TextField, styles as s, Skeleton } from '..';

import { DeleteButton } from './DomainList';
import * as d from './domains.css';

/** The empty record list (the seeds name no wording; this follows their 'No … added'). */
export const NO_DNS_RECORDS = 'No DNS records added';

type RecordType = (typeof DNS_RECORD_TYPES)[number];

/** One row of the editor as typed: every field a string or a boolean. */
export interface DnsRow {
  id: string;
  type: string;
  name: string;
  content: string;
  proxied: boolean;
  /** MX only; '' = the provider's default (10). */
  priority: string;
}

/** A record as an editor row. */
export const toRow = (r: DnsRecord): DnsRow => ({
  id: r.id,
  type: r.type,
  name: r.name,
  content: r.content,
  proxied: r.proxied,
  priority: r.priority == null ? '' : String(r.priority),
});

/**
 * The full name of record `name` on `domain` (as the DNS provider stores it): '@' or '' is the
 * domain itself, a name already under it stays, anything else is put under it ('www' →
 * www.<domain>). Lower case, no trailing dot.
 */
export function fullRecordName(name: string, domain: string): string {
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  if (n === '@' || n === '') return domain;
  return n === domain || n.endsWith(`.${domain}`) ? n : `${n}.${domain}`;
}

/** True when `row` differs from `orig` in what the provider stores (names compared in full). */
export function rowChanged(row: DnsRow, orig: DnsRecord, domain: string): boolean {
  return (
    row.type !== orig.type ||
    fullRecordName(row.name, domain) !== orig.name ||
    row.content.trim() !== orig.content ||
    row.proxied !== orig.proxied ||
    (row.type === 'MX' && row.priority.trim() !== (orig.priority == null ? '' : String(orig.priority)))
  );
}

/** The rows of `rows` that differ from their record in `records` (by id). */
export function changedRows(rows: DnsRow[], records: DnsRecord[], domain: string): DnsRow[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  return rows.filter((row) => {
    const orig = byId.get(row.id);
    return !!orig && rowChanged(row, orig, domain);
  });
}

type RowErrors = Partial<Record<'type' | 'name' | 'content' | 'proxied' | 'priority', string>>;

/**
 * Checks a changed row with the model's record schema (000 §5) and returns the change to send
 * (name in full, priority only for MX), or the messages by field.
 */
export function checkRow(row: DnsRow, domain: string): { change: DnsRecordChange } | { errors: RowErrors } {
  const r = DnsRecordFormSchema.safeParse({
    type: row.type,
    name: row.name,
    content: row.content,
    proxied: row.proxied,
    priority: row.type === 'MX' && row.priority.trim() !== '' ? row.priority : null,
  });
  if (!r.success) {
    const errors: RowErrors = {};
    for (const i of r.error.issues) {
      const k = i.path[0] as keyof RowErrors;
      errors[k] ??= i.message;
    }
    return { errors };
  }
  const { priority, ...v } = r.data;
  return { change: { id: row.id, ...v, name: fullRecordName(v.name, domain), ...(v.type === 'MX' ? { priority: priority ?? null } : {}) } };
}

/** Props of {@link DnsRecordForm}. */
export interface DnsRecordFormProps {
  id: string;
  /** The domain the record is for (names are relative to it). */
  domainName: string;
  onSave: (v: DnsRecordValues) => Promise<unknown>;
}

/**
 * The Add record form (000 §5): type of A, CNAME, MX, TXT ('Please select a record type'),
 * name ('Please input the record name'), content ('Please input the record content'; an A
 * record an IPv4 address, a CNAME or MX a host name), proxied (A and CNAME only), MX priority.
 * The ttl is always 1 (001 §9). A refusal of the server stays in the form.
 */
export function DnsRecordForm({ id, domainName, onSave }: DnsRecordFormProps) {
  const { register, handleSubmit, control, setError, errors, field } = useDialogForm<DnsRecordFormInput, DnsRecordValues>(DnsRecordFormSchema, 'type', {
    type: '' as RecordType,
    name: '',
    content: '',
    proxied: false,
    priority: null,
  });
  const type = useWatch({ control, name: 'type' });
  const contentHelp: Record<string, string> = {
    A: 'An IPv4 address, e.g. 203.0.113.10',
    CNAME: 'The host name it points to',
    MX: "The mail server's host name",
    TXT: 'The text, e.g. an SPF or a verification value',
  };
  return (
    <form
      id={id}
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async ({ priority, ...v }) => {
          try {
            await onSave(v.type === 'MX' ? { ...v, priority: priority ?? null } : v);
          } catch (err) {
            setError('root.server', { message: (err as Error).message });
          }
        })(e)
      }
    >
      <SelectField label="Type" placeholder="Select a type" options={DNS_RECORD_TYPES} {...field('type')} />
      <TextField label="Name" help={`@ for ${domainName} itself, or a name under it, e.g. www`} {...field('name')} />
      <TextField label="Content" help={contentHelp[type]} {...field('content')} />
      {type === 'MX' && (
        <TextField
          label="Priority"
          inputMode="numeric"
          maxLength={5}
          help="0 to 65535; 10 when empty"
          {...field('priority', { setValueAs: (v: unknown) => (v === '' || v == null ? null : v) })}
        />
      )}
      <CheckboxField label="Proxied (A and CNAME records only)" {...register('proxied')} />
      {errors.proxied?.message && (
        <p role="alert" className={s.errorText}>
          {errors.proxied.message}
        </p>
      )}
      <p className={s.helpText}>TTL: {DNS_TTL} (automatic)</p>
      <FormError message={errors.root?.server?.message} />
    </form>
  );
}

/** One editable cell of the record table: its control, and under it the field's error (announced). */
function EditCell({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <td className={s.td}>
      {children}
      {error && (
        <span role="alert" className={s.errorText}>
          {error}
        </span>
      )}
    </td>
  );
}

/** Props of {@link DnsRecords}. */
export interface DnsRecordsProps {
  /** The domain whose records these are (a subdomain: the records of its name in the parent's zone). */
  domain: Domain;
  /** The records; undefined while they load. */
  records: DnsRecord[] | undefined;
  /** Why the records could not be read (e.g. 'Domain x has no DNS zone: sync it first'). */
  loadError?: string;
  /** The funnel is locked: no adds, edits or deletes (the API answers 423 too). */
  locked?: boolean;
  onCreate: (v: DnsRecordValues) => Promise<unknown>;
  /** Saves ONLY the changed records of zone `zoneId`. */
  onSave: (zoneId: string, changed: DnsRecordChange[]) => Promise<unknown>;
  onDelete: (r: DnsRecord) => Promise<unknown>;
  /** Sets a domain not yet in DNS up there (`PUT /domains/{id}?sync=true`). */
  onSync: () => Promise<unknown>;
  onClose: () => void;
}

/** See {@link DnsRecordsProps}. */
export function DnsRecords({ domain, records, loadError, locked = false, onCreate, onSave, onDelete, onSync, onClose }: DnsRecordsProps) {
  const [rows, setRows] = useState<DnsRow[]>(() => (records ?? []).map(toRow));
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [saveError, setSaveError] = useState<string>();
  const [deleteError, setDeleteError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<DnsRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const askDelete = (r: DnsRecord) => {
    setDeleteError(undefined);
    setDeleting(r);
  };
  const seen = useRef(records);
  // New records from the server (after a save, an add or a delete): take them, keeping what is
  // still being edited on the other rows.
  useEffect(() => {
    if (seen.current === records) return;
    const before = new Map((seen.current ?? []).map((r) => [r.id, r]));
    seen.current = records;
    setRows((cur) => {
      const editing = new Map(
        cur
          .filter((row) => {
            const orig = before.get(row.id);
            return orig && rowChanged(row, orig, domain.name);
          })
          .map((row) => [row.id, row]),
      );
      return (records ?? []).map((r) => editing.get(r.id) ?? toRow(r));
    });
  }, [records, domain.name]);

  const changed = records ? changedRows(rows, records, domain.name) : [];
  const changedIds = new Set(changed.map((r) => r.id));
  const set = (id: string, patch: Partial<DnsRow>) => {
    setRows((cur) => cur.map((r) => (r.id === id ? { ...r, ...patch } : r)));
    setErrors((cur) => ({ ...cur, [id]: {} }));
  };
  /** Runs `action` busy; a refusal is kept in `onError`'s place (the dialog or the panel). */
  const act = async (action: () => Promise<unknown>, onError: (message: string) => void = setSaveError) => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (e) {
      onError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setSaveError(undefined);
    const found: Record<string, RowErrors> = {};
    const changes: DnsRecordChange[] = [];
    for (const row of changed) {
      const r = checkRow(row, domain.name);
      if ('errors' in r) found[row.id] = r.errors;
      else changes.push(r.change);
    }
    setErrors(found);
    const zoneId = records?.[0]?.zone_id;
    if (Object.keys(found).length || !changes.length || !zoneId) return;
    await act(() => onSave(zoneId, changes));
  };
  const title = `DNS records of ${domain.name}`;
  const statusId = `dns-status-${domain.ID}`;
  const lockedNote = locked ? (
    <Box as="p" margin="none" className={s.helpText}>
      The funnel is locked: unlock it to add, edit or delete DNS records.
    </Box>
  ) : null;

  let body;
  if (!domain.sync) {
    body = (
      <Inline>
        <Box as="p" margin="none">
          {domain.name} is not set up in DNS yet.
        </Box>
        <Button
          variant="primary"
          isDisabled={locked || busy}
          disabledReason={locked ? MSG.locked : 'Setting the domain up in DNS…'}
          onPress={() => void act(onSync)}
        >
          {busy ? 'Setting up…' : 'Set up in DNS'}
        </Button>
      </Inline>
    );
  } else if (loadError) {
    body = (
      <p role="alert" className={s.errorText}>
        {loadError}
      </p>
    );
  } else if (!records) {
    body = <Skeleton label="Loading DNS records…" columns={8} rows={3} />;
  } else if (!records.length) {
    body = <EmptyState message={NO_DNS_RECORDS} />;
  } else {
    body = (
      <div className={d.gridWrap}>
        <table className={s.table} aria-label={title}>
          <thead>
            <tr>
              {['Record', 'Type', 'Name', 'Content', 'Priority', 'Proxied', 'TTL', 'Actions'].map((h) => (
                <th key={h} scope="col" className={s.th}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((orig, i) => {
              const row = rows.find((r) => r.id === orig.id) ?? toRow(orig);
              const n = i + 1;
              const err = errors[orig.id] ?? {};
              const isChanged = changedIds.has(orig.id);
              // A text cell's input: read-only while locked, marked invalid with its field's error.
              const text = (field: 'name' | 'content' | 'priority', label: string, className: string, more?: InputHTMLAttributes<HTMLInputElement>) => (
                <input
                  aria-label={`${label} of record ${n}`}
                  className={`${s.input} ${className}`}
                  {...more}
                  value={row[field]}
                  readOnly={locked}
                  aria-invalid={err[field] ? true : undefined}
                  onChange={(e) => set(orig.id, { [field]: e.target.value })}
                />
              );
              return (
                <tr key={orig.id} className={isChanged ? d.changedRow : undefined}>
                  <th scope="row" className={s.td}>
                    {n}. {orig.type} {orig.name}
                    {isChanged && <span className={`${s.badge} ${s.tone.warning}`}> changed</span>}
                  </th>
                  <EditCell error={err.type}>
                    <select
                      aria-label={`Type of record ${n}`}
                      className={`${s.input} ${d.cellInput}`}
                      value={row.type}
                      disabled={locked}
                      aria-invalid={err.type ? true : undefined}
                      onChange={(e) => set(orig.id, { type: e.target.value })}
                    >
                      {DNS_RECORD_TYPES.map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </EditCell>
                  <EditCell error={err.name}>{text('name', 'Name', d.cellInput)}</EditCell>
                  <EditCell error={err.content}>{text('content', 'Content', d.contentInput)}</EditCell>
                  <EditCell error={err.priority}>
                    {row.type === 'MX' ? text('priority', 'Priority', d.priorityInput, { inputMode: 'numeric', maxLength: 5 }) : '—'}
                  </EditCell>
                  <EditCell error={err.proxied}>
                    <input
                      type="checkbox"
                      aria-label={`Proxied, record ${n}`}
                      checked={row.proxied}
                      disabled={locked}
                      aria-invalid={err.proxied ? true : undefined}
                      onChange={(e) => set(orig.id, { proxied: e.target.checked })}
                    />
                  </EditCell>
                  <td className={s.td}>{orig.ttl} (auto)</td>
                  <td className={s.td}>
                    <DeleteButton label={`Delete record ${n}: ${orig.type} ${orig.name}`} locked={locked} onPress={() => askDelete(orig)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  const ready = domain.sync && !loadError && !!records;
  return (
    <section aria-label={title} id="dns-records" className={d.dnsPanel}>
      <Inline marginBottom="md">
        <Box as="h2" margin="none">
          {title}
        </Box>
        <span className={s.spacer} />
        {ready && (
          <Button isDisabled={locked} disabledReason={MSG.locked} onPress={() => setAdding(true)}>
            Add record
          </Button>
        )}
        <Button variant="ghost" onPress={onClose} aria-label={`Close ${title}`}>
          Close
        </Button>
      </Inline>
      {lockedNote}
      {body}
      {saveError && (
        <p role="alert" className={s.errorText}>
          {saveError}
        </p>
      )}
      {ready && records.length > 0 && (
        <Inline>
          <span id={statusId} role="status" className={s.helpText}>
            {changed.length
              ? `${changed.length} record${changed.length === 1 ? '' : 's'} changed: Save sends only ${changed.length === 1 ? 'it' : 'them'}`
              : 'No changes to save'}
          </span>
          <span className={s.spacer} />
          <Button
            isDisabled={!changed.length || busy}
            aria-describedby={statusId}
            onPress={() => {
              setRows(records.map(toRow));
              setErrors({});
            }}
          >
            Discard changes
          </Button>
          <Button
            variant="primary"
            isDisabled={locked || !changed.length || busy}
            disabledReason={locked ? MSG.locked : busy ? 'Saving…' : 'No record changed yet'}
            aria-describedby={statusId}
            onPress={() => void save()}
          >
            {busy ? 'Saving…' : 'Save changes'}
          </Button>
        </Inline>
      )}
      <FormModal title={`Add DNS record to ${domain.name}`} isOpen={adding} formId="dns-record-form" busy={busy} onCancel={() => setAdding(false)}>
        {adding && (
          <DnsRecordForm
            id="dns-record-form"
            domainName={domain.name}
            onSave={async (v) => {
              setBusy(true);
              try {
                await onCreate(v);
                setAdding(false);
              } finally {
                setBusy(false);
              }
            }}
          />
        )}
      </FormModal>
      <ConfirmDialog
        isOpen={!!deleting}
        title="Delete DNS record"
        danger
        confirmLabel="Delete"
        busy={busy}
        message={
          deleting ? (
            <>
              <p>
                Are you sure you want to delete the {deleting.type} record {deleting.name}?
              </p>
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
        onCancel={() => {
          setDeleting(null);
          setDeleteError(undefined);
        }}
        onConfirm={() => {
          if (deleting)
            void act(() => onDelete(deleting), setDeleteError).then((ok) => {
              if (ok) setDeleting(null);
            });
        }}
      />
    </section>
  );
}
