/**
 * An audit title from a change's label (src/model/audit.ts auditTitle): one
 * line, at most 200 characters, cut between whole characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditTitle, TEXT_MAX } from '../../../src/model/index.ts';

describe('auditTitle', () => {
  it('keeps a short label as it is, on one line', () => {
    expect(auditTitle('Set Single price to 34.95')).toBe('Set Single price to 34.95');
    expect(auditTitle('  Two\r\nlines\tand\u2028more ')).toBe('Two lines and more');
  });

  it('shortens a long label to 200 characters ending in "…", never inside a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', '😀', 'é', '\u0000'), maxLength: 600 }), (s) => {
        const title = auditTitle(s);
        expect(title.length).toBeLessThanOrEqual(TEXT_MAX.auditTitle);
        expect(title).not.toMatch(/[\u0000-\u001f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        if (title.endsWith('…') && title.length > 1) expect(s.length).toBeGreaterThan(TEXT_MAX.auditTitle);
      }),
    );
    const title = auditTitle(`x${'😀'.repeat(300)}`);
    expect(title).toBe(`x${'😀'.repeat(99)}…`);
  });
});
