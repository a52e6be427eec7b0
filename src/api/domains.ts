/**
 * The funnel page's Domains tab calls (000 §7 "Domains" and "DNS (through a DNS provider)";
 * 000 §3, §5; 001 §3, §5, §9): the funnel's domains and subdomains, every domain (the parent
 * choices and the duplicate check), a domain's DNS records, and their writes. Answers are
 * parsed with the model's schemas; writes refresh what they change. Every call throws the API
 * client's `ApiError` on a non-2xx status (its message already shown as an 'Error'
 * notification, 000 §8) and `AnswerShapeError` when an answer does not match the model.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { keys } from './keys';
import { call } from './call';
import { useWrite } from './crud';
import {
  DOMAIN_ROUTES,
  type DomainUpdateSchema,
  type DnsRecord,
  type DnsRecordChange,
  type DnsRecordValues,
  type Domain,
  type DomainEditValues,
  type NewDomainValues,
} from '../model';

/** A domain edit's body (rename, attach, under-attack mode). */
type DomainUpdateBody = z.input<typeof DomainUpdateSchema>;

/**
 * The tab's reads as plain calls (the hooks below wrap them; tests/api/domains.test.ts runs
 * them on the real server).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const domainReads = {
  /** The funnel's domains and subdomains, by name ({@link Domain}[]). */
  funnelDomains: (funnelId: number) => call(DOMAIN_ROUTES.ofFunnel, { params: { id: funnelId } }),
  /** Every domain and subdomain, flat, by name. */
  all: () => call(DOMAIN_ROUTES.list, { query: { all: true } }),
  /**
   * A domain's DNS records (ttl 1, 001 §9); for a
   * subdomain, those of its name in the parent's zone. A domain without a zone answers 422
   * 'Domain [name] has no DNS zone: sync it first'.
   */
  dnsRecords: (domainId: number) => call(DOMAIN_ROUTES.dnsRecords, { params: { id: domainId } }),
};

/** The funnel's domains and subdomains; read only while `enabled` (the Domains tab is open). */
export const useFunnelDomains = (funnelId: number, enabled = true) =>
  useQuery({ queryKey: keys.funnelDomains(funnelId), queryFn: () => domainReads.funnelDomains(funnelId), enabled });

/** Every domain and subdomain (the subdomain form's parents, the duplicate check); read only while `enabled`. */
export const useAllDomains = (enabled = true) => useQuery({ queryKey: keys.domains, queryFn: domainReads.all, enabled });

/** A domain's DNS records; read only for a domain set up in DNS (`domain.sync`), else idle. */
export const useDnsRecords = (domain: Domain | null) =>
  useQuery({ queryKey: keys.dns(domain?.ID ?? 0), queryFn: () => domainReads.dnsRecords(domain?.ID ?? 0), enabled: !!domain?.sync, retry: false });

/**
 * Domain writes of 000 §7, each answering the domain ({@link Domain}); every one refreshes the
 * funnel's domains and every domain list (and with them the DNS records):
 * - `create`: a subdomain is `POST /api/v1/domains/?sync=` with `{name: suffix, funnel_id,
 *   domain_id}`; a new domain is `POST` of the full name (no funnel: 000 §5 "Without a funnel:
 *   a full domain"), then `PUT /api/v1/domains/{id}` with `{funnel_id}` to attach it. When the
 *   attach fails the new domain is deleted again, so nothing is left half-done.
 *   409 'Domain [name] already added', 422 the seed's messages, 423 a locked funnel.
 * - `update`: `PUT /api/v1/domains/{id}?sync=` with `{name, under_attack}` (a rename; a
 *   subdomain's `name` is its suffix). 409, 422, 423 as above.
 * - `sync`: `PUT /api/v1/domains/{id}?sync=true` with `{}`: set an existing domain up in DNS.
 * - `remove`: `DELETE /api/v1/domains/{id}` (a root domain's subdomains and DNS go too).
 */
export function useDomainMutations(funnelId: number) {
  const refresh = [{ queryKey: keys.funnelDomains(funnelId) }, { queryKey: keys.domains }];
  const put = (id: number, body: DomainUpdateBody, sync: boolean) => call(DOMAIN_ROUTES.update, { params: { id }, query: { sync }, body });
  return {
    create: useWrite(
      async (v: NewDomainValues): Promise<Domain> => {
        if (v.kind === 'subdomain') {
          return call(DOMAIN_ROUTES.create, { query: { sync: v.sync }, body: { name: v.name, funnel_id: funnelId, domain_id: v.domain_id } });
        }
        const made = await call(DOMAIN_ROUTES.create, { query: { sync: v.sync }, body: { name: v.name } });
        try {
          return await put(made.ID, { funnel_id: funnelId }, false);
        } catch (e) {
          await call(DOMAIN_ROUTES.remove, { params: { id: made.ID }, notify: false }).catch(() => undefined);
          throw e;
        }
      },
      { refresh, settled: true },
    ),
    update: useWrite(
      ({ id, form }: { id: number; form: DomainEditValues }) =>
        put(id, { name: form.name, ...(form.under_attack !== undefined ? { under_attack: form.under_attack } : {}) }, form.sync),
      { refresh },
    ),
    sync: useWrite((id: number) => put(id, {}, true), { refresh }),
    remove: useWrite((id: number) => call(DOMAIN_ROUTES.remove, { params: { id } }), { refresh }),
  };
}

/**
 * DNS record writes of 000 §7 for the records shown for `domainId`; each refreshes them before it resolves:
 * - `create`: `POST /api/v1/cloud_flare/domains/create/{domainId}` (ttl 1; for a subdomain the
 *   name is relative to it) → the record. 409 an identical or clashing record.
 * - `patch`: `POST /api/v1/cloud_flare/domains/patch` with `{zone_id, records}` — ONLY the
 *   changed records (the caller works them out) → {@link DnsPatchAnswer}. 404 a record gone.
 * - `remove`: `DELETE /api/v1/cloud_flare/domains/delete` with `{zone_id, id}`.
 * 422 the schema's messages, 423 a locked funnel's records.
 */
export function useDnsMutations(domainId: number) {
  const o = { refresh: [{ queryKey: keys.dns(domainId) }], awaitRefresh: true };
  return {
    create: useWrite((v: DnsRecordValues) => call(DOMAIN_ROUTES.createRecord, { params: { id: domainId }, body: v }), o),
    patch: useWrite(
      ({ zone_id, records }: { zone_id: string; records: DnsRecordChange[] }) => call(DOMAIN_ROUTES.patchRecords, { body: { zone_id, records } }),
      { ...o, settled: true },
    ),
    remove: useWrite((r: Pick<DnsRecord, 'zone_id' | 'id'>) => call(DOMAIN_ROUTES.deleteRecord, { body: { zone_id: r.zone_id, id: r.id } }), o),
  };
}

/**
 * The DNS records panel's reads and writes for `domain`: the records (undefined while they
 * load), why they could not be read, and add, save (only the changed records of a zone) and
 * delete, each raising its 'Success' toast through `success` (000 §8) — the props of the
 * shared DnsRecords panel (src/ui/catalog) but for its domain, lock, sync and close.
 */
export function useDnsPanel(domain: Domain, success: (message: string) => void) {
  const recordsQ = useDnsRecords(domain);
  const m = useDnsMutations(domain.ID);
  return {
    records: recordsQ.data,
    loadError: recordsQ.error?.message,
    onCreate: async (v: DnsRecordValues) => {
      const r = await m.create.mutateAsync(v);
      success(`DNS record ${r.type} ${r.name} added`);
    },
    onSave: async (zone_id: string, records: DnsRecordChange[]) => {
      const a = await m.patch.mutateAsync({ zone_id, records });
      success(a.message);
    },
    onDelete: async (r: DnsRecord) => {
      await m.remove.mutateAsync(r);
      success(`DNS record ${r.type} ${r.name} deleted`);
    },
  };
}
