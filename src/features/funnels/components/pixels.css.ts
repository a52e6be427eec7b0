/** Styles of the Pixels tab: the page choice of the pixel form and the shortened code column. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

export const pages = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  marginBottom: vars.space.md,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  maxHeight: 220,
  overflowY: 'auto',
});
export const pageOption = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
/** One line of the pixel's code; the whole code is in the title. */
export const codeCell = style({ display: 'block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
