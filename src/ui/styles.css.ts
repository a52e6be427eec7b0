/**
 * Shared recipes and layout classes of the design system (vanilla-extract + recipes).
 */
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    padding: `6px ${vars.space.md}`,
    fontSize: vars.size.text,
    fontFamily: 'inherit',
    cursor: 'pointer',
    fontWeight: 500,
    lineHeight: 1.3,
    whiteSpace: 'nowrap',
    selectors: {
      // data-* from react-aria's buttons (toggle buttons, tabs); the native states for Button,
      // a plain <button>.
      '&[data-disabled], &:disabled': { opacity: 0.5, cursor: 'not-allowed' },
      '&[data-focus-visible], &:not([data-rac]):focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.primary,
        color: vars.color.primaryText,
        selectors: { '&[data-hovered]:not([data-disabled]), &:not([data-rac]):hover:not(:disabled)': { background: vars.color.primaryHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.border,
        selectors: { '&[data-hovered]:not([data-disabled]), &:not([data-rac]):hover:not(:disabled)': { background: vars.color.surfaceAlt } },
      },
      danger: { background: vars.color.danger, color: '#fff' },
      ghost: { background: 'transparent', color: vars.color.primary, padding: `4px ${vars.space.sm}` },
    },
    size: { sm: { padding: `3px ${vars.space.sm}`, fontSize: vars.size.small }, md: {} },
  },
  defaultVariants: { variant: 'secondary', size: 'md' },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: vars.space.md, minWidth: 0 });
export const label = style({ fontWeight: 600, fontSize: vars.size.small, color: vars.color.text });
export const input = style({
  font: 'inherit',
  padding: '6px 8px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  minWidth: 0,
  width: '100%',
  selectors: {
    '&[data-invalid], &[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-disabled], &:disabled': { background: vars.color.surfaceAlt, color: vars.color.muted },
  },
});
export const errorText = style({ color: vars.color.danger, fontSize: vars.size.small });
export const helpText = style({ color: vars.color.muted, fontSize: vars.size.small });

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const spacer = style({ flex: 1 });
export const grid2 = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', columnGap: vars.space.lg });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(15, 20, 30, .45)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  zIndex: 100,
  padding: vars.space.lg,
});
export const modal = style({
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.modal,
  width: 'min(640px, 100%)',
  maxHeight: '90vh',
  overflow: 'auto',
  outline: 'none',
});
export const dialog = style({ padding: vars.space.lg, outline: 'none' });
export const dialogFooter = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm, marginTop: vars.space.lg });

export const badge = style({ display: 'inline-block', padding: '1px 8px', borderRadius: 999, fontSize: vars.size.small, fontWeight: 600 });
export const tone = styleVariants({
  info: { background: vars.color.infoBg, color: vars.color.info },
  success: { background: vars.color.successBg, color: vars.color.success },
  warning: { background: vars.color.warningBg, color: vars.color.warning },
  danger: { background: vars.color.dangerBg, color: vars.color.danger },
});

export const table = style({ width: '100%', borderCollapse: 'collapse', background: vars.color.surface });
export const th = style({
  textAlign: 'left',
  fontSize: vars.size.small,
  color: vars.color.muted,
  fontWeight: 600,
  padding: '8px 10px',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  whiteSpace: 'nowrap',
});
export const td = style({ padding: '8px 10px', borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });
/** A badge in a table cell stays on one line: a pill broken over two lines reads as two labels. */
globalStyle(`${td} ${badge}`, { whiteSpace: 'nowrap' });
export const groupRow = style({ background: vars.color.surfaceAlt, fontWeight: 600, fontFamily: vars.font.mono, textAlign: 'left' });
/** A header that sorts (a server-paged list's): the whole label is the button. */
export const sortButton = style({
  all: 'unset',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
/** A paged list's pager row: its buttons, the page it shows and the page size. */
export const pager = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginTop: vars.space.md,
  fontSize: vars.size.small,
});

/** The global error overlay's panel, centred a little below the top. */
export const errorPanel = style({
  maxWidth: 560,
  margin: '10vh auto',
  background: vars.color.surface,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.modal,
});
/** The empty-state box: dashed frame, centred muted text. */
export const emptyState = style({
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.muted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
/** The notifications' corner (bottom right, above dialogs). */
export const toastRegion = style({ position: 'fixed', right: 16, bottom: 16, display: 'flex', flexDirection: 'column', gap: 8, zIndex: 200, maxWidth: 380 });
/** One notification (its colours come from `tone`). */
export const toast = style({
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  display: 'flex',
  gap: 8,
  alignItems: 'flex-start',
});
/** The lock icon sits on the text's baseline, before the name. */
export const lockIcon = style({ verticalAlign: '-2px', marginRight: 4 });

/** The device preview: its toggle above a scrolling well that holds the frame. */
export const preview = style({ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0, height: '100%', flex: 1, minHeight: 0 });
export const previewWell = style({ flex: 1, overflow: 'hidden', background: vars.color.surfaceAlt, borderRadius: vars.radius.md, padding: 8, minHeight: 480 });
/** The box the scaled frame occupies (its layout size), centred in the well. */
export const previewFit = style({ margin: '0 auto', overflow: 'hidden' });
/** The preview frame, centred in the well; its width is the device's (inline, from DEVICE_WIDTHS). */
export const previewFrame = style({
  height: '100%',
  minHeight: 460,
  border: `1px solid ${vars.color.border}`,
  background: '#fff',
  display: 'block',
  transformOrigin: 'top left',
});

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0,0,0,0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** Narrower dialogs (max width in px): a second class next to `modal`. */
export const modalWidth = styleVariants({
  420: { width: 'min(420px, 100%)' },
  440: { width: 'min(440px, 100%)' },
  480: { width: 'min(480px, 100%)' },
  520: { width: 'min(520px, 100%)' },
});
