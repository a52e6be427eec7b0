/**
 * The domain routes (000 §7 "Domains", "DNS (through a DNS provider)"; 001 §3, §5, §9) as both
 * sides know them: a funnel's domains, every domain, add, edit, delete, and a domain's DNS
 * records with their writes. `sync` and `all` are query flags (absent = false).
 */
import { z } from 'zod';
import { contract, DeletedSchema } from '../contract';
import { listQuerySchema } from '../list-query';

/** The domain list's sort columns (the columns /domains shows: name, its funnel, whether it is in DNS). */
export const DOMAIN_SORTS = ['id', 'name', 'funnel', 'dns'] as const;
import { DnsDeleteSchema, DnsPatchSchema, DnsRecordFormSchema, DnsRecordSchema, DomainBodySchema, DomainSchema, DomainUpdateSchema } from '../domains';

/** `?sync=true`: also set the domain up in DNS (its zone, or the subdomain's record). */
export const DomainSyncQuerySchema = z.object({ sync: z.boolean().optional() });

/** What a DNS patch answers: what changed ("1 record changed, 0 unchanged") and the zone's records now. */
export const DnsPatchAnswerSchema = z
  .object({
    message: z.string(),
    changed: z.array(z.string()),
    unchanged: z.array(z.string()),
    records: z.array(DnsRecordSchema),
  })
  .meta({ id: 'DnsPatchResult' });
/** See {@link DnsPatchAnswerSchema}. */
export type DnsPatchAnswer = z.infer<typeof DnsPatchAnswerSchema>;

/** What a DNS record delete answers. */
export const DnsRecordDeletedSchema = z.object({ message: z.string(), id: z.string() }).meta({ id: 'DnsRecordDeleted' });

/** The domain routes; `{id}` is the domain's ID, except in `ofFunnel` (the funnel's). */
export const DOMAIN_ROUTES = {
  /** The funnel's domains and subdomains, by name. */
  ofFunnel: contract({ method: 'get', path: '/api/v1/funnels/{id}/domains', answer: z.array(DomainSchema) }),
  /**
   * `all=true`: every domain and subdomain, flat; otherwise the root domains with their `children`. Searched, sorted and
   * paged with the list query (the roots, or with `all` every domain; without page and per_page: all of them).
   */
  list: contract({
    method: 'get',
    path: '/api/v1/domains/',
    query: listQuerySchema(DOMAIN_SORTS).extend({ all: z.boolean().optional() }),
    answer: z.array(DomainSchema),
  }),
  /** The list's query (page and per_page ignored: every match) as `text/csv`, streamed. */
  export: contract({
    method: 'get',
    path: '/api/v1/domains.csv',
    query: listQuerySchema(DOMAIN_SORTS).extend({ all: z.boolean().optional() }),
    answer: z.string(),
  }),
  /** Adds a full domain (no funnel) or a funnel's subdomain (409 'Domain [name] already added'). */
  create: contract({ method: 'post', path: '/api/v1/domains/', query: DomainSyncQuerySchema, body: DomainBodySchema, answer: DomainSchema, status: 201 }),
  /** Renames, attaches to a funnel (or detaches with null), sets under-attack mode. */
  update: contract({ method: 'put', path: '/api/v1/domains/{id}', query: DomainSyncQuerySchema, body: DomainUpdateSchema, answer: DomainSchema }),
  /** Deletes the domain with its subdomains and DNS. */
  remove: contract({ method: 'delete', path: '/api/v1/domains/{id}', answer: DeletedSchema }),
  /** The domain's DNS records (a subdomain: those of its name in the parent's zone). */
  dnsRecords: contract({ method: 'get', path: '/api/v1/cloud_flare/domains/list/{id}', answer: z.array(DnsRecordSchema) }),
  /** Adds a DNS record to the domain's zone (409 an identical or clashing record). */
  createRecord: contract({ method: 'post', path: '/api/v1/cloud_flare/domains/create/{id}', body: DnsRecordFormSchema, answer: DnsRecordSchema, status: 201 }),
  /** Changes records of one zone: only the changed ones are sent. */
  patchRecords: contract({ method: 'post', path: '/api/v1/cloud_flare/domains/patch', body: DnsPatchSchema, answer: DnsPatchAnswerSchema }),
  /** Deletes one record of a zone. */
  deleteRecord: contract({ method: 'delete', path: '/api/v1/cloud_flare/domains/delete', body: DnsDeleteSchema, answer: DnsRecordDeletedSchema }),
};
