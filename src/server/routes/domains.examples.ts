/**
 * OpenAPI examples, error messages and field descriptions of the domain routes (routes/domains.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG } from '../../model/messages.ts';
import { deleted, DOMAINS, FUNNEL_404, LOCKED } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

/** What routes/domains.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Domains', description: 'Domains and funnel subdomains (with `sync`, set up in DNS)' }],
  examples: {
    listDomains: { response: DOMAINS },
    exportDomains: { response: '\ufeffID,Name,Parent,Funnel ID,In DNS,Under attack,Subdomains\r\n1,glowskin-offer.com,,1,yes,no,eu.glowskin-offer.com\r\n' },
    createDomain: {
      request: { name: 'purebrite-smile.com', under_attack: false },
      response: { ID: 4, name: 'purebrite-smile.com', funnel_id: null, domain_id: null, parent: null, sync: false, under_attack: false, zone_id: null },
    },
    listSubdomains: { response: [DOMAINS[0].children[0]] },
    listFunnelDomains: { response: [{ ...DOMAINS[1], children: undefined }] },
    updateDomain: { request: { funnel_id: 1, under_attack: false }, response: { ...DOMAINS[1], children: undefined } },
    deleteDomain: { response: deleted('Domain', 4) },
  },
  errors: {
    createDomain: { 409: [MSG.domainAdded('glowskin-offer.com')], 422: [MSG.domainRequired, MSG.domainInvalid], ...LOCKED },
    updateDomain: { 404: ['Domain not found'], ...LOCKED },
    deleteDomain: { 404: ['Domain not found'], ...LOCKED },
    listFunnelDomains: FUNNEL_404,
  },
  fields: {
    'DomainBodySchema.name': "The domain (a full domain), or the subdomain's prefix when `funnel_id` and `domain_id` are given",
    'DomainBodySchema.funnel_id': 'ID of the funnel the subdomain belongs to (omitted: a root domain)',
    'DomainUpdateSchema.funnel_id': 'ID of the funnel the domain is assigned to (null: none)',
    'DomainSchema.name': 'The full domain name',
    'DomainSchema.funnel_id': 'ID of the funnel it is assigned to (null: none)',
    'DomainSchema.domain_id': 'ID of the root domain of a subdomain (null: a root domain)',
    'DomainSchema.parent': 'Name of the root domain of a subdomain (null: a root domain)',
    'DomainSchema.sync': 'True when it is set up in DNS',
    'DomainSchema.zone_id': 'ID of the DNS zone of a root domain (null: none yet)',
    'DomainSchema.children': 'Subdomains of a root domain (the grouped list only)',
  },
};
