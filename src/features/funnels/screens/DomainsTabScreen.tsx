/**
 * The funnel page's Domains tab, connected (001 §2 "Funnel page"): the funnel's domains from
 * the API, their writes with success toasts (000 §8) and 'Domain [name] already added' as an
 * info toast that blocks the action (001 §8), and the DNS records of the domain chosen below
 * the list. Read-only while the funnel is locked.
 */
import { useState } from 'react';
import type { Domain } from '../../../model';
import { notify, Skeleton } from '../../../ui';
import { DnsRecords } from '../../../ui/catalog/DnsRecords';
import { DomainList } from '../../../ui/catalog/DomainList';
import { useAllDomains, useDnsMutations, useDnsRecords, useDomainMutations, useFunnelDomains } from '../../../api/domains';

/** The DNS records of `domain`, read and written through the API. */
function DnsRecordsPanel({ funnelId, domain, locked, onClose }: { funnelId: number; domain: Domain; locked: boolean; onClose: () => void }) {
  const recordsQ = useDnsRecords(domain);
  const m = useDnsMutations(domain.ID);
  const domainM = useDomainMutations(funnelId);
  return (
    <DnsRecords
      domain={domain}
      records={recordsQ.data}
      loadError={recordsQ.error?.message}
      locked={locked}
      onClose={onClose}
      onCreate={async (v) => {
        const r = await m.create.mutateAsync(v);
        notify.success(`DNS record ${r.type} ${r.name} added`);
      }}
      onSave={async (zone_id, records) => {
        const a = await m.patch.mutateAsync({ zone_id, records });
        notify.success(a.message);
      }}
      onDelete={async (r) => {
        await m.remove.mutateAsync(r);
        notify.success(`DNS record ${r.type} ${r.name} deleted`);
      }}
      onSync={async () => {
        const x = await domainM.sync.mutateAsync(domain.ID);
        notify.success(`Domain ${x.name} is set up in DNS`);
      }}
    />
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
