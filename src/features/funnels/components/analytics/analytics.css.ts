/** The Analytics tab's layout: each chart beside its table, the cards, the interval bar. */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../../ui/theme.css';

/** A chart and its table side by side; stacked on narrow screens. */
export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
});

/** One section of the tab (steps, by day, by release, splits, orders). */
export const section = style({ marginTop: vars.space.xl });

/** A chart's frame: fixed height so the page does not jump while it draws. */
export const chart = style({ width: '100%', height: 260, minWidth: 0 });

/** A table that scrolls sideways on its own when a funnel has many steps. */
export const tableWrap = style({ overflowX: 'auto', minWidth: 0 });

/** Numbers right-aligned in their cells. */
export const num = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** The table captions, left-aligned like a heading. */
export const caption = style({ captionSide: 'top', textAlign: 'left', fontWeight: 600, padding: `0 0 ${vars.space.sm}` });

/** The cards of the split tests and the orders. */
export const cards = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(380px, 1fr))', gap: vars.space.lg });

/** The filter bar's fields in one wrapping row. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
});
globalStyle(`${filters} > *`, { minWidth: 150 });

/** The interval bar's drawing. */
export const interval = style({ display: 'block', width: '100%', maxWidth: 420, height: 56, overflow: 'visible' });

/** A row's header cell: left-aligned, a little lighter than the column headers. */
export const rowHead = style({ textAlign: 'left', fontWeight: 500 });

/** A cell kept on one line (a release's name). */
export const nowrap = style({ whiteSpace: 'nowrap' });
