/** One-off styles of the funnel screens. */
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/**
 * The funnel list's status select, coloured by status (PUBLISH_STATUS_COLORS). Next to the
 * `input` class: the doubled class outranks its width and colour, also its `:disabled` grey,
 * so a locked funnel's status keeps its colour.
 */
export const statusSelect = styleVariants({ orange: vars.color.orange, yellow: vars.color.yellow, green: vars.color.green }, (color) => ({
  selectors: { '&&': { width: 'auto', fontWeight: 600, color }, '&&:disabled': { color } },
}));

/** A table cell or block whose long values wrap anywhere instead of widening the table (the Logs tab's paths and values). */
export const wrapCell = style({ overflowWrap: 'anywhere', wordBreak: 'break-word', whiteSpace: 'pre-wrap', maxWidth: '60ch', margin: 0 });

/** Time travel: the document picker's width and the version slider filling its row. */
export const timeTravelDoc = style({ maxWidth: 360 });
export const versionSlider = style({ flex: 1, minWidth: 160 });

/** The funnel list's filter bar: labelled controls in a wrapping row, buttons on their baseline. */
export const filterBar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm, marginBottom: vars.space.md, minHeight: 52 });
export const filter = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.size.small, minWidth: 120, maxWidth: 220 });
/** Rows of the previous page while the next loads. */
export const stale = style({ opacity: 0.55 });

/** The bulk bar above the list while rows are selected: a highlighted row of actions. */
export const bulkBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
/** The bulk summary: scrolls when it names many funnels (focusable, so the keyboard scrolls it too). */
export const bulkSummary = style({ maxHeight: '50vh', overflowY: 'auto' });
/** The summary's lists of funnels. */
export const bulkList = style({ margin: `4px 0 ${vars.space.sm}`, paddingLeft: 20 });
/** The selection checkboxes' column. */
export const selectCell = style({ width: 32 });
