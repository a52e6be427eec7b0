/**
 * Writes the UI's font files (src/ui/fonts.ts) from the @fontsource latin files, two per face,
 * each with its `unicode-range`: "core" (the characters of the UI's own text) and "rest" (the
 * other latin characters: accented letters in names and countries). A browser downloads a file
 * only when the page shows one of its characters, so most screens and /login load the core
 * files alone. The glyphs are the full files'; only unused OpenType features are dropped. One
 * core file, not ASCII apart from the signs: a font's kerning and contextual forms act only
 * within one file, and the UI's dashes, quotes and ellipses sit next to its letters.
 *
 * `npx tsx src/ui/fonts/make-subsets.ts` (again after an @fontsource update); writes
 * `*.woff2` and `fonts.css` beside this file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const HERE = import.meta.dirname;

/** Code point ranges, inclusive. */
type Range = readonly [number, number];

/**
 * The characters of the UI's own text (the non-ASCII ones in the strings of src, comments left
 * out): ASCII, no-break space, ¢ £ ¥ § © « ® ° ± · » × ÷, dashes, quotes, bullet, ellipsis,
 * ‹ ›, €, ™, arrows and minus. Accented letters are in names and countries: the rest file.
 */
const CORE: Range[] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa2, 0xa3],
  [0xa5, 0xa5],
  [0xa7, 0xa7],
  [0xa9, 0xa9],
  [0xab, 0xab],
  [0xae, 0xae],
  [0xb0, 0xb1],
  [0xb7, 0xb7],
  [0xbb, 0xbb],
  [0xd7, 0xd7],
  [0xf7, 0xf7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2195],
  [0x2212, 0x2212],
];
/** What @fontsource's latin files cover (their unicode-range). */
const LATIN: Range[] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

const inRanges = (c: number, rs: readonly Range[]) => rs.some(([a, b]) => c >= a && c <= b);
const points = (rs: readonly Range[]) => rs.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
/** `cps` as the fewest ranges. */
function toRanges(cps: number[]): Range[] {
  const out: [number, number][] = [];
  for (const c of [...new Set(cps)].sort((x, y) => x - y)) {
    const last = out.at(-1);
    if (last && c === last[1] + 1) last[1] = c;
    else out.push([c, c]);
  }
  return out;
}
const cssRange = (rs: readonly Range[]) => rs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

const core = toRanges(points(CORE));
const rest = toRanges(points(LATIN).filter((c) => !inRanges(c, CORE)));
const text = (rs: readonly Range[]) => String.fromCodePoint(...points(rs).filter((c) => c >= 0x20));

/**
 * The OpenType features kept: kerning and `tnum` (the UI's tabular numbers) in every file; in the
 * rest file also what composes accented letters and marks. Inter's stylistic sets and
 * alternates are unused, and their glyphs were most of the bytes. Inter's core files drop the
 * contextual alternates and ligatures too (`calt`: a colon raised between digits, a hyphen between
 * capitals; Inter draws no ligature the UI's text forms): 13.2 → 9.8 kB a face, so /login's three
 * faces load 29 kB instead of 40 (72 as @fontsource ships them). JetBrains Mono keeps its code
 * ligatures.
 */
const FEATURES = ['kern', 'liga', 'calt', 'clig', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'tnum'];
const INTER_CORE_FEATURES = ['kern', 'tnum'];

const FACES = [
  { family: 'Inter', pkg: '@fontsource/inter', file: 'inter', weight: 400 },
  { family: 'Inter', pkg: '@fontsource/inter', file: 'inter', weight: 500 },
  { family: 'Inter', pkg: '@fontsource/inter', file: 'inter', weight: 600 },
  { family: 'Inter', pkg: '@fontsource/inter', file: 'inter', weight: 700 },
  { family: 'JetBrains Mono', pkg: '@fontsource/jetbrains-mono', file: 'jetbrains-mono', weight: 400 },
];

let css = '/* Written by make-subsets.ts: do not edit. */\n';
for (const f of FACES) {
  const src = readFileSync(require.resolve(`${f.pkg}/files/${f.file}-latin-${f.weight}-normal.woff2`));
  for (const [part, ranges] of [
    ['core', core],
    ['rest', rest],
  ] as const) {
    const name = `${f.file}-${f.weight}-${part}.woff2`;
    const out = await subsetFont(src, text(ranges), {
      targetFormat: 'woff2',
      keepFeatures: f.family === 'Inter' && part === 'core' ? INTER_CORE_FEATURES : FEATURES,
    });
    writeFileSync(join(HERE, name), out);
    console.log(`${name.padEnd(32)} ${(out.length / 1024).toFixed(1).padStart(5)} kB (full latin ${(src.length / 1024).toFixed(1)} kB)`);
    css += `@font-face {\n  font-family: '${f.family}';\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${f.weight};\n  src: url(./${name}) format('woff2');\n  unicode-range: ${cssRange(ranges)};\n}\n`;
  }
}
writeFileSync(join(HERE, 'fonts.css'), css);
