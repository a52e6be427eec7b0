/**
 * Images (seed sections 000 §3, §5, §9): an image of a funnel's gallery, the safe stored file
 * names of uploads and the client-side checks of a chosen file (size and extension).
 */
import { z } from 'zod';
import { BANNER_SIZES, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from './constants';
import { RMSG } from './fields';
import { MSG } from './messages';

/** An image of a funnel's gallery (000 §3: name, url, type, size). */
export const ImageSchema = z.object({ name: z.string(), url: z.string(), type: z.string(), size: z.number().int() }).meta({ id: 'Image' });
export type Image = z.infer<typeof ImageSchema>;

/**
 * Allowed stored file names: a base name of letters of any script (with their accents), digits,
 * '_', '.' and '-', starting with a letter or digit, and an allowed extension (no paths, no
 * hidden files). "Größe.png" and "café.jpg" are names as good as "logo.png".
 */
export const IMAGE_NAME_RE = new RegExp(`^[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}_.-]{0,99}\\.(?:${UPLOAD_EXTENSIONS.join('|')})$`, 'u');

/**
 * The name an upload is stored under: Unicode NFC (an accent typed as a separate mark joins its
 * letter, as macOS sends "café"), whitespace runs become '-', the extension is lower-cased; the
 * letters are kept as given. @returns null when the result is not a safe name ({@link IMAGE_NAME_RE}).
 */
export function storedImageName(original: string): string | null {
  if (original.length > 200 || /[\u0000-\u001f\u007f/\\]/.test(original)) return null;
  const nfc = original.normalize('NFC');
  const dot = nfc.lastIndexOf('.');
  if (dot <= 0) return null;
  const name = `${nfc.slice(0, dot).trim().replace(/\s+/g, '-')}.${nfc.slice(dot + 1).toLowerCase()}`;
  return IMAGE_NAME_RE.test(name) && !name.includes('..') ? name : null;
}

/** The upload extensions that are images a page can show in an `<img>` (not pdf, mp4, webm). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'svg', 'webp', 'gif'] as const;

/** What the image slider says of an entry that is not an image. */
export const SLIDER_IMAGE_MSG = 'The image slider shows images only: jpg, jpeg, png, svg, webp or gif';

/**
 * Whether `url` may be a slide of the image slider: an address whose file name has an image
 * extension ({@link IMAGE_EXTENSIONS}), or none at all (an image service's address); a PDF, a
 * video or any other file is not. The slider panel's picker and the page write use it.
 */
export function isSliderImage(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  if (dot <= 0) return true;
  return (IMAGE_EXTENSIONS as readonly string[]).includes(last.slice(dot + 1).toLowerCase());
}

/** Client-side checks of a chosen file (000 §5): size and extension. @returns the seed's message or null. */
export function checkUpload(file: { name: string; size: number }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return MSG.imageTooLarge;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? null : RMSG.fileType;
}

/** Which banner of an affiliate: the desktop or the mobile image (000 §9 sizes). */
export type BannerKind = keyof typeof BANNER_SIZES;

/**
 * The message for an affiliate banner of the wrong pixel size, or null when it has the
 * banner's size (000 §9: desktop 2978 x 194 px, mobile 422 x 97 px); `size` null: a file
 * without a pixel size (a PDF, a video). Said by the browser
 * before an upload and by the server again.
 */
export function bannerSizeError(kind: BannerKind, size: { width: number; height: number } | null): string | null {
  const want = BANNER_SIZES[kind];
  if (!size) return `The ${kind} banner must be an image of ${want.width} x ${want.height} px`;
  if (size.width === want.width && size.height === want.height) return null;
  return `The ${kind} banner must be ${want.width} x ${want.height} px; this image is ${size.width} x ${size.height} px`;
}
