import preview from '../../../../.storybook/preview';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { ErrorBox } from '../../../../src/features/funnels/wizard/ErrorBox';

/** The quick wizard's closable error box titled ERROR (001 §2, §8). */
const meta = preview.meta({
  title: 'Funnels/Wizard/ErrorBox',
  component: ErrorBox,
  args: { messages: ['Missing Page ID', 'Page path already exists'], onClose: fn() },
});

/** The title ERROR and every message; Close asks the wizard to clear them. */
export const Shown = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The box says every message', async () => {
      const box = canvas.getByRole('alert', { name: 'ERROR' });
      await expect(box).toHaveTextContent('Missing Page ID');
      await expect(box).toHaveTextContent('Page path already exists');
    });
    await step('Close error asks to close it', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Close error' }));
      await expect(args.onClose).toHaveBeenCalled();
    });
  },
});

/** Closing it in a wizard: the box goes away. */
export const Closable = meta.story({
  render: function Render(args) {
    const [messages, setMessages] = useState<readonly string[]>(args.messages);
    return <ErrorBox messages={messages} onClose={() => setMessages([])} />;
  },
  play: async ({ canvas, userEvent, step }) => {
    await step('The box is shown', async () => {
      await expect(canvas.getByRole('alert', { name: 'ERROR' })).toBeVisible();
    });
    await step('Close error: the box goes away', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Close error' }));
      await expect(canvas.queryByRole('alert')).toBeNull();
    });
  },
});

/** Nothing to say: nothing shown. */
export const Empty = meta.story({
  args: { messages: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
});
