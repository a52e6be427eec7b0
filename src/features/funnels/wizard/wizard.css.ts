/** Styles of the funnel wizards: the ERROR box (001 §2) and the step list. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** The closable ERROR box: a red-framed panel above the step. */
export const errorBox = style({
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.md,
});
