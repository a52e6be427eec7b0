import preview from '../../../.storybook/preview';
import { expect } from 'storybook/test';
import { PageEditorScreen } from '../../../src/features/page-editor/screens/PageEditorScreen';
import { renderAt, screenHandlers } from '../../screens';

/** /funnels/{id}/pages/{pageId}: the page and its funnel read from the API into the editor. */
const meta = preview.meta({
  title: 'Page editor/PageEditorScreen',
  component: PageEditorScreen,
  render: renderAt('/funnels/:id/pages/:pageId', <PageEditorScreen />, '/funnels/1/pages/11'),
  parameters: { msw: { handlers: screenHandlers() } },
});

/** The checkout opens with its packages in the Products panel and a way back to its funnel. */
export const Checkout = meta.story({
  play: async ({ canvas, userEvent, step }) => {
    await step('The page opens with its funnel link and its packages', async () => {
      await expect(await canvas.findByRole('link', { name: 'GlowSkin Summer' }, { timeout: 5000 })).toBeVisible();
      await expect(await canvas.findByDisplayValue('39.95')).toBeVisible();
    });
    await step('The funnel link goes back to its pages', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'GlowSkin Summer' }));
      await expect(await canvas.findByText('Navigated to /funnels/1/pages')).toBeVisible();
    });
  },
});
