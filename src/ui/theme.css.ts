/**
 * Theme contract and the light theme (vanilla-extract). Every style reads `vars`, so a
 * designer can swap themes without touching components. The values live in `./tokens`
 * (`themeTokens`, the same shape), which the design-tokens story page reads too.
 */
import { createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';
import { themeTokens } from './tokens';

export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceAlt: null,
    text: null,
    muted: null,
    border: null,
    primary: null,
    primaryHover: null,
    primaryText: null,
    danger: null,
    dangerBg: null,
    success: null,
    successBg: null,
    warning: null,
    warningBg: null,
    info: null,
    infoBg: null,
    focus: null,
    orange: null,
    yellow: null,
    green: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null, lg: null },
  font: { body: null, mono: null },
  size: { text: null, small: null, h1: null, h2: null },
  shadow: { card: null, modal: null },
});

createGlobalTheme(':root', vars, themeTokens);

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.size.text,
  color: vars.color.text,
  background: vars.color.bg,
  lineHeight: 1.45,
});
globalStyle('h1', { fontSize: vars.size.h1, margin: `0 0 ${vars.space.md}` });
globalStyle('h2', { fontSize: vars.size.h2, margin: `0 0 ${vars.space.sm}` });
globalStyle('a', { color: vars.color.primary });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 });
