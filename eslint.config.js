// Lint: typescript-eslint's recommended rules, plus the process boundaries of docs/design.md:
// `electron` stays out of code that must run in plain Node (shared/, electron/core/, network/,
// cli/), and Node built-ins stay out of code that runs in the page or anywhere (shared/, renderer/).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

const noElectron = {
  name: 'electron',
  message: 'This code must run in plain Node (docs/design.md): keep electron imports in electron/*.ts outside core/.',
};
// Issue #11's size limits, counting every line (blank and comment lines too): a file past 300 lines
// or a function (a React component too) past 80 is split into named pieces. Tests are exempt.
const countEveryLine = { skipBlankLines: false, skipComments: false };
const sizeLimits = {
  'max-lines': ['error', { max: 300, ...countEveryLine }],
  'max-lines-per-function': ['error', { max: 80, ...countEveryLine, IIFEs: true }],
};

const noNodeBuiltins = {
  paths: nodeBuiltins.map((name) => ({
    name,
    message: 'shared/ and renderer/ run in the page too: no Node built-ins (docs/design.md).',
  })),
  patterns: [{ group: ['node:*'], message: 'shared/ and renderer/ run in the page too: no Node built-ins (docs/design.md).' }],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'release/', '.tools/', 'test-results/', 'playwright-report/'] },
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
    files: ['shared/**', 'electron/**', 'renderer/**', 'network/**', 'cli/**', 'scripts/**'],
    rules: sizeLimits,
  },
  {
    files: ['electron/core/**', 'network/**', 'cli/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron, ...noNodeBuiltins.paths], patterns: noNodeBuiltins.patterns }],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React calls whatever an effect returns as its cleanup: an expression body returned
      // scrollIntoView's Promise and blanked the app. Effects take a block body (return cleanup explicitly).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[expression=true]",
          message: 'Give effects a block body: an expression body returns its value, and React calls it as the cleanup.',
        },
      ],
      'no-restricted-imports': ['error', { paths: [noElectron, ...noNodeBuiltins.paths], patterns: noNodeBuiltins.patterns }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
