// Lint rules, including the import direction of the architecture note:
// web → contracts ← server → engine; contracts may import engine types; engine imports nothing of ours.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const ours = (names) => names.map((name) => ({ name, message: `import direction: this package must not import ${name}` }));
const ourPatterns = (groups) => groups.map((group) => ({ group: [group], message: 'import direction: not across packages by relative path' }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.e2e-data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          ...ours(['@opencrt/contracts', '@opencrt/server', '@opencrt/web', '@opencrt/cli']),
          ...['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'http', 'node:http', 'net', 'node:net', 'child_process', 'node:child_process']
            .map((name) => ({ name, message: 'the engine is pure: no I/O' })),
        ],
        patterns: ourPatterns(['../../../*']),
      }],
      'no-restricted-properties': ['error',
        { object: 'Date', property: 'now', message: 'the engine never reads a clock: pass dates in' },
        { object: 'Math', property: 'random', message: 'the engine is deterministic' }],
      'no-restricted-globals': ['error', { name: 'console', message: 'the engine does not print' }],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          ...ours(['@opencrt/server', '@opencrt/web', '@opencrt/cli']),
          { name: '@opencrt/engine', message: 'contracts may import engine types only', allowTypeImports: true },
        ],
        patterns: ourPatterns(['../../../*']),
      }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          ...ours(['@opencrt/server', '@opencrt/cli']),
          { name: '@opencrt/engine', message: 'web talks to the server through contracts', allowTypeImports: true },
        ],
        patterns: ourPatterns(['../../../*']),
      }],
    },
  },
  {
    // A screen's folder depends on shared code only (components/, api/, app/), never on another
    // screen's folder; shared code never reaches into a screen (issue 36 #5). Same-folder imports
    // start with './', so any '../<name>/' from a feature file is another feature.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          ...ours(['@opencrt/server', '@opencrt/cli']),
          { name: '@opencrt/engine', message: 'web talks to the server through contracts', allowTypeImports: true },
        ],
        patterns: [
          ...ourPatterns(['../../../*']),
          { regex: '^\\.\\./(?!\\.\\./)[^/]+/', message: 'a screen imports shared code (components/, api/, app/), never another screen: move what both use to components/' },
        ],
      }],
    },
  },
  {
    files: ['apps/web/src/{components,api}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          ...ours(['@opencrt/server', '@opencrt/cli']),
          { name: '@opencrt/engine', message: 'web talks to the server through contracts', allowTypeImports: true },
        ],
        patterns: [
          ...ourPatterns(['../../../*']),
          { regex: '/features/', message: 'shared code never imports a screen: move what it needs to components/' },
        ],
      }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ours(['@opencrt/web', '@opencrt/cli']),
        patterns: ourPatterns(['../../../packages/*', '../../../apps/*']),
      }],
    },
  },
);
