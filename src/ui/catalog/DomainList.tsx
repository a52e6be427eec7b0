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
import { lazy, useMemo, useState, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { MSG, type Domain, type DomainEditValues, type NewDomainValues } from '../../model';
import { Box, Button, DataTable, Inline, styles as s } from '..';
import { DialogsLoading, LazyConfirmDialog } from '../list/ListFrame';
import { useAddEdit } from '../list/useAddEdit';
import * as d from './domains.css';

/** The empty list in the seeds' words (001 §2 "Empty states"). */
export const NO_DOMAINS = 'No Domains added';

// The forms (react-hook-form) and the dialogs (react-aria) load when one first opens.
const AddDomainForm = lazy(() => import('./DomainForms').then((m) => ({ default: m.AddDomainForm })));
const EditDomainForm = lazy(() => import('./DomainForms').then((m) => ({ default: m.EditDomainForm })));

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
  // A refusal stays in the form (a name taken, a parent not ours) as well as in the toast.
  const crud = useAddEdit<Domain, NewDomainValues, DomainEditValues>({
    noun: 'domain',
    formId: 'domain-form',
    nameOf: (x) => x.name,
    onCreate,
    onUpdate,
    addForm: (slot) => <AddDomainForm {...slot} allDomains={allDomains} onDuplicate={onDuplicate} domainsOnly={domainsOnly} />,
    editForm: (slot, domain) => <EditDomainForm {...slot} domain={domain} allDomains={allDomains} onDuplicate={onDuplicate} />,
    errorsTo: 'form',
  });
  const { edit } = crud;
  const [deleting, setDeleting] = useState<Domain | null>(null);
  const [deleteError, setDeleteError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const askDelete = (x: Domain) => {
    setDeleteError(undefined);
    setDeleting(x);
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
              <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={() => edit(x)} aria-label={`Edit ${x.name}`}>
                Edit
              </Button>
            )}
            {!readOnly && <DeleteButton label={`Delete ${x.name}`} locked={locked} onPress={() => askDelete(x)} />}
          </div>
        ),
      },
    ],
    [locked, readOnly, funnelCell, nested, dnsOpenFor, onShowDns, edit],
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
    <Button variant="primary" isDisabled={locked} disabledReason={MSG.locked} onPress={crud.add}>
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
      {crud.open && <DialogsLoading>{crud.dialogs()}</DialogsLoading>}
      {deleting && (
        <DialogsLoading>
          <LazyConfirmDialog
            isOpen
            title="Delete domain"
            danger
            confirmLabel="Delete"
            busy={busy}
            message={
              <>
                <p>{deleteMessage(deleting)}</p>
                {deleteError && (
                  <p role="alert" className={s.errorText}>
                    {deleteError}
                  </p>
                )}
              </>
            }
            onCancel={() => setDeleting(null)}
            onConfirm={() => {
              setBusy(true);
              onDelete(deleting)
                .then(() => setDeleting(null))
                .catch((e: unknown) => setDeleteError(e instanceof Error ? e.message : String(e)))
                .finally(() => setBusy(false));
            }}
          />
        </DialogsLoading>
      )}
    </section>
  );
}

/**
 * A row's Delete button (small, ghost): `label` names the row, `onPress` asks the question;
 * disabled with the lock's reason while `locked`. The domains' rows and the DNS records' rows.
 */
export function DeleteButton({ label, locked, onPress }: { label: string; locked: boolean; onPress: () => void }) {
  return (
    <Button size="sm" variant="ghost" isDisabled={locked} disabledReason={MSG.locked} onPress={onPress} aria-label={label}>
      Delete
    </Button>
  );
}
