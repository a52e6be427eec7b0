import preview from '../../../.storybook/preview';
import type { StoryContext } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { PublishButton, WhatGoesLive as WhatGoesLiveSummary } from '../../../src/features/funnels/components/PublishButton';
import type { ProgressChunk } from '../../../src/api';
import { PROBLEMS, WARNINGS } from './flow-problems.fixtures';
import { stepValue } from '../../dialog-steps';
import { itemTexts } from '../../helpers';

/** A `publish` spy that streams `chunks` (20 ms apart) and answers the last. */
const publishing = (chunks: ProgressChunk[]) =>
  fn(async (on: (c: ProgressChunk) => void) => {
    for (const c of chunks) {
      await new Promise((r) => setTimeout(r, 20));
      on(c);
    }
    return chunks.at(-1) ?? null;
  });

const meta = preview.meta({
  title: 'Funnels/PublishButton',
  component: PublishButton,
  subcomponents: { WhatGoesLive: WhatGoesLiveSummary },
  args: {
    funnelId: 3,
    publish: publishing([
      { progress: 10, message: 'Checking funnel' },
      { progress: 60, message: 'Rendering /checkout/' },
      { progress: 100, message: 'Done' },
    ]),
  },
});
type Ctx = StoryContext;

/** Presses Publish and returns the confirmation it opens, the alert dialog named `name`. */
async function askFirst({ canvas, userEvent }: Ctx, name: string) {
  await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
  return screen.findByRole('alertdialog', { name });
}

/** The step where `button` in the confirmation `d` publishes: the 'Done' dialog, and one publish. */
const publishes = ({ userEvent, args, step }: Ctx, d: HTMLElement, label: string, button: string) =>
  step(label, async () => {
    await userEvent.click(within(d).getByRole('button', { name: button }));
    await expect(await screen.findByRole('dialog', { name: 'Done' }, { timeout: 3000 })).toBeVisible();
    await expect(args.publish).toHaveBeenCalledTimes(1);
  });

/** Progress streams to 100 and the 'Done' dialog. */
export const Success = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await step('Publish: progress streams to Done', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
      await expect(await screen.findByRole('dialog', { name: 'Done' }, { timeout: 3000 })).toBeVisible();
    });
    await step('Close the dialog', async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
  },
});

/** An error chunk at 0 shows 'An error occurred' with its message. */
export const Failure = meta.story({
  // The meta's funnel, publishing into an error.
  args: {
    publish: publishing([
      { progress: 10, message: 'Checking funnel' },
      { progress: 0, message: 'The funnel has no index page' },
    ]),
  },
  play: async ({ canvas, userEvent, step }) => {
    await step('Publish: the error shows with its message', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
      const d = await screen.findByRole('alertdialog', { name: 'An error occurred' }, { timeout: 3000 });
      await expect(d).toHaveTextContent('The funnel has no index page');
    });
  },
});

/** Locked or unsaved: Publish is disabled and says why. */
export const Blocked = meta.story({
  args: { blockedReason: 'Save your changes before publishing' },
  play: async ({ canvas, args, step }) => {
    await step('Publish is disabled and says why', async () => {
      await expect(canvas.getByRole('button', { name: 'Publish' })).toBeDisabled();
      await expect(canvas.getByRole('note')).toHaveTextContent('Save your changes before publishing');
      await expect(args.publish).not.toHaveBeenCalled();
    });
  },
});

/** A pre-publish error: 'Publishing is not possible' lists every problem with a link to its page, and nothing is published. */
export const ErrorsRefuse = meta.story({
  args: { problems: PROBLEMS },
  play: async (ctx) => {
    const { canvas, userEvent, args, step } = ctx;
    const d = await stepValue(step, 'Publish: every problem is listed with a link to its page', async () => {
      const dialog = await askFirst(ctx, 'Publishing is not possible');
      const items = within(dialog).getAllByRole('listitem');
      await expect(items).toHaveLength(3);
      await expect(items[0]).toHaveTextContent('Error Checkout (/checkout/) has no products: add them in its Products panel');
      await expect(items[1]).toHaveTextContent('Warning Split A (/split/) is a split page without conditions');
      await expect(
        within(dialog)
          .getAllByRole('link', { name: 'Open page' })
          .map((a) => a.getAttribute('href')),
      ).toEqual(['/funnels/3/pages/11', '/funnels/3/pages/12', '/funnels/3/pages/14']);
      await expect(within(dialog).queryByRole('button', { name: 'Publish anyway' })).toBeNull();
      return dialog;
    });
    await step('Close: nothing is published; focus is back on Publish', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(args.publish).not.toHaveBeenCalled();
      // The dialog gives the focus back after it has gone (a frame later on a busy machine).
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Publish' })).toHaveFocus());
    });
  },
});

/** Warnings only: Publish asks first, listing them; 'Publish anyway' publishes. */
export const WarningsPublishAnyway = meta.story({
  args: { problems: WARNINGS },
  play: async (ctx) => {
    const d = await stepValue(ctx.step, 'Publish asks first, listing the warnings', async () => {
      const dialog = await askFirst(ctx, 'Publish with warnings?');
      await expect(dialog).toHaveTextContent('The pre-publish check found 2 warnings. Publish anyway?');
      await expect(itemTexts(dialog)).toEqual([
        'Warning Split A (/split/) is a split page without conditions: every visitor goes to its next page Open page',
        'Warning Old presell (/old/) cannot be reached: no next or skip page leads to it from the index page Open page',
      ]);
      await expect(ctx.args.publish).not.toHaveBeenCalled();
      return dialog;
    });
    await publishes(ctx, d, 'Publish anyway publishes', 'Publish anyway');
  },
});

/** Warnings only, and Cancel: nothing is published. */
export const WarningsCancel = meta.story({
  args: { problems: WARNINGS },
  play: async (ctx) => {
    const { userEvent, args, step } = ctx;
    const d = await stepValue(step, 'Publish asks first', () => askFirst(ctx, 'Publish with warnings?'));
    await step('Cancel: nothing is published', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(screen.queryByRole('dialog')).toBeNull();
      await expect(args.publish).not.toHaveBeenCalled();
    });
  },
});

const LIVE_CHANGES = ['Checkout: GlowSkin Serum price 49.00 → 39.00', 'Presell now leads to Checkout (was Upsell 1)', 'Texts changed on Presell'];

/** "What goes live": Publish asks first, listing what changes against the live release; Publish then publishes. */
export const WhatGoesLive = meta.story({
  args: { whatGoesLive: fn(() => Promise.resolve(LIVE_CHANGES)) },
  play: async (ctx) => {
    const d = await stepValue(ctx.step, 'Publish asks first, listing what goes live', async () => {
      const dialog = await askFirst(ctx, 'Publish funnel?');
      await expect(itemTexts(await within(dialog).findByRole('list', { name: 'What goes live' }))).toEqual(LIVE_CHANGES);
      await expect(within(dialog).getByRole('heading', { name: 'What goes live' })).toBeVisible();
      await expect(ctx.args.whatGoesLive).toHaveBeenCalledTimes(1);
      await expect(ctx.args.publish).not.toHaveBeenCalled();
      return dialog;
    });
    await publishes(ctx, d, 'Publish publishes', 'Publish');
  },
});

/** Nothing changed since the live release: the confirmation says so, and Cancel publishes nothing. */
export const WhatGoesLiveNothing = meta.story({
  args: { whatGoesLive: fn(() => Promise.resolve([] as string[])) },
  play: async (ctx) => {
    const { userEvent, args, step } = ctx;
    const d = await stepValue(step, 'Publish: the confirmation says nothing changed', async () => {
      const dialog = await askFirst(ctx, 'Publish funnel?');
      await expect(await within(dialog).findByText('Nothing changed since the live release')).toBeVisible();
      return dialog;
    });
    await step('Cancel: nothing is published', async () => {
      await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await expect(args.publish).not.toHaveBeenCalled();
    });
  },
});

/** Warnings and what goes live in one confirmation: 'Publish anyway' publishes. */
export const WhatGoesLiveWithWarnings = meta.story({
  args: { problems: WARNINGS, whatGoesLive: fn(() => Promise.resolve(['First release: 5 pages'])) },
  play: async (ctx) => {
    const d = await stepValue(ctx.step, 'Publish: the warnings and what goes live in one confirmation', async () => {
      const dialog = await askFirst(ctx, 'Publish with warnings?');
      await expect(dialog).toHaveTextContent('The pre-publish check found 2 warnings. Publish anyway?');
      await expect(await within(dialog).findByRole('list', { name: 'What goes live' })).toHaveTextContent('First release: 5 pages');
      return dialog;
    });
    await publishes(ctx, d, 'Publish anyway publishes', 'Publish anyway');
  },
});
