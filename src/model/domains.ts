/**
 * Domains and DNS (seed sections 000 §3, §5, §7; 001 §3, §5, §9): domain and subdomain name
 * patterns, the domain as the API answers it, the domain forms and request bodies, DNS records
 * of the DNS provider, the record editor and the zone requests (patch, delete, create, update).
 */
import { z } from 'zod';
import { DNS_RECORD_TYPES, DNS_TTL } from './constants';
import { bool, IPV4_RE, numberField, optionalRefId, refId, requiredText, RMSG, tooLong } from './fields';
import { MSG } from './messages';

/** A full domain name with a TLD: labels of letters, digits and hyphens (000 §5). */
export const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/**
 * A subdomain suffix (000 §5 "With a funnel: a subdomain suffix"): ONE label of letters, digits
 * and hyphens (no dots: `eu.shop` is refused), joined to its parent domain's name.
 */
export const SUBDOMAIN_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

const domainFields = {
  ID: z.number().int(),
  name: z.string(),
  funnel_id: z.number().int().nullable(),
  // The parent domain's ID for a subdomain (000 §5 `domain_id`), else null.
  domain_id: z.number().int().nullable(),
  parent: z.string().nullable(),
  sync: z.boolean(),
  under_attack: z.boolean(),
  zone_id: z.string().nullable(),
};
/**
 * A domain as the API answers it ({@link Domain}); `children` only in the grouped list
 * (`GET /api/v1/domains/?all=false`). The SPA parses every domain answer with it.
 */
export const DomainSchema = z.object({ ...domainFields, children: z.array(z.object(domainFields)).optional() }).meta({ id: 'Domain' });
/** A domain as the API answers it (000 §3; 001 §3: parent domain, under_attack, children one level deep). */
export type Domain = z.output<typeof DomainSchema>;

const domainName = z.string({ error: MSG.domainRequired }).trim().toLowerCase().min(1, MSG.domainRequired);

/** The Domains screen form: a full domain with a TLD ('Please Domain URL', 'Please enter a valid domain'). */
export const DomainFormSchema = z.object({
  name: domainName.regex(DOMAIN_RE, MSG.domainInvalid),
});

/** The funnel's Domains tab form: a subdomain suffix of a chosen domain (`domain_id` required, 000 §5). */
export const SubdomainFormSchema = z.object({
  name: domainName.regex(SUBDOMAIN_RE, RMSG.subdomain),
  domain_id: refId(RMSG.selectDomain),
  funnel_id: refId(RMSG.selectFunnel),
});

/**
 * `POST /api/v1/domains/?sync=`: with `funnel_id` a subdomain (suffix + `domain_id`),
 * without a funnel a full domain.
 */
export const DomainBodySchema = z
  .object({
    name: domainName.max(253, MSG.domainInvalid),
    funnel_id: optionalRefId(RMSG.selectFunnel),
    domain_id: optionalRefId(RMSG.selectDomain),
    under_attack: bool('Under attack must be true or false').default(false),
  })
  .superRefine((d, ctx) => {
    if (d.funnel_id != null) {
      if (!SUBDOMAIN_RE.test(d.name)) ctx.addIssue({ code: 'custom', message: RMSG.subdomain, path: ['name'] });
      else if (d.domain_id == null) ctx.addIssue({ code: 'custom', message: RMSG.selectDomain, path: ['domain_id'] });
    } else if (!DOMAIN_RE.test(d.name)) {
      ctx.addIssue({ code: 'custom', message: MSG.domainInvalid, path: ['name'] });
    }
  });
export type DomainBody = z.input<typeof DomainBodySchema>;

/**
 * `PUT /api/v1/domains/{id}?sync=`: rename, attach/detach a funnel, toggle under-attack mode.
 * `name` is read as the domain is: a root domain's full name ('Please enter a valid domain'),
 * a subdomain's suffix of one label ('Please enter a valid subdomain'); the route checks which.
 */
export const DomainUpdateSchema = z.object({
  name: domainName
    .max(253, MSG.domainInvalid)
    .optional()
    .describe("New name: a root domain's full name, or a subdomain's suffix (one label, no dots; its parent is kept)"),
  funnel_id: refId(RMSG.selectFunnel).nullable().optional(),
  under_attack: bool('Under attack must be true or false').optional(),
});

/** A DNS record as the DNS provider answers it (000 §3: type, name, content, proxied, zone_id, zone_name; ttl 1). */
export const DnsRecordSchema = z
  .object({
    id: z.string(),
    type: z.enum(DNS_RECORD_TYPES),
    name: z.string(),
    content: z.string(),
    proxied: z.boolean(),
    ttl: z.literal(DNS_TTL),
    priority: z.number().int().nullable(),
    zone_id: z.string(),
    zone_name: z.string(),
  })
  .meta({ id: 'DnsRecord' });
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

const RECORD_NAME_RE = /^(?:@|\*|(?:\*\.)?[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*)$/i;

/** The DNS record editor (000 §5: type, name, content and proxied required; types A, CNAME, MX, TXT). */
export const DnsRecordFormSchema = z
  .object({
    type: z.enum(DNS_RECORD_TYPES, { error: RMSG.recordType }),
    // OpenAPI has no regex flags: its pattern spells the case-insensitive one out (same language).
    name: requiredText(RMSG.recordName, 253)
      .regex(RECORD_NAME_RE, RMSG.recordNameInvalid)
      .meta({
        pattern: RECORD_NAME_RE.source.replaceAll('a-z', 'A-Za-z'),
        description: 'Record name: `@` (the zone apex), `*`, or a host name relative to the zone',
      }),
    content: requiredText(RMSG.recordContent, 2048),
    proxied: bool(RMSG.recordProxied),
    priority: numberField(RMSG.priority, RMSG.priority, 0, 65535, true).nullable().optional(),
  })
  .superRefine((r, ctx) => {
    if (r.type === 'A' && !IPV4_RE.test(r.content)) ctx.addIssue({ code: 'custom', message: RMSG.ipv4, path: ['content'] });
    if ((r.type === 'CNAME' || r.type === 'MX') && !DOMAIN_RE.test(r.content)) ctx.addIssue({ code: 'custom', message: MSG.domainInvalid, path: ['content'] });
    if (r.type === 'TXT' && r.content.length > 255 * 8) ctx.addIssue({ code: 'custom', message: tooLong(2040), path: ['content'] });
    // The DNS provider's rule, said before the call: only A and CNAME records go through its proxy.
    if (r.proxied && (r.type === 'MX' || r.type === 'TXT')) ctx.addIssue({ code: 'custom', message: `${r.type} records cannot be proxied`, path: ['proxied'] });
  });
export type DnsRecordForm = z.input<typeof DnsRecordFormSchema>;

const zoneId = requiredText(RMSG.zoneId, 64).regex(/^[a-f0-9]{32}$/, RMSG.zoneId);
const recordId = requiredText(RMSG.recordId, 64).regex(/^[a-f0-9]{32}$/, RMSG.recordId);

/** `POST /api/v1/cloud_flare/domains/patch` (000 §7): only the changed records of one zone. */
export const DnsPatchSchema = z.object({
  zone_id: zoneId,
  records: z
    .array(z.intersection(z.object({ id: recordId }), DnsRecordFormSchema), { error: RMSG.records })
    .min(1, RMSG.records)
    .max(500, 'At most 500 records at once'),
});

/** `DELETE /api/v1/cloud_flare/domains/delete`: one record of a zone. */
export const DnsDeleteSchema = z.object({ zone_id: zoneId, id: recordId });

/** `POST /api/v1/cloud_flare/domains`: create the DNS zone of a (root) domain. */
export const DnsZoneCreateSchema = z.object({ domain_id: refId(RMSG.selectDomain) });

/** `PUT /api/v1/cloud_flare/domains/{id}`: zone settings (001 §3 under_attack). */
export const DnsZoneUpdateSchema = z.object({ under_attack: bool('Under attack must be true or false') });

/**
 * What the Add dialog of the Domains tab saves (000 §5 "Domain"): a subdomain is a suffix of
 * one label (no dots) under a chosen root domain (`domain_id`); a new domain is a full name
 * with a TLD, attached to the funnel. `sync`: also set it up in DNS (`?sync=true`).
 */
export type NewDomainValues = { kind: 'subdomain'; name: string; domain_id: number; sync: boolean } | { kind: 'domain'; name: string; sync: boolean };

/**
 * What the Edit dialog saves: `name` is a subdomain's suffix or a root domain's full name (a
 * rename); `under_attack` only for a root domain (its DNS zone's mode, 001 §3); `sync` as above.
 */
export interface DomainEditValues {
  name: string;
  under_attack?: boolean;
  sync: boolean;
}

/** A valid DNS record form as the schema outputs it (000 §5: type, name, content, proxied; MX priority). */
export type DnsRecordValues = z.output<typeof DnsRecordFormSchema>;
/** A changed record for the patch call: its provider id and its new values. */
export type DnsRecordChange = DnsRecordValues & { id: string };
