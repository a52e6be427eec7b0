/** Styles of {@link SortableList}: rows, the row being dragged and the drag handle. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** Sortable list rows. */
export const sortList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
/** Sortable cards that wrap (the dashboard). */
export const sortGrid = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
});
export const sortRow = style({ background: vars.color.surface, borderRadius: vars.radius.md });
export const dragging = style({ boxShadow: vars.shadow.modal, position: 'relative', zIndex: 2 });
export const handle = style({
  font: 'inherit',
  cursor: 'grab',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  padding: '4px 6px',
  lineHeight: 1,
  touchAction: 'none',
  flex: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});
