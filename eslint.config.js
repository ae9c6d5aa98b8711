import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import house from './eslint-rules/imports-run-down.js';

export default tseslint.config(
  { ignores: ['dist/**', 'docs/api/**', 'node_modules/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['**/*.mjs', '**/*.cjs', '**/*.js'], languageOptions: { globals: globals.node } },
  {
    // Imports run down the floors of src/ (limits and version, core, internal, resources, webhooks,
    // client, index, campaigns, testing, cli); examples import the package entries only.
    files: ['src/**/*.ts', 'examples/**/*.ts'],
    plugins: { house },
    rules: { 'house/imports-run-down': 'error' },
  },
  {
    // Only the SDK's source must stay free of Node globals; tests, scripts and examples run on Node.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*'],
              message:
                'src/ uses web APIs only, so it runs in browsers and edge runtimes; load Node modules lazily behind a typeof guard.',
            },
            {
              group: ['msw', 'msw/*'],
              message:
                'msw is an optional peer: only src/testing/msw/ (the gateway-sdk/testing/msw entry) imports it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The MSW adapter entry: the one place msw is imported, so no other entry needs the optional peer.
    files: ['src/testing/msw/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*'],
              message: 'The MSW adapter runs in pages too: web APIs only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The `gateway-sdk` command runs on Node only; it is built as its own entry (tsup.config.ts).
    files: ['src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
