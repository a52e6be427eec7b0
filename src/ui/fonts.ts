/**
 * The UI's fonts, bundled with the app instead of read from the machine (the same
 * glyphs on every operator's browser and in the visual baselines): Inter (latin; 400, 500, 600,
 * 700 — the weights the styles use) for text and JetBrains Mono (latin, 400) for code. The
 * theme's `font.body` and `font.mono` name them first (src/ui/theme.css.ts). Side effects only:
 * Vite emits the @font-face rules and the woff2 files as assets; no JavaScript.
 *
 * Each face is two files split by `unicode-range` (fonts/make-subsets.ts writes them from
 * @fontsource's): the characters of the UI's own text, and the rest of latin (accented letters).
 * The browser fetches only the files whose characters a page shows, so /login loads 29 kB of
 * fonts instead of 72 (Inter's core files also drop its contextual alternates); `font-display: swap` shows text at once.
 */
import './fonts/fonts.css';
