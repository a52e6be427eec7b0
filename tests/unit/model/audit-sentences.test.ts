/**
 * The Logs tab's sentences of a diff (001 §3, §7): entries made on the demo fixtures the way the
 * editor records them (the ops applied to the document, the inverse the model computes, the
 * server's identity ops), read back as "Checkout › Products › Single › Price 39.95 → 34.95".
 */
import { describe, expect, it } from 'vitest';
import { auditSentences, invertOps, REDACTED, type AuditLog, type Operation } from '../../../src/model';
import { auditLog, checkoutPage, contentFilledPage, funnel, templates } from '../../fixtures/demo';

/** A diff of `doc` as the server stores it: the ops and their inverse against `before`. */
const entry = (doc: string, before: unknown, ops: Operation[]): Pick<AuditLog, 'ops' | 'inverse' | 'doc'> => ({ doc, ops, inverse: invertOps(before, ops) });

describe('auditSentences', () => {
  it('reads a replace as page › panel › item › field old → new (the demo log entry)', () => {
    const priceChange = auditLog.find((e) => e.title === 'Set product price')!;
    expect(auditSentences(priceChange, { docName: 'Checkout', before: checkoutPage })).toEqual(['Checkout › Products › Single › Price 39.95 → 34.95']);
    // Without the document the item is named by its position.
    expect(auditSentences(priceChange, { docName: 'Checkout' })).toEqual(['Checkout › Products › item 1 › Price 39.95 → 34.95']);
    expect(auditSentences(priceChange)).toEqual(['Page 11 › Products › item 1 › Price 39.95 → 34.95']);
  });

  it('names an item added to a list by its value and leaves out the identity op', () => {
    const review = { id: 'review-4', avatar: '', user: 'Tom K.', reviewTitle: 'Great', review: '<p>Works <strong>fast</strong>.</p>' };
    const e = entry('page:42', contentFilledPage, [
      { op: 'add', path: '/meta/reviews/3', value: review },
      { op: 'add', path: '/meta/reviews/3/uid', value: 'u-4' },
    ]);
    expect(auditSentences(e, { docName: 'Checkout', before: contentFilledPage })).toEqual(['Checkout › Reviews: added “Tom K.”']);
  });

  it('names an item removed from a list by the value the inverse keeps', () => {
    const e = entry('page:42', contentFilledPage, [{ op: 'remove', path: '/meta/reviews/0' }]);
    // Named from the inverse alone: the document is not needed.
    expect(auditSentences(e, { docName: 'Checkout' })).toEqual(['Checkout › Reviews: removed “Jessica M.”']);
  });

  it('reads a move as the item and its positions, and shows HTML as plain text', () => {
    const moved = entry('page:11', checkoutPage, [{ op: 'move', from: '/meta/products/0', path: '/meta/products/2' }]);
    expect(auditSentences(moved, { docName: 'Checkout', before: checkoutPage })).toEqual(['Checkout › Products: moved “Single” from position 1 to 3']);
    const text = entry('page:42', contentFilledPage, [
      { op: 'replace', path: '/meta/reviews/1/review', value: '<p>Now <em>even</em> better &amp; faster.</p>' },
    ]);
    const [sentence] = auditSentences(text, { docName: 'Checkout', before: contentFilledPage });
    expect(sentence).toBe('Checkout › Reviews › Daniel K. › Review “Arrived in three days.” → “Now even better & faster.”');
    expect(sentence).not.toContain('<');
  });

  it('puts a meta setting under its panel, as on/off, and shortens long values', () => {
    const e = entry('page:11', checkoutPage, [
      { op: 'add', path: '/meta/withShipping', value: 'true' },
      { op: 'add', path: '/meta/headline', value: 'A'.repeat(200) },
    ]);
    const [flag, headline] = auditSentences(e, { docName: 'Checkout', before: checkoutPage });
    expect(flag).toBe('Checkout › Template options › With shipping: added on');
    expect(headline).toBe(`Checkout › Headline “Choose your package” → “${'A'.repeat(59)}…”`);
  });

  it('reads a funnel detail, and a nested FAQ entry by its question', () => {
    const e = entry('funnel:1', funnel, [
      { op: 'replace', path: '/details/guarantee', value: '90 days' },
      { op: 'add', path: '/details/faq/0', value: { uid: 'f1', faq_id: '1', faq_question: 'Is it safe?', faq_content: [{ uid: 'c1', faq_ct_text: 'Yes.' }] } },
      { op: 'replace', path: '/details/faq/0/faq_content/0/faq_ct_text', value: 'Yes, tested.' },
    ]);
    expect(auditSentences(e, { docName: 'Funnel', before: funnel })).toEqual([
      'Funnel › Details › Guarantee “60 days” → “90 days”',
      'Funnel › Details › FAQ: added “Is it safe?”',
      'Funnel › Details › FAQ › Is it safe? › Answer › item 1 › Text “Yes.” → “Yes, tested.”',
    ]);
  });

  it('names a next page by its name, a page without one by its ID', () => {
    const names: Record<number, string> = { 12: 'Night cream upsell', 13: 'Thank you' };
    const e = entry('page:11', checkoutPage, [
      { op: 'replace', path: '/page_id', value: 13 },
      { op: 'replace', path: '/page_alt_id', value: 99 },
    ]);
    expect(auditSentences(e, { docName: 'Checkout', before: checkoutPage, pageName: (id) => names[id] })).toEqual([
      'Checkout › Next page “Night cream upsell” → “Thank you”',
      'Checkout › Next page on skip none → 99',
    ]);
  });

  it('keeps a redacted secret redacted', () => {
    const stored = { ...funnel, details: { ...funnel.details, cf_secret_key: REDACTED } };
    const e = entry('funnel:1', stored, [{ op: 'replace', path: '/details/cf_secret_key', value: REDACTED }]);
    const sentences = auditSentences(e, { docName: 'Funnel', before: stored });
    expect(sentences).toEqual(['Funnel › Details › Captcha secret key changed (the value is secret)']);
    expect(sentences.join()).not.toContain(funnel.details.cf_secret_key!);
  });

  it('names a template field and a whole document created', () => {
    const tpl = templates[0]!;
    const e = entry(`template:${tpl.ID}`, tpl, [{ op: 'replace', path: '/name', value: 'Renamed' }]);
    expect(auditSentences(e, { docName: tpl.name, before: tpl })).toEqual([`${tpl.name} › Name “${tpl.name}” → “Renamed”`]);
    expect(auditSentences({ doc: 'page:11', ops: [{ op: 'add', path: '', value: checkoutPage }], inverse: null }, { docName: 'Checkout' })).toEqual([
      'Checkout created',
    ]);
    expect(auditSentences({ doc: null, ops: null, inverse: null })).toEqual([]);
  });
});
