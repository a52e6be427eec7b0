import preview from '../../../.storybook/preview';
import { http, HttpResponse } from 'msw';
import { expect } from 'storybook/test';
import { ImageSliderPanel } from '../../../src/features/page-editor/components/panels/ImageSliderPanel';
import { MSG } from '../../../src/model';
import { apiHandlers } from '../../../.storybook/handlers';
import { CONTENT_PAGES, panelMeta, panelStory } from './panel-steps';

/**
 * The image slider's message for a funnel whose gallery is still empty (a story per
 * message): the slider has nothing to offer and says where images come from.
 */
const meta = preview.meta({
  title: 'Page editor/ImageSliderPanel messages',
  component: ImageSliderPanel,
  ...panelMeta(CONTENT_PAGES, { funnelId: 1 }),
});

/** GET /api/v1/images/1 answers no images: the panel points to the Gallery tab; nothing is recorded. */
export const EmptyGallery = meta.story(
  panelStory(
    CONTENT_PAGES.empty,
    async ({ canvas, step, store }) => {
      await step('No slides, and the gallery has none to offer: upload them in the Gallery tab', async () => {
        await expect(canvas.getByText(MSG.noImages)).toBeVisible();
        await expect(await canvas.findByText(MSG.noGalleryImages)).toBeVisible();
        await expect(canvas.queryByRole('button', { name: /^Add .* to the slider/ })).toBeNull();
      });
      await step('Nothing is recorded', async () => {
        await expect(store.getState().past).toHaveLength(0);
      });
    },
    { parameters: { msw: { handlers: [http.get('/api/v1/images/:funnelId', () => HttpResponse.json([])), ...apiHandlers()] } } },
  ),
);
