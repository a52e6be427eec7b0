/**
 * The publishing renderer's context escapes: JSON for `<script>` blocks
 * (`json_script`) and the text of an HTML comment (pixel names).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentText, jsonScript } from '../../../src/server/publish/filters.ts';

describe('jsonScript', () => {
  it('is JSON that parses back to the value and holds no <, >, &, U+2028 or U+2029', () => {
    const texts = fc.string({ unit: fc.constantFrom('<', '>', '&', '-', '!', '/', 's', '\u2028', '\u2029', '"', '\\', 'a') });
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 3 }).chain((v) => fc.tuple(fc.constant(v), texts)),
        ([v, s]) => {
          const value = { v, s, list: [s, `</script>${s}<!--`] };
          const out = jsonScript(value);
          expect(out).not.toMatch(/[<>&\u2028\u2029]/);
          expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(value)));
        },
      ),
    );
    expect(jsonScript(undefined)).toBe('null');
    expect(jsonScript('</script><!--')).toBe('"\\u003c/script\\u003e\\u003c!--"');
  });
});

describe('commentText', () => {
  it('never holds --, < or > (so it cannot end, nest or open a comment)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('-', '>', '<', '!', '&', ' ', 'x') }), (s) => {
        expect(commentText(s)).not.toMatch(/--|[<>]/);
      }),
    );
    expect(commentText('--->')).toBe('&#45;&#45;&#45;&gt;');
    expect(commentText('Meta pixel')).toBe('Meta pixel');
  });
});
