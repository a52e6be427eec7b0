// ESLint flat config ("Gates inside npm test"). Kept under tests/ because the design
// card fixes the top level; run as `eslint -c tests/lint/eslint.config.js`.
// Layers: imports point down only — model ← editor/api/ui ← features ← app;
// the server imports only the model; a feature never reaches into another feature's files.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';

const root = new URL('../..', import.meta.url).pathname;
/** The feature slices (src/features/<area>/): each may import only its own files. */
const features = fs
  .readdirSync(`${root}src/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  // tests/lint/fixtures hold code that must fail these rules (tests/unit/lint-gates.test.ts).
  {
    ignores: ['dist/**', 'storybook-static/**', 'node_modules/**', '.storybook/public/**', 'src/server/db/migrations/**', 'tests/lint/fixtures/**', '.tmp/**'],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    // Without `extensions` and `parsers` import-x reads no .ts file and no-cycle finds nothing
    // (a committed fixture proves it does now: tests/unit/lint-gates.test.ts).
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // `_`-named members are the ones a rest destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './src/model',
              from: ['./src/editor', './src/api', './src/ui', './src/features', './src/app', './src/server'],
              message: 'src/model imports nothing of ours',
            },
            {
              target: ['./src/editor', './src/api', './src/ui'],
              from: ['./src/features', './src/app', './src/server'],
              message: 'layers point down',
            },
            { target: './src/editor', from: ['./src/api', './src/ui'], message: 'src/editor imports only src/model' },
            { target: './src/api', from: ['./src/editor', './src/ui'], message: 'src/api imports only src/model' },
            { target: './src/ui', from: ['./src/editor', './src/api'], message: 'src/ui imports only src/model' },
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: "a feature does not reach into another feature's files: move what two share down to ui/, api/ or model/",
            })),
            { target: './src/features', from: ['./src/app', './src/server'], message: 'features never import the app shell or the server' },
            {
              target: ['./src/app', './stories', './.storybook'],
              from: './src/server',
              message: 'the browser never imports the server: share through src/model',
            },
            {
              target: './src/server',
              from: ['./src/editor', './src/api', './src/ui', './src/features', './src/app'],
              message: 'the server imports only src/model',
            },
          ],
        },
      ],
    },
  },
  {
    // A ratchet, not a ban: tests/lint/run.ts counts these in src and fails when the count rises
    // above (or falls below) tests/lint/ceilings.json.
    files: ['src/**'],
    rules: { '@typescript-eslint/no-unsafe-type-assertion': 'warn' },
  },
  {
    // Browser code: crypto.randomUUID exists only in a secure context, and the app may be served
    // over plain http on an intranet host. The server keeps node:crypto's.
    files: ['src/**', 'stories/**'],
    ignores: ['src/server/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'randomUUID', message: 'crypto.randomUUID needs a secure context (https): use randomId() from src/model' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportSpecifier[imported.name="randomUUID"]', message: 'crypto.randomUUID needs a secure context (https): use randomId() from src/model' },
      ],
    },
  },
  {
    // Tests and stories read JSON answers and story args as `any` on purpose (ApiResponse.body,
    // snapshots of stored documents) and assert their shape with expect(); the any rules would
    // flag every such read. src/ stays strict.
    files: ['tests/**', 'stories/**', '.storybook/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
