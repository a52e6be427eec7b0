/**
 * The funnel page's Domains tab calls (000 §7 "Domains" and "DNS (through a DNS provider)";
 * 000 §3, §5; 001 §3, §5, §9): the funnel's domains and subdomains, every domain (the parent
 * choices and the duplicate check), a domain's DNS records, and their writes. Answers are
 * parsed with the model's schemas; writes refresh what they change. Every call throws the API
 * client's `ApiError` on a non-2xx status (its message already shown as an 'Error'
 * notification, 000 §8) and `AnswerShapeError` when an answer does not match the model.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { keys } from './keys';
import { request, requestParsed } from './client';
import {
  DnsRecordSchema,
  DomainSchema,
  type DnsRecord,
  type DnsRecordChange,
  type DnsRecordValues,
  type Domain,
  type DomainEditValues,
  type NewDomainValues,
} from '../model';

/** The patch call's answer: what changed ("1 record changed, 0 unchanged") and the zone's records now. */
export const DnsPatchAnswerSchema = z.object({
  message: z.string(),
  changed: z.array(z.string()),
  unchanged: z.array(z.string()),
  records: z.array(DnsRecordSchema),
});
export type DnsPatchAnswer = z.infer<typeof DnsPatchAnswerSchema>;

const q = (sync: boolean) => `?sync=${sync ? 'true' : 'false'}`;

/**
 * The tab's reads as plain calls (the hooks below wrap them; tests/api/domains.test.ts runs
 * them on the real server).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const domainReads = {
  /** `GET /api/v1/funnels/{id}/domains`: the funnel's domains and subdomains, by name ({@link Domain}[]). */
  funnelDomains: (funnelId: number) => requestParsed(z.array(DomainSchema), 'GET', `/api/v1/funnels/${funnelId}/domains`),
  /** `GET /api/v1/domains/?all=true`: every domain and subdomain, flat, by name. */
  all: () => requestParsed(z.array(DomainSchema), 'GET', '/api/v1/domains/?all=true'),
  /**
   * `GET /api/v1/cloud_flare/domains/list/{id}`: a domain's DNS records (ttl 1, 001 §9); for a
   * subdomain, those of its name in the parent's zone. A domain without a zone answers 422
   * 'Domain [name] has no DNS zone: sync it first'.
   */
  dnsRecords: (domainId: number) => requestParsed(z.array(DnsRecordSchema), 'GET', `/api/v1/cloud_flare/domains/list/${domainId}`),
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
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.funnelDomains(funnelId) });
    void qc.invalidateQueries({ queryKey: keys.domains });
  };
  const put = (id: number, body: Record<string, unknown>, sync: boolean) => requestParsed(DomainSchema, 'PUT', `/api/v1/domains/${id}${q(sync)}`, { body });
  return {
    create: useMutation({
      mutationFn: async (v: NewDomainValues): Promise<Domain> => {
        if (v.kind === 'subdomain') {
          return requestParsed(DomainSchema, 'POST', `/api/v1/domains/${q(v.sync)}`, { body: { name: v.name, funnel_id: funnelId, domain_id: v.domain_id } });
        }
        const made = await requestParsed(DomainSchema, 'POST', `/api/v1/domains/${q(v.sync)}`, { body: { name: v.name } });
        try {
          return await put(made.ID, { funnel_id: funnelId }, false);
        } catch (e) {
          await request<unknown>('DELETE', `/api/v1/domains/${made.ID}`, { notify: false }).catch(() => undefined);
          throw e;
        }
      },
      onSettled: done,
    }),
    update: useMutation({
      mutationFn: ({ id, form }: { id: number; form: DomainEditValues }) =>
        put(id, { name: form.name, ...(form.under_attack !== undefined ? { under_attack: form.under_attack } : {}) }, form.sync),
      onSuccess: done,
    }),
    sync: useMutation({ mutationFn: (id: number) => put(id, {}, true), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: number) => request<unknown>('DELETE', `/api/v1/domains/${id}`), onSuccess: done }),
  };
}

/**
 * DNS record writes of 000 §7 for the records shown for `domainId`; each refreshes them:
 * - `create`: `POST /api/v1/cloud_flare/domains/create/{domainId}` (ttl 1; for a subdomain the
 *   name is relative to it) → the record. 409 an identical or clashing record.
 * - `patch`: `POST /api/v1/cloud_flare/domains/patch` with `{zone_id, records}` — ONLY the
 *   changed records (the caller works them out) → {@link DnsPatchAnswer}. 404 a record gone.
 * - `remove`: `DELETE /api/v1/cloud_flare/domains/delete` with `{zone_id, id}`.
 * 422 the schema's messages, 423 a locked funnel's records.
 */
export function useDnsMutations(domainId: number) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: keys.dns(domainId) });
  return {
    create: useMutation({
      mutationFn: (v: DnsRecordValues) => requestParsed(DnsRecordSchema, 'POST', `/api/v1/cloud_flare/domains/create/${domainId}`, { body: v }),
      onSuccess: done,
    }),
    patch: useMutation({
      mutationFn: ({ zone_id, records }: { zone_id: string; records: DnsRecordChange[] }) =>
        requestParsed(DnsPatchAnswerSchema, 'POST', '/api/v1/cloud_flare/domains/patch', { body: { zone_id, records } }),
      onSettled: done,
    }),
    remove: useMutation({
      mutationFn: (r: Pick<DnsRecord, 'zone_id' | 'id'>) =>
        request<unknown>('DELETE', '/api/v1/cloud_flare/domains/delete', { body: { zone_id: r.zone_id, id: r.id } }),
      onSuccess: done,
    }),
  };
}
