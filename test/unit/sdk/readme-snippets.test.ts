/**
 * The SDK snippets of the README are the files test/types/readme-<n>.ts, which `tsc` compiles in
 * `npm test` against the SDK's surface (`platformctl` maps to src/sdk/index.ts there) and
 * test/e2e/readme-sdk.test.ts runs against a local server: a snippet that no longer compiles or
 * runs, or a README that drifts from the compiled files, fails.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

test('every TypeScript snippet of the README\'s SDK section is a compiled file', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The SDK\n'), readme.indexOf('\n## ', readme.indexOf('## The SDK\n') + 1));
  const snippets = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  assert.ok(snippets.length >= 5, 'a write, an apply, a watch, the pod streams and error handling');
  const files = readdirSync(join(root, 'test', 'types')).filter((f) => /^readme-\d+\.ts$/.test(f)).sort((a, b) => Number(a.slice(7, -3)) - Number(b.slice(7, -3)));
  assert.deepEqual(files.map((f) => readFileSync(join(root, 'test', 'types', f), 'utf8')), snippets);
});
