/**
 * The funnel tabs' own rows (001 §2 "Funnel page", §3, §7; 000 §3 Block form, §7 "Images") as
 * both sides know them: pixels, blocked users and the gallery.
 */
import { z } from 'zod';
import { BlockerBodySchema, BlockerFormSchema, BlockerSchema } from '../blockers';
import { contract, DeletedSchema } from '../contract';
import { ImageSchema } from '../images';
import { PixelCreateSchema, PixelSchema, PixelUpdateSchema } from '../pixels';

/** What a gallery upload answers: '{file} file uploaded successfully' and the images stored. */
export const UploadResultSchema = z
  .object({ message: z.string().describe("'{file} file uploaded successfully'"), images: z.array(ImageSchema).describe('The images uploaded') })
  .meta({ id: 'UploadResult' });
/** What an image delete answers. */
export const ImageDeletedSchema = z.object({
  message: z.string().describe('What was done: "Image deleted"'),
  name: z.string().describe('File name of the image deleted'),
});

/** The pixel routes; `{id}` is the pixel's ID, except in `ofFunnel` (the funnel's). */
export const PIXEL_ROUTES = {
  /** The funnel's pixels: one row per pixel and page. */
  ofFunnel: contract({ method: 'get', path: '/api/v1/funnels/{id}/pixels', answer: z.array(PixelSchema) }),
  /** A pixel on one page (the form makes one call per page). */
  create: contract({ method: 'post', path: '/api/v1/pixels', body: PixelCreateSchema, answer: PixelSchema, status: 201 }),
  /** Replaces the pixel (its page included). */
  update: contract({ method: 'put', path: '/api/v1/pixels/{id}', body: PixelUpdateSchema, answer: PixelSchema }),
  /** Deletes the pixel (423 while its funnel is locked). */
  remove: contract({ method: 'delete', path: '/api/v1/pixels/{id}', answer: DeletedSchema }),
};

/** The blocked-user routes; `{id}` is the rule's ID, except in `ofFunnel` (the funnel's). */
export const BLOCKER_ROUTES = {
  /** The funnel's blocked users / order-decline rules. */
  ofFunnel: contract({ method: 'get', path: '/api/v1/funnels/{id}/blockers', answer: z.array(BlockerSchema) }),
  /** The Block form plus its funnel adds a rule. */
  create: contract({ method: 'post', path: '/api/v1/blockers', body: BlockerBodySchema, answer: BlockerSchema, status: 201 }),
  /** The whole form replaces the rule. */
  update: contract({ method: 'put', path: '/api/v1/blockers/{id}', body: BlockerFormSchema, answer: BlockerSchema }),
  /** Deletes the rule. */
  remove: contract({ method: 'delete', path: '/api/v1/blockers/{id}', answer: DeletedSchema }),
};

/** The gallery routes; `{funnelId}` is the funnel's ID, `{name}` an image's file name. */
export const IMAGE_ROUTES = {
  /** The funnel's gallery. */
  list: contract({ method: 'get', path: '/api/v1/images/{funnelId}', answer: z.array(ImageSchema) }),
  /** Multipart upload of one or more files, all or nothing (sent with `uploadFiles` at `urlOf`); `banner` checks a banner's size. */
  upload: contract({
    method: 'post',
    path: '/api/v1/images/{funnelId}',
    query: z.object({ banner: z.enum(['desktop', 'mobile']).optional() }),
    answer: UploadResultSchema,
    status: 201,
  }),
  /** Deletes an image of the gallery. */
  remove: contract({ method: 'delete', path: '/api/v1/images/{funnelId}/{name}', answer: ImageDeletedSchema }),
};
