/** The part of subset-font's API that make-subsets.ts calls (the package ships no types). */
declare module 'subset-font' {
  /**
   * A font with only the glyphs `text` needs (and what the kept features reach).
   * @throws Error when `buffer` is not a font harfbuzz reads.
   */
  export default function subsetFont(
    buffer: Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2'; keepFeatures?: string[]; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
