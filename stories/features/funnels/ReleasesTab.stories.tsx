/**
 * The Releases tab ("Releases with rollback"): the releases newest first with the
 * Live badge and what changed; Roll back behind a confirmation, disabled with the reason while
 * the funnel is locked or for a role that may not publish; the empty state before the first
 * publish; and the connected screen rolling back through the API (msw), with a toast and the
 * list the server answered.
 */
import preview from '../../../.storybook/preview';

import { http, HttpResponse } from 'msw';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { expectToast } from '../../helpers';
import { ReleasesTab, releaseWhen } from '../../../src/features/funnels/components/ReleasesTab';
import { ReleasesTabScreen } from '../../../src/features/funnels/screens/ReleasesTabScreen';
import type { Release } from '../../../src/model/releases';
import { DEMO_RELEASE_SITE, DEMO_RELEASES } from '../../../src/model/demo-records';

const FUNNEL_ID = 1;
const SITE = DEMO_RELEASE_SITE;
const RELEASES: Release[] = [...DEMO_RELEASES];
const oldest = RELEASES[2]!;

const meta = preview.meta({
  title: 'Funnels/ReleasesTab',
  component: ReleasesTab,
  subcomponents: { ReleasesTabScreen },
  args: { releases: RELEASES, locked: false, mayPublish: true, onRollback: fn(async () => {}) },
});

/** The row of the release published at `r`'s time. */
const rowOf = (canvas: HTMLElement, r: Release) => within(canvas).getByRole('row', { name: new RegExp(releaseWhen(r).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

/** Live and older releases: the live one has the badge and no Roll back; each says what changed and who published it. */
export const List = meta.story({
  play: async ({ canvasElement, userEvent, args, step }) => {
    await step('Every release is listed, the live one marked', async () => {
      const table = within(canvasElement).getByRole('table', { name: 'Releases' });
      await expect(within(table).getAllByRole('row')).toHaveLength(4);
      const live = rowOf(canvasElement, RELEASES[0]!);
      await expect(within(live).getByText('Live')).toBeVisible();
      await expect(within(live).queryByRole('button', { name: /Roll back/ })).toBeNull();
      await expect(within(live).getByRole('list', { name: /^Changes of/ })).toHaveTextContent('Checkout: GlowSkin Serum price 49.00 → 39.00');
    });
    await step('The first release names its author and pages; older ones can be rolled back', async () => {
      await expect(within(rowOf(canvasElement, oldest)).getByText('A removed account')).toBeVisible();
      await expect(within(rowOf(canvasElement, oldest)).getByText('First release: 4 pages')).toBeVisible();
      await expect(within(canvasElement).getAllByRole('button', { name: /^Roll back to the release of/ })).toHaveLength(2);
    });
    await step('Cancel in the confirmation rolls nothing back', async () => {
      // Cancel in the confirmation rolls nothing back.
      await userEvent.click(within(rowOf(canvasElement, oldest)).getByRole('button', { name: /Roll back/ }));
      const d = await screen.findByRole('alertdialog', { name: 'Roll back' }, { timeout: 5000 });
      await expect(d).toHaveTextContent(`Put the release of ${releaseWhen(oldest)} live again on ${SITE}?`);
      await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(args.onRollback).not.toHaveBeenCalled();
    });
  },
});

/** Before the first publish: "Not published yet" and what to do next. */
export const Empty = meta.story({
  args: { releases: [] },
  play: async ({ canvasElement, step }) => {
    await step('Not published yet, and how to publish; no table', async () => {
      const status = within(canvasElement).getByRole('status');
      await expect(status).toHaveTextContent('Not published yet');
      await expect(status).toHaveTextContent("Press Publish above to put the funnel's pages live");
      await expect(within(canvasElement).queryByRole('table')).toBeNull();
    });
  },
});

/** Locked: Roll back is disabled and says why. */
export const Locked = meta.story({
  args: { locked: true },
  play: async ({ canvasElement, args, step }) => {
    await step('Roll back is disabled, with the reason', async () => {
      const buttons = within(canvasElement).getAllByRole('button', { name: /^Roll back to the release of/ });
      for (const b of buttons) {
        await expect(b).toBeDisabled();
        await expect(b).toHaveAccessibleDescription('The funnel is locked: unlock it to roll back');
      }
    });
    await step('The note says why; nothing rolled back', async () => {
      await expect(within(canvasElement).getByRole('note')).toHaveTextContent('The funnel is locked: unlock it to roll back');
      await expect(args.onRollback).not.toHaveBeenCalled();
    });
  },
});

/** A role that may not publish: Roll back is disabled and says why. */
export const RoleMayNotPublish = meta.story({
  args: { mayPublish: false },
  play: async ({ canvasElement, step }) => {
    await step('Roll back is disabled, and the note says why', async () => {
      for (const b of within(canvasElement).getAllByRole('button', { name: /^Roll back to the release of/ })) await expect(b).toBeDisabled();
      await expect(within(canvasElement).getByRole('note')).toHaveTextContent('Your role may not publish, so it cannot roll back releases');
    });
  },
});

const rolledBack = fn();

/** The connected tab: Roll back → confirm → the API call, a success toast, and the list the server answered (the old release live). */
export const RollingBack = meta.story({
  render: () => <ReleasesTabScreen funnelId={FUNNEL_ID} locked={false} />,
  beforeEach: () => {
    rolledBack.mockClear();
  },
  parameters: {
    msw: {
      handlers: [
        http.get('/api/v1/me', () => HttpResponse.json({ user_id: 1, email: 'admin@example.com', name: 'Ada Admin', role: 'admin' })),
        http.get(`/api/v1/funnels/${FUNNEL_ID}/releases`, () => HttpResponse.json(RELEASES)),
        http.post(`/api/v1/funnels/${FUNNEL_ID}/releases/:releaseId/rollback`, ({ params }) => {
          const id = Number(params.releaseId);
          rolledBack(id);
          return HttpResponse.json(RELEASES.map((r) => ({ ...r, live: r.ID === id })));
        }),
      ],
    },
  },
  play: async ({ canvasElement, userEvent, step }) => {
    await step('Roll back to the oldest release, confirmed', async () => {
      const button = await within(canvasElement).findByRole('button', { name: `Roll back to the release of ${releaseWhen(oldest)}` }, { timeout: 5000 });
      await waitFor(() => expect(button).toBeEnabled());
      await userEvent.click(button);
      const d = await screen.findByRole('alertdialog', { name: 'Roll back' }, { timeout: 5000 });
      await userEvent.click(within(d).getByRole('button', { name: 'Roll back' }));
      await waitFor(() => expect(rolledBack).toHaveBeenCalledWith(oldest.ID));
    });
    await step('A notification says so', () => expectToast(`Rolled back ${SITE} to the release of ${releaseWhen(oldest)}`));
    await step('The oldest release is live; the others can be rolled back to', async () => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(within(rowOf(canvasElement, oldest)).getByText('Live')).toBeVisible());
      await expect(within(rowOf(canvasElement, RELEASES[0]!)).getByRole('button', { name: /Roll back/ })).toBeEnabled();
      await expect(within(canvasElement).getByText(`The site ${SITE} serves the release of ${releaseWhen(oldest)}.`, { exact: false })).toBeVisible();
    });
  },
});
