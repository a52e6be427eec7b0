import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../../src/ui/rich-text/sanitize';

describe('sanitizeRichText (DOMPurify allow-list, canonical form)', () => {
  it('keeps paragraphs, bold, italic, underline and safe links in one canonical form', () => {
    expect(sanitizeRichText('<p><span style="white-space: pre-wrap;">Hi </span><b><strong class="x">bold</strong></b> <i><em>it</em></i> <u>u</u></p>')).toBe(
      '<p>Hi <strong>bold</strong> <em>it</em> <u>u</u></p>',
    );
    expect(sanitizeRichText('<p><a href="https://example.com/a" target="_blank" rel="x">link</a> <a href="/path">in site</a></p>')).toBe(
      '<p><a href="https://example.com/a">link</a> <a href="/path">in site</a></p>',
    );
  });

  it('drops scripts, handlers, styles and unsafe link targets', () => {
    expect(sanitizeRichText('<p onclick="x()">a<script>alert(1)</script><img src=x onerror=alert(1)></p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<h1>Title</h1><div>text</div>')).toBe('Titletext');
  });

  it('stores blank text as the empty string', () => {
    expect(sanitizeRichText('<p><br></p>')).toBe('');
    expect(sanitizeRichText('')).toBe('');
  });

  it('is stable: sanitizing its own output changes nothing', () => {
    const once = sanitizeRichText('<p>a <b>b</b> &amp; <i>c</i></p><p>d<br>e</p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});
