/** Styles of the image-address field. */
import { style, type StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * How an image preview is framed wherever one stands beside its address or in a list (this
 * thumbnail, the content panels' slides): cropped to its box, a thin border on the muted surface
 * while it loads, never squeezed by its row. Sizes are the caller's.
 */
export const imagePreviewFrame: StyleRule = {
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  flex: 'none',
};

/** A small square image preview (decorative next to its address). */
export const thumb = style({ width: 44, height: 44, ...imagePreviewFrame });
