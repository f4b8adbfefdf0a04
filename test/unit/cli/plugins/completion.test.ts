/**
 * Plugins in completion: `platformctl <TAB>` lists the commands plugins add, a plugin's next name
 * words complete below it, and its arguments are completed by `platformctl_complete-<name>`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCompletionOutput } from '../../../../src/cli/plugins/completion.js';
import { runCli } from '../../../support/cli.js';

/** A temp PATH with the given files (an empty body makes a non-executable file). */
function withPlugins(files: Record<string, string>, fn: (env: Record<string, string>) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'platformctl-plugin-completion-'));
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, name), body);
    chmodSync(join(dir, name), body === '' ? 0o644 : 0o755);
  }
  return fn({ PATH: dir }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

const PLUGIN = '#!/bin/sh\nexit 0\n';

test('plugins add top-level commands; built-in names are not repeated', async () => {
  await withPlugins({ 'platformctl-foo-bar': PLUGIN, 'platformctl-hello_world': PLUGIN, 'platformctl-version': PLUGIN, 'platformctl-zz': '' }, async (env) => {
    const r = await runCli(['__complete', ''], { env });
    const lines = r.stdout.split('\n');
    assert.ok(lines.includes('foo\tThe command foo is a plugin installed by the user'));
    assert.ok(lines.includes('hello-world\tThe command hello-world is a plugin installed by the user'));
    assert.equal(lines.filter((l) => l.startsWith('version\t')).length, 1);
    assert.ok(!lines.some((l) => l.startsWith('zz')), 'not executable: not a command');
    assert.equal((await runCli(['__complete', 'h'], { env })).stdout, 'hello-world\tThe command hello-world is a plugin installed by the user\n:4\n');
  });
});

test('the next words of longer plugin names complete below a plugin', async () => {
  await withPlugins({ 'platformctl-foo-bar': PLUGIN, 'platformctl-foo-baz-qux': PLUGIN }, async (env) => {
    assert.equal((await runCli(['__complete', 'foo', ''], { env })).stdout, 'bar\nbaz\n:4\n');
    assert.equal((await runCli(['__complete', 'foo', 'baz', ''], { env })).stdout, 'qux\n:4\n');
  });
});

test("a plugin's arguments come from its platformctl_complete- executable", async () => {
  const completer = '#!/bin/sh\nfor a in "$@"; do printf "%s\\t%s\\n" "got[$a]" "an argument"; done\necho ":6"\n';
  await withPlugins({ 'platformctl-foo-bar': PLUGIN, 'platformctl_complete-foo-bar': completer }, async (env) => {
    const r = await runCli(['__complete', 'foo', 'bar', '--x=1', 'y', 'pre'], { env });
    assert.equal(r.stdout, 'got[--x=1]\tan argument\ngot[y]\tan argument\ngot[pre]\tan argument\n:6\n');
  });
});

test('without a completion executable (or with a broken one), file names', async () => {
  await withPlugins({ 'platformctl-foo': PLUGIN, 'platformctl-bad': PLUGIN, 'platformctl_complete-bad': '#!/bin/sh\necho nonsense\n' }, async (env) => {
    assert.equal((await runCli(['__complete', 'foo', ''], { env })).stdout, ':0\n');
    assert.equal((await runCli(['__complete', 'bad', ''], { env })).stdout, ':0\n');
  });
});

test('the protocol parser', () => {
  assert.deepEqual(parseCompletionOutput('a\tdesc\nb\n:4\n'), { candidates: [{ value: 'a', description: 'desc' }, { value: 'b' }], directive: 4 });
  assert.equal(parseCompletionOutput('a\nb\n'), undefined);
});

test("a plugin's flags are its own, not platformctl's", async () => {
  const completer = '#!/bin/sh\nfor a in "$@"; do echo "got[$a]"; done\necho ":4"\n';
  await withPlugins({ 'platformctl-foo': PLUGIN, 'platformctl_complete-foo': completer }, async (env) => {
    assert.equal((await runCli(['__complete', 'foo', '-n', ''], { env })).stdout, 'got[-n]\ngot[]\n:4\n');
    assert.equal((await runCli(['__complete', 'foo', '--con'], { env })).stdout, 'got[--con]\n:4\n');
  });
});
