/**
 * The Locked story every tab of a funnel has (000 §7 "a locked funnel is read-only"): with the
 * funnel locked, each write button is there but disabled, the buttons that only read stay
 * enabled, and the reason is said in the tab's own words. Also the Empty story of a tab whose
 * empty state only says so.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect } from 'storybook/test';

/**
 * A tab's Locked story: args `{ locked: true }`; the buttons named in `disabled` are disabled,
 * those in `enabled` (reading, not writing) are not, then `reason` shows, and `also` (when given)
 * holds.
 */
export function lockedTabStory(
  disabled: string[],
  reason: string,
  o: { enabled?: string[]; also?: (canvas: StoryContext['canvas']) => Promise<unknown> } = {},
) {
  return {
    args: { locked: true },
    play: async ({ canvas, step }: Pick<StoryContext, 'canvas' | 'step'>) => {
      await step('Its writes are disabled', async () => {
        for (const name of disabled) await expect(canvas.getByRole('button', { name })).toBeDisabled();
        for (const name of o.enabled ?? []) await expect(canvas.getByRole('button', { name })).toBeEnabled();
      });
      await step('The reason is said', async () => {
        await expect(canvas.getByText(reason)).toBeVisible();
        await o.also?.(canvas);
      });
    },
  };
}

/**
 * A tab's Empty story: `args` (its list empty), and the empty state (role status) says `message`.
 * With `enabled`, that is a step 'The empty state', then a step named `enabled.step` in which each
 * of `enabled.buttons` is enabled (the tab's Add buttons are still there).
 */
export function emptyTabStory<A extends object>(args: A, message: string, enabled?: { step: string; buttons: string[] }) {
  return {
    args,
    play: async ({ canvas, step }: Pick<StoryContext, 'canvas' | 'step'>) => {
      const said = () => expect(canvas.getByRole('status')).toHaveTextContent(message);
      if (!enabled) {
        await said();
        return;
      }
      await step('The empty state', said);
      await step(enabled.step, async () => {
        for (const name of enabled.buttons) await expect(canvas.getByRole('button', { name })).toBeEnabled();
      });
    },
  };
}
