/**
 * The UI's fonts, bundled with the app instead of read from the machine (the same
 * glyphs on every operator's browser and in the visual baselines): Inter (latin; 400, 500, 600,
 * 700 — the weights the styles use) for text and JetBrains Mono (latin, 400) for code. The
 * theme's `font.body` and `font.mono` name them first (src/ui/theme.css.ts). Side effects only:
 * Vite emits the @font-face rules and the woff2 files as assets; no JavaScript.
 */
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/jetbrains-mono/latin-400.css';
