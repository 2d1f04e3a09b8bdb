import js from '@eslint/js';
import eslintConfigPrettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Production code never imports test code: fixtures and helpers stay on the test side of the tree.
const noTests = { group: ['**/tests/*', '**/tests/**'], message: 'Production code does not import from tests/.' };
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];
const domainLayers = [
  { group: ['@temporalio/*'], message: 'domain/ stays free of Temporal; use temporal/ (the client layer) or workers/ (activities).' },
  {
    group: ['**/temporal/*', '**/workflows/*', '**/workers/*', '**/app/*'],
    message: 'domain/ is imported by those layers, not the other way round.',
  },
];

export default tseslint.config(
  { ignores: ['build/**', 'public/build/**', '.cache/**', '.data/**', '.toolchain/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['log', 'error', 'warn'] }],
    },
  },
  {
    // Workflows must stay deterministic: no Node APIs, no I/O, no clock or randomness of their own.
    // They may name the types of what they pass on (activities, grants), not import its code.
    files: ['workflows/**/*.ts'],
    ignores: ['workflows/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'pg', '@mikro-orm/*', 'openai', '@temporalio/client', '@temporalio/worker', '@temporalio/activity'],
              message: 'Workflow code does no I/O: that is for activities.',
            },
            {
              group: [
                '**/domain/db/*',
                '**/*.service',
                '**/*.entity',
                '**/*.entities',
                '**/domain/ai/*',
                '**/workers/*',
                '**/temporal/*',
                '**/app/*',
              ],
              allowTypeImports: true,
              message: 'Workflow code imports pure rules and types only.',
            },
            noTests,
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Use workflow-safe randomness (uuid4 from @temporalio/workflow).',
        },
      ],
    },
  },
  {
    // The clinical model knows nothing of Temporal (ADR 0025): the app's client layer is temporal/.
    files: ['domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: domainLayers }] },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [...domainLayers, noTests] }] },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'temporal/**/*.ts', 'workers/**/*.ts', 'server.ts'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [noTests] }] },
  },
  // Layout is Prettier's (`npm run format`); the linter keeps to correctness and boundaries.
  eslintConfigPrettier,
);
