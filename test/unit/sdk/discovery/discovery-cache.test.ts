import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '../../../../src/sdk/client.js';
import { discoveryCacheDir } from '../../../../src/sdk/discovery/disk-cache.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor, tempDir } from '../transport/helpers.js';
import { defaultGroups, discoveryResponder } from './fake-discovery.js';

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...await listFiles(join(dir, entry.name), `${prefix}${entry.name}/`));
    else out.push(`${prefix}${entry.name}`);
  }
  return out.sort();
}

test('cache dir names follow kubectl', () => {
  assert.equal(discoveryCacheDir('/c', 'https://127.0.0.1:6443'), '/c/discovery/127.0.0.1_6443');
  assert.equal(discoveryCacheDir('/c', 'https://api.example.com/prefix'), '/c/discovery/api.example.com/prefix');
  assert.equal(discoveryCacheDir('/c', 'http://[::1]:80'), '/c/discovery/___1__80');
});

test('aggregated discovery: two requests, then served from the disk cache for 6 hours', async () => {
  const server = await RecordingServer.start({ responder: discoveryResponder(defaultGroups) });
  const { dir, cleanup } = await tempDir();
  try {
    const first = createClient(configFor(server), { env: {}, cacheDir: dir });
    const snapshot = await first.discovery.snapshot();
    assert.equal(snapshot.fromCache, false);
    assert.deepEqual(server.requests.map((r) => r.path), ['/api', '/apis']);
    assert.match(server.requests[0]?.headers.accept ?? '', /^application\/json;g=apidiscovery\.platform\.io;v=v2;as=APIGroupDiscoveryList,application\/json;g=apidiscovery\.platform\.io;v=v2beta1;as=APIGroupDiscoveryList,application\/json$/);
    assert.deepEqual(snapshot.groups.map((g) => g.name), ['', 'apps', 'events.platform.io', 'example.com', 'other.io', 'metrics.platform.io']);
    assert.deepEqual(snapshot.resources.find((r) => r.resource === 'pods' && r.group === '')?.subresources, ['status', 'log']);

    const cacheDir = join(dir, 'discovery', `127.0.0.1_${server.port}`);
    assert.deepEqual(await listFiles(cacheDir), [
      'apps/v1/serverresources.json', 'events.platform.io/v1/serverresources.json', 'example.com/v1/serverresources.json',
      'example.com/v1beta1/serverresources.json', 'metrics.platform.io/v1beta1/serverresources.json', 'other.io/v1/serverresources.json',
      'servergroups.json', 'v1/serverresources.json',
    ]);
    const groups = JSON.parse(await readFile(join(cacheDir, 'servergroups.json'), 'utf8')) as { kind: string; groups: { name: string }[] };
    assert.equal(groups.kind, 'APIGroupList');
    assert.equal(groups.groups[0]?.name, '');
    const core = JSON.parse(await readFile(join(cacheDir, 'v1/serverresources.json'), 'utf8')) as { resources: { name: string }[] };
    assert.ok(core.resources.some((r) => r.name === 'pods/log'));

    const second = createClient(configFor(server), { env: {}, cacheDir: dir });
    const cached = await second.discovery.snapshot();
    assert.equal(cached.fromCache, true);
    assert.equal(server.requests.length, 2, 'no request: fresh cache');
    assert.deepEqual(cached.resources, snapshot.resources);

    // Age every file past the TTL: the next client fetches again and rewrites the cache.
    const old = new Date(Date.now() - 7 * 3600_000);
    for (const file of await listFiles(cacheDir)) await utimes(join(cacheDir, file), old, old);
    const third = createClient(configFor(server), { env: {}, cacheDir: dir });
    assert.equal((await third.discovery.snapshot()).fromCache, false);
    assert.equal(server.requests.length, 4);
    assert.ok(Date.now() - (await stat(join(cacheDir, 'servergroups.json'))).mtimeMs < 60_000);

    const shortTtl = createClient(configFor(server), { env: {}, cacheDir: dir, discoveryTtlMs: 0 });
    assert.equal((await shortTtl.discovery.snapshot()).fromCache, false);
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});

test('legacy fallback: /api, /apis and one document per group version; a failing one is skipped and not cached', async () => {
  const server = await RecordingServer.start({ responder: discoveryResponder(defaultGroups, { aggregated: false, failing: ['metrics.platform.io/v1beta1'] }) });
  const { dir, cleanup } = await tempDir();
  try {
    const client = createClient(configFor(server), { env: {}, cacheDir: dir });
    const snapshot = await client.discovery.snapshot();
    assert.deepEqual(server.requests.map((r) => r.path).sort(), [
      '/api', '/api/v1', '/apis', '/apis/apps/v1', '/apis/events.platform.io/v1', '/apis/example.com/v1', '/apis/example.com/v1beta1',
      '/apis/metrics.platform.io/v1beta1', '/apis/other.io/v1',
    ]);
    assert.deepEqual(snapshot.failed, [{ groupVersion: 'metrics.platform.io/v1beta1', message: 'the server is currently unable to handle the request' }]);
    assert.equal(snapshot.resources.some((r) => r.group === 'metrics.platform.io'), false);
    assert.deepEqual(snapshot.resources.find((r) => r.resource === 'deployments')?.subresources, ['scale', 'status']);
    assert.equal((await client.mapper.resourceFor('deploy')).group, 'apps');
    // Incomplete discovery is not trusted from disk next time.
    const again = createClient(configFor(server), { env: {}, cacheDir: dir });
    assert.equal((await again.discovery.snapshot()).fromCache, false);
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});

test('serverVersion reads /version; invalidate clears the cache', async () => {
  const server = await RecordingServer.start({ responder: discoveryResponder(defaultGroups) });
  const { dir, cleanup } = await tempDir();
  try {
    const client = createClient(configFor(server), { env: {}, cacheDir: dir });
    assert.equal((await client.serverVersion()).gitVersion, 'v1.32.0');
    await client.discovery.snapshot();
    await client.discovery.invalidate();
    await assert.rejects(stat(join(dir, 'discovery', `127.0.0.1_${server.port}`)));
  } finally {
    await server.close();
    await cleanup();
    await closeAllDispatchers();
  }
});

test('aggregated versions marked Stale are reported as failed and left out', async () => {
  const server = await RecordingServer.start({ responder: discoveryResponder(defaultGroups, { stale: ['metrics.platform.io/v1beta1'] }) });
  try {
    const client = createClient(configFor(server), { env: {} });
    const snapshot = await client.discovery.snapshot();
    assert.deepEqual(snapshot.failed, [{ groupVersion: 'metrics.platform.io/v1beta1', message: 'stale GroupVersion discovery: metrics.platform.io/v1beta1' }]);
    assert.equal(snapshot.resources.some((r) => r.group === 'metrics.platform.io'), false);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
