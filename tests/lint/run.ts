/**
 * `npm run lint`: ESLint over src, tests, stories and .storybook with tests/lint/eslint.config.js,
 * every error and warning failing — except `@typescript-eslint/no-unsafe-type-assertion` in src,
 * which is a ratchet: its count is printed and may only fall. It fails above the ceiling kept in
 * tests/lint/ceilings.json, and below it too until the ceiling is lowered to the new count (so a
 * fixed cast can never come back unnoticed). `--update-ceiling` writes the current count.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
const CEILINGS = path.join(root, 'tests/lint/ceilings.json');
const RATCHET = '@typescript-eslint/no-unsafe-type-assertion';

/** Ceilings by rule id: the most findings allowed. */
type Ceilings = Record<string, number>;

/** The second ratchet: route paths the SPA writes itself instead of calling a route contract. */
const FREE_PATHS = 'free /api/v1 paths in the SPA';
/** The SPA's layers (src/model, where the contracts live, and src/server are not the SPA). */
const SPA_DIRS = ['src/api', 'src/app', 'src/editor', 'src/features', 'src/ui'];

/** Every .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** String and template literals in the SPA that hold `/api/v1` (comments do not count): `file:line`. */
function freeApiPaths(): string[] {
  const found: string[] = [];
  for (const file of SPA_DIRS.flatMap((d) => sourceFiles(path.join(root, d)))) {
    const text = fs.readFileSync(file, 'utf8');
    const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const walk = (node: ts.Node) => {
      if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && node.text.includes('/api/v1')) {
        found.push(`${path.relative(root, file)}:${src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1}`);
      }
      ts.forEachChild(node, walk);
    };
    walk(src);
  }
  return found;
}

async function main(): Promise<number> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'tests/lint/eslint.config.js') });
  const results = await eslint.lintFiles(['src', 'tests', 'stories', '.storybook']);
  const ratcheted = results.flatMap((r) => r.messages.filter((m) => m.ruleId === RATCHET).map(() => ({ file: r.filePath })));
  // Everything else is printed as ESLint prints it and fails the run.
  const rest = results.map((r) => {
    const messages = r.messages.filter((m) => m.ruleId !== RATCHET);
    const errorCount = messages.filter((m) => m.severity === 2).length;
    return { ...r, messages, errorCount, warningCount: messages.length - errorCount, fatalErrorCount: messages.filter((m) => m.fatal).length };
  });
  const formatter = await eslint.loadFormatter('stylish');
  const text = await formatter.format(rest);
  if (text) console.log(text);
  const problems = rest.reduce((n, r) => n + r.messages.length, 0);

  const ceilings = JSON.parse(fs.readFileSync(CEILINGS, 'utf8')) as Ceilings;
  const ceiling = ceilings[RATCHET] ?? 0;
  const count = ratcheted.length;
  const free = freeApiPaths();
  if (process.argv.includes('--update-ceiling')) {
    fs.writeFileSync(CEILINGS, `${JSON.stringify({ ...ceilings, [RATCHET]: count, [FREE_PATHS]: free.length }, null, 2)}\n`);
    console.log(`${RATCHET}: ceiling set to ${count}; ${FREE_PATHS}: ceiling set to ${free.length}`);
    return problems ? 1 : 0;
  }
  console.log(`${RATCHET} in src: ${count} (ceiling ${ceiling}; it may only fall)`);
  let failed = problems > 0;
  if (count > ceiling) {
    failed = true;
    console.log(
      `  ${count - ceiling} new unsafe type assertion${count - ceiling === 1 ? '' : 's'}: narrow with a check or a schema instead of \`as\`. Per file:`,
    );
    const perFile = new Map<string, number>();
    for (const { file } of ratcheted) perFile.set(file, (perFile.get(file) ?? 0) + 1);
    for (const [file, n] of [...perFile].sort((x, y) => y[1] - x[1])) console.log(`    ${n}  ${path.relative(root, file)}`);
  } else if (count < ceiling) {
    failed = true;
    console.log(`  ${ceiling - count} fewer than the ceiling: lower it with \`npm run lint -- --update-ceiling\` so they stay gone.`);
  }
  // Route paths: a call goes through a contract (src/model/contracts, `call()` in src/api).
  const freeCeiling = ceilings[FREE_PATHS] ?? 0;
  console.log(`${FREE_PATHS}: ${free.length} (ceiling ${freeCeiling}; it may only fall)`);
  if (free.length > freeCeiling) {
    failed = true;
    console.log(`  ${free.length - freeCeiling} new: call the route's contract with call() instead. All of them:\n    ${free.join('\n    ')}`);
  } else if (free.length < freeCeiling) {
    failed = true;
    console.log(`  ${freeCeiling - free.length} fewer than the ceiling: lower it with \`npm run lint -- --update-ceiling\` so they stay gone.`);
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 2;
  },
);
