/**
 * The lint gates check what README's layer table says (the architecture notes): an import
 * cycle fails, and so does browser code (the app shell, stories) importing the server. Each
 * is proved on a fixture; `npm run lint` itself skips tests/lint/fixtures.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/** The project's config without type information (a virtual file has no tsconfig project). */
const eslint = new ESLint({
  overrideConfigFile: 'tests/lint/eslint.config.js',
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ignore: false,
});
const rules = (results: ESLint.LintResult[]) => results.flatMap((r) => r.messages.map((m) => m.ruleId));

describe('lint gates', () => {
  it('fails on a two-file import cycle', async () => {
    const found = rules(await eslint.lintFiles(['tests/lint/fixtures/cycle']));
    expect(found.filter((r) => r === 'import-x/no-cycle')).toHaveLength(2);
  });

  it.each(['src/app/screens/Fixture.tsx', 'stories/app/Fixture.stories.tsx', '.storybook/fixture.ts'])('fails when %s imports the server', async (filePath) => {
    const depth = filePath.split('/').length - 1;
    const code = `import { loadConfig } from '${'../'.repeat(depth)}src/server/config.ts';\nexport const x = loadConfig;\n`;
    expect(rules(await eslint.lintText(code, { filePath }))).toContain('import-x/no-restricted-paths');
  });

  it('lets the app import the model', async () => {
    const code = "import { MSG } from '../../model/messages.ts';\nexport const x = MSG;\n";
    expect(rules(await eslint.lintText(code, { filePath: 'src/app/screens/Fixture.tsx' }))).not.toContain('import-x/no-restricted-paths');
  });
});
