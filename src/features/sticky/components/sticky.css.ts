/** Styles of the Sticky page: its upload cards, drop zones and progress. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const cards = style({ display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', marginBottom: vars.space.lg });
export const card = style({
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
/** The drop zone: a label for its (visually hidden, focusable) file input. */
export const dropZone = style({
  display: 'grid',
  gap: vars.space.xs,
  placeItems: 'center',
  textAlign: 'center',
  padding: vars.space.lg,
  cursor: 'pointer',
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  selectors: { '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
/** A file is dragged over the zone. */
export const dropZoneOver = style({ borderColor: vars.color.primary, background: vars.color.infoBg });
/** The zone takes no file (no funnel picked, or an upload running). */
export const dropZoneOff = style({ cursor: 'not-allowed', background: vars.color.surfaceAlt, color: vars.color.muted });
export const zoneTitle = style({ fontWeight: 600 });
export const progress = style({ display: 'grid', gap: vars.space.xs });
export const refused = style({ margin: 0, color: vars.color.danger });
export const ok = style({ margin: 0, color: vars.color.success });
