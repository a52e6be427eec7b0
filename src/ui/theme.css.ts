/**
 * Theme contract and the light theme (vanilla-extract). Every style reads `vars`, so a
 * designer can swap themes without touching components.
 */
import { createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';

export const vars = createThemeContract({
  color: {
    bg: null, surface: null, surfaceAlt: null, text: null, muted: null, border: null,
    primary: null, primaryHover: null, primaryText: null, danger: null, dangerBg: null,
    success: null, successBg: null, warning: null, warningBg: null, info: null, infoBg: null, focus: null,
    orange: null, yellow: null, green: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null, lg: null },
  font: { body: null, mono: null },
  size: { text: null, small: null, h1: null, h2: null },
  shadow: { card: null, modal: null },
});

createGlobalTheme(':root', vars, {
  color: {
    bg: '#f5f6f8', surface: '#ffffff', surfaceAlt: '#f0f2f5', text: '#1c2330', muted: '#5b6475', border: '#d5d9e0',
    primary: '#2446c7', primaryHover: '#1b379f', primaryText: '#ffffff', danger: '#b42318', dangerBg: '#fdecea',
    success: '#146c2e', successBg: '#e7f6ec', warning: '#8a5a00', warningBg: '#fff5dc', info: '#1d4e89', infoBg: '#e6f0fb',
    focus: '#f0a500', orange: '#c2570c', yellow: '#8a6d00', green: '#146c2e',
  },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '20px', xl: '32px' },
  radius: { sm: '4px', md: '6px', lg: '10px' },
  font: {
    body: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: '"JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  size: { text: '14px', small: '12px', h1: '22px', h2: '17px' },
  shadow: { card: '0 1px 2px rgba(16,24,40,.08)', modal: '0 12px 40px rgba(16,24,40,.25)' },
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0, fontFamily: vars.font.body, fontSize: vars.size.text, color: vars.color.text, background: vars.color.bg, lineHeight: 1.45,
});
globalStyle('h1', { fontSize: vars.size.h1, margin: `0 0 ${vars.space.md}` });
globalStyle('h2', { fontSize: vars.size.h2, margin: `0 0 ${vars.space.sm}` });
globalStyle('a', { color: vars.color.primary });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 });
