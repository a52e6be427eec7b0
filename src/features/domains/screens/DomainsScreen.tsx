/**
 * /domains (001 §2 Routes "Domains"; 000 §3 Domain, §5, §7; 001 §3 Domain: parent domain,
 * funnel_id, under_attack, children): every domain, each root followed by its subdomains, with
 * its funnel (a link to that funnel's Domains tab), whether it is in DNS and under attack. Staff
 * who may write domains add new domains (a subdomain belongs to a funnel: added on its
 * Domains tab), rename, switch under-attack mode, set up in DNS and delete; every domain's DNS
 * records open below the list. Writes say so in a toast (000 §8); 'Domain [name] already
 * added' is the info toast that blocks the action (001 §8).
 *
 * The root domains are searched (by their own or a subdomain's name, or ID), sorted and paged on
 * the server, each page's roots with all their subdomains; that state is in the URL
 * (`/domains?q=flex&sort=-name&page=2`: shareable, Back restores the previous one). The list's
 * table is the shared DomainList, whose headers do not sort: a Sort select beside the search does.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan, useFunnels } from '../../../api';
import { useAllDomains, useDnsPanel } from '../../../api/domains';
import { DOMAIN_SORTS, type Domain } from '../../../model';
import { Box, EmptyState, Button, LockIcon, notify, useDocumentTitle, Skeleton, styles as s } from '../../../ui';
import { listPaging, listQueryOf, useListState, type ListState } from '../../../ui/list/list-state';
import { csvExport } from '../../../api/csv-export';
import { DOMAIN_ROUTES } from '../../../model/contracts/domains';
import { noMatch, PAST_THE_END, Pager, SearchBox, type ListPaging } from '../../../ui/list/PagedTable';
import { DomainList } from '../../../ui/catalog/DomainList';
import { useDomainPage, useDomainsScreenMutations } from '../api';

// The DNS records panel (its table, forms and dialogs) loads when a domain's records are first opened.
const DnsRecords = lazy(() => import('../../../ui/catalog/DnsRecords').then((m) => ({ default: m.DnsRecords })));

/**
 * Every domain in the screen's order: root domains by name, each followed by its subdomains by
 * name (a subdomain whose root is not in the list comes last). Pure.
 */
export function domainTree(all: readonly Domain[]): Domain[] {
  const byName = (a: Domain, b: Domain) => a.name.localeCompare(b.name);
  const roots = all.filter((d) => d.domain_id == null).sort(byName);
  const out = roots.flatMap((r) => [r, ...all.filter((d) => d.domain_id === r.ID).sort(byName)]);
  const placed = new Set(out.map((d) => d.ID));
  return [...out, ...all.filter((d) => !placed.has(d.ID)).sort(byName)];
}

/** A column the domain list sorts by on the server. */
type DomainSort = (typeof DOMAIN_SORTS)[number];
/** The Sort select's choices: each column both ways ('' is the list's own order, by name). */
const SORT_CHOICES: [string, string][] = [
  ['', 'Name (A–Z)'],
  ['-name', 'Name (Z–A)'],
  ['-id', 'Newest first'],
  ['id', 'Oldest first'],
  ['funnel', 'Funnel (A–Z)'],
  ['-funnel', 'Funnel (Z–A)'],
  ['-dns', 'In DNS first'],
  ['dns', 'Not in DNS first'],
];
const sortValue = (s: ListState<DomainSort>) => (s.sort ? `${s.desc ? '-' : ''}${s.sort}` : '');

/** The search box and the Sort select above the list (the DomainList's headers do not sort). */
function DomainListControls({ list }: { list: ListPaging<DomainSort> }) {
  const { state, onChange } = list;
  return (
    <div className={s.row}>
      <SearchBox list={list} noun="domains" hint="Domain name or ID" clearable={list.total > 0} />
      <label>
        Sort{' '}
        <select
          className={s.input}
          value={sortValue(state)}
          onChange={(e) => {
            const v = e.target.value;
            const key = DOMAIN_SORTS.find((k) => k === v.replace(/^-/, '')) ?? null;
            onChange({ ...state, sort: key, desc: key !== null && v.startsWith('-'), page: 1 });
          }}
        >
          {SORT_CHOICES.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The DNS records of `domain`, read and written through the API (the panel loads when first opened). */
function DnsPanel({ domain, locked, onClose }: { domain: Domain; locked: boolean; onClose: () => void }) {
  const panel = useDnsPanel(domain, (m) => notify.success(m));
  const domainM = useDomainsScreenMutations();
  return (
    <Suspense fallback={<Skeleton label="Loading DNS records…" />}>
      <DnsRecords domain={domain} locked={locked} onClose={onClose} onSync={() => domainM.sync.mutateAsync(domain.ID)} {...panel} />
    </Suspense>
  );
}

/** The Domains screen. */
export function DomainsScreen() {
  useDocumentTitle(['Domains']);
  const { state, go } = useListState(DOMAIN_SORTS);
  const pageQ = useDomainPage(state);
  // Every domain: the forms' parents and duplicate check, what a delete takes along.
  const allQ = useAllDomains();
  const funnelsQ = useFunnels();
  const canWrite = useCan('domains.write');
  const m = useDomainsScreenMutations();
  const [dnsFor, setDnsFor] = useState<number | null>(null);
  // The page's roots, each followed by its subdomains (the server sorted both).
  const domains = useMemo(() => pageQ.data?.rows.flatMap((r) => [r, ...(r.children ?? [])]), [pageQ.data]);
  const allDomains = useMemo(() => (allQ.data ? domainTree(allQ.data) : domains), [allQ.data, domains]);
  const list = listPaging(state, go, pageQ, csvExport(DOMAIN_ROUTES.export.path, listQueryOf(state), 'domains.csv'));
  const searched = !!state.q.trim() || state.page > 1;
  const funnels = useMemo(() => new Map((funnelsQ.data ?? []).map((f) => [f.ID, f])), [funnelsQ.data]);
  const funnelCell = useMemo(
    () => (x: Domain) => {
      if (x.funnel_id == null) return <span>—</span>;
      const f = funnels.get(x.funnel_id);
      return (
        <Link to={`/funnels/${x.funnel_id}/domains`}>
          {f?.locked && <LockIcon />}
          {f ? f.name : `Funnel ${x.funnel_id}`}
        </Link>
      );
    },
    [funnels],
  );
  const dnsDomain = domains?.find((x) => x.ID === dnsFor) ?? null;
  const lockedFunnel = (x: Domain) => x.funnel_id != null && !!funnels.get(x.funnel_id)?.locked;
  return (
    <>
      <Box as="h1" marginTop="none" marginBottom="md">
        Domains
      </Box>
      {domains && (domains.length > 0 || searched) && <DomainListControls list={list} />}
      {!domains ? (
        pageQ.error ? (
          <p role="alert">{pageQ.error.message}</p>
        ) : (
          <Skeleton label="Loading domains…" />
        )
      ) : domains.length === 0 && searched && !list.loading ? (
        state.q.trim() ? (
          <EmptyState message={noMatch('domains', state.q)} action={<Button onPress={() => go({ ...state, q: '', page: 1 })}>Clear search</Button>} />
        ) : (
          <EmptyState message={PAST_THE_END} action={<Button onPress={() => go({ ...state, page: 1 })}>First page</Button>} />
        )
      ) : (
        <DomainList
          domains={domains}
          allDomains={allDomains ?? domains}
          readOnly={!canWrite}
          domainsOnly
          nested
          funnelCell={funnelCell}
          dnsOpenFor={dnsDomain?.ID ?? null}
          onCreate={(v) => m.create.mutateAsync({ name: v.name, sync: v.sync })}
          onUpdate={(x, form) => m.update.mutateAsync({ id: x.ID, form })}
          onDelete={async (x) => {
            await m.remove.mutateAsync(x);
            if (dnsFor === x.ID) setDnsFor(null);
          }}
          onShowDns={(x) => setDnsFor((cur) => (cur === x.ID ? null : x.ID))}
          onDuplicate={(message) => notify.info(message)}
        />
      )}
      {domains && domains.length > 0 && <Pager list={list} shown={pageQ.data?.rows.length ?? 0} noun="domains" />}
      {dnsDomain && <DnsPanel key={dnsDomain.ID} domain={dnsDomain} locked={!canWrite || lockedFunnel(dnsDomain)} onClose={() => setDnsFor(null)} />}
    </>
  );
}
