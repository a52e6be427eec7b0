/** The paged list's pieces (search bar, sortable headers, pager, the dimmed page while the next loads). */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** The search bar above the table: the labelled box and its buttons on one wrapping row. */
export const searchBar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm, marginBottom: vars.space.md });
export const searchField = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.size.small, minWidth: 220, maxWidth: 360, flex: 1 });
/** A header that sorts: the whole label is the button. */
export const sortButton = style({
  all: 'unset',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
/** Rows of the previous page while the next loads: dimmed, their text still readable (4.5:1). */
export const stale = style({ opacity: 0.7 });
export const pager = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginTop: vars.space.md,
  fontSize: vars.size.small,
});
/** The page size's label and select on one line. */
export const pageSize = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, whiteSpace: 'nowrap' });
