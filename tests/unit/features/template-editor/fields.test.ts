/**
 * What the template editor offers in its frame and what a frame's proposal becomes (001 §2
 * "Template editor", §5 "Edited text in the template editor has script tags stripped and,
 * unless html is allowed for that field, tags removed").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decideProposal, frameFields, kindOf, setTextAt, valueAt } from '../../../../src/features/template-editor/fields.ts';
import { createRichTextSanitizer } from '../../../../src/model/rich-text.ts';
import { serverDom } from '../../../../src/server/dom.ts';

let sanitize: (html: string) => string;
beforeAll(async () => {
  const { purify, document } = await serverDom();
  sanitize = createRichTextSanitizer(purify, document);
});

const meta = {
  headline: 'Choose your package',
  products: [{ id: 'p1', product_data_name: 'Serum', _price: 39.99 }],
  reviews: [{ id: 'r1', review: '<p>Lovely</p>', user: 'Ann' }],
  heroImage: '/img/hero.png',
  css: '.a{}',
};

describe('frameFields', () => {
  it('offers texts with their stored value, images and blocks by kind, never code', () => {
    const { fields, texts } = frameFields(meta, [
      ['headline', 'Choose your package'],
      ['products.0.product_data_name', '2 × Serum'],
      ['reviews.0.review', 'Lovely'],
      ['heroImage', ''],
      ['productAddons.0', ''],
      ['css', '.a{}'],
    ]);
    expect(fields).toEqual({
      headline: 'text',
      'products.0.product_data_name': 'text',
      'reviews.0.review': 'html',
      heroImage: 'image',
      'productAddons.0': 'block',
    });
    // A session starts from what is stored, not from what the template prints around it.
    expect(texts['products.0.product_data_name']).toBe('Serum');
    expect(texts['reviews.0.review']).toBe('<p>Lovely</p>');
  });

  it('a text the template prints by default starts from the rendered text; one whose item is missing is not offered', () => {
    const { fields, texts } = frameFields(meta, [
      ['warrantyText', 'Add our extended warranty'],
      ['products.3.product_data_name', 'Ghost'],
    ]);
    expect(fields).toEqual({ warrantyText: 'text' });
    expect(texts.warrantyText).toBe('Add our extended warranty');
  });

  it('ignores marks outside the catalogue and prototype keys', () => {
    expect(
      frameFields(meta, [
        ['__proto__', 'x'],
        ['constructor', 'x'],
        ['nope', 'x'],
      ]).fields,
    ).toEqual({});
    expect(kindOf('__proto__')).toBeNull();
    expect(valueAt(meta, 'headline.constructor')).toBeUndefined();
  });
});

describe('decideProposal', () => {
  const offered = frameFields(meta, [
    ['headline', ''],
    ['reviews.0.review', ''],
    ['heroImage', ''],
  ]);

  it('cleans a plain text: script tags stripped, tags removed', () => {
    const out = decideProposal(offered, false, meta, 'headline', 'Pick <b>yours</b><script>alert(1)</script> now', sanitize);
    expect(out).toEqual({ ok: true, path: 'headline', value: 'Pick yours now', label: 'Edit text headline' });
  });

  it('keeps the rich-text allow-list where html is allowed, without scripts or handlers', () => {
    const out = decideProposal(
      offered,
      false,
      meta,
      'reviews.0.review',
      '<p class="fe-p"><b>Great</b> <img src=x onerror=alert(1)><script>x()</script></p>',
      sanitize,
    );
    expect(out).toMatchObject({ ok: true, value: '<p><strong>Great</strong> </p>' });
  });

  it('refuses what was not offered as text, a locked funnel, an unchanged text and a removed item', () => {
    expect(decideProposal(offered, false, meta, 'heroImage', '/x.png', sanitize)).toEqual({ ok: false, reason: 'not offered' });
    expect(decideProposal(offered, false, meta, 'subheadline', 'x', sanitize)).toEqual({ ok: false, reason: 'not offered' });
    expect(decideProposal(offered, true, meta, 'headline', 'New', sanitize)).toEqual({ ok: false, reason: 'locked' });
    expect(decideProposal(offered, false, meta, 'headline', 'Choose <i>your</i> package', sanitize)).toEqual({ ok: false, reason: 'unchanged' });
    expect(decideProposal(offered, false, { ...meta, reviews: [] }, 'reviews.0.review', 'x', sanitize)).toEqual({ ok: false, reason: 'gone' });
  });
});

describe('setTextAt', () => {
  it('writes into an existing object only', () => {
    const m = structuredClone(meta);
    expect(setTextAt(m, 'products.0.product_data_name', 'Glow')).toBe(true);
    expect(m.products[0]?.product_data_name).toBe('Glow');
    expect(setTextAt(m, 'products.5.product_data_name', 'x')).toBe(false);
    expect(setTextAt(m, 'products.0', 'x')).toBe(false);
    expect(m.products).toHaveLength(1);
  });
});
