/**
 * Typed HTML is handled the same in every text field: a FAQ question loses its tags
 * and keeps its text, as a page's plain texts do, instead of being published as escaped markup.
 */
import { describe, expect, it } from 'vitest';
import { serverForTests } from './file-server.ts';

const t = serverForTests();

const FUNNEL = 1;

describe('FAQ questions with typed HTML', () => {
  it('are stored as their text, like page texts', async () => {
    const before = (await t.api('GET', `/api/v1/funnels/${FUNNEL}`)).body as { version: number; details: { faq: unknown[] } };
    const res = await t.api('PATCH', `/api/v1/funnels/${FUNNEL}`, {
      patch: true,
      headers: { 'If-Match': `"${before.version}"` },
      body: [
        {
          op: 'add',
          path: '/details/faq/-',
          value: {
            uid: 'q9x',
            faq_id: 'f9',
            faq_question: 'Is it <b>safe</b> &amp; tested?<script>alert(1)</script>',
            faq_content: [{ uid: 'a9x', faq_ct_text: '<p>Yes</p>' }],
          },
        },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const saved = (res.body as { details: { faq: { faq_id: string; faq_question: string }[] } }).details.faq.find((q) => q.faq_id === 'f9');
    expect(saved?.faq_question).toBe('Is it safe & tested?');
    const stored = (await t.api('GET', `/api/v1/funnels/${FUNNEL}`)).body as { details: { faq: { faq_id: string; faq_question: string }[] } };
    expect(stored.details.faq.find((q) => q.faq_id === 'f9')?.faq_question).toBe('Is it safe & tested?');
  });
  it('leave a question without tags exactly as typed (a lone < stays)', async () => {
    const before = (await t.api('GET', `/api/v1/funnels/${FUNNEL}`)).body as { version: number };
    const res = await t.api('PATCH', `/api/v1/funnels/${FUNNEL}`, {
      patch: true,
      headers: { 'If-Match': `"${before.version}"` },
      body: [{ op: 'add', path: '/details/faq/-', value: { uid: 'q8x', faq_id: 'f8', faq_question: 'Is 5 < 6?', faq_content: [] } }],
    });
    expect(res.status, res.text).toBe(200);
    expect((res.body as { details: { faq: { faq_id: string; faq_question: string }[] } }).details.faq.find((q) => q.faq_id === 'f8')?.faq_question).toBe(
      'Is 5 < 6?',
    );
  });
});
