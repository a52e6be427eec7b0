/**
 * The editable-text catalogue and the cleaning of edited texts (001 §5: "Edited text in the
 * template editor has script tags stripped and, unless html is allowed for that field, tags
 * removed"). The first block reads every `data-edit` mark of the Liquid layouts and fails when
 * one is classified neither as a text nor as a known non-text, so a new mark cannot go
 * unclassified; and when the catalogue lists a path no layout marks.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEditedText,
  cleanMetaTexts,
  EDITABLE_TEXTS,
  NON_TEXT_MARKS,
  nonTextKind,
  stripScripts,
  stripTags,
  textField,
  textFieldAt,
  textFieldAtPointer,
} from '../../../src/model/editable-text.ts';
import { createRichTextSanitizer } from '../../../src/model/rich-text.ts';
import { serverDom } from '../../../src/server/dom.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TEMPLATES = path.join(ROOT, 'src/server/publish/templates');

// ---- the marks of the layouts ----------------------------------------------------------------

/** Every layout file's text by name. */
const files = Object.fromEntries(
  fs
    .readdirSync(TEMPLATES)
    .filter((f) => f.endsWith('.liquid'))
    .map((f) => [f, fs.readFileSync(path.join(TEMPLATES, f), 'utf8')]),
);
const allLiquid = Object.values(files).join('\n');

/** The values a `render` call passes for parameter `param` of partial `partial` (`key: 'reviews'`). */
function renderArgs(partial: string, param: string): string[] {
  const out = new Set<string>();
  for (const m of allLiquid.matchAll(new RegExp(`{%-?\\s*render\\s+'${partial}'([^%]*)%}`, 'g'))) {
    const v = new RegExp(`\\b${param}:\\s*'([^']*)'`).exec(m[1] ?? '');
    if (v?.[1]) out.add(v[1]);
  }
  return [...out];
}

/** The meta paths `priceKey` can name (src/server/publish/view.ts), with `${i}` as index 0. */
function priceKeys(): string[] {
  const view = fs.readFileSync(path.join(ROOT, 'src/server/publish/view.ts'), 'utf8');
  const out: string[] = [];
  for (const m of view.matchAll(/priceKey:\s*([^,\n]+)/g)) {
    for (const s of (m[1] ?? '').matchAll(/'([^']+)'|`([^`]+)`/g)) out.push((s[1] ?? s[2] ?? '').replace(/\$\{\w+\}/g, '0'));
  }
  return out;
}

const INDEX = ['0'];
/**
 * What each Liquid expression inside a mark can stand for, by `file:expression` or
 * `expression`. An expression missing here fails the test: add it (and classify its paths).
 */
const EXPRESSIONS: Record<string, string[]> = {
  'forloop.index0': INDEX,
  i: INDEX,
  'z.i': INDEX,
  'a.i': INDEX,
  'x.j': INDEX,
  // _extras.liquid: {% assign k = 'productAddons.' | append: a.i | append: '.products.' | append: x.j %}
  '_extras.liquid:k': ['productAddons.0.products.0'],
  // _reviews.liquid: {% assign k = key | default: 'reviews' %}, rendered with key: 'reviews' / 'extraReviews'.
  '_reviews.liquid:k': ['reviews', ...renderArgs('_reviews', 'key')],
  "titleKey | default: 'reviewsTitle'": ['reviewsTitle', ...renderArgs('_reviews', 'titleKey')],
  'v.priceKey': priceKeys().filter((k) => !k.startsWith('data_')),
  'x.priceKey': priceKeys().filter((k) => k.startsWith('data_')),
};

/** The concrete meta paths one mark can name; unknown Liquid expressions are reported in `unknown`. */
function expand(file: string, mark: string, unknown: string[]): string[] {
  // {% if … %}A{% else %}B{% endif %} → A, B (the layouts nest none inside a mark).
  const branches = /{%\s*if [^%]*%}([\s\S]*?){%\s*else\s*%}([\s\S]*?){%\s*endif\s*%}/.exec(mark);
  if (branches) {
    return [branches[1] ?? '', branches[2] ?? ''].flatMap((b) => expand(file, mark.replace(branches[0], b), unknown));
  }
  const expr = /{{\s*(.*?)\s*}}/.exec(mark);
  if (!expr) return [mark];
  const key = expr[1] ?? '';
  const values = EXPRESSIONS[`${file}:${key}`] ?? EXPRESSIONS[key];
  if (!values?.length) {
    unknown.push(`${file}: ${mark}`);
    return [];
  }
  return values.flatMap((v) => expand(file, mark.replace(expr[0], v), unknown));
}

/** Every mark of every layout, expanded: `[file, mark, path]`. */
function markedPaths(): { unknown: string[]; paths: [string, string, string][] } {
  const unknown: string[] = [];
  const paths: [string, string, string][] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const m of text.matchAll(/data-edit="([^"]*)"/g)) {
      const mark = m[1] ?? '';
      for (const p of expand(file, mark, unknown)) paths.push([file, mark, p]);
    }
  }
  return { unknown, paths };
}

/** A concrete path as a catalogue pattern (indexes as `*`). */
const pattern = (p: string) =>
  p
    .split('.')
    .map((s) => (/^\d+$/.test(s) ? '*' : s))
    .join('.');

describe('the catalogue of editable texts', () => {
  const { unknown, paths } = markedPaths();

  it('reads the marks of every layout (all Liquid expressions in marks are known)', () => {
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(5);
    expect(unknown).toEqual([]);
    expect(paths.length).toBeGreaterThan(60);
  });

  it('classifies EVERY data-edit path of the layouts as a text or a known non-text, never both', () => {
    const unclassified = paths.filter(([, , p]) => textField(p) === null && nonTextKind(p) === null).map(([f, m, p]) => `${f}: ${m} → ${p}`);
    expect(unclassified).toEqual([]);
    const both = paths.filter(([, , p]) => textField(p) !== null && nonTextKind(p) !== null).map(([, , p]) => p);
    expect(both).toEqual([]);
  });

  it('lists no path that no layout marks (the catalogue and the layouts agree both ways)', () => {
    const marked = new Set(paths.map(([, , p]) => pattern(p)));
    expect(Object.keys(EDITABLE_TEXTS).filter((k) => !marked.has(k))).toEqual([]);
    expect(Object.keys(NON_TEXT_MARKS).filter((k) => !marked.has(k))).toEqual([]);
  });

  it('allows html only for what is rich text already: review bodies and list texts', () => {
    const rich = Object.entries(EDITABLE_TEXTS)
      .filter(([, f]) => f.html)
      .map(([k]) => k)
      .sort();
    expect(rich).toEqual(['extraReviews.*.review', 'list.*.listText', 'reviews.*.review']);
    expect(textField('headline')).toEqual({ html: false });
    expect(textField('ctaText')).toEqual({ html: false });
    expect(textField('reviews.2.review')).toEqual({ html: true });
    expect(textField('list.0.listText')).toEqual({ html: true });
    expect(textField('list.0.boldText')).toEqual({ html: false });
  });

  it('matches indexes only where a list is: products.0 yes, products.x / products.01 / products.-1 no', () => {
    for (const p of ['products.0.product_data_name', 'products.12.features.3.f', 'productSizes.1.name', 'productAddons.0.products.4.data_name'])
      expect(textField(p), p).toEqual({ html: false });
    for (const p of [
      'products.x.product_data_name',
      'products.01.product_data_name',
      'products.-1.product_data_name',
      'products.0',
      'headline.0',
      '',
      '__proto__',
      'constructor',
    ])
      expect(textField(p), p).toBeNull();
    expect(textFieldAt(['reviews', '0', 'user'])).toEqual({ html: false });
  });

  it('says null for images, lists, items, blocks, money and code', () => {
    for (const p of [
      'heroImage',
      'imgSlider.0.img',
      'list',
      'list.0',
      'reviews.0.avatar',
      'productSelect',
      'warranty',
      'recurring',
      'faq',
      'products.0._price',
      'product_override_price',
      'css',
      'customJs',
      'skipPagePath',
      'intShipping.0.country',
    ]) {
      expect(textField(p), p).toBeNull();
      expect(nonTextKind(p), p).not.toBeNull();
    }
    expect(nonTextKind('css')).toBe('code');
    expect(nonTextKind('heroImage')).toBe('image');
    expect(nonTextKind('products.3._save')).toBe('money');
  });

  it('reads JSON Pointers into the document: /meta/…, RFC 6901 escapes, nothing outside meta', () => {
    expect(textFieldAtPointer('/meta/headline')).toEqual({ html: false });
    expect(textFieldAtPointer('/meta/reviews/0/review')).toEqual({ html: true });
    expect(textFieldAtPointer('/meta/products/1/features/0/f')).toEqual({ html: false });
    const outside: [pointer: string, why: string][] = [
      ['/name', 'not in meta'],
      ['/meta', 'meta itself'],
      ['', 'the whole document'],
      ['meta/headline', 'no leading slash'],
      ['/meta/head~1line', "'head/line'"],
      ['/meta/headline~', 'malformed escape'],
      ['/meta/headline~2', 'malformed escape'],
      ['/m~0eta/headline', "'m~eta'"],
    ];
    for (const [pointer, why] of outside) expect(textFieldAtPointer(pointer), `${pointer}: ${why}`).toBeNull();
  });
});

// ---- cleaning ------------------------------------------------------------------------------

let sanitize: (html: string) => string;
beforeAll(async () => {
  const { purify, document } = await serverDom();
  sanitize = createRichTextSanitizer(purify, document);
});

describe('stripTags and stripScripts', () => {
  const strip = { stripScripts, stripTags };
  it.each([
    // stripScripts removes script (and style) elements with their content, whatever the case or attributes.
    ['stripScripts', 'a<script>alert(1)</script>b', 'ab'],
    ['stripScripts', 'a<SCRIPT type="text/javascript">x()</SCRIPT >b', 'ab'],
    ['stripScripts', 'a<style>p{}</style>b', 'ab'],
    ['stripScripts', 'a<script>never closed', 'a'],
    ['stripScripts', '<scr<script>x</script>ipt>alert(1)</script>', ''],
    ['stripScripts', 'keep <b>this</b>', 'keep <b>this</b>'],
    // stripTags keeps the text of other tags, decodes character references, keeps a "<" that starts no tag.
    ['stripTags', 'Hi <b>there</b><script>alert(1)</script>', 'Hi there'],
    ['stripTags', 'Tom &amp; Jerry', 'Tom & Jerry'],
    ['stripTags', '&quot;quoted&quot; &#39;x&#39; &#x1F600; caf&eacute;', '"quoted" \'x\' 😀 caf&eacute;'],
    ['stripTags', 'a&nbsp;b', 'a\u00a0b'],
    ['stripTags', '5 < 6 and 7 > 3', '5 < 6 and 7 > 3'],
    ['stripTags', 'I &lt;3 you', 'I <3 you'],
    ['stripTags', '<p onclick="x()">One</p><p>Two<br>Three</p><!-- note -->', 'OneTwoThree'],
    ['stripTags', '<img src=x onerror=alert(1)>', ''],
    ['stripTags', '&#0; &#xD800; &#99999999;', '\ufffd \ufffd &#99999999;'],
  ] as const)('%s(%j) is %j', (name, html, cleaned) => {
    expect(strip[name](html)).toBe(cleaned);
  });

  it('removes what decoding reveals, so stripping twice changes nothing', () => {
    expect(stripTags('&lt;b&gt;bold&lt;/b&gt;')).toBe('bold');
    expect(stripTags('&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;')).toBe('');
    const htmlish = fc
      .array(fc.constantFrom('<', '>', '/', '&', ';', '#', 'amp', 'lt', 'gt', 'b', 'script', 'x60', ' ', 'a', '!--', '--', '"'), { maxLength: 24 })
      .map((xs) => xs.join(''));
    fc.assert(
      fc.property(fc.oneof(htmlish, fc.string({ maxLength: 40 })), (s) => {
        const once = stripTags(s);
        expect(stripTags(once)).toBe(once);
        expect(once).not.toMatch(/<script/i);
      }),
      { numRuns: 500, seed: 12 },
    );
  });
});

describe('cleanEditedText', () => {
  it('plain text: tags removed, text kept, scripts gone', () => {
    expect(cleanEditedText('Hi <b>there</b><script>alert(1)</script>', false, sanitize)).toBe('Hi there');
    expect(cleanEditedText('Fish &amp; Chips', false, sanitize)).toBe('Fish & Chips');
    expect(
      cleanEditedText('Plain', false, () => {
        throw new Error('a plain text never reaches the sanitizer');
      }),
    ).toBe('Plain');
  });

  it('rich text: the allow-list kept (strong, em, links), scripts and event handlers gone', () => {
    expect(cleanEditedText('<p>So <strong>good</strong><script>alert(1)</script></p>', true, sanitize)).toBe('<p>So <strong>good</strong></p>');
    expect(cleanEditedText('<p><b>bold</b> <img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a></p>', true, sanitize)).toBe(
      '<p><strong>bold</strong> x</p>',
    );
    expect(cleanEditedText('<p onclick="x()">Hi</p>', true, sanitize)).toBe('<p>Hi</p>');
    expect(cleanEditedText('<script>alert(1)</script>', true, sanitize)).toBe('');
  });

  it('is pure given the sanitizer: html goes through it once scripts are out', () => {
    const seen: string[] = [];
    const out = cleanEditedText('<p>a<script>b</script></p>', true, (h) => {
      seen.push(h);
      return `[${h}]`;
    });
    expect(seen).toEqual(['<p>a</p>']);
    expect(out).toBe('[<p>a</p>]');
  });

  it('is idempotent with the real sanitizer', () => {
    const parts = fc.constantFrom(
      '<p>',
      '</p>',
      '<b>',
      '</b>',
      '<strong>',
      '</strong>',
      '<a href="https://x.test/">',
      '</a>',
      '<script>',
      '</script>',
      'text',
      ' ',
      '&amp;',
      '<br>',
      '<i>',
      '</i>',
    );
    fc.assert(
      fc.property(
        fc.array(parts, { maxLength: 16 }).map((xs) => xs.join('')),
        fc.boolean(),
        (s, html) => {
          const once = cleanEditedText(s, html, sanitize);
          expect(cleanEditedText(once, html, sanitize)).toBe(once);
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('cleanMetaTexts', () => {
  it('cleans every text path of a meta, leaves other keys alone, copies only what changes', () => {
    const meta = {
      headline: 'Hi <b>there</b><script>alert(1)</script>',
      subheadline: 'Already clean',
      css: '<b>not a text</b>',
      heroImage: '<img>',
      unknownKey: '<b>kept</b>',
      products: [{ product_data_name: 'Serum <i>30 ml</i>', _price: 10, features: [{ f: '<u>Vegan</u>' }] }, { product_data_name: 'Clean' }],
      reviews: [{ user: 'Ann <b>B.</b>', review: '<p>Great<img src=x onerror=alert(1)></p>' }],
      list: [{ boldText: 'Fast', listText: '<p>ships <strong>today</strong></p>' }],
    };
    const before = structuredClone(meta);
    const out = cleanMetaTexts(meta, sanitize);
    expect(meta).toEqual(before); // not mutated
    expect(out).toEqual({
      ...meta,
      headline: 'Hi there',
      products: [{ product_data_name: 'Serum 30 ml', _price: 10, features: [{ f: 'Vegan' }] }, { product_data_name: 'Clean' }],
      reviews: [{ user: 'Ann B.', review: '<p>Great</p>' }],
    });
    expect(out.products[1]).toBe(meta.products[1]);
    expect(out.list).toBe(meta.list);
    const clean = { headline: 'Fine', list: [{ listText: '<p>ok</p>' }] };
    expect(cleanMetaTexts(clean, sanitize)).toBe(clean);
  });

  it('ignores values of other types and hostile keys', () => {
    const meta = JSON.parse('{"headline": 5, "reviews": {"0": {"user": "<b>x</b>"}}, "__proto__": {"headline": "<b>x</b>"}, "list": "not a list"}') as Record<
      string,
      unknown
    >;
    const out = cleanMetaTexts(meta, sanitize);
    expect(out.headline).toBe(5);
    expect(out.reviews).toEqual({ 0: { user: 'x' } });
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).headline).toBeUndefined();
  });
});
