/**
 * The built CLI's start-up (src/cli/startup/loader.ts): the V8 code cache of the CommonJS bundle is
 * kept per command under `<cache dir>/v8/` as 0600 files of this user, only in a cache dir that
 * exists; a corrupt, foreign-writable or symlinked cache is never used (and is replaced), caches
 * of builds other than the two used most recently are removed, global flags before the command
 * do not hide its word from the cache's name, and every run prints the same thing
 * whatever the cache's state.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, chmodSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs'));
// Plain block YAML, read without js-yaml (a side bundle, with a cache of its own).
const CONFIG = 'apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:1\ncontexts:\n- name: a\n  context:\n    cluster: c\ncurrent-context: a\n';

function run(home: string, args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1', PLATFORMCONFIG: join(home, 'config') };
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  return r.stdout;
}

function setup(): { home: string; v8: string; cleanup: () => void } {
  const home = mkdtempSync(join(tmpdir(), 'platformctl-code-cache-'));
  writeFileSync(join(home, 'config'), CONFIG, { mode: 0o600 });
  return { home, v8: join(home, '.platform', 'cache', 'v8'), cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

const skip = built ? false : 'dist/cli is not built (npm run build)';

test('no cache dir: nothing is written to the home directory', { skip }, () => {
  const { home, cleanup } = setup();
  try {
    const out = run(home, ['config', 'get-contexts', '-o', 'name']);
    assert.equal(out, 'a\n');
    assert.deepEqual(readdirSync(home), ['config']);
  } finally {
    cleanup();
  }
});

test('with a cache dir: one 0600 cache per command in a 0700 directory, written once, same output', { skip }, () => {
  const { home, v8, cleanup } = setup();
  try {
    mkdirSync(join(home, '.platform', 'cache'), { recursive: true });
    const first = run(home, ['config', 'get-contexts', '-o', 'name']);
    const files = readdirSync(v8);
    assert.equal(files.length, 1);
    const [name = ''] = files;
    // Named by the build and by the V8 that made it: one cache per Node line the install runs under.
    assert.equal(name.replace(/^[0-9a-f]{16}-/, ''), `v8_${process.versions.v8.replace(/[^0-9a-z.]/gi, '_')}-config.bin`);
    const file = join(v8, name);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(v8).mode & 0o777, 0o700);
    const written = statSync(file).mtimeMs;
    assert.equal(run(home, ['config', 'get-contexts', '-o', 'name']), first);
    assert.equal(statSync(file).mtimeMs, written, 'a cache that V8 accepted is not rewritten');
    // Every command runs from the bundle, version --client too, with a cache of its own.
    assert.match(run(home, ['version', '--client']), /^Client Version: v/);
    assert.deepEqual(readdirSync(v8).sort(), [name, name.replace(/-config\.bin$/, '-version.bin')].sort());
    // Global flags before the command do not hide its word: the command's own cache serves.
    assert.equal(run(home, ['--context', 'a', '-v=0', 'config', 'get-contexts', '-o', 'name']), first);
    assert.match(run(home, ['-n', 'x', 'version', '--client']), /^Client Version: v/);
    assert.deepEqual(readdirSync(v8).sort(), [name, name.replace(/-config\.bin$/, '-version.bin')].sort());
    // A side bundle (jsonpath-plus for -o jsonpath) keeps a cache of its own per command, written once.
    const kind = run(home, ['config', 'view', '-o', 'jsonpath={.kind}']);
    assert.equal(kind, 'Config');
    const side = join(v8, name.replace(/-config\.bin$/, '-config.jsonpath.bin'));
    assert.equal(statSync(side).mode & 0o777, 0o600);
    const sideWritten = statSync(side).mtimeMs;
    const count = readdirSync(v8).length;
    assert.equal(run(home, ['config', 'view', '-o', 'jsonpath={.kind}']), kind);
    assert.equal(statSync(side).mtimeMs, sideWritten, 'an accepted side bundle cache is not rewritten');
    assert.equal(readdirSync(v8).length, count);
  } finally {
    cleanup();
  }
});

test('a corrupt, foreign-writable or symlinked cache is not used and is replaced; older builds\' caches go', { skip }, () => {
  const { home, v8, cleanup } = setup();
  try {
    mkdirSync(join(home, '.platform', 'cache'), { recursive: true });
    const expected = run(home, ['config', 'get-contexts', '-o', 'name']);
    const [name = ''] = readdirSync(v8);
    const file = join(v8, name);
    const good = readFileSync(file);

    writeFileSync(file, Buffer.alloc(good.length, 7), { mode: 0o600 });
    assert.equal(run(home, ['config', 'get-contexts', '-o', 'name']), expected);
    assert.notDeepEqual(readFileSync(file), Buffer.alloc(good.length, 7), 'the rejected cache is rewritten');

    chmodSync(file, 0o666);
    assert.equal(run(home, ['config', 'get-contexts', '-o', 'name']), expected);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'a cache others could write is replaced');

    const elsewhere = join(home, 'elsewhere.bin');
    writeFileSync(elsewhere, good, { mode: 0o600 });
    rmSync(file);
    symlinkSync(elsewhere, file);
    assert.equal(run(home, ['config', 'get-contexts', '-o', 'name']), expected);
    assert.ok(lstatSync(file).isFile(), 'the symbolic link is replaced by a file of its own');
    assert.deepEqual(readFileSync(elsewhere), good, 'the link target is untouched');

    // Caches of the two other builds written most recently stay (two installs used in turn);
    // older builds' caches go.
    const builds = ['0000000000000001', '0000000000000002', '0000000000000003'];
    builds.forEach((build, i) => {
      const path = join(v8, `${build}-config.bin`);
      writeFileSync(path, 'other build', { mode: 0o600 });
      const when = new Date(Date.now() - (3 - i) * 60_000);
      utimesSync(path, when, when);
    });
    rmSync(file);
    run(home, ['config', 'get-contexts', '-o', 'name']);
    assert.deepEqual(readdirSync(v8).sort(), [`${builds[1]}-config.bin`, `${builds[2]}-config.bin`, name].sort());
  } finally {
    cleanup();
  }
});
