/**
 * The SDK's options accept `undefined` for every optional field under `exactOptionalPropertyTypes`:
 * test/types/exact-options.ts is compiled here, against the built declarations, with `strict` and
 * `exactOptionalPropertyTypes` (whatever the repository's own tsconfig says), and must compile;
 * the same file without its `@ts-expect-error` directives must fail on exactly those lines, so the
 * misuses it names stay errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TypeScript from 'typescript';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const FIXTURE = join(ROOT, 'test', 'types', 'exact-options.ts');
const DECLARATIONS = join(ROOT, 'dist', 'src', 'sdk', 'index.d.ts');
const skip = existsSync(DECLARATIONS) ? false : 'the declarations are not built (npm run build)';

/** Diagnostics of compiling the fixture with `text` in place of its contents, as `line: message`. */
function compile(ts: typeof TypeScript, text: string): string[] {
  const options: TypeScript.CompilerOptions = {
    strict: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: true,
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')],
    paths: { platformctl: [DECLARATIONS] },
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) => (name === FIXTURE ? ts.createSourceFile(name, text, version) : read(name, version, onError, create));
  const program = ts.createProgram([FIXTURE], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

test('optional options take undefined under exactOptionalPropertyTypes; the misuses do not compile', { skip, timeout: 120_000 }, () => {
  const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
  const text = readFileSync(FIXTURE, 'utf8');
  assert.deepEqual(compile(ts, text), []);

  const lines = text.split('\n');
  const expected = lines.flatMap((l, i) => (l.trim().startsWith('// @ts-expect-error') ? [i + 2] : []));
  assert.ok(expected.length >= 5, 'misuses of watch, apply, list and delete options');
  const stripped = lines.map((l) => (l.trim().startsWith('// @ts-expect-error') ? '' : l)).join('\n');
  const failing = [...new Set(compile(ts, stripped).map((d) => Number(d.split(':')[0])))].sort((a, b) => a - b);
  assert.deepEqual(failing, expected);
});
