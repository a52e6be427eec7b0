// ESLint flat config (issue 9 "Gates inside npm test"). Kept under tests/ because the design
// card fixes the top level; run as `eslint -c tests/lint/eslint.config.js`.
// Layers (DESIGN.md "Layers"): imports point down only — model ← editor/api/ui ← features ← app;
// the server imports only the model; a feature never reaches into another feature's files.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';

const root = new URL('../..', import.meta.url).pathname;

export default tseslint.config(
  { ignores: ['dist/**', 'storybook-static/**', 'node_modules/**', '.storybook/public/**', 'src/server/db/migrations/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // `_`-named members are the ones a rest destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', {
        basePath: root,
        zones: [
          { target: './src/model', from: ['./src/editor', './src/api', './src/ui', './src/features', './src/app', './src/server'], message: 'src/model imports nothing of ours' },
          { target: ['./src/editor', './src/api', './src/ui'], from: ['./src/features', './src/app', './src/server'], message: 'layers point down (DESIGN.md "Layers")' },
          { target: './src/features', from: ['./src/app', './src/server'], message: 'features never import the app shell or the server' },
          { target: './src/server', from: ['./src/editor', './src/api', './src/ui', './src/features', './src/app'], message: 'the server imports only src/model' },
        ],
      }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
