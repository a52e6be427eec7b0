/** Styles of the Gallery tab: the drop zone, the thumbnail grid and the preview. */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const dropZone = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
});
/** A file is dragged over the zone. */
export const dropZoneOver = style({ borderColor: vars.color.primary, background: vars.color.infoBg });
export const dropZoneLocked = style({ background: vars.color.surfaceAlt });
export const progress = style({ display: 'grid', gap: vars.space.xs, maxWidth: 480 });
export const refused = style({ margin: 0, paddingLeft: vars.space.lg, color: vars.color.danger });
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
});
export const tile = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.sm,
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const thumb = style({
  display: 'grid',
  placeItems: 'center',
  aspectRatio: '4 / 3',
  padding: 0,
  overflow: 'hidden',
  cursor: 'zoom-in',
  border: 0,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});
export const fileType = style({ fontWeight: 700, color: vars.color.muted });
export const name = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: vars.size.small });
export const previewImage = style({ maxWidth: '100%', maxHeight: '60vh', margin: '0 auto', objectFit: 'contain' });
export const previewModal = style({ width: 'min(760px, 100%)' });
globalStyle(`${thumb} img`, { width: '100%', height: '100%', objectFit: 'cover' });
