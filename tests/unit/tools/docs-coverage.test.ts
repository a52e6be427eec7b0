/**
 * Docs for every component: each component the UI library exports (src/ui/index.ts)
 * and each panel, form, screen, tab, list and dialog a feature slice exports
 * (src/features/<area>/{components,screens,wizard}) is the `component` or one of the
 * `subcomponents` of a story file's meta, so autodocs gives it a docs page with its TSDoc and
 * props table (.storybook/docs/DocsPage.tsx).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every file under `dir` whose name matches `ext`, as full paths. */
const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => join(dir, f));

const PASCAL = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*$/;

/** Exported React components of one .tsx file: PascalCase functions, and consts made by memo/forwardRef/lazy or an arrow. */
export function exportedComponents(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const names: string[] = [];
  const exported = (n: ts.Node) => ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of source.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && exported(st) && PASCAL.test(st.name.text)) names.push(st.name.text);
    if (ts.isVariableStatement(st) && exported(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !PASCAL.test(d.name.text) || !d.initializer) continue;
        const init = d.initializer;
        const made = ts.isCallExpression(init) && /\b(memo|forwardRef|lazy)$/.test(init.expression.getText(source));
        if (made || ts.isArrowFunction(init) || ts.isFunctionExpression(init)) names.push(d.name.text);
      }
    }
  }
  return names;
}

/** Every component named by a story meta's `component:` or `subcomponents: { … }`. */
function documented(): Set<string> {
  const names = new Set<string>();
  for (const f of files(join(ROOT, 'stories'), /\.stories\.tsx$/)) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\bcomponent:\s*([A-Za-z]\w*)/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\bsubcomponents:\s*\{([^}]*)\}/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part.split(':')[0]!.trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** The components that need a docs page, as `file: Name`. */
function components(): { file: string; name: string }[] {
  const ui = readFileSync(join(ROOT, 'src/ui/index.ts'), 'utf8');
  const uiExports = new Set([...ui.matchAll(/\b([A-Z]\w*)\b/g)].map((m) => m[1]!));
  const uiFiles = files(join(ROOT, 'src/ui'), /\.tsx$/);
  const featureFiles = files(join(ROOT, 'src/features'), /\.tsx$/).filter((f) => /[\\/](components|screens|wizard)[\\/]/.test(relative(ROOT, f)));
  return [
    ...uiFiles.flatMap((f) =>
      exportedComponents(f)
        .filter((n) => uiExports.has(n))
        .map((name) => ({ file: relative(ROOT, f), name })),
    ),
    ...featureFiles.flatMap((f) => exportedComponents(f).map((name) => ({ file: relative(ROOT, f), name }))),
  ];
}

describe('docs for every component', () => {
  it('finds the components it checks', () => {
    const all = components().map((c) => c.name);
    // The finder must see the library's and the slices' components, or the check below proves nothing.
    expect(all).toEqual(expect.arrayContaining(['Button', 'DataTable', 'WarrantyPanel', 'FunnelDetailsForm', 'OrdersScreen']));
  });

  it('gives every ui component and every panel, form and screen a docs page', () => {
    const have = documented();
    const missing = components()
      .filter((c) => !have.has(c.name))
      .map((c) => `${c.file}: ${c.name}`);
    expect(missing, 'name each in a story meta as component or in subcomponents').toEqual([]);
  });
});
