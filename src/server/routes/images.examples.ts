/**
 * OpenAPI examples, error messages and field descriptions of the image gallery routes (routes/images.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { MSG } from '../../model/messages.ts';
import { FUNNEL_404, LOCKED } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const IMAGE = { name: 'serum-hero.webp', url: 'http://127.0.0.1:3000/api/v1/uploads/1/serum-hero.webp', type: 'image/webp', size: 48213 };

/** What routes/images.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Images', description: "A funnel's image gallery (uploads)" }],
  examples: {
    listImages: { response: [IMAGE] },
    uploadImages: { request: { file: 'serum-hero.webp' }, response: { message: 'serum-hero.webp file uploaded successfully', images: [IMAGE] } },
    deleteImage: { response: { message: 'Image deleted', name: IMAGE.name } },
  },
  errors: {
    listImages: FUNNEL_404,
    uploadImages: { ...FUNNEL_404, ...LOCKED, 409: [MSG.uploadFailed('serum-hero.webp')], 413: [MSG.imageTooLarge], 415: [MSG.uploadFailed('notes.exe')] },
    deleteImage: { 404: ['Funnel not found', 'Image not found'], ...LOCKED },
  },
  fields: {
    'ImageSchema.name': 'File name in the gallery',
    'ImageSchema.url': 'Address the image is served at',
    'ImageSchema.type': 'Media type',
    'ImageSchema.size': 'Size in bytes',
  },
};
