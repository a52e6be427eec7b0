/** The paged list's pieces (search bar, page size, the dimmed page while the next loads; its sortable headers and pager row are the shared styles'). */
import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** The search bar above the table: the labelled box and its buttons on one wrapping row. */
export const searchBar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm, marginBottom: vars.space.md });
export const searchField = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.size.small, minWidth: 220, maxWidth: 360, flex: 1 });
/** Rows of the previous page while the next loads: dimmed, their text still readable (4.5:1). */
export const stale = style({ opacity: 0.7 });
/** The page size's label and select on one line. */
export const pageSize = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, whiteSpace: 'nowrap' });
