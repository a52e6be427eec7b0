/** One-off styles of the editor bar: the bar itself, the history list. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The bar (a `row`): a framed strip above the edited screen. */
export const bar = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: '6px 10px',
  marginBottom: 12,
});
/** The history list, a full-width line of the bar that scrolls past 200px. */
export const history = style({ width: '100%', margin: '6px 0 0', paddingLeft: 20, maxHeight: 200, overflow: 'auto' });
/** An undone entry of the history. */
export const undone = style({ color: vars.color.muted, textDecoration: 'line-through' });
