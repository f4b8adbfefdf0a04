/**
 * Which plugin an unknown command names: longest match first, dashes or underscores, arguments
 * left over, built-in names skipped, PATH order; and the in-process errors around it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPlugin, pluginCandidates } from '../../../../src/cli/plugins/lookup.js';
import { pathDirectories } from '../../../../src/cli/plugins/path-search.js';
import { exitStatus } from '../../../../src/machinery/exit-status.js';
import { runCli } from '../../../support/cli.js';

const fixture = fileURLToPath(new URL('../../../../../test/fixtures/plugins/report-args', import.meta.url));

/** Temp PATH directories holding copies of the fixture plugin under the given names. */
function pathWith(dirs: string[][]): { env: Record<string, string>; dirs: string[]; cleanup: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'platformctl-plugins-'));
  const paths = dirs.map((names, i) => {
    const dir = join(base, `d${i}`);
    mkdirSync(dir);
    for (const n of names) {
      copyFileSync(fixture, join(dir, n));
      chmodSync(join(dir, n), 0o755);
    }
    return dir;
  });
  return { env: { PATH: paths.join(':') }, dirs: paths, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

test('candidates: longest first, words split at dashes, kubectl underscores as a second choice', () => {
  assert.deepEqual(pluginCandidates(['foo-bar', 'baz', '--x', 'y']), [
    { names: ['platformctl-foo-bar-baz', 'platformctl-foo_bar-baz'], args: ['--x', 'y'] },
    { names: ['platformctl-foo-bar', 'platformctl-foo_bar'], args: ['baz', '--x', 'y'] },
    { names: ['platformctl-foo'], args: ['bar', 'baz', '--x', 'y'] },
  ]);
  assert.deepEqual(pluginCandidates(['a', '-b', 'c']), [{ names: ['platformctl-a'], args: ['-b', 'c'] }]);
});

test('the longest name on PATH wins, with the arguments after it', () => {
  const p = pathWith([['platformctl-foo', 'platformctl-foo-bar']]);
  try {
    const m = findPlugin(['foo-bar', 'baz', '-x'], p.env, []);
    assert.equal(m?.path, join(p.dirs[0] ?? '', 'platformctl-foo-bar'));
    assert.deepEqual(m?.args, ['baz', '-x']);
    const short = findPlugin(['foo', 'qux'], p.env, []);
    assert.equal(short?.name, 'platformctl-foo');
    assert.deepEqual(short?.args, ['qux']);
    // Split inside a word: the rest of the word is the first argument.
    assert.deepEqual(findPlugin(['foo-qux', 'a'], p.env, [])?.args, ['qux', 'a']);
  } finally {
    p.cleanup();
  }
});

test('a dash in the command line may be an underscore in the file name', () => {
  const p = pathWith([['platformctl-foo_bar']]);
  try {
    const m = findPlugin(['foo-bar', 'x'], p.env, []);
    assert.equal(m?.name, 'platformctl-foo_bar');
    assert.deepEqual(m?.args, ['x']);
  } finally {
    p.cleanup();
  }
});

test('the first directory on PATH wins; non-executable files are skipped', () => {
  const p = pathWith([['platformctl-foo'], ['platformctl-foo', 'platformctl-bar']]);
  try {
    chmodSync(join(p.dirs[1] ?? '', 'platformctl-bar'), 0o644);
    assert.equal(findPlugin(['foo'], p.env, [])?.path, join(p.dirs[0] ?? '', 'platformctl-foo'));
    assert.equal(findPlugin(['bar'], p.env, []), undefined);
  } finally {
    p.cleanup();
  }
});

test('built-in command names never run as plugins', async () => {
  const p = pathWith([['platformctl-version', 'platformctl-options']]);
  try {
    assert.equal(findPlugin(['version-x'], p.env, ['version']), undefined);
    const r = await runCli(['version', '--client'], { env: p.env });
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Client Version: /);
    const unknown = await runCli(['version-x'], { env: p.env });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^error: unknown command "version-x" for "platformctl"/);
  } finally {
    p.cleanup();
  }
});

test('flags before a plugin name are an error; without a plugin, the usual suggestions', async () => {
  const p = pathWith([['platformctl-foo']]);
  try {
    const r = await runCli(['-n', 'x', 'foo'], { env: p.env });
    assert.deepEqual(r, { code: 1, stdout: '', stderr: 'error: flags cannot be placed before plugin name: -n\n' });
    const none = await runCli(['versio'], { env: p.env });
    assert.equal(none.code, 1);
    assert.match(none.stderr, /Did you mean this\?\n\tversion\n/);
  } finally {
    p.cleanup();
  }
});

test('PATH parsing drops empty and repeated entries', () => {
  assert.deepEqual(pathDirectories({ PATH: '/a::/b:/a: ' }), ['/a', '/b']);
  assert.deepEqual(pathDirectories({}), []);
});

test('exit status of a plugin: its code, or 128 + the signal number', () => {
  assert.equal(exitStatus(3, null), 3);
  assert.equal(exitStatus(null, 'SIGTERM'), 143);
  assert.equal(exitStatus(null, 'SIGINT'), 130);
  assert.equal(exitStatus(null, 'SIGKILL'), 137);
});

test('a plugin that cannot be started is an error', async () => {
  const base = mkdtempSync(join(tmpdir(), 'platformctl-plugins-bad-'));
  try {
    // Executable, but its interpreter does not exist.
    writeFileSync(join(base, 'platformctl-broken'), '#!/nonexistent/interpreter\n');
    chmodSync(join(base, 'platformctl-broken'), 0o755);
    const r = await runCli(['broken'], { env: { PATH: base } });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^error: failed to run plugin .*platformctl-broken: /);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
