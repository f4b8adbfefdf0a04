import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chmod, lstat, readdir, stat, symlink } from 'node:fs/promises';
import * as path from 'node:path';
import { test } from 'node:test';
import { ConfigError } from '../../../../src/sdk/errors.js';
import { configAccess, editConfig, loadConfig } from '../../../../src/sdk/config/index.js';
import { fixture, tempDir } from './helpers.js';
import type { TempDir } from './helpers.js';

/** a/config and b/config (from the fixtures) merged through PLATFORMCONFIG, with a missing entry between. */
async function withMerged(body: (tmp: TempDir, env: { PLATFORMCONFIG: string }) => Promise<void>): Promise<void> {
  const tmp = await tempDir();
  try {
    await tmp.write('a/config', fixture('a.yaml'));
    await tmp.write('b/config', fixture('b.yaml'));
    const env = { PLATFORMCONFIG: [tmp.path('a/config'), tmp.path('missing/config'), tmp.path('b/config')].join(path.delimiter) };
    await body(tmp, env);
  } finally {
    await tmp.cleanup();
  }
}

test('an edited entry goes back to its file, a new one to the first existing file, a deleted one leaves its file', async () => {
  await withMerged(async (tmp, env) => {
    const loaded = await loadConfig({ env, homedir: tmp.dir });
    const bBefore = await tmp.read('b/config');
    const result = await editConfig(loaded, (c) => {
      const onlyA = c.clusters.get('only-a');
      assert.ok(onlyA);
      onlyA.server = 'https://only-a-2';
      c.contexts.set('brand-new', { cluster: 'only-a', user: 'user-a' });
    });
    assert.deepEqual(result.written, [tmp.path('a/config')]);
    assert.equal(await tmp.read('b/config'), bBefore, 'b is not rewritten');
    const a = await tmp.read('a/config');
    assert.match(a, /server: https:\/\/only-a-2/);
    assert.match(a, /name: brand-new/);
    assert.equal(existsSync(tmp.path('missing/config')), false);

    await editConfig(loaded, (c) => {
      const onlyB = c.clusters.get('only-b');
      assert.ok(onlyB);
      onlyB['tls-server-name'] = 'b.internal';
      c.users.delete('user-b');
    });
    const b = await tmp.read('b/config');
    assert.match(b, /tls-server-name: b.internal/);
    assert.doesNotMatch(b, /name: user-b/);
    assert.match(b, /users: null/);
    // A replaced (not mutated) entry still goes back to its own file.
    await editConfig(loaded, (c) => void c.clusters.set('only-b', { server: 'https://replaced' }));
    assert.match(await tmp.read('b/config'), /server: https:\/\/replaced/);
    assert.doesNotMatch(await tmp.read('a/config'), /replaced/);
  });
});

test('nothing changed: nothing written', async () => {
  await withMerged(async (tmp, env) => {
    const before = await tmp.read('a/config');
    const result = await editConfig(await loadConfig({ env, homedir: tmp.dir }), (c) => {
      c.currentContext = 'ctx-b';
    });
    assert.deepEqual(result.written, []);
    assert.equal(await tmp.read('a/config'), before);
  });
});

test('current-context goes to the default file; clearing it clears it where it is set; explicit file always', async () => {
  await withMerged(async (tmp, env) => {
    const loaded = await loadConfig({ env, homedir: tmp.dir });
    await editConfig(loaded, (c) => void (c.currentContext = 'ctx-shared'));
    assert.match(await tmp.read('a/config'), /current-context: ctx-shared/);
    assert.match(await tmp.read('b/config'), /current-context: ctx-b/);
    await editConfig(loaded, (c) => void (c.currentContext = ''));
    assert.match(await tmp.read('a/config'), /current-context: ""/);
    assert.match(await tmp.read('b/config'), /current-context: ctx-b/);
    assert.equal((await loadConfig({ env, homedir: tmp.dir })).config.currentContext, 'ctx-b');
    await editConfig(loaded, (c) => void (c.currentContext = ''));
    assert.match(await tmp.read('b/config'), /current-context: ""/);

    const explicit = await loadConfig({ env, homedir: tmp.dir, explicitPath: tmp.path('b/config') });
    await editConfig(explicit, (c) => void (c.currentContext = 'ctx-shared'));
    assert.match(await tmp.read('b/config'), /current-context: ctx-shared/);
  });
});

test('a renamed entry stays in its file', async () => {
  await withMerged(async (tmp, env) => {
    await editConfig(await loadConfig({ env, homedir: tmp.dir }), (c) => {
      const ctx = c.contexts.get('ctx-b');
      assert.ok(ctx);
      c.contexts.delete('ctx-b');
      c.contexts.set('ctx-b2', ctx);
    });
    assert.match(await tmp.read('b/config'), /name: ctx-b2/);
    assert.doesNotMatch(await tmp.read('a/config'), /ctx-b2/);
  });
});

test('no file exists: the last of the list is created, mode 0600 in a 0700 directory', async () => {
  const tmp = await tempDir();
  try {
    const env = { PLATFORMCONFIG: [tmp.path('x/config'), tmp.path('y/deep/config')].join(path.delimiter) };
    await editConfig(configAccess({ env, homedir: tmp.dir }), (c) => void c.clusters.set('c', { server: 'https://c' }));
    assert.equal(existsSync(tmp.path('x/config')), false);
    assert.equal((await stat(tmp.path('y/deep/config'))).mode & 0o777, 0o600);
    assert.equal((await stat(tmp.path('y/deep'))).mode & 0o777, 0o700);
    assert.equal(await tmp.read('y/deep/config'), 'apiVersion: v1\nclusters:\n- cluster:\n    server: https://c\n  name: c\ncontexts: null\ncurrent-context: ""\nkind: Config\npreferences: {}\nusers: null\n');
    // The lock files are gone afterwards.
    assert.deepEqual(await readdir(tmp.path('y/deep')), ['config']);
  } finally {
    await tmp.cleanup();
  }
});

test('a rewritten file becomes 0600 and keeps unknown fields', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', fixture('unknown-fields.yaml'));
    await chmod(file, 0o644);
    await editConfig(await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir }), (c) => void (c.currentContext = ''));
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    const text = await tmp.read('config');
    for (const field of ['future-top-level', 'future-cluster-field', 'future-context-field', 'future-user-field', 'future-exec-field']) assert.match(text, new RegExp(field));
  } finally {
    await tmp.cleanup();
  }
});

test('paths of changed entries are written relative to their file when below it; optional', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('cfg/config', '');
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
    await editConfig(loaded, (c) => {
      c.clusters.set('in', { server: 'https://x', 'certificate-authority': tmp.path('cfg/pki/ca.crt') });
      c.clusters.set('out', { server: 'https://x', 'certificate-authority': tmp.path('elsewhere/ca.crt') });
      c.users.set('u', { tokenFile: tmp.path('cfg/token'), exec: { command: tmp.path('cfg/plugin'), apiVersion: 'v' } });
    });
    const text = await tmp.read('cfg/config');
    assert.match(text, /certificate-authority: pki\/ca.crt\n/);
    assert.match(text, new RegExp(`certificate-authority: ${tmp.path('elsewhere/ca.crt')}\n`));
    assert.match(text, /tokenFile: token\n/);
    // A plugin next to the file stays a path (./plugin), not a name looked up on PATH.
    assert.match(text, /command: \.\/plugin\n/);
    await editConfig(loaded, (c) => void c.clusters.set('abs', { server: 'https://x', 'certificate-authority': tmp.path('cfg/ca.crt') }), { relativizePaths: false });
    assert.match(await tmp.read('cfg/config'), new RegExp(`certificate-authority: ${tmp.path('cfg/ca.crt')}\n`));
  } finally {
    await tmp.cleanup();
  }
});

test('a failing change writes nothing and releases the locks', async () => {
  await withMerged(async (tmp, env) => {
    const before = await tmp.read('a/config');
    const loaded = await loadConfig({ env, homedir: tmp.dir });
    await assert.rejects(
      editConfig(loaded, (c) => {
        c.clusters.set('half', { server: 'https://half' });
        throw new ConfigError('no, thanks');
      }),
      { message: 'no, thanks' },
    );
    assert.equal(await tmp.read('a/config'), before);
    await editConfig(loaded, (c) => void c.clusters.set('after', { server: 'https://after' }), { lock: { timeoutMs: 200 } });
    assert.match(await tmp.read('a/config'), /name: after/);
  });
});

test('a write that fails before the rename leaves the old file whole and no temporary file', async () => {
  await withMerged(async (tmp, env) => {
    const before = await tmp.read('a/config');
    let temp = '';
    await assert.rejects(
      editConfig(await loadConfig({ env, homedir: tmp.dir }), (c) => void c.clusters.set('x', { server: 'https://x' }), {
        beforeRename: async (t) => {
          temp = t;
          assert.equal(existsSync(t), true);
          throw new Error('disk on fire');
        },
      }),
      (err: unknown) => err instanceof ConfigError && /disk on fire/.test(err.message) && /a\/config/.test(err.message),
    );
    assert.notEqual(temp, '');
    assert.equal(existsSync(temp), false);
    assert.equal(await tmp.read('a/config'), before);
    assert.deepEqual((await readdir(tmp.path('a'))).sort(), ['config']);
  });
});

test('a symlinked config file stays a link; its target gets the new content', async () => {
  const tmp = await tempDir();
  try {
    const target = await tmp.write('real/config', fixture('b.yaml'));
    await symlink(target, tmp.path('link'));
    await editConfig(await loadConfig({ env: { PLATFORMCONFIG: tmp.path('link') }, homedir: tmp.dir }), (c) => void (c.currentContext = 'ctx-shared'));
    assert.equal((await lstat(tmp.path('link'))).isSymbolicLink(), true);
    assert.match(await tmp.read('real/config'), /current-context: ctx-shared/);
  } finally {
    await tmp.cleanup();
  }
});
