import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** The row of tabs above the panels. */
export const tabList = style({ display: 'flex', gap: 2, borderBottom: `1px solid ${vars.color.border}`, marginBottom: vars.space.lg, flexWrap: 'wrap' });

export const tabClass = style({
  padding: '8px 14px',
  cursor: 'pointer',
  borderBottom: '2px solid transparent',
  color: vars.color.muted,
  outline: 'none',
  selectors: {
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary, fontWeight: 600 },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
    '&[data-disabled]': { opacity: 0.5 },
  },
});
