import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileCredentialStore } from '../../../../../src/sdk/auth/credential-store/file-store.js';
import { openCredentialStore, defaultCredentialFile } from '../../../../../src/sdk/auth/credential-store/open-store.js';
import type { KeytarApi } from '../../../../../src/sdk/auth/credential-store/keytar-store.js';
import { ConfigError } from '../../../../../src/sdk/errors.js';

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'credstore-'));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('the file store keeps secrets per service and account, mode 0600, in a created 0700 directory', async () => {
  await withDir(async (dir) => {
    const file = join(dir, 'nested', 'credentials.json');
    const store = new FileCredentialStore(file);
    assert.equal(await store.get('svc', 'a'), undefined);
    await store.set('svc', 'a', 'secret-a');
    await store.set('svc', 'b', 'secret-b');
    await store.set('other', 'a', 'secret-c');
    assert.equal(await store.get('svc', 'a'), 'secret-a');
    assert.equal(await store.get('other', 'a'), 'secret-c');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.equal((await stat(join(dir, 'nested'))).mode & 0o777, 0o700);
    await store.set('svc', 'a', 'replaced');
    assert.equal(await store.get('svc', 'a'), 'replaced');
    assert.equal(await store.delete('svc', 'a'), true);
    assert.equal(await store.delete('svc', 'a'), false);
    assert.equal(await store.get('svc', 'a'), undefined);
    assert.equal(await store.get('svc', 'b'), 'secret-b');
    // No temporary or lock file is left behind.
    assert.deepEqual((await readdir(join(dir, 'nested'))).sort(), ['credentials.json']);
  });
});

test('a file created wider than 0600 is narrowed on the next write', async () => {
  await withDir(async (dir) => {
    const file = join(dir, 'credentials.json');
    await writeFile(file, '{"version":1,"entries":{}}');
    await chmod(file, 0o644);
    await new FileCredentialStore(file).set('svc', 'a', 'x');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
  });
});

test('concurrent writers lose nothing (read-modify-write under the lock, atomic replace)', async () => {
  await withDir(async (dir) => {
    const file = join(dir, 'credentials.json');
    await Promise.all(Array.from({ length: 8 }, (_, i) => new FileCredentialStore(file).set('svc', `acct-${i}`, `s${i}`)));
    const store = new FileCredentialStore(file);
    for (let i = 0; i < 8; i++) assert.equal(await store.get('svc', `acct-${i}`), `s${i}`);
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, Record<string, string>> };
    assert.equal(Object.keys(parsed.entries.svc ?? {}).length, 8);
  });
});

test('a corrupt file is an error naming the file and never its content', async () => {
  await withDir(async (dir) => {
    const file = join(dir, 'credentials.json');
    await writeFile(file, 'not json super-secret-token');
    await assert.rejects(new FileCredentialStore(file).get('svc', 'a'), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.match(err.message, /credentials\.json" is not valid JSON/);
      assert.doesNotMatch(err.message, /super-secret/);
      return true;
    });
  });
});

test('without keytar the file store is used, with a one-line warning', async () => {
  await withDir(async (dir) => {
    const warnings: string[] = [];
    const file = defaultCredentialFile(dir);
    assert.equal(file, join(dir, '.platform', 'credentials.json'));
    const store = await openCredentialStore({ filePath: file, onWarning: (m) => warnings.push(m), loadKeytar: () => Promise.resolve(undefined) });
    assert.equal(store.kind, 'file');
    assert.equal(store.location, file);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? '', /^no OS keychain is available \(keytar is not installed\); storing credentials in .*credentials\.json \(mode 0600\)$/);
    assert.doesNotMatch(warnings[0] ?? '', /\n/);
  });
});

test('a keychain that loads but cannot answer counts as unavailable; a working one is used', async () => {
  await withDir(async (dir) => {
    const broken: KeytarApi = {
      getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY\nmore')),
      setPassword: () => Promise.reject(new Error('no')),
      deletePassword: () => Promise.reject(new Error('no')),
    };
    const warnings: string[] = [];
    const fallback = await openCredentialStore({ filePath: join(dir, 'c.json'), onWarning: (m) => warnings.push(m), loadKeytar: () => Promise.resolve(broken) });
    assert.equal(fallback.kind, 'file');
    assert.match(warnings[0] ?? '', /the OS keychain is not reachable \(Cannot autolaunch D-Bus without X11 \$DISPLAY\)/);
    await assert.rejects(openCredentialStore({ filePath: join(dir, 'c.json'), backend: 'keychain', loadKeytar: () => Promise.resolve(broken) }), /no OS keychain is available/);

    const memory = new Map<string, string>();
    const working: KeytarApi = {
      getPassword: (s, a) => Promise.resolve(memory.get(`${s}/${a}`) ?? null),
      setPassword: (s, a, p) => {
        memory.set(`${s}/${a}`, p);
        return Promise.resolve();
      },
      deletePassword: (s, a) => Promise.resolve(memory.delete(`${s}/${a}`)),
    };
    const keychain = await openCredentialStore({ filePath: join(dir, 'c.json'), onWarning: () => assert.fail('no warning expected'), loadKeytar: () => Promise.resolve(working) });
    assert.equal(keychain.kind, 'keychain');
    await keychain.set('svc', 'acct', 'v');
    assert.equal(await keychain.get('svc', 'acct'), 'v');
    assert.equal(await keychain.delete('svc', 'acct'), true);
    assert.equal(await keychain.get('svc', 'acct'), undefined);
    const forcedFile = await openCredentialStore({ filePath: join(dir, 'c.json'), backend: 'file', loadKeytar: () => Promise.resolve(working) });
    assert.equal(forcedFile.kind, 'file');
  });
});
