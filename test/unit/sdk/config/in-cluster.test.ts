import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inClusterPossible, loadConfig, resolveClientConfig } from '../../../../src/sdk/config/index.js';
import { fixture, tempDir } from './helpers.js';
import type { TempDir } from './helpers.js';

const ENV = { PLATFORM_SERVICE_HOST: '10.96.0.1', PLATFORM_SERVICE_PORT: '443' };

async function withServiceAccount(body: (tmp: TempDir, sa: string) => Promise<void>, files: Record<string, string> = {}): Promise<void> {
  const tmp = await tempDir();
  try {
    const all = { token: 'sa-token\n', 'ca.crt': fixture('ca.crt'), namespace: 'team-ns\n', ...files };
    for (const [name, text] of Object.entries(all)) await tmp.write(`sa/${name}`, text);
    await body(tmp, tmp.path('sa'));
  } finally {
    await tmp.cleanup();
  }
}

test('nothing configured + service env + token file: the in-cluster service account', async () => {
  await withServiceAccount(async (tmp, sa) => {
    const loaded = await loadConfig({ env: ENV, homedir: tmp.path('home') });
    const c = await resolveClientConfig(loaded, {}, { env: ENV, inClusterDir: sa });
    assert.equal(c.server, 'https://10.96.0.1:443');
    assert.equal(c.bearerToken, 'sa-token');
    assert.equal(c.bearerTokenFile, `${sa}/token`);
    assert.equal(c.caData, fixture('ca.crt'));
    assert.equal(c.caFile, `${sa}/ca.crt`);
    assert.equal(c.namespace, 'team-ns');
    assert.equal(c.inCluster, true);
  });
});

test('in-cluster: IPv6 hosts are bracketed; -n, then POD_NAMESPACE, then the namespace file', async () => {
  await withServiceAccount(async (tmp, sa) => {
    const env = { PLATFORM_SERVICE_HOST: 'fd00::1', PLATFORM_SERVICE_PORT: '6443', POD_NAMESPACE: 'from-env' };
    const loaded = await loadConfig({ env, homedir: tmp.path('home') });
    const c = await resolveClientConfig(loaded, {}, { env, inClusterDir: sa });
    assert.equal(c.server, 'https://[fd00::1]:6443');
    assert.equal(c.namespace, 'from-env');
    assert.equal((await resolveClientConfig(loaded, { namespace: 'flag' }, { env, inClusterDir: sa })).namespace, 'flag');
  });
  await withServiceAccount(
    async (tmp, sa) => {
      const loaded = await loadConfig({ env: ENV, homedir: tmp.path('home') });
      const c = await resolveClientConfig(loaded, {}, { env: ENV, inClusterDir: sa });
      assert.equal(c.namespace, 'default');
    },
    { namespace: '' },
  );
});

test('in-cluster: --server and --token override the mounted values', async () => {
  await withServiceAccount(async (tmp, sa) => {
    const loaded = await loadConfig({ env: ENV, homedir: tmp.path('home') });
    // A --server alone is a configuration of its own, so the service account is not used.
    const server = await resolveClientConfig(loaded, { server: 'https://elsewhere' }, { env: ENV, inClusterDir: sa });
    assert.equal(server.server, 'https://elsewhere');
    assert.equal(server.inCluster, undefined);
    const token = await resolveClientConfig(loaded, { token: 'flag-token' }, { env: ENV, inClusterDir: sa });
    assert.equal(token.inCluster, true);
    assert.equal(token.bearerToken, 'flag-token');
    assert.equal(token.bearerTokenFile, undefined);
  });
});

test('in-cluster is not used when a config exists, or without the env or the token', async () => {
  await withServiceAccount(async (tmp, sa) => {
    const file = await tmp.write('config', fixture('basic.yaml'));
    const loaded = await loadConfig({ env: { ...ENV, PLATFORMCONFIG: file }, homedir: tmp.path('home') });
    const c = await resolveClientConfig(loaded, {}, { env: ENV, inClusterDir: sa });
    assert.equal(c.server, 'https://1.2.3.4:6443');
    assert.equal(c.inCluster, undefined);
    assert.equal(await inClusterPossible({ env: { PLATFORM_SERVICE_HOST: 'h' }, dir: sa }), false);
    assert.equal(await inClusterPossible({ env: ENV, dir: tmp.path('nothing-here') }), false);
    assert.equal(await inClusterPossible({ env: ENV, dir: sa }), true);
  });
});
