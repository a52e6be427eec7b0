import preview from '../../.storybook/preview';
import { expect } from 'storybook/test';
import { Skeleton } from '../../src/ui';

const meta = preview.meta({ title: 'UI/Skeleton', component: Skeleton, args: { label: 'Loading funnels…' } });

/** A list loading: a header and rows of grey bars; one busy status that reads today's words. */
export const Table = meta.story({
  args: { rows: 3, columns: 5 },
  play: async ({ canvas, canvasElement, step }) => {
    await step('One busy status with words for screen readers only', async () => {
      const status = canvas.getByRole('status');
      await expect(status).toHaveAttribute('aria-busy', 'true');
      await expect(status).toHaveTextContent('Loading funnels…');
      // The words are for screen readers only; the bars are hidden from them.
      await expect(canvas.getByText('Loading funnels…').getBoundingClientRect().width).toBeLessThanOrEqual(1);
      await expect(canvas.getAllByRole('status')).toHaveLength(1);
    });
    await step('The hidden bars: header and three rows of five', async () => {
      const bars = canvasElement.querySelector('[aria-hidden="true"]');
      await expect(bars?.children[0]?.children).toHaveLength(4); // header + 3 rows
      await expect(bars?.children[0]?.children[0]?.children).toHaveLength(5);
    });
  },
});

/** The editor loading: a settings panel next to a preview. */
export const Editor = meta.story({
  args: { label: 'Loading…', variant: 'editor' },
  play: async ({ canvas, step }) => {
    await step('A busy status saying Loading…', async () => {
      await expect(canvas.getByRole('status')).toHaveAttribute('aria-busy', 'true');
      await expect(canvas.getByRole('status')).toHaveTextContent(/^Loading…$/);
    });
  },
});

/** A form tab loading: a few lines. */
export const Lines = meta.story({
  args: { label: 'Loading page…', variant: 'lines' },
  play: async ({ canvas, step }) => {
    await step('A busy status saying Loading page…', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('Loading page…');
      await expect(canvas.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    });
  },
});
