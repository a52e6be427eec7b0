/**
 * Who else is on the funnel (src/ui/PresenceAvatars.tsx): the editor bar's avatars,
 * one per operator and document, ringed when on this screen's page.
 */
import preview from '../../.storybook/preview';

import { expect, within } from 'storybook/test';
import { PresenceAvatars } from '../../src/ui';
import type { Viewer } from '../../src/model/live';

const oscar: Viewer = { conn: 'c1', user_id: 2, name: 'Oscar Operator', doc: 'page:2' };
const ada: Viewer = { conn: 'c2', user_id: 1, name: 'Ada Admin', doc: null };
const names: Record<string, string> = { 'page:2': 'Page Checkout', 'page:3': 'Page Upsell' };

const meta = preview.meta({
  title: 'UI/PresenceAvatars',
  component: PresenceAvatars,
  args: { viewers: [oscar, ada], here: 'page:2', docName: (doc: string | null) => (doc ? (names[doc] ?? doc) : 'the funnel') },
});

/** Two operators: one on this page (ringed), one on the funnel's own screens; initials show, names and places are their labels. */
export const TwoOthers = meta.story({
  play: async ({ canvas, step }) => {
    let items!: HTMLElement[];
    await step('The viewers are listed by name and where they are', async () => {
      items = within(canvas.getByRole('list', { name: 'Also here' })).getAllByRole('listitem');
      await expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Oscar Operator — on this page', 'Ada Admin — on the funnel']);
    });
    await step('Their initials, each in its own colour', async () => {
      await expect(items.map((i) => i.textContent)).toEqual(['OO', 'AA']);
      await expect(items[0]!.className).not.toBe(items[1]!.className);
    });
  },
});

/** One operator in two tabs on the same page is one avatar; on another page, another avatar naming that page. */
export const SameOperatorTwice = meta.story({
  args: { viewers: [oscar, { ...oscar, conn: 'c3' }, { ...oscar, conn: 'c4', doc: 'page:3' }] },
  play: async ({ canvas }) => {
    const items = within(canvas.getByRole('list', { name: 'Also here' })).getAllByRole('listitem');
    await expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Oscar Operator — on this page', 'Oscar Operator — on Page Upsell']);
  },
});

/** Nobody else here: nothing is shown. */
export const Alone = meta.story({
  args: { viewers: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list', { name: 'Also here' })).toBeNull();
  },
});
