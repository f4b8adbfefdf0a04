// Lint rules that keep the layering described in docs/architecture.md true, on top of the recommended sets.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const cliOnlyPackages = ['commander', 'chalk', 'cli-table3', 'open'];

/**
 * A file a user names may be endless (/dev/zero, a FIFO): the SDK and the CLI read whole files
 * only through src/sdk/bounded-read.ts, which stops at a limit with a clear message.
 */
const UNBOUNDED_READS = ['node:fs', 'fs', 'node:fs/promises', 'fs/promises'].map((name) => ({
  name, importNames: ['readFile', 'readFileSync'], message: 'Read files with src/sdk/bounded-read.ts (readFileLimited): a named file may be endless.',
}));

/** Node 20 loses an AbortSignal.timeout() held only by AbortSignal.any() to garbage collection. */
const TIMEOUT_SIGNAL_RULE = { object: 'AbortSignal', property: 'timeout', message: 'Use timeoutSignal (src/sdk/timeout-signal.ts): Node 20 can garbage-collect AbortSignal.timeout inside AbortSignal.any.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'completions/**', 'man/**', 'test/fixtures/**', 'docs/api/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly',
        setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        setImmediate: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly',
        TextEncoder: 'readonly', TextDecoder: 'readonly', performance: 'readonly', structuredClone: 'readonly',
        queueMicrotask: 'readonly', fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/sdk/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...cliOnlyPackages.map((name) => ({ name, message: 'The SDK must not depend on CLI-only packages.' })), ...UNBOUNDED_READS],
        patterns: [{ group: ['**/cli/**', '**/printers/**', '**/server/**'], message: 'The SDK never imports the CLI, printers or server.' }],
      }],
    },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: UNBOUNDED_READS }] },
  },
  {
    files: ['src/printers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['node:fs', 'fs', 'node:fs/promises', 'node:child_process', 'undici'].map((name) => ({ name, message: 'Printers are pure functions.' })),
        patterns: [
          { group: ['**/cli/**', '**/server/**'], message: 'Printers depend only on sdk/types.' },
          { group: ['**/sdk/*', '!**/sdk/types', '!**/sdk/types/**', '!**/sdk/naming.js'], message: 'Printers depend only on sdk/types.' },
        ],
      }],
    },
  },
  {
    // Machinery (src/machinery) is the ground floor: every layer may import it, it imports nothing
    // outside itself: no other layer of ours and no package but Node's own modules, protobufjs
    // (the runtime of the protobuf codec, machinery/protobuf), re2js (the engine of users'
    // regular expressions, machinery/regex) and js-yaml (the YAML reader's syntax, machinery/yaml).
    files: ['src/machinery/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/sdk/**', '**/cli/**', '**/printers/**', '**/server/**'], message: 'Machinery imports nothing of ours: every layer builds on it.' },
          { regex: '^(?!\\.|node:|protobufjs(/|$)|re2js$|js-yaml$)', message: 'Machinery imports no packages (Node\'s own modules, protobufjs, re2js and js-yaml aside): it is the ground floor.' },
        ],
      }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/cli/**', '**/printers/**'], message: 'The server imports only machinery, sdk/types and sdk/naming.' },
          { group: ['**/sdk/*', '!**/sdk/types', '!**/sdk/types/**', '!**/sdk/naming.js'], message: 'The server imports only machinery, sdk/types and sdk/naming.' },
        ],
      }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/main.ts'],
    rules: {
      'no-restricted-properties': ['error',
        { object: 'process', property: 'exit', message: 'Only src/cli/main.ts exits.' },
        TIMEOUT_SIGNAL_RULE],
    },
  },
  {
    files: ['src/cli/main.ts'],
    rules: { 'no-restricted-properties': ['error', TIMEOUT_SIGNAL_RULE] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.mjs', 'scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
