/**
 * Story files in CSF Next (`preview.meta(...)`): Storybook's indexer keeps only the exports made
 * by `meta.story(...)` or `<story>.extend(...)` in such a file and drops any other export without
 * a word, so a story written as `export const X = helper(...)` would never be shown or tested.
 * This check fails on such an export; files still in CSF 3 (a default-exported meta) are left as
 * they are, since Storybook reads both formats side by side.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The exports of a CSF Next story file that the indexer would drop, as `name (line N)`; [] for a CSF 3 file. */
export function droppedStoryExports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const isFactoryCall = (e: ts.Expression | undefined): boolean =>
    !!e &&
    ts.isCallExpression(e) &&
    ts.isPropertyAccessExpression(e.expression) &&
    ts.isIdentifier(e.expression.expression) &&
    (e.expression.name.text === 'story' || e.expression.name.text === 'extend');
  const usesFactories = /\bpreview\.meta\(/.test(text);
  if (!usesFactories) return [];
  const dropped: string[] = [];
  const lineOf = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  for (const st of source.statements) {
    const exported = ts.canHaveModifiers(st) && (ts.getModifiers(st) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isExportAssignment(st)) dropped.push(`default (line ${lineOf(st)})`);
    if (!exported) continue;
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (!isFactoryCall(d.initializer)) dropped.push(`${d.name.getText(source)} (line ${lineOf(d)})`);
    } else if (ts.isFunctionDeclaration(st)) dropped.push(`${st.name?.text ?? 'function'} (line ${lineOf(st)})`);
  }
  return dropped;
}

describe('story files in CSF Next', () => {
  it('finds an export the indexer would drop', () => {
    const text = [
      'const meta = preview.meta({ component: Button });',
      'export const Shown = meta.story({ args: {} });',
      'export const Longer = Shown.extend({ args: {} });',
      "export const Dropped = helperStory('x');",
    ].join('\n');
    expect(droppedStoryExports('x.stories.tsx', text)).toEqual(['Dropped (line 4)']);
    // A CSF 3 file is Storybook's other format and not this check's business.
    expect(
      droppedStoryExports('y.stories.tsx', "const meta = { component: Button } satisfies Meta;\nexport default meta;\nexport const A = helperStory('x');"),
    ).toEqual([]);
  });

  it('every export of every CSF Next story file is a story', () => {
    const files = readdirSync(join(ROOT, 'stories'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.stories.tsx'));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => droppedStoryExports(f, readFileSync(join(ROOT, 'stories', f), 'utf8')).map((d) => `${f}: ${d}`));
    expect(found).toEqual([]);
  });
});
