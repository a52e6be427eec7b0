/**
 * OpenAPI examples, error messages and field descriptions of the funnel routes (routes/funnels.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { DEMO_FUNNEL_FIELDS } from '../../model/demo-records.ts';
import { MSG, WRITE_MSG } from '../../model/messages.ts';
import { TEXT_MAX } from '../../model/constants.ts';
import { urlFieldMessage } from '../../model/url.ts';
import { BODY_400, deleted, FUNNEL_404, LOCKED, PRODUCT } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const FUNNEL = {
  ...DEMO_FUNNEL_FIELDS,
  offer: 10231,
  details: {
    UA: '',
    GTM: 'GTM4X2K9',
    OPT: '',
    faq: [
      {
        uid: '6d10acbe83',
        faq_id: 'f1',
        faq_content: [{ uid: '9272801a1d', faq_ct_text: 'Most customers see brighter skin within 2–3 weeks of daily use.' }],
        faq_question: 'How soon will I see results?',
      },
      {
        uid: '2ae333084e',
        faq_id: 'f2',
        faq_content: [{ uid: '82fade0039', faq_ct_text: 'Yes. It is fragrance-free and dermatologist tested.' }],
        faq_question: 'Is it suitable for sensitive skin?',
      },
    ],
    logo: '',
    manual: [],
    favicon: '',
    guarantee: '60-Day Money-Back Guarantee',
    logo_white: '',
    cf_site_key: '',
    dl_offer_name: 'GlowSkin Vitamin C Serum',
    bannerImageAffid: [],
    has_cf_secret_key: false,
    cf_secret_key_hint: '',
  },
  version: 1,
};
const FUNNEL_LIST_ITEM = { ...FUNNEL, offer_name: 'GlowSkin Vitamin C Serum', platform: 'sticky', ef_offer_id: 512, domain: 'glowskin-offer.com' };

/** What routes/funnels.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [
    {
      name: 'Funnels',
      description: 'Funnels (000 §7): list, create, read, replace, JSON-Patch, delete, clone, lock, publish; documents with a `version` (ETag, If-Match)',
    },
  ],
  examples: {
    listFunnels: { response: [FUNNEL_LIST_ITEM] },
    exportFunnels: {
      response:
        '\uFEFFID,Name,Offer,Platform,Everflow OID,Domain,Status,Locked\r\n1,GlowSkin Serum – US Launch,GlowSkin Vitamin C Serum,sticky,512,glowskin-offer.com,qc,no\r\n',
    },
    createFunnel: {
      request: {
        name: 'GlowSkin Serum – CA Launch',
        offer: 10231,
        currency: 'USD',
        language: 'en',
        countries: ['CA'],
        cs_number: '+1 (888) 555-0142',
        cs_email: 'support@glowskin-offer.com',
      },
      response: FUNNEL,
    },
    getFunnel: { response: FUNNEL },
    putFunnel: {
      request: { name: FUNNEL.name, publish_status: 'released', cs_email: FUNNEL.cs_email },
      response: { ...FUNNEL, publish_status: 'released', version: 2 },
    },
    patchFunnel: {
      request: [
        { op: 'test', path: '/version', value: 1 },
        { op: 'replace', path: '/details/guarantee', value: '90-Day Money-Back Guarantee' },
      ],
      response: { ...FUNNEL, details: { ...FUNNEL.details, guarantee: '90-Day Money-Back Guarantee' }, version: 2 },
    },
    deleteFunnel: { response: deleted('Funnel', 1) },
    cloneFunnel: {
      request: { name: 'GlowSkin Serum – US Launch (copy)' },
      response: { ...FUNNEL, ID: 4, name: 'GlowSkin Serum – US Launch (copy)', page_id: 16 },
    },
    lockFunnel: { request: { locked: true }, response: { ...FUNNEL, locked: true, version: 2 } },
    archiveFunnel: { request: { archived: true }, response: { ...FUNNEL, archived: true, version: 2 } },
    listFunnelProducts: { response: [PRODUCT] },
  },
  errors: {
    createFunnel: { 422: [MSG.newFunnelName, WRITE_MSG.tooLong('Funnel name', TEXT_MAX.name), MSG.offerRequired, MSG.countries, 'Offer not found'] },
    getFunnel: FUNNEL_404,
    putFunnel: {
      ...BODY_400('a funnel'),
      ...FUNNEL_404,
      ...LOCKED,
      422: [MSG.funnelName, MSG.countries, MSG.email, MSG.gtm, MSG.supportNumber, MSG.dlOfferName, urlFieldMessage('Logo URL')],
    },
    patchFunnel: {
      ...FUNNEL_404,
      ...LOCKED,
      409: [WRITE_MSG.testFailed('funnel')],
      422: [MSG.funnelName, MSG.countries, WRITE_MSG.secretRead, MSG.supportEmail, MSG.indexPage, MSG.imageUrl],
    },
    deleteFunnel: { ...FUNNEL_404, ...LOCKED },
    cloneFunnel: { 404: ['Source funnel not found'], 422: [MSG.cloneName, WRITE_MSG.tooLong('Clone name', TEXT_MAX.name)] },
    lockFunnel: { ...FUNNEL_404, 422: ['Locked must be true or false'] },
    archiveFunnel: { ...FUNNEL_404, ...LOCKED, 422: ['Archived must be true or false'] },
    listFunnels: {
      422: [
        'The archived filter must be true or false',
        'The status filter must be one of progress, qc, released',
        'Sort must be one of id, name, offer, platform, status, with - in front for descending',
        'Per page must be a whole number from 1 to 100',
      ],
    },
    listFunnelProducts: FUNNEL_404,
    exportFunnels: {
      422: ['The status filter must be one of progress, qc, released', 'Sort must be one of id, name, offer, platform, status, with - in front for descending'],
    },
  },
  fields: {
    'FunnelSchema.name': 'Name of the funnel',
    'FunnelListItemSchema.offer_name': "Name of the funnel's offer",
    'FunnelListItemSchema.platform': 'Order platform of the offer: sticky or 29next',
    'FunnelListItemSchema.ef_offer_id': 'Everflow offer ID of the offer',
    'FunnelListItemSchema.domain': "The funnel's (first) domain, null without one",
    'NewFunnelBodySchema.details': 'Funnel details, any of them (the rest default; the captcha secret key is write-only)',
    'LockBodySchema.locked': 'True to lock the funnel, false to unlock it',
    'ArchiveBodySchema.archived': 'True to archive the funnel, false to restore it',
    'NewFunnelSchema.name': 'Name of the funnel',
    'FunnelGeneralSchema.name': 'Name of the funnel',
    'CloneFunnelSchema.name': 'Name of the clone',
  },
};
