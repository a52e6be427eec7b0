/**
 * Images (seed sections 000 §3, §5, §9): an image of a funnel's gallery, the safe stored file
 * names of uploads and the client-side checks of a chosen file (size and extension).
 */
import { z } from 'zod';
import { BANNER_SIZES, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from './constants';
import { RMSG } from './fields';
import { MSG } from './messages';

/** An image of a funnel's gallery (000 §3: name, url, type, size). */
export const ImageSchema = z.object({ name: z.string(), url: z.string(), type: z.string(), size: z.number().int() });
export type Image = z.infer<typeof ImageSchema>;

/** Allowed stored file names: a safe base name with an allowed extension (no paths, no hidden files). */
export const IMAGE_NAME_RE = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}\\.(?:${UPLOAD_EXTENSIONS.join('|')})$`);

/**
 * The name an upload is stored under: whitespace runs become '-', the extension is
 * lower-cased. @returns null when the result is not a safe name ({@link IMAGE_NAME_RE}).
 */
export function storedImageName(original: string): string | null {
  if (original.length > 200 || /[\u0000-\u001f\u007f/\\]/.test(original)) return null;
  const dot = original.lastIndexOf('.');
  if (dot <= 0) return null;
  const name = `${original.slice(0, dot).trim().replace(/\s+/g, '-')}.${original.slice(dot + 1).toLowerCase()}`;
  return IMAGE_NAME_RE.test(name) && !name.includes('..') ? name : null;
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
