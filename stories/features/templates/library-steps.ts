/**
 * What the template library's stories (the list on its own and the /templates screen) check
 * alike: the filter tabs as the operator reads them, and the hover preview of a row.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

/** The filter tabs' labels, in order (001 §2 "Templates"). */
export const FILTER_TABS = ['all', 'interstitial', 'checkout', 'upsell1', 'upsell2', 'thankyou', 'warranty', 'stashed'];

/**
 * The hover preview: resting on 'Checkout classic' shows its rendered page in a sandboxed frame
 * (no scripts), moving to the heading hides it; focusing a row's Edit (Thank you) shows that
 * row's preview, Escape hides it, in `table` (the list's).
 */
export async function playHoverPreview({ canvas, userEvent, step }: Pick<StoryContext, 'canvas' | 'userEvent' | 'step'>, table: HTMLElement) {
  await step('Hover a template: its preview, sandboxed', async () => {
    await expect(canvas.queryByRole('figure')).toBeNull();
    await userEvent.hover(within(table).getByText('Checkout classic'));
    const figure = await canvas.findByRole('figure', { name: 'Preview of Checkout classic' }, { timeout: 3000 });
    const frame = await within(figure).findByTitle('Preview of Checkout classic', {}, { timeout: 3000 });
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame.getAttribute('srcdoc')).toContain('<h1>Checkout classic</h1>');
  });
  await step('Moving away hides it', async () => {
    await userEvent.hover(canvas.getByRole('heading', { name: 'Templates' }));
    await waitFor(() => expect(canvas.queryByRole('figure')).toBeNull());
  });
  await step("Focus a row's Edit: its preview; Escape hides it", async () => {
    within(table).getByRole('button', { name: 'Edit Thank you' }).focus();
    await expect(await canvas.findByRole('figure', { name: 'Preview of Thank you' }, { timeout: 3000 })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('figure')).toBeNull());
  });
}
