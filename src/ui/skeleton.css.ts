/** Styles of the loading skeleton: grey bars that pulse (still under `prefers-reduced-motion`). */
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

const pulse = keyframes({ '0%, 100%': { opacity: 0.45 }, '50%': { opacity: 1 } });

/** One grey bar; pulses unless the operator asked for reduced motion. */
export const bar = style({
  display: 'block', height: 12, borderRadius: vars.radius.sm, background: vars.color.border,
  animation: `${pulse} 1.2s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.7 } },
});
/** A taller bar: a table header, a heading or a field. */
export const tall = style({ height: 28 });
/** A bar at most 60% wide (a heading, a short line). */
export const short = style({ width: '60%' });
/** The table shape: a header row and N rows of cells. */
export const table = style({ display: 'grid', gap: vars.space.sm, padding: vars.space.sm, background: vars.color.surface, borderRadius: vars.radius.md });
export const row = style({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', gap: vars.space.md });
/** The editor shape: a settings panel next to a preview. */
export const editor = style({ display: 'flex', gap: vars.space.lg, flexWrap: 'wrap' });
export const panel = style({ flex: '1 1 260px', maxWidth: 380, display: 'grid', gap: vars.space.md, alignContent: 'start' });
export const preview = style({ flex: '3 1 360px', minHeight: 320, height: 'auto' });
/** A few lines of a form (a settings tab). */
export const lines = style({ display: 'grid', gap: vars.space.md, maxWidth: 560 });
