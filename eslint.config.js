// Lint: typescript-eslint's recommended rules, plus the process boundaries of docs/design.md:
// `electron` stays out of code that must run in plain Node (shared/, core/, network/,
// cli/), Node built-ins stay out of code that runs in the page or anywhere (shared/, renderer/),
// the core and the command line send every request through the core's one HTTP stack, each
// top-level folder imports only what the layer table allows (scripts/eslint-layers.mjs), and the
// history index's two threads share only core/history-index/protocol.ts and its root files.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.mjs';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

const noElectron = {
  name: 'electron',
  message: 'This code must run in plain Node (docs/design.md): keep electron imports in electron/.',
};
// One HTTP stack (issue #25): every request of the core and the command line goes through
// core/http/http.ts's HttpClient over core/http/http-node.ts (its agents, its 429 gate, its problem
// documents), never a fetch, an EventSource or node:http of its own.
const oneStack =
  'Send requests through the HttpClient (core/http/http.ts over core/http/http-node.ts), the one HTTP stack of the core.';
const otherHttp = ['node:http', 'node:https', 'http', 'https', 'undici', 'eventsource'].map((name) => ({
  name,
  message: oneStack,
}));
const noOtherFetch = ['error', { name: 'fetch', message: oneStack }, { name: 'EventSource', message: oneStack }];
/** no-restricted-imports for one group of files: these paths and patterns, nothing inherited. */
const restrict = (paths, patterns = []) => ['error', { paths, patterns }];
// Issue #11's size limits, counting every line (blank and comment lines too): a file past 300 lines
// or a function (a React component too) past 80 is split into named pieces. Tests are exempt.
const countEveryLine = { skipBlankLines: false, skipComments: false };
const sizeLimits = {
  'max-lines': ['error', { max: 300, ...countEveryLine }],
  'max-lines-per-function': ['error', { max: 80, ...countEveryLine, IIFEs: true }],
};

// The XDR library is 43 % of a renderer that imports it: the page checks StrKeys with shared/strkey.ts
// and leaves XDR to the app core (docs/design.md, "The renderer's bundle").
const noXdrInPage = {
  name: '@stellar/stellar-base',
  message: 'shared/ and renderer/ load in the page: check StrKeys with shared/strkey.ts; XDR stays in the app core.',
};

const noNodeBuiltins = {
  paths: nodeBuiltins.map((name) => ({
    name,
    message: 'shared/ and renderer/ run in the page too: no Node built-ins (docs/design.md).',
  })),
  patterns: [
    { group: ['node:*'], message: 'shared/ and renderer/ run in the page too: no Node built-ins (docs/design.md).' },
  ],
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
    files: ['shared/**', 'core/**', 'electron/**', 'renderer/**', 'network/**', 'cli/**', 'scripts/**'],
    rules: sizeLimits,
  },
  {
    files: ['core/**'],
    rules: {
      'no-restricted-imports': restrict([noElectron, ...otherHttp]),
      'no-restricted-globals': noOtherFetch,
    },
  },
  {
    files: ['core/http/http-node.ts'],
    rules: { 'no-restricted-imports': restrict([noElectron]) },
  },
  {
    files: ['network/**', 'cli/**', 'electron/web-*.ts', 'electron/content-policy.ts'],
    rules: { 'no-restricted-imports': restrict([noElectron]) },
  },
  {
    files: ['cli/**'],
    rules: {
      'no-restricted-imports': restrict([noElectron, ...otherHttp]),
      'no-restricted-globals': noOtherFetch,
    },
  },
  {
    // The layer table of docs/design.md ("Layout"): which top-level folder may import which, each
    // import resolved against its file (scripts/eslint-layers.mjs), so a move inside a folder keeps it.
    files: ['shared/**', 'core/**', 'network/**', 'renderer/**', 'cli/**', 'electron/**'],
    plugins: { layers },
    rules: { 'layers/imports': 'error' },
  },
  {
    files: ['core/history-index/worker-thread/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)main-thread(/|$)',
              message: 'A worker-thread file of the history index never imports a main-thread file.',
            },
          ],
        },
      ],
    },
  },
  {
    // The main thread: every core file outside the worker's folder (the client starts the worker by its URL).
    files: ['core/**'],
    ignores: ['core/history-index/worker-thread/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)worker-thread(/|$)',
              message:
                'The main thread talks to the history index worker by messages: their types are in core/history-index/protocol.ts, nothing of worker-thread/ is imported, not even a type.',
            },
          ],
        },
      ],
    },
  },
  {
    // core/conventions (issue 40): what a domain says about itself is read through core/http only;
    // the handlers call it, never the other way, and no source, context or handler is reached.
    // (One rule per file: the main thread's worker-thread refusal above is repeated here.)
    files: ['core/conventions/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)worker-thread(/|$)',
              message: 'The main thread imports nothing of the history index worker (core/history-index/protocol.ts).',
            },
            {
              // app/errors (CoreError, the one error every layer throws) is allowed.
              regex: '^\\.\\./(sources|handlers)(/|$)|^\\.\\./app/(?!errors$)',
              message:
                'core/conventions reaches a network through core/http only, and is called by the handlers, never the other way (docs/design.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': restrict([noElectron, noXdrInPage, ...noNodeBuiltins.paths], noNodeBuiltins.patterns),
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
          selector:
            'CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[expression=true]',
          message:
            'Give effects a block body: an expression body returns its value, and React calls it as the cleanup.',
        },
      ],
      'no-restricted-imports': restrict([noElectron, noXdrInPage, ...noNodeBuiltins.paths], noNodeBuiltins.patterns),
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
