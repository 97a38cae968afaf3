// One flat config for the whole workspace (STYLE.md: typescript-eslint strict, react-hooks,
// consistent type imports).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundariesPlugin } from './scripts/eslint-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/drizzle/**',
      'test-results/**',
      'tests/test-results/**',
      'tests/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The dependency direction between workspace packages, and no import cycle
    // (scripts/eslint-boundaries.mjs).
    files: ['packages/*/src/**/*.{ts,tsx}', 'packages/server/bench/**/*.ts', 'tests/**/*.ts'],
    plugins: { gudang: boundariesPlugin },
    rules: { 'gudang/boundaries': 'error', 'gudang/no-cycle': 'error' },
  },
  {
    // The layers inside the server: lib, db, plugins, modules (scripts/eslint-boundaries.mjs).
    files: ['packages/server/src/**/*.ts'],
    plugins: { gudang: boundariesPlugin },
    rules: { 'gudang/server-layers': 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
