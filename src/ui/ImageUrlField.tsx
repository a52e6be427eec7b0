/**
 * An image address field with a thumbnail, and the `<datalist>` of a gallery's images it
 * suggests from (000 §2 "Image gallery": "every image field picks from it").
 */
import { imageUrlError, type Image as GalleryImage } from '../model';
import { Box, Inline } from './Box';
import { TextField } from './FormFields';
import * as c from './fields.css';
import { useDraftText } from './useDraftText';

/** The file name shown for an image address (its last path segment). */
export function imageName(url: string): string {
  const last = (url.split(/[?#]/)[0] ?? url).split('/').filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A `<datalist>` of the gallery's image addresses for {@link ImageUrlField}s to suggest. */
export function GalleryOptions({ id, images }: { id: string; images: readonly GalleryImage[] | undefined }) {
  if (!images?.length) return null;
  return (
    <datalist id={id}>
      {images.map((i) => (
        <option key={i.url} value={i.url}>
          {i.name}
        </option>
      ))}
    </datalist>
  );
}

/** Props of {@link ImageUrlField}. */
export interface ImageUrlFieldProps {
  label: string;
  value: string;
  /** Called with each valid address as the operator types ('' clears it). */
  onCommit: (url: string) => void;
  disabled?: boolean;
  /** The model's message for the stored value. */
  error?: string;
  /** Id of a {@link GalleryOptions} list to suggest from. */
  listId?: string;
}

/**
 * An image address (https://…, http://… or /…; '' for none) with a thumbnail. Keeps typed
 * text while it is not a valid address and stores only valid ones, so invalid input records
 * nothing; follows the stored value when it changes from outside (undo, redo).
 */
export function ImageUrlField({ label, value, onCommit, disabled, error, listId }: ImageUrlFieldProps) {
  const { text, setText, bad, setBad } = useDraftText(value);
  return (
    <Inline wrap={false} align="flex-start">
      <Box flex={1} minWidth={0}>
        <TextField
          label={label}
          value={text}
          error={bad ?? error}
          disabled={disabled}
          list={listId}
          inputMode="url"
          placeholder="https://… or /images/…"
          help={listId ? 'Type an address or pick one of the gallery’s images.' : undefined}
          onChange={(e) => {
            const t = e.target.value.trim();
            setText(e.target.value);
            const why = imageUrlError(t);
            setBad(why);
            if (!why && t !== value) onCommit(t);
          }}
        />
      </Box>
      {value && !imageUrlError(value) && <Box as="img" src={value} alt="" className={c.thumb} marginTop={22} />}
    </Inline>
  );
}
