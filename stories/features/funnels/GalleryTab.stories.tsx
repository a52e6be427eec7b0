import preview from '../../../.storybook/preview';
import { expect, fn, waitFor, within } from 'storybook/test';
import { GalleryTab } from '../../../src/features/funnels/components/GalleryTab';
import { galleryImages } from '../../../tests/fixtures/demo';
import { lockedTabStory } from './locked-tab';
import { deleteAfterAsking, expectNoDialog, openDialog, pressIn } from '../../dialog-steps';
import { resolvingSpies } from '../../spies';

/** A file of `bytes` bytes named `name` (contents do not matter to the tab). */
const file = (name: string, bytes = 2048, type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

/**
 * Drops `files` on `target` as the browser does: dragover, then drop, each a real DragEvent
 * carrying a DataTransfer (Testing Library's fireEvent would copy it into an empty one).
 */
function dropFiles(target: Element, ...files: File[]) {
  const dataTransfer = new DataTransfer();
  for (const f of files) dataTransfer.items.add(f);
  for (const type of ['dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
}

/** Matches a File by its name. */
const named = (name: string): unknown => expect.objectContaining({ name });

const meta = preview.meta({
  title: 'Funnels/GalleryTab',
  component: GalleryTab,
  args: { images: galleryImages, ...resolvingSpies('onUpload', 'onDelete') },
});

/** Thumbnails with sizes; a click previews the image; delete asks the seed's question with the note, then deletes. */
export const Filled = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('The images are listed with their sizes', async () => {
      const list = canvas.getByRole('list', { name: 'Images' });
      await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
      await expect(within(list).getByText('1.5 MB')).toBeVisible();
    });
    await step('Preview an image, then close it', async () => {
      const dialog = await openDialog(canvas, userEvent, 'Preview lab-tested.svg', 'lab-tested.svg');
      await expect(within(dialog).getByRole('img', { name: 'Preview of lab-tested.svg' })).toHaveAttribute('src', '/uploads/1/lab-tested.svg');
      await pressIn(userEvent, dialog, 'Close');
      await expectNoDialog();
    });
    await step('Delete an image, after the warning', () =>
      deleteAfterAsking(canvas, userEvent, {
        button: 'Delete lab-tested.svg',
        dialog: 'Delete image',
        question: ['Are you sure you want to delete this image?', 'Check that lab-tested.svg is not used in a page first'],
        deleted: () => expect(args.onDelete).toHaveBeenCalledWith('lab-tested.svg'),
      }),
    );
  },
});

/** Upload by button: the progress bar follows what the browser reports, then goes away. */
export const UploadWithProgress = meta.story({
  args: {
    onUpload: fn(async (_files: File[], onProgress: (f: number) => void) => {
      onProgress(0.4);
      await new Promise((r) => setTimeout(r, 400));
      onProgress(1);
    }),
  },
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Upload two images: one progress bar, Upload disabled', async () => {
      await userEvent.upload(canvas.getByLabelText('Choose images to upload'), [file('hero.png'), file('badge.webp')]);
      const bar = await canvas.findByRole('progressbar', { name: 'Uploading hero.png, badge.webp: 40%' });
      await expect(bar).toHaveAttribute('value', '40');
      await expect(canvas.getByRole('button', { name: 'Upload images' })).toBeDisabled();
    });
    await step('Done: both sent in one upload', async () => {
      await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull());
      await expect(args.onUpload).toHaveBeenCalledTimes(1);
      await expect(args.onUpload).toHaveBeenCalledWith([named('hero.png'), named('badge.webp')], expect.any(Function));
    });
  },
});

/** Dropping files on the zone uploads them like the button does. */
export const DropFiles = meta.story({
  play: async ({ canvas, args }) => {
    const zone = canvas.getByText('or drop files here').closest('div')?.parentElement;
    if (!zone) throw new Error('no drop zone');
    dropFiles(zone, file('dropped.jpg', 4096, 'image/jpeg'));
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledWith([named('dropped.jpg')], expect.any(Function)));
  },
});

/** The seed's client checks: over 10MB or a type not allowed is refused with its message and nothing is sent. */
export const RefusedFiles = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    const input = canvas.getByLabelText('Choose images to upload');
    // userEvent.upload honours `accept`; the drop path does not, so both checks are the tab's own.
    await step('A file over 10 MB is refused', async () => {
      await userEvent.upload(input, [file('huge.png', 10 * 1024 * 1024 + 1)]);
      await expect(await canvas.findByRole('alert')).toHaveTextContent('huge.png file upload failed. Image must be smaller than 10MB!');
    });
    await step('A file of a type not allowed is refused; nothing uploaded', async () => {
      dropFiles(input.parentElement ?? input, file('notes.txt', 10, 'text/plain'));
      await expect(await canvas.findByRole('alert')).toHaveTextContent(
        'notes.txt file upload failed. Allowed types: jpg, jpeg, png, svg, webp, gif, pdf, mp4, webm',
      );
      await expect(args.onUpload).not.toHaveBeenCalled();
    });
  },
});

/** No images: the seed's empty state offers the upload: its button opens the same file chooser. */
export const Empty = meta.story({
  args: { images: [] },
  play: async ({ canvas, userEvent, step }) => {
    const empty = canvas.getByRole('status');
    await step('The empty state says No Images added', async () => {
      await expect(empty).toHaveTextContent('No Images added');
    });
    await step('Its button opens the chooser; one Upload button', async () => {
      const input = canvas.getByLabelText('Choose images to upload');
      let chosen = 0;
      // A click on the hidden input is what opens the browser's chooser; counted here instead of opened.
      input.addEventListener('click', (e) => {
        e.preventDefault();
        chosen += 1;
      });
      await userEvent.click(within(empty).getByRole('button', { name: 'Upload your first images' }));
      await expect(chosen).toBe(1);
      await expect(canvas.getAllByRole('button', { name: 'Upload images' })).toHaveLength(1);
    });
  },
});

/** No images on a locked funnel: the empty state offers no upload. */
export const EmptyLocked = meta.story({
  args: { images: [], locked: true },
  play: async ({ canvas, step }) => {
    await step('The empty state has no action', async () => {
      await expect(canvas.getByRole('status')).toHaveTextContent('No Images added');
      await expect(within(canvas.getByRole('status')).queryByRole('button')).toBeNull();
    });
    await step('Upload stays disabled', async () => {
      await expect(canvas.getByRole('button', { name: 'Upload images' })).toBeDisabled();
    });
  },
});

/** Locked funnel: no upload, no delete, and the reason is said. */
export const Locked = meta.story(lockedTabStory(['Upload images', 'Delete serum-bottle.svg'], 'The funnel is locked: unlock it to upload or delete images.'));
