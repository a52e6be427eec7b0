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
/**
 * Each property offers only the steps the screens use: every value of every property is a class
 * name in the runtime map that each route's first visit loads (1.9 kB gzip for all of them). Add
 * a step to a property when a screen needs it; tsc names a missing one.
 */
const layout = defineProperties({
  properties: {
    display: ['none', 'block', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['column'],
    alignItems: ['flex-start', 'center', 'flex-end', 'baseline'],
    alignSelf: ['center'],
    flexWrap: ['wrap', 'nowrap'],
    flex: { 1: '1', none: 'none' },
    gap: { xs: space.xs, sm: space.sm, md: space.md, 2: space[2], 6: space[6], 10: space[10], 16: space[16] },
    // Shorthands first, so that a side (defined later) overrides them: margin="none" marginTop="sm".
    padding: { none: space.none, sm: space.sm, md: space.md, 10: space[10], 24: space[24] },
    margin: { none: space.none },
    paddingTop: { none: space.none, 2: space[2], 14: space[14], 22: space[22] },
    paddingBottom: { none: space.none, 2: space[2] },
    paddingLeft: { none: space.none, xs: space.xs, md: space.md, lg: space.lg },
    paddingRight: { none: space.none, xs: space.xs },
    marginTop: { none: space.none, xs: space.xs, sm: space.sm, md: space.md, lg: space.lg, 6: space[6], 22: space[22] },
    marginBottom: { none: space.none, xs: space.xs, sm: space.sm, md: space.md, 16: space[16] },
    marginLeft: { none: space.none, 6: space[6], 22: space[22] },
    marginRight: { none: space.none },
    width: { full: '100%', auto: 'auto' },
    minWidth: { 0: '0' },
    overflow: ['auto'],
    listStyle: ['none'],
    textAlign: ['left', 'right'],
    whiteSpace: ['nowrap', 'pre-wrap', 'pre-line'],
    cursor: ['pointer'],
    border: { none: '0' },
    borderRadius: { sm: vars.radius.sm, md: vars.radius.md },
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
    color: { text: vars.color.text, muted: vars.color.muted, danger: vars.color.danger },
    background: { surface: vars.color.surface, surfaceAlt: vars.color.surfaceAlt, dangerBg: vars.color.dangerBg },
    fontFamily: { mono: vars.font.mono },
    fontSize: { text: vars.size.text, small: vars.size.small, h2: vars.size.h2, 15: '15px', 16: '16px' },
    fontWeight: { normal: '400', bold: '600' },
  },
});

/** Class names for the given atoms, e.g. `sprinkles({ display: 'flex', gap: 'sm' })`. */
export const sprinkles = createSprinkles(layout, typography);
/** The props `sprinkles()`, {@link Box}, {@link Stack} and {@link Inline} accept. */
export type Sprinkles = Parameters<typeof sprinkles>[0];
