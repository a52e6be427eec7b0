import preview from '../../../.storybook/preview';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { ImageSliderPanel } from '../../../src/features/page-editor/components/panels/ImageSliderPanel';
import { MSG, type SliderImage } from '../../../src/model';
import { apiHandlers } from '../../../.storybook/handlers';
import { galleryImages } from '../../../tests/fixtures/demo';
import { CONTENT_PAGES, expectNothingRecorded, panelMeta, panelStory, removeStep, step as undoStep } from './panel-steps';
import { lockedStory, keyboardDrag, reorderStory } from './panel-stories';
import { freshId } from '../../helpers';

const imgs = (m: { imgSlider: SliderImage[] }) => m.imgSlider.map((x) => x.img.split('/').pop());

const meta = preview.meta({ title: 'Page editor/ImageSliderPanel', component: ImageSliderPanel, ...panelMeta(CONTENT_PAGES, { funnelId: 1 }) });

/** No slides: 'No Images added'; the funnel's gallery (GET /api/v1/images/1) offers its images; adding one is one step. */
export const Empty = meta.story(
  panelStory(CONTENT_PAGES.empty, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('No images; the gallery offers its images', async () => {
      await expect(canvas.getByText(MSG.noImages)).toBeVisible();
      const gallery = await canvas.findByRole('list', { name: 'Gallery images' });
      await expect(within(gallery).getAllByRole('listitem')).toHaveLength(galleryImages.length);
      await expect(within(gallery).getByText('1.5 MB')).toBeVisible();
    });
    await step('Add before-after.svg: the gallery marks it added', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Add before-after.svg to the slider' })));
      await expect(m.imgSlider).toEqual([{ id: freshId('slide'), img: '/uploads/1/before-after.svg' }]);
      await expect(store.getState().past.at(-1)!.label).toBe('Add slider image');
      await expect(canvas.getByRole('button', { name: 'Added: before-after.svg is in the slider' })).toBeDisabled();
    });
    await step('Add serum-bottle.svg as slide 2', async () => {
      const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Add serum-bottle.svg to the slider' })));
      await expect(imgs(m)).toEqual(['before-after.svg', 'serum-bottle.svg']);
      await expect(canvas.getByRole('img', { name: 'Slide 2: serum-bottle.svg' })).toBeVisible();
    });
  }),
);

/** Removing a slide; the gallery marks what the slider already shows. */
export const Filled = meta.story(
  panelStory(CONTENT_PAGES.filled, async ({ canvas, userEvent, step, store, doc, start }) => {
    await step('Three slides; the gallery marks lab-tested.svg added', async () => {
      await expect(imgs(start.meta)).toEqual(['serum-bottle.svg', 'before-after.svg', 'lab-tested.svg']);
      await expect(await canvas.findByRole('button', { name: 'Added: lab-tested.svg is in the slider' })).toBeDisabled();
    });
    await step('Remove image 2: the gallery offers it again', async () => {
      await removeStep({ canvas, userEvent, store, doc, start }, 'Remove image 2 before-after.svg', 'Remove slider image', imgs, [
        'serum-bottle.svg',
        'lab-tested.svg',
      ]);
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Add before-after.svg to the slider' })).toBeEnabled());
    });
  }),
);

/** Keyboard drag: one `move` op 'Move slider image'; Escape cancels. */
export const Reorder = meta.story(
  reorderStory(CONTENT_PAGES.filled, {
    drag: keyboardDrag('image 1', 'down', 'Reorder image 1 serum-bottle.svg', 2),
    order: [imgs, ['before-after.svg', 'serum-bottle.svg', 'lab-tested.svg']],
    recorded: ['One move is recorded', 'Move slider image', 'imgSlider', 0, 1],
  }),
);

/** A slide without an image: the message; the gallery cannot be listed: 'Something went wrong when fetching images'. */
export const Invalid = meta.story(
  panelStory(
    CONTENT_PAGES.invalid,
    async ({ canvas, userEvent, step, store, doc, start }) => {
      await step('The image message and the gallery error show; nothing is recorded', async () => {
        await expect(canvas.getByText(MSG.imageUrl)).toBeVisible();
        await expect(await canvas.findByText(MSG.imagesFetch)).toBeVisible();
        await expect(canvas.queryByRole('list', { name: 'Gallery images' })).toBeNull();
        await expectNothingRecorded(store, doc, start, 0);
      });
      await step('Remove the slide without an image: the message goes', async () => {
        const m = await undoStep(store, doc, start, () => userEvent.click(canvas.getByRole('button', { name: 'Remove image 1 no image' })));
        await expect(imgs(m)).toEqual(['before-after.svg']);
        await expect(canvas.queryByText(MSG.imageUrl)).toBeNull();
      });
    },
    {
      parameters: {
        msw: {
          handlers: [http.get('/api/v1/images/:funnelId', () => HttpResponse.json({ message: 'storage unavailable' }, { status: 503 })), ...apiHandlers()],
        },
      },
    },
  ),
);

/** The gallery also holds a PDF and a video: the slider offers its images only. */
export const ImagesOnly = meta.story(
  panelStory(
    CONTENT_PAGES.empty,
    async ({ canvas, step }) => {
      await step('The PDF and the video are not offered; the images are', async () => {
        const gallery = await canvas.findByRole('list', { name: 'Gallery images' });
        await expect(within(gallery).getAllByRole('listitem')).toHaveLength(galleryImages.length);
        await expect(within(gallery).queryByText('manual.pdf')).toBeNull();
        await expect(within(gallery).queryByText('intro.mp4')).toBeNull();
        await expect(canvas.getByRole('button', { name: 'Add serum-bottle.svg to the slider' })).toBeEnabled();
      });
    },
    {
      parameters: {
        msw: {
          handlers: [
            http.get('/api/v1/images/:funnelId', () =>
              HttpResponse.json([
                ...galleryImages,
                { name: 'manual.pdf', url: '/uploads/1/manual.pdf', type: 'application/pdf', size: 120_000 },
                { name: 'intro.mp4', url: '/uploads/1/intro.mp4', type: 'video/mp4', size: 2_400_000 },
              ]),
            ),
            ...apiHandlers(),
          ],
        },
      },
    },
  ),
);

/** A locked funnel: handles, remove and add buttons disabled; nothing recorded. */
export const Locked = meta.story(
  lockedStory(CONTENT_PAGES.filled, {
    'Add and the handles are disabled': async ({ canvas }) => {
      await expect(await canvas.findByRole('button', { name: 'Add free-shipping.svg to the slider' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Reorder image 1 serum-bottle.svg' })).toBeDisabled();
    },
    'Clicking add and remove records nothing': async ({ canvas, userEvent }) => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add free-shipping.svg to the slider' }));
      await userEvent.click(canvas.getByRole('button', { name: 'Remove image 1 serum-bottle.svg' }));
    },
  }),
);
