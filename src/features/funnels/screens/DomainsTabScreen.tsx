/**
 * The funnel page's Domains tab, connected (001 §2 "Funnel page"): the funnel's domains from
 * the API, their writes with success toasts (000 §8) and 'Domain [name] already added' as an
 * info toast that blocks the action (001 §8), and the DNS records of the domain chosen below
 * the list. Read-only while the funnel is locked.
 */
import { lazy, Suspense, useState } from 'react';
import type { Domain } from '../../../model';
import { notify, Skeleton } from '../../../ui';
import { DomainList } from '../../../ui/catalog/DomainList';
import { useAllDomains, useDnsPanel, useDomainMutations, useFunnelDomains } from '../../../api/domains';

// The DNS records panel (its table, forms and dialogs) loads when a domain's records are first opened.
const DnsRecords = lazy(() => import('../../../ui/catalog/DnsRecords').then((m) => ({ default: m.DnsRecords })));

/** The DNS records of `domain`, read and written through the API (the panel loads when first opened). */
function DnsRecordsPanel({ funnelId, domain, locked, onClose }: { funnelId: number; domain: Domain; locked: boolean; onClose: () => void }) {
  const panel = useDnsPanel(domain, (m) => notify.success(m));
  const domainM = useDomainMutations(funnelId);
  const onSync = async () => {
    const x = await domainM.sync.mutateAsync(domain.ID);
    notify.success(`Domain ${x.name} is set up in DNS`);
  };
  return (
    <Suspense fallback={<Skeleton label="Loading DNS records…" />}>
      <DnsRecords domain={domain} locked={locked} onClose={onClose} onSync={onSync} {...panel} />
    </Suspense>
  );
}

/**
 * The Domains tab of funnel `funnelId`; `locked`: the funnel is locked (no adds, edits or
 * deletes; the reason is said).
 */
export function DomainsTabScreen({ funnelId, locked }: { funnelId: number; locked: boolean }) {
  const domainsQ = useFunnelDomains(funnelId);
  const allQ = useAllDomains();
  const m = useDomainMutations(funnelId);
  const [dnsFor, setDnsFor] = useState<number | null>(null);
  if (domainsQ.isError) throw domainsQ.error;
  if (!domainsQ.data) return <Skeleton label="Loading domains…" />;
  const dnsDomain = domainsQ.data.find((x) => x.ID === dnsFor) ?? null;
  return (
    <>
      <DomainList
        domains={domainsQ.data}
        allDomains={allQ.data ?? domainsQ.data}
        locked={locked}
        dnsOpenFor={dnsDomain?.ID ?? null}
        onCreate={async (v) => {
          const c = await m.create.mutateAsync(v);
          notify.success(`Domain ${c.name} added`);
        }}
        onUpdate={async (x, form) => {
          const u = await m.update.mutateAsync({ id: x.ID, form });
          notify.success(`Domain ${u.name} saved`);
        }}
        onDelete={async (x) => {
          await m.remove.mutateAsync(x.ID);
          if (dnsFor === x.ID) setDnsFor(null);
          notify.success(`Domain ${x.name} deleted`);
        }}
        onShowDns={(x) => setDnsFor((cur) => (cur === x.ID ? null : x.ID))}
        onDuplicate={(message) => notify.info(message)}
      />
      {dnsDomain && <DnsRecordsPanel key={dnsDomain.ID} funnelId={funnelId} domain={dnsDomain} locked={locked} onClose={() => setDnsFor(null)} />}
    </>
  );
}
