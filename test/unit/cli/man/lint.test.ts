/**
 * Every generated man page renders without a single warning (`groff -man -ww -z`, or
 * `mandoc -Tlint` where groff is missing), plus unit tests of the roff escaping.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAllSpecs } from '../../../../src/cli/commands/index.js';
import { manPages } from '../../../../src/cli/man/pages.js';
import { escapeInline, escapeLine, escapeText, quoteArg } from '../../../../src/cli/man/roff.js';
import type { CommandSpec } from '../../../../src/cli/framework/spec.js';

const has = (cmd: string, args: string[]): boolean => spawnSync(cmd, args, { input: '' }).error === undefined;
const linter = has('groff', ['-v']) ? 'groff' : has('mandoc', ['-V']) ? 'mandoc' : undefined;
if (linter === undefined) console.log('# man-page lint skipped: neither groff nor mandoc is installed');

/** Lints pages (one process for all of them: spawning a formatter per page would not scale). */
function lintPages(pages: Map<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-man-lint-'));
  try {
    const files = [...pages].map(([name, text]) => {
      writeFileSync(join(dir, name), text);
      return name;
    });
    const r =
      linter === 'groff'
        ? spawnSync('groff', ['-man', '-ww', '-z', ...files], { cwd: dir, encoding: 'utf8' })
        : spawnSync('mandoc', ['-Tlint', '-W', 'warning', ...files], { cwd: dir, encoding: 'utf8' });
    return `${r.stderr}${linter === 'mandoc' ? r.stdout : ''}`.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('every generated page renders without warnings', { skip: linter === undefined ? 'neither groff nor mandoc is installed' : false }, async () => {
  const pages = manPages(await loadAllSpecs());
  assert.ok(pages.size >= 2);
  assert.equal(lintPages(pages), '');
});

test('awkward text renders without warnings and keeps its characters', { skip: linter === undefined ? 'neither groff nor mandoc is installed' : false }, () => {
  const spec: CommandSpec = {
    name: 'weird',
    usage: "[-f FILE] 'quoted' \\back\\slash",
    summary: 'A "summary" with - dashes and \\ backslashes',
    description: ".starts with a dot\n'starts with a quote\n\n\n  indented - line with ünïcödé … and a\ttab\n\\fBnot bold\\fR",
    examples: [{ description: '.dot first', command: "platformctl weird -o jsonpath='{.items[*].metadata.name}' \\\n  --x" }],
    flags: [{ name: 'output', short: 'o', type: 'string', default: "it's", description: "'quoted' - .dot" }],
    subcommands: [{ name: 'sub', usage: '', summary: 's', description: 'd', examples: [], flags: [] }],
  };
  const pages = manPages([spec]);
  assert.equal(lintPages(pages), '');
  if (linter === 'groff') {
    const page = pages.get('platformctl-weird.1') ?? '';
    // Plain text: no bold, underline or overstrike sequences (grotty -c -b -o -u).
    const r = spawnSync('groff', ['-man', '-Tutf8', '-P-cbou', '-rLL=200n'], { input: page, encoding: 'utf8' });
    const rendered = r.stdout;
    for (const s of ['.starts with a dot', "'starts with a quote", 'ünïcödé …', '\\fBnot bold\\fR', "jsonpath='{.items[*].metadata.name}'", "-o, --output='it's'"]) {
      assert.ok(rendered.includes(s), `rendered page contains ${s}`);
    }
  }
});

test('roff escaping', () => {
  assert.equal(escapeInline("a-b\\c'd`e"), "a\\-b\\ec\\(aqd\\(gae");
  assert.equal(escapeInline('é'), '\\[u00E9]');
  assert.equal(escapeLine('.TH x'), '\\&.TH x');
  assert.equal(escapeLine("'x"), '\\(aqx');
  assert.equal(escapeText('a\n\n.b\n'), 'a\n\\&.b');
  assert.equal(quoteArg('say "hi"'), '"say \\(dqhi\\(dq"');
});
