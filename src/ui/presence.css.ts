/** Presence avatars: initials in circles, the ones on this screen's document ringed. */
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const list = style({ display: 'flex', gap: 4, listStyle: 'none', margin: 0, padding: 0, alignItems: 'center' });
export const avatar = style({
  width: 26,
  height: 26,
  borderRadius: 999,
  display: 'grid',
  placeItems: 'center',
  fontSize: 11,
  fontWeight: 700,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  cursor: 'default',
});
export const here = style({ outline: `2px solid ${vars.color.primary}`, outlineOffset: 1 });
