/** One-off layouts of the sign-in and no-access screens. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** The sign-in card, centred a little below the top. */
export const loginPanel = style({
  maxWidth: 420,
  margin: '12vh auto',
  background: vars.color.surface,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  textAlign: 'center',
});
/** The no-access notice: a readable line length. */
export const noAccess = style({ maxWidth: 560, padding: vars.space.lg });
