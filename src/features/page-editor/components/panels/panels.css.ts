/**
 * Styles shared by the page-editor side panels: the choice cards of frames and colours,
 * and the fieldset that locks a panel.
 */
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../../ui/theme.css';

/** The panel's outer fieldset: no chrome; `disabled` on it makes the panel read-only. */
export const lockable = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });

/** A group of choices (radio cards) in a grid. */
export const choices = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.md}`, minWidth: 0 });
export const choiceGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: vars.space.sm, marginTop: vars.space.xs });
export const choice = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  fontSize: vars.size.small,
  color: vars.color.text,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.infoBg },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&:has(input:disabled)': { cursor: 'not-allowed' },
  },
});
/** Row layout of a choice (radio + label text side by side). */
export const choiceRow = style({ flexDirection: 'row' });

/** Small decorative previews of the frames (aria-hidden; the label names the frame). */
export const framePreview = style({ width: 56, height: 36, borderRadius: 4, background: vars.color.surfaceAlt, position: 'relative' });
const frameLook = {
  solid: { border: `2px solid ${vars.color.muted}` },
  dashed: { border: `2px dashed ${vars.color.muted}` },
  double: { border: `4px double ${vars.color.muted}` },
  header: { border: `1px solid ${vars.color.muted}`, boxShadow: `inset 0 10px 0 ${vars.color.muted}` },
  ribbon: { border: `1px solid ${vars.color.muted}`, boxShadow: `inset 10px 0 0 ${vars.color.muted}` },
  rounded: { border: `2px solid ${vars.color.muted}`, borderRadius: 14 },
  shadow: { border: `1px solid ${vars.color.border}`, boxShadow: '0 3px 6px rgba(16,24,40,.35)' },
  footer: { border: `1px solid ${vars.color.muted}`, boxShadow: `inset 0 -10px 0 ${vars.color.muted}` },
} as const;
export const frameLooks = styleVariants(frameLook);
/** The look of each frame by its position in its list (1-based frame numbers map to index 0…). */
export const FRAME_LOOK_ORDER = ['solid', 'dashed', 'double', 'header', 'ribbon', 'rounded', 'shadow', 'footer'] as const;

/** A colour swatch next to a colour's name. */
export const swatch = style({ width: 18, height: 18, borderRadius: 999, border: `1px solid ${vars.color.muted}`, display: 'inline-block', flex: 'none' });

/** A block of a panel below a divider. */
export const subsection = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md, marginTop: vars.space.md });

/** Swatches of TEMPLATE_COLORS as the templates draw them (a second class next to `swatch`; decorative, the name labels the choice). */
export const templateSwatch = styleVariants({ blue: { background: '#2446c7' }, green: { background: '#146c2e' }, orange: { background: '#c2570c' } });
/** Swatches of ADDON_FRAME_COLORS (a second class next to `swatch`; decorative, the colour's name labels the choice). */
export const addonSwatch = styleVariants({
  blue: { background: '#2f6fed' },
  pink: { background: '#e85aa5' },
  orange: { background: '#f08a24' },
  red: { background: '#d93636' },
  white: { background: '#ffffff' },
});
