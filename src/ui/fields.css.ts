/** Styles of the image-address field. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** A small square image preview (decorative next to its address). */
export const thumb = style({
  width: 44,
  height: 44,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  flex: 'none',
});
