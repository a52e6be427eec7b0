/** Styles of the command palette and the shortcut sheet. */
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css';

/** The palette sits in the top third, like a search box, not centred like a form. */
export const overlay = style({ alignItems: 'flex-start', paddingTop: '12vh' });
export const modal = style({ width: 'min(600px, 100%)', overflow: 'hidden', display: 'flex', flexDirection: 'column' });
export const dialog = style({ outline: 'none', display: 'flex', flexDirection: 'column', minHeight: 0 });

export const search = style({ padding: vars.space.md, borderBottom: `1px solid ${vars.color.border}` });
export const input = style({
  width: '100%',
  boxSizing: 'border-box',
  font: 'inherit',
  fontSize: 16,
  padding: '8px 10px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  background: vars.color.surface,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&::-webkit-search-cancel-button': { display: 'none' },
  },
});

export const list = style({ overflowY: 'auto', maxHeight: '55vh', padding: vars.space.xs, outline: 'none' });
export const section = style({ selectors: { '& + &': { marginTop: vars.space.xs } } });
export const header = style({
  fontSize: vars.size.small,
  fontWeight: 600,
  color: vars.color.muted,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textTransform: 'uppercase',
  letterSpacing: '.04em',
});
export const item = style({
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.sm,
  padding: `6px ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  color: vars.color.text,
  outline: 'none',
  selectors: { '&[data-focused]': { background: vars.color.infoBg } },
});
export const title = style({ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const subtitle = style({
  color: vars.color.muted,
  fontSize: vars.size.small,
  marginLeft: 'auto',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const empty = style({ padding: vars.space.md, color: vars.color.muted });
export const footer = style({
  display: 'flex',
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.size.small,
  color: vars.color.muted,
});

export const hint = style({ marginLeft: 'auto' });

/** The shortcut sheet's table. */
export const keys = style({ whiteSpace: 'nowrap', width: 220, paddingRight: vars.space.lg, verticalAlign: 'top', paddingBottom: vars.space.xs });
export const kbd = style({
  fontFamily: vars.font.mono,
  fontSize: vars.size.small,
  border: `1px solid ${vars.color.border}`,
  borderBottomWidth: 2,
  borderRadius: vars.radius.sm,
  padding: '0 5px',
  background: vars.color.surfaceAlt,
});
export const group = style({ fontSize: vars.size.text, margin: `${vars.space.sm} 0 2px` });
