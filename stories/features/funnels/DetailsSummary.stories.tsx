/**
 * The funnel's details summary (001 §2 "Details tab: shows Everflow ID, offer, support e-mail
 * and number, root page, tag-manager / optimize / analytics ids, guarantee, and captcha site
 * key and secret key (masked)"): filled with the keys masked (the secret never in the page,
 * only its hint), and empty with a dash for every value.
 */
import preview from '../../../.storybook/preview';

import { expect, within } from 'storybook/test';
import { DetailsSummary, Facts } from '../../../src/features/funnels/components/DetailsSummary';
import { funnelView } from '../../../src/model';
import { funnel } from '../../../tests/fixtures/demo';

/** The funnel as the API answers it: the secret key replaced by its hint. */
const answered = funnelView(funnel);

const meta = preview.meta({
  title: 'Funnels/DetailsSummary',
  component: DetailsSummary,
  subcomponents: { Facts },
  args: { funnel: answered, offer: { name: 'GlowSkin Serum', offer_id: 10234, ef_offer_id: 512 }, rootPage: '/checkout/' },
});

/** The summary as label → value pairs. */
const pairs = (dl: HTMLElement) =>
  Object.fromEntries([...dl.querySelectorAll('div')].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]));

/** Filled: every value of the seed's list; the site key masked to its last 4, the secret key only as its hint. */
export const Filled = meta.story({
  play: async ({ canvas, canvasElement, step }) => {
    const dl = canvas.getByLabelText('Details summary');
    await step('Every value is shown, keys masked', async () => {
      await expect(pairs(dl)).toEqual({
        'Everflow ID': '512',
        Offer: 'GlowSkin Serum (10234)',
        'Support e-mail': 'support@glowskin.example',
        'Support number': '+1 800 555 0199',
        'Root page': '/checkout/',
        'Tag manager': 'GTM1234',
        Optimize: 'OPT123',
        Analytics: '123-45',
        Guarantee: '60 days',
        'Captcha site key': '••••••••••••8nzY',
        'Captcha secret key': '••••cret',
      });
    });
    await step('The site key itself is never shown; 11 terms', async () => {
      await expect(canvasElement.textContent).not.toContain('0x4AAAAAAABkMYinukE8nzY');
      await expect(within(dl).getAllByRole('term')).toHaveLength(11);
    });
  },
});

/** Nothing filled, offer and root page unknown: a dash for each value, no key shown. */
export const Empty = meta.story({
  args: {
    funnel: {
      cs_email: '',
      cs_number: '',
      details: { ...answered.details, GTM: '', OPT: '', UA: '', guarantee: '', cf_site_key: '', has_cf_secret_key: false, cf_secret_key_hint: '' },
    },
    offer: undefined,
    rootPage: undefined,
  },
  play: async ({ canvas, step }) => {
    await step('A dash for each of the 11 values', async () => {
      const values = Object.values(pairs(canvas.getByLabelText('Details summary')));
      await expect(values).toHaveLength(11);
      await expect(values.every((v) => v === '—')).toBe(true);
    });
  },
});

/** A secret key stored without a hint: bullets only, never the key; a short site key fully masked. */
export const SecretWithoutHint = meta.story({
  args: { funnel: { ...answered, details: { ...answered.details, cf_site_key: 'abcd', has_cf_secret_key: true, cf_secret_key_hint: '' } } },
  play: async ({ canvas, step }) => {
    await step('Both keys are bullets only', async () => {
      const p = pairs(canvas.getByLabelText('Details summary'));
      await expect(p['Captcha secret key']).toBe('••••');
      await expect(p['Captcha site key']).toBe('••••');
    });
  },
});
