/** Styles of the rich-text field: its frame, toolbar, editable area and link form. */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** The rich-text field's frame (toolbar above the editable area). */
export const rich = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});
export const richInvalid = style({ borderColor: vars.color.danger });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 4,
  padding: 4,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  borderRadius: `${vars.radius.md} ${vars.radius.md} 0 0`,
});
export const tool = style({
  font: 'inherit',
  fontSize: vars.size.small,
  padding: '2px 8px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.infoBg, borderColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});
export const editable = style({
  minHeight: 64,
  padding: '8px 10px',
  outline: 'none',
  color: vars.color.text,
  fontSize: 14,
  lineHeight: 1.5,
  selectors: { '&[aria-readonly="true"]': { background: vars.color.surfaceAlt, cursor: 'not-allowed' } },
});
globalStyle(`${editable} p`, { margin: '0 0 6px' });
globalStyle(`${editable} p:last-child`, { marginBottom: 0 });
globalStyle(`${editable} a`, { color: vars.color.primary, textDecoration: 'underline' });
/** Lexical's class for underlined text (theme.text.underline). */
export const underline = style({ textDecoration: 'underline' });
export const linkForm = style({ display: 'flex', gap: 6, alignItems: 'flex-end', flexWrap: 'wrap', padding: 6, borderTop: `1px solid ${vars.color.border}` });
