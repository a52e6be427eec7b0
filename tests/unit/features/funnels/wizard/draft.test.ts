/**
 * The wizards' step rules (000 §5, §8; 001 §5, §8): the seeds' messages from the model's
 * schemas, and the plan a valid draft builds.
 */
import { describe, expect, it } from 'vitest';
import {
  campaignIdError,
  domainErrors,
  funnelErrors,
  generalErrors,
  newDraft,
  newGeneral,
  offerErrors,
  pageErrors,
  pagesErrors,
  planOf,
} from '../../../../../src/features/funnels/wizard/draft';

const offers = [{ offer_id: 10234 }];
const domains = [
  { ID: 2, name: 'flexfit-bands.com' },
  { ID: 3, name: 'sommer.flexfit-bands.com' },
];
const offer = newDraft('d').offer;

describe('wizard step rules', () => {
  it('offer: an existing one is chosen, or the offer form of 001 §5', () => {
    expect(offerErrors(offer, offers)).toEqual({ existing: 'Please select an offer' });
    const n = { ...offer, mode: 'new' as const, name: 'X' };
    expect(offerErrors({ ...n, offer_id: '12a' }, offers).offer_id).toBe('Input only numbers');
    expect(offerErrors({ ...n, offer_id: '123456' }, offers).offer_id).toBe('Input only numbers');
    expect(offerErrors({ ...n, offer_id: '1', ef_offer_id: 'x' }, offers).ef_offer_id).toBe('Input only numbers');
    expect(offerErrors({ ...n, offer_id: '10234' }, offers).offer_id).toBe('Offer 10234 already exists');
    expect(offerErrors({ ...n, offer_id: '20500', platform: '29next' }, offers)).toEqual({ store_id: 'You have to select store' });
    expect(offerErrors({ ...n, offer_id: '20500', platform: '29next', store_id: 2 }, offers)).toEqual({});
  });

  it('funnel: name and at least one country', () => {
    const f = newDraft().funnel;
    expect(funnelErrors({ ...f, countries: [] })).toEqual({ name: 'Please input Funnel name', countries: 'Please select at least on country' });
    expect(funnelErrors({ ...f, name: 'A' })).toEqual({});
  });

  it('campaign ids: required, digits, at most 5, duplicates', () => {
    expect(campaignIdError('', [])).toEqual({ message: 'Missing Campaign Id', duplicate: false });
    expect(campaignIdError('1a', [])?.message).toBe('Input only numbers');
    expect(campaignIdError('123456', [])?.message).toMatch(/at most 5/);
    expect(campaignIdError('12301', [12301])).toEqual({ message: 'Campaign 12301 already added', duplicate: true });
    expect(campaignIdError(' 12301 ', [])).toBeNull();
  });

  it('pages: name, type, path rule, duplicate path; the first page is an index page', () => {
    expect(pageErrors({ name: '', page_type: '', page_path: 'x', template_id: null }, [])).toEqual({
      name: 'Missing Name',
      page_type: 'Missing Page Type',
      page_path: 'Please input valid page path, it must start and end with slash.',
    });
    expect(pageErrors({ name: 'A', page_type: 'checkout', page_path: '/a/', template_id: null }, [{ page_path: '/a/' }])).toEqual({
      page_path: 'Page path already exists',
    });
    expect(pagesErrors([])).toEqual({ pages: 'No Pages added' });
    expect(pagesErrors([{ key: 'a', name: 'T', page_type: 'thankyou', page_path: '/t/', template_id: null }])).toEqual({
      pages: 'The index page must be of type checkout, interstitial or presell',
    });
  });

  it('domain: subdomain under a root or a new domain; duplicates by full name', () => {
    expect(domainErrors({ mode: 'subdomain', name: '', domain_id: null }, domains)).toEqual({ name: 'Please Domain URL', domain_id: 'Please select a domain' });
    expect(domainErrors({ mode: 'subdomain', name: 'eu.shop', domain_id: 2 }, domains)).toEqual({ name: 'Please enter a valid subdomain' });
    expect(domainErrors({ mode: 'subdomain', name: 'Sommer', domain_id: 2 }, domains)).toEqual({ name: 'Domain sommer.flexfit-bands.com already added' });
    expect(domainErrors({ mode: 'domain', name: 'nodot', domain_id: null }, domains)).toEqual({ name: 'Please enter a valid domain' });
    expect(domainErrors({ mode: 'domain', name: 'flexfit-bands.com', domain_id: null }, domains)).toEqual({ name: 'Domain flexfit-bands.com already added' });
    expect(domainErrors({ mode: 'domain', name: 'new-shop.com', domain_id: null }, domains)).toEqual({});
  });

  it('general: support contact, offer name and formats (000 §5)', () => {
    expect(generalErrors(newGeneral())).toEqual({
      cs_number: 'Please input the support number',
      cs_email: 'Please input the support email',
      'details.dl_offer_name': 'Please input the offer name',
    });
    const g = { cs_number: '1', cs_email: 'x', details: { ...newGeneral().details, dl_offer_name: 'A', GTM: 'GTM-1' } };
    expect(generalErrors(g)).toEqual({ cs_email: 'Email format is not valid', 'details.GTM': 'GTM must be letters and digits, at most 8' });
  });

  it('plan: existing offer, subdomain, funnel fields and general for the quick wizard; the secret key only when typed', () => {
    const d = {
      ...newDraft('dd'),
      offer: { ...offer, existing: 10234 },
      funnel: { ...newDraft().funnel, name: ' Glow ' },
      domain: { mode: 'subdomain' as const, name: 'Shop', domain_id: 2 },
      general: { ...newGeneral(), cs_number: '1', cs_email: 'a@b.co' },
    };
    expect(planOf(d, false)).toMatchObject({
      draftId: 'dd',
      offer: { kind: 'existing', offer_id: 10234 },
      funnel: { name: 'Glow' },
      domain: { kind: 'subdomain', name: 'shop', domain_id: 2 },
    });
    expect(planOf(d, false).funnel).toEqual({ name: 'Glow' });
    const q = planOf(d, true).funnel;
    expect(q).toMatchObject({ currency: 'USD', language: 'en', countries: ['US', 'CA'], cs_number: '1', cs_email: 'a@b.co' });
    expect(q.details).not.toHaveProperty('cf_secret_key');
    expect(planOf({ ...d, general: { ...d.general, details: { ...d.general.details, cf_secret_key: 's3cret' } } }, true).funnel.details?.cf_secret_key).toBe(
      's3cret',
    );
  });
});
