/** The funnel list's details drawer: a sheet on the right over a dimmed page. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(15, 20, 30, .35)', zIndex: 100, display: 'flex', justifyContent: 'flex-end' });
export const sheet = style({
  background: vars.color.surface,
  boxShadow: vars.shadow.modal,
  width: 'min(440px, 100%)',
  height: '100%',
  overflow: 'auto',
  outline: 'none',
});
export const body = style({ padding: vars.space.lg, outline: 'none', display: 'grid', gap: vars.space.md });
export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
