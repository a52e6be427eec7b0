import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { PublishButton } from '../../../src/features/funnels/components/PublishButton';
import type { ProgressChunk } from '../../../src/api';

const stream = (chunks: ProgressChunk[]) => async (on: (c: ProgressChunk) => void) => {
  for (const c of chunks) { await new Promise((r) => setTimeout(r, 20)); on(c); }
  return chunks.at(-1) ?? null;
};

const meta = {
  title: 'Funnels/PublishButton',
  component: PublishButton,
  args: { publish: fn(stream([{ progress: 10, message: 'Checking funnel' }, { progress: 60, message: 'Rendering /checkout/' }, { progress: 100, message: 'Done' }])) },
} satisfies Meta<typeof PublishButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Progress streams to 100 and the 'Done' dialog. */
export const Success: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
    await expect(await screen.findByRole('dialog', { name: 'Done' }, { timeout: 3000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  },
};

/** An error chunk at 0 shows 'An error occurred' with its message. */
export const Failure: Story = {
  args: { publish: fn(stream([{ progress: 10, message: 'Checking funnel' }, { progress: 0, message: 'The funnel has no index page' }])) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
    const d = await screen.findByRole('alertdialog', { name: 'An error occurred' }, { timeout: 3000 });
    await expect(d).toHaveTextContent('The funnel has no index page');
  },
};

/** Locked or unsaved: Publish is disabled and says why. */
export const Blocked: Story = {
  args: { blockedReason: 'Save your changes before publishing' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await expect(canvas.getByRole('note')).toHaveTextContent('Save your changes before publishing');
    await expect(args.publish).not.toHaveBeenCalled();
  },
};
