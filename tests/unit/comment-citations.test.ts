/**
 * Comments in `src/**`, `stories/**`, `tests/**` and `.storybook/**` cite only what a reader can open: the repository's own notes (README.md
 * and the layer folders' READMEs) and the specification's sections (`000 §N`, `001 §N`). They
 * never cite DESIGN.md, TOOLCHAIN.md or an issue number, none of which is in the repository.
 * Comments are found with the TypeScript parser's tokens, so a string literal, a template or
 * JSX text that mentions an issue never counts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** What a comment may not cite. */
const FORBIDDEN = /DESIGN\.md|TOOLCHAIN\.md|\b[Ii]ssues? #?\d+/;

/** Every .ts/.tsx file under `dir`, as a path with forward slashes. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text of every comment in `source` (`//` and `/* *\/`, JSX `{/* *\/}` included), with its line. */
export function commentsOf(fileName: string, source: string): { line: number; text: string }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const tokens: ts.Node[] = [];
  const walk = (node: ts.Node) => {
    // A JSDoc comment is parsed into nodes too; it is found below as the comment it is.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(file);
    if (children.length === 0) tokens.push(node);
    else children.forEach(walk);
  };
  walk(file);
  const seen = new Map<number, ts.CommentRange>();
  const add = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((r) => seen.set(r.pos, r));
  tokens.forEach((token, i) => {
    // JSX text is text, not trivia: "// x" inside it is no comment.
    if (token.kind !== ts.SyntaxKind.JsxText) add(ts.getLeadingCommentRanges(source, token.pos));
    if (tokens[i + 1]?.kind !== ts.SyntaxKind.JsxText) add(ts.getTrailingCommentRanges(source, token.end));
  });
  return [...seen.values()]
    .sort((a, b) => a.pos - b.pos)
    .map((r) => ({ line: file.getLineAndCharacterOfPosition(r.pos).line + 1, text: source.slice(r.pos, r.end) }));
}

/** `file:line: the offending part` for each comment in `files` that cites what is not here. */
function offenders(files: string[]): string[] {
  return files.flatMap((file) =>
    commentsOf(file, readFileSync(file, 'utf8')).flatMap(({ line, text }) =>
      text.split('\n').flatMap((part, k) => (FORBIDDEN.test(part) ? [`${file}:${line + k}: ${part.trim()}`] : [])),
    ),
  );
}

describe('comment citations', () => {
  // This file names what it forbids, in its strings and its header.
  const files = ['src', 'stories', 'tests', '.storybook']
    .flatMap((dir) => sourceFiles(join(dir)))
    .map((f) => f.replace(/\\/g, '/'))
    .filter((f) => !f.endsWith('comment-citations.test.ts'));

  // About 900 files through the TypeScript scanner: seconds on a loaded 2-core machine.
  it('no comment in src, stories, tests or .storybook cites DESIGN.md, TOOLCHAIN.md or an issue number', () => {
    expect(offenders(files)).toEqual([]);
  }, 60_000);

  it('finds comments, not strings', () => {
    const source = [
      "const a = 'see issue 3'; // issue 4",
      'const b = `DESIGN.md ${1 /* TOOLCHAIN.md */}`;',
      '/** */',
      'const c = <p>// issue 6 {/* issue 7 */}</p>;',
      'const d = 1 / 2; const e = /issue 8/;',
    ].join('\n');
    const found = commentsOf('x.tsx', source).map((c) => c.text);
    expect(found).toEqual(['// issue 4', '/* TOOLCHAIN.md */', '/** */', '/* issue 7 */']);
  });
});
