import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { ConfigError } from '../../../../src/sdk/errors.js';
import { configAccess, defaultFilename, loadConfig } from '../../../../src/sdk/config/index.js';
import { fixture, tempDir } from './helpers.js';

test('PLATFORMCONFIG: split on the path delimiter, empty entries dropped, duplicates removed (first kept)', () => {
  const env = { PLATFORMCONFIG: ['/a', '', '/b', '/a', '/c', ''].join(path.delimiter) };
  const access = configAccess({ env, homedir: '/home/u' });
  assert.deepEqual(access.precedence, ['/a', '/b', '/c']);
  assert.equal(access.fromEnv, true);
});

test('--kubeconfig alone; without anything, ~/.platform/config', () => {
  const env = { PLATFORMCONFIG: '/a:/b' };
  assert.deepEqual(configAccess({ env, homedir: '/h', explicitPath: '/x' }).precedence, ['/x']);
  assert.deepEqual(configAccess({ env: {}, homedir: '/h' }).precedence, [path.join('/h', '.platform', 'config')]);
  assert.deepEqual(configAccess({ env: { PLATFORMCONFIG: '' }, homedir: '/h' }).precedence, [path.join('/h', '.platform', 'config')]);
});

test('merge: first file defining a name wins whole; current-context and preferences: first non-empty; provenance kept', async () => {
  const tmp = await tempDir();
  try {
    const a = await tmp.write('a/config', fixture('a.yaml'));
    const b = await tmp.write('b/config', fixture('b.yaml'));
    const missing = tmp.path('missing/config');
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: [a, missing, b, a].join(path.delimiter) }, homedir: tmp.path('home') });
    assert.deepEqual(loaded.access.precedence, [a, missing, b]);
    assert.deepEqual(loaded.files.map((f) => f.exists), [true, false, true]);
    const c = loaded.config;
    // "shared" comes from a whole: b's insecure-skip-tls-verify is not merged in.
    assert.deepEqual(c.clusters.get('shared'), { server: 'https://from-a' });
    assert.equal(loaded.origins.clusters.get('shared'), a);
    assert.equal(loaded.origins.clusters.get('only-b'), b);
    assert.equal(c.contexts.get('ctx-shared')?.user, 'user-b');
    assert.equal(loaded.origins.contexts.get('ctx-shared'), a);
    assert.equal(c.currentContext, 'ctx-b');
    assert.equal(loaded.origins.currentContext, b);
    assert.equal(c.preferences.colors, true);
    assert.deepEqual([...c.clusters.keys()].sort(), ['only-a', 'only-b', 'shared']);
    assert.deepEqual([...c.users.keys()].sort(), ['user-a', 'user-b']);
    // Paths stay as written; they are resolved against the origin when used.
    assert.equal(c.clusters.get('only-a')?.['certificate-authority'], 'certs/ca.crt');
  } finally {
    await tmp.cleanup();
  }
});

test('a missing default file or explicit file is an empty config (resolving it is what fails)', async () => {
  const tmp = await tempDir();
  try {
    const home = await loadConfig({ env: {}, homedir: tmp.path('home') });
    assert.equal(home.config.clusters.size, 0);
    assert.equal(home.files[0]?.exists, false);
    const explicit = await loadConfig({ env: {}, homedir: tmp.dir, explicitPath: tmp.path('nope') });
    assert.equal(explicit.files[0]?.exists, false);
  } finally {
    await tmp.cleanup();
  }
});

test('relative PLATFORMCONFIG entries are relative to the given cwd', async () => {
  const tmp = await tempDir();
  try {
    await tmp.write('rel/config', fixture('b.yaml'));
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: 'rel/config' }, homedir: tmp.dir, cwd: tmp.dir });
    assert.equal(loaded.config.currentContext, 'ctx-b');
    assert.equal(loaded.origins.currentContext, 'rel/config');
  } finally {
    await tmp.cleanup();
  }
});

test('default file for new entries: explicit; the only env entry; the first existing; else the last', async () => {
  const tmp = await tempDir();
  try {
    const [a, b, c] = ['a', 'b', 'c'].map((n) => tmp.path(`${n}/config`)) as [string, string, string];
    const env = (list: string[]) => ({ PLATFORMCONFIG: list.join(path.delimiter) });
    assert.equal(defaultFilename(configAccess({ env: env([a, b, c]), homedir: tmp.dir })), c);
    await tmp.write('b/config', '');
    assert.equal(defaultFilename(configAccess({ env: env([a, b, c]), homedir: tmp.dir })), b);
    assert.equal(defaultFilename(configAccess({ env: env([a]), homedir: tmp.dir })), a);
    assert.equal(defaultFilename(configAccess({ env: env([a, b]), homedir: tmp.dir, explicitPath: '/x' })), '/x');
  } finally {
    await tmp.cleanup();
  }
});

async function loadError(text: string): Promise<ConfigError> {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', text);
    await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
  } catch (err) {
    assert.ok(err instanceof ConfigError, String(err));
    return err;
  } finally {
    await tmp.cleanup();
  }
  assert.fail('expected a ConfigError');
}

test('bad YAML: one line naming the file and the line', async () => {
  const err = await loadError(fixture('bad-yaml.yaml'));
  assert.match(err.message, /^error loading config file ".*config": yaml: line 7: /);
  assert.equal(err.line, 7);
  assert.match(err.file ?? '', /config$/);
  const dup = await loadError('clusters: []\nclusters: []\n');
  assert.match(dup.message, /yaml: line 2: duplicated mapping key/);
});

test('type errors read as kubectl reports them', async () => {
  const cases: [string, string][] = [
    [fixture('bad-type.yaml'), 'json: cannot unmarshal string into Go struct field Cluster.clusters.cluster.insecure-skip-tls-verify of type bool'],
    ['clusters:\n- name: c\n  cluster:\n    server: 5\n', 'json: cannot unmarshal number into Go struct field Cluster.clusters.cluster.server of type string'],
    ['clusters:\n- name: c\n  cluster:\n    server: yes\n', 'json: cannot unmarshal bool into Go struct field Cluster.clusters.cluster.server of type string'],
    ['users:\n- name: a\n  user:\n    as-groups: x\n', 'json: cannot unmarshal string into Go struct field AuthInfo.users.user.as-groups of type []string'],
    ['contexts:\n- name: a\n  context: []\n', 'json: cannot unmarshal array into Go struct field NamedContext.contexts.context of type v1.Context'],
    ['current-context: 5\n', 'json: cannot unmarshal number into Go struct field Config.current-context of type string'],
    ['clusters: 5\n', 'json: cannot unmarshal number into Go struct field Config.clusters of type []v1.NamedCluster'],
    [fixture('bad-base64.yaml'), 'illegal base64 data at input byte 0'],
    ['users:\n- name: u\n  user:\n    token: t\n    client-key-data: hello\n', 'illegal base64 data at input byte 4'],
    ['- a\n', 'couldn\'t get version/kind; json parse error: json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }'],
    ['apiVersion: v2\n', 'no kind "Config" is registered for version "v2"'],
    ['apiVersion: v1\nkind: Pod\n', 'no kind "Pod" is registered for version "v1"'],
    [fixture('duplicate.yaml'), 'error converting *[]NamedCluster into *map[string]*api.Cluster: duplicate name "a" in list'],
  ];
  for (const [text, message] of cases) {
    const err = await loadError(text);
    assert.equal(err.message.replace(/^error loading config file "[^"]*": /, ''), message);
  }
});

test('YAML 1.1 scalars: yes/on are booleans; an empty file or a document of null is an empty config', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', 'clusters:\n- name: c\n  cluster:\n    server: https://c\n    insecure-skip-tls-verify: yes\n    disable-compression: on\n');
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
    assert.equal(loaded.config.clusters.get('c')?.['insecure-skip-tls-verify'], true);
    assert.equal(loaded.config.clusters.get('c')?.['disable-compression'], true);
    for (const text of ['', '~\n', '# only a comment\n']) {
      await tmp.write('config', text);
      const empty = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
      assert.equal(empty.config.clusters.size + empty.config.contexts.size + empty.config.users.size, 0);
    }
  } finally {
    await tmp.cleanup();
  }
});

test('v1beta1 exec plugins default interactiveMode to IfAvailable; v1 ones do not', async () => {
  const tmp = await tempDir();
  try {
    const file = await tmp.write('config', fixture('basic.yaml'));
    const loaded = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
    assert.equal(loaded.config.users.get('u3')?.exec?.interactiveMode, 'IfAvailable');
    await tmp.write('config', 'users:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.platform.io/v1\n      command: x\n');
    const v1 = await loadConfig({ env: { PLATFORMCONFIG: file }, homedir: tmp.dir });
    assert.equal(v1.config.users.get('u')?.exec?.interactiveMode, undefined);
  } finally {
    await tmp.cleanup();
  }
});

test('an unreadable path is a one-line error naming it', async () => {
  const tmp = await tempDir();
  try {
    await tmp.write('dir/x', '');
    await assert.rejects(loadConfig({ env: { PLATFORMCONFIG: tmp.path('dir') }, homedir: tmp.dir }), (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.equal(err.message, `error loading config file "${tmp.path('dir')}": read ${tmp.path('dir')}: is a directory`);
      return true;
    });
  } finally {
    await tmp.cleanup();
  }
});
