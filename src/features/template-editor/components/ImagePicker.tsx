/**
 * The template editor's image picker (001 §2 "Template editor": images become editable, picked
 * from the funnel's gallery; 000 §7 `GET /api/v1/images/{funnelId}`): a dialog listing the
 * gallery as choices plus an address field (https://…, http://… or /…), opened when the
 * operator clicks an image in the frame, titled with the image in words ("Choose an image for
 * Hero image"). Using an image records one command.
 */
import { useId, useState } from 'react';
import { useGalleryImages } from '../../../api';
import { FormModal, ImageUrlField, GalleryOptions, EmptyState, imageName, styles as s, Skeleton } from '../../../ui';
import * as css from './template-editor.css';

/** Props of {@link ImagePicker}. */
export interface ImagePickerProps {
  /** The funnel whose gallery is offered. */
  funnelId: number;
  /** The image's meta path (`heroImage`, `imgSlider.0.img`…); null: closed. */
  path: string | null;
  /** The image in words ("Hero image", "Slider image 2"; `imageLabel` of ../fields.ts), in the title "Choose an image for …". */
  label: string;
  /** The image address stored now ('' for none). */
  value: string;
  onPick: (url: string) => void;
  onCancel: () => void;
}

/** See the module comment. */
export function ImagePicker({ funnelId, path, label, value, onPick, onCancel }: ImagePickerProps) {
  const formId = useId();
  const listId = useId();
  const gallery = useGalleryImages(path ? funnelId : undefined);
  const [url, setUrl] = useState(value);
  const [opened, setOpened] = useState(path);
  // A new image to pick starts from its stored address (adjusted while rendering, not in an effect).
  if (opened !== path) {
    setOpened(path);
    setUrl(value);
  }
  const images = gallery.data ?? [];
  return (
    <FormModal title={`Choose an image for ${label}`} isOpen={path !== null} formId={formId} onCancel={onCancel} saveLabel="Use image">
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          // The address field keeps an invalid address as typed (with its message) and stores only
          // valid ones: Use image must not quietly use the last valid one instead.
          const invalid = e.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
          if (invalid) {
            invalid.focus();
            return;
          }
          onPick(url);
        }}
      >
        {gallery.isError ? (
          <p role="alert" className={s.errorText}>
            The gallery could not be read ({gallery.error.message}). Type an image's address below.
          </p>
        ) : gallery.isPending ? (
          <Skeleton label="Loading the gallery…" variant="lines" />
        ) : images.length === 0 ? (
          <EmptyState
            message="No Images added"
            action={<span className={s.helpText}>Upload images in the funnel's Gallery tab, or type an image's address below.</span>}
          />
        ) : (
          <fieldset className={css.gallery}>
            <legend className={s.label}>Gallery</legend>
            {images.map((img) => (
              <label key={img.url} className={css.galleryItem}>
                <input type="radio" name="gallery" value={img.url} checked={url === img.url} onChange={() => setUrl(img.url)} />
                <img src={img.url} alt="" className={css.thumb} />
                <span>{imageName(img.url)}</span>
              </label>
            ))}
          </fieldset>
        )}
        <ImageUrlField label="Image address" value={url} onCommit={setUrl} listId={listId} />
        <GalleryOptions id={listId} images={images} />
      </form>
    </FormModal>
  );
}
