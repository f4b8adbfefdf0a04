/**
 * Typed flags: test/types/typed-flags.ts is compiled here with the repository's compiler settings
 * and must compile; the same file without its `@ts-expect-error` directives must fail on exactly
 * those lines, so that a misspelled flag, an undeclared one, a read with the wrong accessor, a
 * helper whose flags the command lacks (or that reads a flag outside its slice, or an optional flag
 * by name), a misspelled required flag and a runner that reads more than its spec declares all
 * stay compile errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TypeScript from 'typescript';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const FIXTURE = join(ROOT, 'test', 'types', 'typed-flags.ts');

/** Diagnostics of compiling the fixture with `text` in place of its contents, as `line: message`. */
function compile(ts: typeof TypeScript, text: string): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  // Type-check only: no output, no incremental state next to the build's.
  const { tsBuildInfoFile: _buildInfo, ...settings } = parsed.options;
  const options: TypeScript.CompilerOptions = { ...settings, noEmit: true, incremental: false };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) => (name === FIXTURE ? ts.createSourceFile(name, text, version) : read(name, version, onError, create));
  const program = ts.createProgram([FIXTURE], options, host);
  // The fixture's own diagnostics only: checking every source file it imports would take minutes.
  const source = program.getSourceFile(FIXTURE);
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => {
    const line = d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

test('a command reads only the flags its spec declares, each with its accessor; the misuses do not compile', { timeout: 120_000 }, () => {
  const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;
  const text = readFileSync(FIXTURE, 'utf8');
  assert.deepEqual(compile(ts, text), []);

  const lines = text.split('\n');
  const expected = lines.flatMap((l, i) => (l.trim().startsWith('// @ts-expect-error') ? [i + 2] : []));
  assert.ok(expected.length >= 24, 'misspelled, undeclared and mistyped reads, optional reads, helpers, an inline flag, the runners a spec loads');
  const stripped = lines.map((l) => (l.trim().startsWith('// @ts-expect-error') ? '' : l)).join('\n');
  const diagnostics = compile(ts, stripped);
  const failing = [...new Set(diagnostics.map((d) => Number(d.split(':')[0])))].sort((a, b) => a - b);
  assert.deepEqual(failing, expected);
  // The errors name what is wrong: the misspelled flag and the flags a reader lacks.
  assert.match(diagnostics.join('\n'), /"replica"/);
  assert.match(diagnostics.join('\n'), /"watch"/);
  assert.match(diagnostics.join('\n'), /"namespace"/);
  assert.match(diagnostics.join('\n'), /"selectr"/);
  assert.match(diagnostics.join('\n'), /"all-namespaces"/);
  assert.match(diagnostics.join('\n'), /"schedule"/);
});
