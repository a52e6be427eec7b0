/**
 * Atomic classes on the theme contract (vanilla-extract sprinkles), for layout and spacing
 * that used to be inline style props. Components reach them through {@link Box},
 * {@link Stack} and {@link Inline}, or call `sprinkles({...})` for a class name.
 *
 * The space scale is the theme's (`xs`…`xl`) plus a few off-scale pixel steps that existing
 * screens use (2, 6, 10, 14, 16, 22, 24 px), so replacing an inline style keeps its look.
 */
import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { vars } from './theme.css';
// Imported so that this file's CSS comes after the recipes' and layout classes': a sprinkle
// next to e.g. `card` or `row` overrides its padding or wrapping, as the inline style did.
import './styles.css';

/** Space steps: the theme's scale and the few off-scale pixel values the screens use. */
export const space = {
  none: '0',
  xs: vars.space.xs,
  sm: vars.space.sm,
  md: vars.space.md,
  lg: vars.space.lg,
  xl: vars.space.xl,
  2: '2px',
  6: '6px',
  10: '10px',
  14: '14px',
  16: '16px',
  22: '22px',
  24: '24px',
} as const;
const margin = { ...space, auto: 'auto' } as const;

const layout = defineProperties({
  properties: {
    display: ['none', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column'],
    alignItems: ['flex-start', 'center', 'flex-end', 'baseline', 'stretch'],
    alignSelf: ['flex-start', 'center', 'flex-end', 'baseline', 'stretch'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    flexWrap: ['wrap', 'nowrap'],
    flex: { 1: '1', none: 'none' },
    gap: space,
    // Shorthands first, so that a side (defined later) overrides them: margin="none" marginTop="sm".
    padding: space,
    margin,
    paddingTop: space,
    paddingBottom: space,
    paddingLeft: space,
    paddingRight: space,
    marginTop: margin,
    marginBottom: margin,
    marginLeft: margin,
    marginRight: margin,
    width: { full: '100%', auto: 'auto' },
    minWidth: { 0: '0' },
    maxWidth: { full: '100%' },
    overflow: ['auto', 'hidden', 'visible'],
    listStyle: ['none'],
    textAlign: ['left', 'center', 'right'],
    whiteSpace: ['normal', 'nowrap', 'pre-wrap', 'pre-line'],
    cursor: ['pointer', 'default'],
    border: { none: '0' },
    borderRadius: { none: '0', sm: vars.radius.sm, md: vars.radius.md, lg: vars.radius.lg, full: '999px' },
  },
  shorthands: {
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    marginX: ['marginLeft', 'marginRight'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

const typography = defineProperties({
  properties: {
    color: vars.color,
    background: vars.color,
    fontFamily: vars.font,
    /** The theme's sizes plus the two off-scale heading sizes the panels use. */
    fontSize: { ...vars.size, 15: '15px', 16: '16px' },
    fontWeight: { normal: '400', medium: '500', bold: '600' },
  },
});

/** Class names for the given atoms, e.g. `sprinkles({ display: 'flex', gap: 'sm' })`. */
export const sprinkles = createSprinkles(layout, typography);
/** The props `sprinkles()`, {@link Box}, {@link Stack} and {@link Inline} accept. */
export type Sprinkles = Parameters<typeof sprinkles>[0];
