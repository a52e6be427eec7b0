/** Styles of the loading skeleton: grey bars that pulse (still under `prefers-reduced-motion`). */
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

const pulse = keyframes({ '50%': { opacity: 0.45 } });

/** One grey bar; pulses unless the operator asked for reduced motion. */
export const bar = style({
  height: 12,
  borderRadius: vars.radius.sm,
  background: vars.color.border,
  animation: `${pulse} 1.2s infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
/** A taller bar: a table header or a field. */
export const tall = style([bar, { height: 28 }]);
/** The editor's preview: twice the panel's width, tall. */
export const preview = style([bar, { gridColumn: 'span 2', height: 320 }]);
/** Bars (or rows) under each other. */
export const stack = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start' });
/** Bars (or panel and preview) side by side, equal columns. */
export const row = style({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', gap: vars.space.md });
