/**
 * The light theme's token values, in the shape of the theme contract `vars`
 * (src/ui/theme.css.ts). A plain module, so the Storybook's design-tokens page can walk it
 * (stories/foundations/DesignTokens.tsx) and a new token shows there without editing the page.
 * theme.css.ts applies it at `:root` with `createGlobalTheme`; it is read at build time only,
 * so the app bundles carry none of it.
 */
export const themeTokens = {
  /** Colours: page, surfaces, text, brand, status pairs (`x` on `xBg`), focus ring and chart hues. */
  color: {
    bg: '#f5f6f8',
    surface: '#ffffff',
    surfaceAlt: '#f0f2f5',
    text: '#1c2330',
    muted: '#5b6475',
    border: '#d5d9e0',
    primary: '#2446c7',
    primaryHover: '#1b379f',
    primaryText: '#ffffff',
    danger: '#b42318',
    dangerBg: '#fdecea',
    success: '#146c2e',
    successBg: '#e7f6ec',
    warning: '#8a5a00',
    warningBg: '#fff5dc',
    info: '#1d4e89',
    infoBg: '#e6f0fb',
    focus: '#b36b00',
    orange: '#c2570c',
    yellow: '#8a6d00',
    green: '#146c2e',
  },
  /** Spacing scale for gaps, paddings and margins. */
  space: { xs: '4px', sm: '8px', md: '12px', lg: '20px', xl: '32px' },
  /** Corner radii. */
  radius: { sm: '4px', md: '6px', lg: '10px' },
  /** Font stacks: the bundled fonts first (src/ui/fonts.ts), then system fallbacks. */
  font: {
    body: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: '"JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  /** Type scale: body text, small print and the two heading levels. */
  size: { text: '14px', small: '12px', h1: '22px', h2: '17px' },
  /** Elevation: cards and modal dialogs. */
  shadow: { card: '0 1px 2px rgba(16,24,40,.08)', modal: '0 12px 40px rgba(16,24,40,.25)' },
} as const;

/** The token groups and their values (the contract's shape). */
export type ThemeTokens = typeof themeTokens;
