import { describe, expect, it } from 'vitest';
import { generalErrors } from '../../../src/features/funnels/components/FunnelDetailsForm';
import { FunnelNoteSchema, imageUrlError, MSG } from '../../../src/model';
import { isSafeUrl, urlFieldMessage } from '../../../src/model/url';
import { funnel as demoFunnel } from '../../fixtures/demo';

const HOSTILE = [
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:image/png;base64,AAAA',
  'vbscript:x',
  '//evil.example/x.png',
  'logo.png',
  'www.example.com/x.png',
  'https://',
  'http://a b/x.png',
  '/x"onerror="y',
  '/a\nb',
  'ftp://example.com/x.png',
];
const GOOD = [
  '',
  '/',
  '/images/logo.png',
  '/uploads/1/Gr%C3%B6%C3%9Fe.png',
  'https://cdn.example.com/logo.png?v=2#top',
  'http://localhost:3000/uploads/1/x.png',
];

describe('URL fields: http(s) or a site path', () => {
  it('isSafeUrl refuses scripts, other schemes, protocol-relative and non-URLs', () => {
    for (const u of HOSTILE) expect(isSafeUrl(u), u).toBe(false);
    for (const u of GOOD) expect(isSafeUrl(u), u).toBe(true);
  });

  it('the image fields of the panels and editors (ImageUrlField) use the same rule', () => {
    for (const u of HOSTILE) expect(imageUrlError(u), u).toBe(MSG.imageUrl);
    for (const u of GOOD) expect(imageUrlError(u), u).toBeUndefined();
  });

  it('the Funnel details form shows the message under Logo, Favicon and White logo', () => {
    const f = { ...demoFunnel, details: { ...demoFunnel.details, logo: 'javascript:alert(1)', favicon: 'favicon.ico', logo_white: '//evil.example/w.png' } };
    const errors = generalErrors(f, [{ ID: f.page_id ?? 1, name: 'Index', page_type: 'checkout', page_path: '/' }]);
    expect(errors).toMatchObject({
      'details.logo': urlFieldMessage('Logo URL'),
      'details.favicon': urlFieldMessage('Favicon URL'),
      'details.logo_white': urlFieldMessage('White logo URL'),
    });
  });

  it("the Logs tab's note form refuses a script task URL", () => {
    const r = FunnelNoteSchema.safeParse({ message: 'Checked', task_url: 'javascript:alert(1)' });
    expect(r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['task_url', urlFieldMessage('Task URL')]]);
  });
});
