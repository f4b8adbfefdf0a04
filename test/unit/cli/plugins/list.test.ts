/**
 * `plugin list`: plugins in PATH order with kubectl's warnings (not executable, overshadowed,
 * overwriting a built-in command) and errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../../support/cli.js';

function tree(): { a: string; b: string; cleanup: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'platformctl-plugin-list-'));
  const a = join(base, 'a');
  const b = join(base, 'b');
  mkdirSync(a);
  mkdirSync(b);
  const put = (dir: string, name: string, mode = 0o755): void => {
    writeFileSync(join(dir, name), '#!/bin/sh\n');
    chmodSync(join(dir, name), mode);
  };
  put(a, 'platformctl-foo');
  put(b, 'platformctl-foo');
  put(b, 'platformctl-noexec', 0o644);
  put(b, 'platformctl-version');
  put(b, 'platformctl-plugin-list-x');
  put(b, 'platformctl-zed_1');
  put(b, 'other-tool');
  mkdirSync(join(b, 'platformctl-dir'));
  return { a, b, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

test('plugins in PATH order, with warnings, exit 1', async () => {
  const t = tree();
  try {
    const r = await runCli(['plugin', 'list'], { env: { PATH: `${t.a}:${t.b}:${t.a}` } });
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        'The following compatible plugins are available:',
        '',
        `${t.a}/platformctl-foo`,
        `${t.b}/platformctl-foo`,
        `${t.b}/platformctl-noexec`,
        `${t.b}/platformctl-plugin-list-x`,
        `${t.b}/platformctl-version`,
        `${t.b}/platformctl-zed_1`,
        '',
      ].join('\n'),
    );
    assert.equal(
      r.stderr,
      [
        `  - warning: ${t.b}/platformctl-foo is overshadowed by a similarly named plugin: ${t.a}/platformctl-foo`,
        `  - warning: ${t.b}/platformctl-noexec identified as a platformctl plugin, but it is not executable`,
        '  - warning: platformctl-plugin-list-x overwrites existing command: "platformctl plugin list"',
        '  - warning: platformctl-version overwrites existing command: "platformctl version"',
        'error: 4 plugin warnings were found',
        '',
      ].join('\n'),
    );
  } finally {
    t.cleanup();
  }
});

test('--name-only prints file names; clean plugins exit 0', async () => {
  const t = tree();
  try {
    const r = await runCli(['plugin', 'list', '--name-only'], { env: { PATH: t.a } });
    assert.deepEqual(r, { code: 0, stdout: 'The following compatible plugins are available:\n\nplatformctl-foo\n', stderr: '' });
  } finally {
    t.cleanup();
  }
});

test('no plugins: an error; unreadable PATH entries are reported and skipped', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'platformctl-plugin-none-'));
  try {
    const r = await runCli(['plugin', 'list'], { env: { PATH: `${empty}:${empty}/missing` } });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      `Unable to read directory "${empty}/missing" from your PATH: open ${empty}/missing: no such file or directory. Skipping...\n` +
        'error: unable to find any platformctl plugins in your PATH\n',
    );
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('plugin without a subcommand prints its help', async () => {
  const r = await runCli(['plugin']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /Available Commands:\n {2}list +List all visible plugin executables on a user's PATH\n/);
});

test('kubectl plugins (krew) on PATH are listed as seen and skipped, without changing the exit code', async () => {
  const t = tree();
  try {
    writeFileSync(join(t.a, 'kubectl-ctx'), '#!/bin/sh\n');
    chmodSync(join(t.a, 'kubectl-ctx'), 0o755);
    writeFileSync(join(t.a, 'kubectl-notes.txt'), 'not a plugin\n');
    const r = await runCli(['plugin', 'list'], { env: { PATH: t.a } });
    assert.equal(r.code, 0);
    assert.equal(r.stdout, `The following compatible plugins are available:\n\n${t.a}/platformctl-foo\n`);
    assert.equal(r.stderr, `Skipped 1 kubectl plugin (platformctl runs only platformctl-* executables; link one as platformctl-NAME to use it):\n  - ${t.a}/kubectl-ctx\n`);
    const names = await runCli(['plugin', 'list', '--name-only'], { env: { PATH: t.a } });
    assert.match(names.stderr, /\n {2}- kubectl-ctx\n$/);
    // Alone, they are still no platformctl plugins.
    const only = mkdtempSync(join(tmpdir(), 'platformctl-plugin-krew-'));
    writeFileSync(join(only, 'kubectl-ns'), '#!/bin/sh\n');
    chmodSync(join(only, 'kubectl-ns'), 0o755);
    const none = await runCli(['plugin', 'list'], { env: { PATH: only } });
    rmSync(only, { recursive: true, force: true });
    assert.equal(none.code, 1);
    assert.equal(none.stderr, `Skipped 1 kubectl plugin (platformctl runs only platformctl-* executables; link one as platformctl-NAME to use it):\n  - ${only}/kubectl-ns\nerror: unable to find any platformctl plugins in your PATH\n`);
  } finally {
    t.cleanup();
  }
});
