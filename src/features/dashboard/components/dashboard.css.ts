/** Styles of the dashboard cards (001 §2 "/": a card per item, reorderable). */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
  background: vars.color.surface,
  height: '100%',
  boxSizing: 'border-box',
});
export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, justifyContent: 'space-between' });
export const name = style({ margin: 0, fontSize: '1rem' });
export const percent = style({ fontSize: '1.75rem', fontWeight: 600, margin: 0, fontVariantNumeric: 'tabular-nums' });
export const detail = style({ margin: 0, color: vars.color.muted });
export const bar = style({ height: 6, borderRadius: 3, background: vars.color.surfaceAlt, overflow: 'hidden' });
export const fill = style({ height: '100%', background: vars.color.primary });
