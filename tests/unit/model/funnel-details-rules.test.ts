import { describe, expect, it } from 'vitest';
import { flowProblems, funnelDetailsProblems, MSG } from '../../../src/model';

const pages = [
  { ID: 1, name: 'Checkout', page_type: 'checkout', page_path: '/checkout/', page_id: 2, page_alt_id: null, meta: { products: [{}] } },
  { ID: 2, name: 'Thank You', page_type: 'thankyou', page_path: '/thank-you/', page_id: null, page_alt_id: null },
];

describe('funnel details a published funnel needs (000 §5)', () => {
  it('names each missing or malformed one with the details form message', () => {
    expect(funnelDetailsProblems({ cs_number: '', cs_email: '', details: { dl_offer_name: '' } }).map((p) => [p.field, p.message])).toEqual([
      ['details.dl_offer_name', MSG.dlOfferName],
      ['cs_number', MSG.supportNumber],
      ['cs_email', MSG.supportEmail],
    ]);
    expect(funnelDetailsProblems({ cs_number: '+1 555', cs_email: 'not an address', details: { dl_offer_name: 'Brand' } })).toEqual([
      { field: 'cs_email', message: MSG.email },
    ]);
    expect(funnelDetailsProblems({ cs_number: '+1 555', cs_email: 'a@b.example', details: { dl_offer_name: 'Brand' } })).toEqual([]);
  });

  it('the pre-publish check refuses a funnel without them (errors, funnel-wide)', () => {
    const funnel = { page_id: 1, offer: 20320, cs_number: '', cs_email: 'help@x.example', details: { dl_offer_name: '' } };
    expect(flowProblems({ funnel, pages, offerExists: true })).toEqual([
      { level: 'error', code: 'no-details', message: MSG.dlOfferName },
      { level: 'error', code: 'no-details', message: MSG.supportNumber },
    ]);
    expect(flowProblems({ funnel: { ...funnel, cs_number: '1', details: { dl_offer_name: 'Brand' } }, pages, offerExists: true })).toEqual([]);
  });
});
