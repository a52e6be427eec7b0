import { describe, expect, it } from 'vitest';
import { documentErrors, MSG } from '../../../src/model';
import { checkoutPage, funnel as demoFunnel } from '../../fixtures/demo';

describe('documentErrors (what holds Save back)', () => {
  it('is empty for the valid demo funnel and page', () => {
    expect(documentErrors('funnel', demoFunnel)).toEqual({});
    expect(documentErrors('page', checkoutPage)).toEqual({});
  });

  it("lists a funnel's General-form and format errors by path, in the seeds' words", () => {
    const f = { ...demoFunnel, cs_email: 'not-an-email', details: { ...demoFunnel.details, GTM: 'TOO-LONG-GTM' } };
    expect(documentErrors('funnel', f)).toEqual({ cs_email: 'Email format is not valid', 'details.GTM': expect.any(String) as string });
  });

  it("lists a page's own fields and every panel rule of its meta under meta.", () => {
    const p = { ...checkoutPage, name: ' ', meta: { ...checkoutPage.meta, warranty: 'true', warrantyFrame: '' } };
    const errors = documentErrors('page', p);
    expect(errors.name).toBe(MSG.pageName);
    expect(errors['meta.warrantyFrame']).toBe('Please select warranty frame');
    expect(documentErrors('page', { ...checkoutPage, meta: { redirect: { path: 'javascript:alert(1)', ef: true } } })['meta.redirect.path']).toBe(
      MSG.redirectPath,
    );
    expect(documentErrors('page', { ...checkoutPage, meta: { redirect: { path: '/upsell/', ef: true } } })).toEqual({});
  });

  it("says 'Page path already exists' when another page of the funnel has the path, not for the page itself", () => {
    const siblings = [
      { ID: checkoutPage.ID, page_path: '/old/' },
      { ID: 99, page_path: '/taken/' },
    ];
    expect(documentErrors('page', { ...checkoutPage, page_path: '/taken/' }, siblings).page_path).toBe(MSG.pagePathExists);
    expect(documentErrors('page', { ...checkoutPage, page_path: '/free/' }, siblings)).toEqual({});
    expect(documentErrors('page', checkoutPage, [{ ID: checkoutPage.ID, page_path: checkoutPage.page_path }])).toEqual({});
  });
});
