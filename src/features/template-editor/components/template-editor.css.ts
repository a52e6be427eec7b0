/** The template editor's screen: the frame on the left, the side drawer on the right; the image picker's gallery. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui';

/** Both columns take the window's height below the screen's header; the drawer scrolls on its own. */
export const layout = style({ display: 'grid', gridTemplateColumns: '1fr minmax(360px, 440px)', gap: 20, height: 'calc(100vh - 200px)', minHeight: 560 });
/** The frame's column: its status line, then the device preview filling the rest. */
export const frameColumn = style({ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0, minHeight: 0, height: '100%' });
/** The drawer's column. */
export const drawer = style({ overflow: 'auto', minHeight: 0, paddingRight: 4 });
/** The picker's gallery: a wrapping grid of choices. */
export const gallery = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: 8,
  border: 'none',
  padding: 0,
  margin: '0 0 12px',
});
/** One gallery choice: its radio, thumbnail and file name. */
export const galleryItem = style({
  display: 'grid',
  gap: 4,
  padding: 6,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  fontSize: vars.size.small,
  overflowWrap: 'anywhere',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primary, boxShadow: `0 0 0 2px ${vars.color.primary}` } },
});
/** A gallery thumbnail. */
export const thumb = style({ width: '100%', height: 80, objectFit: 'cover', borderRadius: vars.radius.sm, background: vars.color.surfaceAlt });
