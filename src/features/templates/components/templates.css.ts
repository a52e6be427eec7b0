/** Styles of the template library: the floating preview frame and the preview path cell. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** The rendered page's own size, before it is scaled down into the floating frame (px). */
export const PAGE_WIDTH = 1200;
export const PAGE_HEIGHT = 900;
/** How much the page is scaled down in the floating frame. */
export const PREVIEW_SCALE = 0.4;

/** The floating frame: fixed beside the table, never in the way of the pointer. */
export const floating = style({
  position: 'fixed',
  right: vars.space.lg,
  zIndex: 50,
  margin: 0,
  pointerEvents: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.modal,
  padding: vars.space.sm,
  width: PAGE_WIDTH * PREVIEW_SCALE + 18,
});

export const caption = style({ fontSize: vars.size.small, fontWeight: 600, marginBottom: vars.space.xs, color: vars.color.text });

/** The window onto the scaled page. */
export const viewport = style({
  position: 'relative',
  width: PAGE_WIDTH * PREVIEW_SCALE,
  height: PAGE_HEIGHT * PREVIEW_SCALE,
  overflow: 'hidden',
  background: vars.color.surfaceAlt,
  padding: vars.space.md,
  fontSize: vars.size.small,
});

export const frame = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: PAGE_WIDTH,
  height: PAGE_HEIGHT,
  border: 0,
  background: '#fff',
  transform: `scale(${PREVIEW_SCALE})`,
  transformOrigin: '0 0',
});

export const path = style({ fontFamily: vars.font.mono, fontSize: vars.size.small, wordBreak: 'break-all' });
