/** Styles of the orders table: sortable headers, the loading skeleton, the pager's inputs and the filter grid (the pager row is the lists' `pager`). */
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** A header that sorts: the whole label is the button. */
export const sortButton = style({
  all: 'unset',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  color: 'inherit',
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const sortedHeader = style({ color: vars.color.text });

const pulse = keyframes({ '0%': { opacity: 0.45 }, '50%': { opacity: 1 }, '100%': { opacity: 0.45 } });
/** One grey bar of the loading skeleton. */
export const skeletonBar = style({
  display: 'block',
  height: 12,
  borderRadius: vars.radius.sm,
  background: vars.color.border,
  animation: `${pulse} 1.2s ease-in-out infinite`,
});
/** Rows of the previous page while the next one loads: dimmed, still readable. */
export const stale = style({ opacity: 0.55, transition: 'opacity 120ms' });
export const numeric = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.size.small, whiteSpace: 'nowrap' });
export const scroller = style({ overflowX: 'auto' });

export const pageInput = style({
  width: '9ch',
  padding: '4px 6px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  font: 'inherit',
});
export const sizeSelect = style({ padding: '4px 6px', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, font: 'inherit' });

export const filterGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  columnGap: vars.space.md,
});
export const filterBox = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.md,
});
export const filterSummary = style({ cursor: 'pointer', fontWeight: 600, padding: `${vars.space.xs} 0` });
