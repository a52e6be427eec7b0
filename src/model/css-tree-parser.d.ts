/** css-tree's parser entry (css-tree/parser: 14.5 kB gzipped instead of the full 58 kB); typed as the full package's `parse`. */
declare module 'css-tree/parser' {
  const parse: typeof import('css-tree').parse;
  export default parse;
}
