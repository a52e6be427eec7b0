/**
 * OpenAPI examples, error messages and field descriptions of the pixel routes (routes/pixels.ts),
 * listed in examples.ts's ROUTE_FILES.
 */
import { deleted, FUNNEL_404, LOCKED } from './example-fixtures.ts';
import type { RouteFileDocs } from './examples.ts';

const PIXEL = {
  ID: 1,
  funnel_id: 1,
  name: 'Facebook Pixel',
  aff_id: '',
  page: 2,
  location: 'head',
  code: "<script>!function(f,b,e,v){f.fbq=f.fbq||function(){};}(window,document,'script');fbq('init','1234567890');fbq('track','PageView');</script>",
  pageIds: [2],
};
const PIXEL_BODY = { name: PIXEL.name, aff_id: '', location: 'head', code: PIXEL.code, page: 2 };

/** What routes/pixels.ts documents ({@link RouteFileDocs}). */
export const DOCS: RouteFileDocs = {
  tags: [{ name: 'Pixels', description: "Tracking pixels placed in a funnel's pages" }],
  examples: {
    listFunnelPixels: { response: [PIXEL] },
    createPixel: { request: { ...PIXEL_BODY, funnel_id: 1 }, response: PIXEL },
    updatePixel: { request: { ...PIXEL_BODY, location: 'body' }, response: { ...PIXEL, location: 'body' } },
    deletePixel: { response: deleted('Pixel', 1) },
  },
  errors: {
    listFunnelPixels: FUNNEL_404,
    createPixel: { ...FUNNEL_404, ...LOCKED },
    updatePixel: { 404: ['Pixel not found'], ...LOCKED },
    deletePixel: { 404: ['Pixel not found'], ...LOCKED },
  },
  fields: {
    'PixelSchema.name': 'Name of the pixel',
    'PixelCreateSchema.name': 'Name of the pixel',
    'PixelUpdateSchema.name': 'Name of the pixel',
    'PixelFormSchema.name': 'Name of the pixel',
  },
};
