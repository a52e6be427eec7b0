/**
 * Pixels (seed sections 001 §3, §5, §7, §8): a pixel of one page, how its code is stored, the
 * pixel form (name, location, code, pages) and the create and update bodies.
 */
import { z } from 'zod';
import { PIXEL_LOCATIONS } from './constants';
import { funnelChildKeys, optionalText, refId, requiredText, RMSG } from './fields';

/** Pixel code as stored (001 §5): double quotes become single quotes, line breaks are removed. */
export function normalizePixelCode(code: string): string {
  return code.replace(/"/g, "'").replace(/\r\n|\r|\n|\u2028|\u2029/g, '');
}

/** A pixel of one page (001 §3: ID, name, aff_id, page, location, code, pageIds). */
export const PixelSchema = z
  .object({
    ...funnelChildKeys(),
    name: z.string(),
    aff_id: z.string(),
    page: z.number().int(),
    location: z.enum(PIXEL_LOCATIONS),
    code: z.string(),
    pageIds: z.array(z.number().int()),
  })
  .meta({ id: 'Pixel' });
export type Pixel = z.infer<typeof PixelSchema>;

const pixelFields = {
  name: requiredText(RMSG.pixelName, 255),
  aff_id: optionalText(50),
  location: z.enum(PIXEL_LOCATIONS, { error: RMSG.pixelLocation }),
  code: requiredText(RMSG.pixelCode, 65_536).transform(normalizePixelCode),
};

/** The pixel form (001 §5): name, location and code required; at least one page when creating. */
export const PixelFormSchema = z.object({
  ...pixelFields,
  pageIds: z.array(refId(RMSG.pixelPages), { error: RMSG.pixelPages }).min(1, RMSG.pixelPages).max(200, 'At most 200 pages'),
});
export type PixelForm = z.input<typeof PixelFormSchema>;
/** `POST /api/v1/pixels`: one call per selected page (001 §7). */
export const PixelCreateSchema = z.object({ ...pixelFields, funnel_id: refId(RMSG.selectFunnel), page: refId(RMSG.pixelPages) });
/** `PUT /api/v1/pixels/{id}`. */
export const PixelUpdateSchema = z.object({ ...pixelFields, page: refId(RMSG.pixelPages) });
