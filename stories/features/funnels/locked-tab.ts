/**
 * The Locked story every tab of a funnel has (000 §7 "a locked funnel is read-only"): with the
 * funnel locked, each write button is there but disabled, the buttons that only read stay
 * enabled, and the reason is said in the tab's own words.
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
