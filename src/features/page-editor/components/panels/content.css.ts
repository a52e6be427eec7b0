/**
 * Styles of the content panels (reviews, lists, shipping, image slider): slide previews, the
 * gallery picker grid and avatars (the rich-text field and image thumbnails are in src/ui).
 */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../../ui/theme.css';
import { imagePreviewFrame, thumb } from '../../../../ui/fields.css';

/** A wide slide preview. */
export const slide = style({ width: 120, height: 68, ...imagePreviewFrame });
/** The gallery picker: image cards in a grid. */
export const gallery = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.sm} 0 0`,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: vars.space.sm,
});
export const galleryItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  padding: 6,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.size.small,
  minWidth: 0,
});
globalStyle(`${galleryItem} img`, { width: '100%', height: 72, objectFit: 'cover', borderRadius: vars.radius.sm, background: vars.color.surfaceAlt });
export const fileName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
/** A reviewer's round avatar: a smaller {@link thumb}. */
export const avatar = style([thumb, { width: 32, height: 32, borderRadius: 999 }]);
