/**
 * The template editor's image picker (001 §2 "Template editor": images picked from the
 * funnel's gallery; 000 §7 `GET /api/v1/images/{funnelId}`, msw): the gallery as choices with
 * the stored image chosen, a gallery image or a typed address used, an address that is none
 * refused with 001 §5's message, Cancel, an empty gallery ('No Images added') and the gallery
 * loading. `onPick` / `onCancel` are `fn()` args.
 */
import preview from '../../../.storybook/preview';

import type { StoryContext } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { neverAnswers } from '../../screens';
import { expect, fn, screen, within } from 'storybook/test';
import { ImagePicker } from '../../../src/features/template-editor/components/ImagePicker';
import { MSG } from '../../../src/model';
import { galleryImages } from '../../../tests/fixtures/demo';
import { retype } from '../../dialog-steps';

const meta = preview.meta({
  title: 'Template editor/ImagePicker',
  component: ImagePicker,
  args: { funnelId: 1, path: 'heroImage', label: 'Hero image', value: '/uploads/1/serum-bottle.svg', onPick: fn(), onCancel: fn() },
});

/** The picker's dialog, once the gallery has loaded. */
async function dialogOf(name = 'Choose an image for Hero image') {
  const dialog = await screen.findByRole('dialog', { name }, { timeout: 5000 });
  return within(dialog);
}
type Dialog = Awaited<ReturnType<typeof dialogOf>>;
type User = StoryContext['userEvent'];

/** Types `address` into the dialog's Image address, in place of what it held; returns the field. */
async function typeAddress(userEvent: User, d: Dialog, address: string) {
  const field = d.getByLabelText('Image address');
  await retype(userEvent, field, address);
  return field;
}

/** Presses the dialog's Use image. */
const useImage = (userEvent: User, d: Dialog) => userEvent.click(d.getByRole('button', { name: 'Use image' }));

/** The step 'A typed address can still be used': `address` typed and Use image give it to `onPick`. */
const stepTypedAddressUsed = (step: StoryContext['step'], userEvent: User, d: Dialog, onPick: unknown, address: string) =>
  step('A typed address can still be used', async () => {
    await typeAddress(userEvent, d, address);
    await useImage(userEvent, d);
    await expect(onPick).toHaveBeenCalledWith(address);
  });

/** Filled: every gallery image as a choice, the stored one chosen; choosing another and Use image picks its address. */
export const PickFromGallery = meta.story({
  play: async ({ userEvent, args, step }) => {
    const d = await dialogOf();
    await step('Every gallery image is a choice, the stored one chosen', async () => {
      const group = await d.findByRole('group', { name: 'Gallery' }, { timeout: 5000 });
      await expect(
        within(group)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual(galleryImages.map((i) => i.url));
      await expect(d.getByRole('radio', { name: 'serum-bottle.svg' })).toBeChecked();
      await expect(d.getByLabelText('Image address')).toHaveValue('/uploads/1/serum-bottle.svg');
    });
    await step('Choose another image: its address fills the field', async () => {
      await userEvent.click(d.getByRole('radio', { name: 'lab-tested.svg' }));
      await expect(d.getByLabelText('Image address')).toHaveValue('/uploads/1/lab-tested.svg');
    });
    await step('Use image picks its address', async () => {
      await useImage(userEvent, d);
      await expect(args.onPick).toHaveBeenCalledWith('/uploads/1/lab-tested.svg');
    });
  },
});

/** A typed https address is used as it is; no gallery image stays chosen. */
export const TypedAddress = meta.story({
  play: async ({ userEvent, args, step }) => {
    const d = await dialogOf();
    await d.findByRole('group', { name: 'Gallery' }, { timeout: 5000 });
    await step('Type an https address: no gallery image stays chosen', async () => {
      await typeAddress(userEvent, d, 'https://cdn.example/hero.png');
      await expect(d.queryByRole('radio', { checked: true })).toBeNull();
    });
    await step('Use image picks the typed address', async () => {
      await useImage(userEvent, d);
      await expect(args.onPick).toHaveBeenCalledWith('https://cdn.example/hero.png');
    });
  },
});

/** An address that is none: 001 §5's message under the field. */
export const InvalidAddress = meta.story({
  play: async ({ userEvent, args, step }) => {
    const d = await dialogOf();
    let field!: HTMLElement;
    await step('Type an address that is none: the message shows under the field', async () => {
      field = await typeAddress(userEvent, d, 'hero.png');
      await expect(await d.findByText(MSG.imageUrl)).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    });
    // Use image does not quietly use the last valid address: nothing is picked, the field has the focus.
    await step('Use image picks nothing and focuses the field', async () => {
      await useImage(userEvent, d);
      await expect(args.onPick).not.toHaveBeenCalled();
      await expect(field).toHaveFocus();
    });
  },
});

/** The gallery cannot be read: the dialog says so (not "No Images added"), and an address can still be typed. */
export const GalleryFails = meta.story({
  parameters: { msw: { handlers: [http.get('/api/v1/images/:funnelId', () => HttpResponse.json({ message: 'Storage is not reachable' }, { status: 503 }))] } },
  play: async ({ userEvent, args, step }) => {
    const d = await dialogOf();
    await step('The dialog says the gallery could not be read', async () => {
      await expect(await d.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
        "The gallery could not be read (Storage is not reachable). Type an image's address below.",
      );
      await expect(d.queryByText('No Images added')).toBeNull();
    });
    await stepTypedAddressUsed(step, userEvent, d, args.onPick, '/images/hero.png');
  },
});

/** Cancel: onCancel, nothing picked. */
export const Cancel = meta.story({
  play: async ({ userEvent, args, step }) => {
    const d = await dialogOf();
    await step('Choose an image', async () => {
      await userEvent.click(await d.findByRole('radio', { name: 'before-after.svg' }, { timeout: 5000 }));
    });
    await step('Cancel picks nothing', async () => {
      await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
      await expect(args.onCancel).toHaveBeenCalledTimes(1);
      await expect(args.onPick).not.toHaveBeenCalled();
    });
  },
});

/** A funnel without images: 'No Images added' and where to add them; an address can still be typed. */
export const EmptyGallery = meta.story({
  args: { funnelId: 2, path: 'imgSlider.0.img', label: 'Slider image 1', value: '' },
  play: async ({ userEvent, args, step }) => {
    const d = await dialogOf('Choose an image for Slider image 1');
    await step('No Images added, and where to add them', async () => {
      await expect(await d.findByText('No Images added', {}, { timeout: 5000 })).toBeVisible();
      await expect(d.getByText("Upload images in the funnel's Gallery tab, or type an image's address below.")).toBeVisible();
      await expect(d.queryByRole('radio')).toBeNull();
    });
    await stepTypedAddressUsed(step, userEvent, d, args.onPick, '/images/slide.png');
  },
});

/** While the gallery loads: a busy skeleton status in the dialog, its words hidden but read. */
export const GalleryLoading = meta.story({
  parameters: { msw: { handlers: [neverAnswers('get', '/api/v1/images/:funnelId')] } },
  play: async ({ step }) => {
    const d = await dialogOf();
    await step('A busy status says the gallery is loading', async () => {
      await expect(d.getByRole('status')).toHaveTextContent('Loading the gallery…');
      await expect(d.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    });
  },
});

const galleryReads: string[] = [];
/** Closed (no path): no dialog, and the gallery is not read. */
export const Closed = meta.story({
  args: { path: null },
  parameters: {
    msw: {
      handlers: [
        http.get('/api/v1/images/:funnelId', ({ request }) => {
          galleryReads.push(request.url);
          return HttpResponse.json(galleryImages);
        }),
      ],
    },
  },
  play: async ({ canvasElement, step }) => {
    await step('No dialog is shown', async () => {
      await expect(screen.queryByRole('dialog')).toBeNull();
      await expect(canvasElement.ownerDocument.querySelector('[role="dialog"]')).toBeNull();
    });
    await step('The gallery is not read', async () => {
      await expect(galleryReads).toEqual([]);
    });
  },
});
