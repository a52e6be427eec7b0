/**
 * OpenAPI examples, error messages and field descriptions of the DNS routes (routes/dns.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { DEMO_GLOWSKIN_DNS_RECORDS } from '../../model/demo-records.ts';
import { MSG } from '../../model/messages.ts';
import { DOMAINS } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const DNS_RECORDS = DEMO_GLOWSKIN_DNS_RECORDS;
const ZONE_ID = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** What routes/dns.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'DNS', description: 'DNS zones and records of a domain (the `cloud_flare/…` routes; DNS_PROVIDER)' }],
  examples: {
    createDnsZone: {
      request: { domain_id: 1 },
      response: { id: ZONE_ID, name: 'glowskin-offer.com', under_attack: false, name_servers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'] },
    },
    updateDnsZone: { request: { under_attack: true }, response: { ...DOMAINS[1], children: undefined, under_attack: true } },
    listDnsRecords: { response: DNS_RECORDS },
    createDnsRecord: {
      request: { type: 'CNAME', name: 'www', content: 'glowskin-offer.com', proxied: true },
      response: { ...DNS_RECORDS[0], id: '0f1e2d3c4b5a69788796a5b400000004', type: 'CNAME', name: 'www.glowskin-offer.com', content: 'glowskin-offer.com' },
    },
    patchDnsRecord: {
      request: { zone_id: ZONE_ID, records: [{ id: DNS_RECORDS[0].id, type: 'A', name: 'glowskin-offer.com', content: '203.0.113.11', proxied: true }] },
      response: {
        message: '1 record changed, 0 unchanged',
        changed: [DNS_RECORDS[0].id],
        unchanged: [],
        records: [{ ...DNS_RECORDS[0], content: '203.0.113.11' }],
      },
    },
    deleteDnsRecord: { request: { zone_id: ZONE_ID, id: DNS_RECORDS[1].id }, response: { message: 'DNS record deleted', id: DNS_RECORDS[1].id } },
  },
  errors: {
    patchDnsRecord: { 409: ['DNS record shop.glowskin-offer.com (A): An identical record already exists.'], 423: [MSG.locked] },
  },
  fields: {
    'DnsZoneCreateSchema.domain_id': 'ID of the root domain to create the DNS zone of',
    'DnsRecordSchema.id': 'ID of the record at the DNS provider',
    'DnsPatchAnswerSchema.message': 'What changed, e.g. "1 record changed, 0 unchanged"',
    'DnsPatchAnswerSchema.changed': 'IDs of the records changed',
    'DnsPatchAnswerSchema.unchanged': 'IDs of the records that already had these values',
    'DnsPatchAnswerSchema.records': 'The records as they are now',
    'DnsRecordDeletedSchema.message': 'What was done: "DNS record deleted"',
    'DnsRecordDeletedSchema.id': 'ID of the DNS record deleted',
    'DnsDeleteSchema.id': 'ID of the record to delete',
    'DnsRecordSchema.name': 'Full name of the record',
    'DnsRecordSchema.type': 'Record type: A, CNAME, MX or TXT',
    'DnsRecordFormSchema.type': 'Record type: A, CNAME, MX or TXT',
  },
};
