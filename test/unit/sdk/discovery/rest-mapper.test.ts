import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { ResourceTypeError } from '../../../../src/sdk/errors.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from '../transport/helpers.js';
import { defaultGroups, discoveryResponder, type FakeGroup } from './fake-discovery.js';

async function withMapper(fn: (ctx: { client: ReturnType<typeof createClient>; server: RecordingServer; groups: FakeGroup[] }) => Promise<void>): Promise<void> {
  const groups = defaultGroups();
  const server = await RecordingServer.start({ responder: discoveryResponder(() => groups) });
  try {
    await fn({ client: createClient(configFor(server), { env: {} }), server, groups });
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
}

const gvr = (m: { group: string; version: string; resource: string }): string => `${m.resource}.${m.version}.${m.group}`;

test('plural, singular, short name and kind, in any case', async () => {
  await withMapper(async ({ client }) => {
    for (const name of ['configmaps', 'configmap', 'cm', 'ConfigMap', 'CM', 'CONFIGMAPS', ' configmaps ']) {
      const m = await client.mapper.resourceFor(name);
      assert.equal(gvr(m), 'configmaps.v1.', name);
      assert.equal(m.kind, 'ConfigMap');
      assert.equal(m.namespaced, true);
    }
    const deploy = await client.mapper.resourceFor('deploy');
    assert.equal(gvr(deploy), 'deployments.v1.apps');
    assert.deepEqual(deploy.subresources, ['scale', 'status']);
    assert.deepEqual(deploy.categories, ['all']);
    assert.equal((await client.mapper.resourceFor('ns')).namespaced, false);
  });
});

test('resource.group, resource.version.group and Kind.group forms', async () => {
  await withMapper(async ({ client }) => {
    assert.equal(gvr(await client.mapper.resourceFor('deployments.apps')), 'deployments.v1.apps');
    assert.equal(gvr(await client.mapper.resourceFor('deployments.v1.apps')), 'deployments.v1.apps');
    assert.equal(gvr(await client.mapper.resourceFor('Deployment.apps')), 'deployments.v1.apps');
    assert.equal(gvr(await client.mapper.resourceFor('events.events.platform.io')), 'events.v1.events.platform.io');
    assert.equal(gvr(await client.mapper.resourceFor('widgets.example.com')), 'widgets.v1.example.com', 'the preferred version');
    assert.equal(gvr(await client.mapper.resourceFor('widgets.v1beta1.example.com')), 'widgets.v1beta1.example.com');
    assert.equal(gvr(await client.mapper.resourceFor('wd.other.io')), 'widgets.v1.other.io');
    assert.equal(gvr(await client.mapper.resourceFor('gadgets')), 'gadgets.v1beta1.example.com', 'the only version that serves it');
  });
});

test('the core group wins over other groups; other ties are ambiguous and list the candidates', async () => {
  await withMapper(async ({ client }) => {
    assert.equal(gvr(await client.mapper.resourceFor('events')), 'events.v1.');
    assert.equal(gvr(await client.mapper.resourceFor('pods')), 'pods.v1.');
    assert.equal(gvr(await client.mapper.resourceFor('nodes')), 'nodes.v1.');
    for (const name of ['widgets', 'wd', 'Widget']) {
      await assert.rejects(client.mapper.resourceFor(name), (err: unknown) => {
        assert.ok(err instanceof ResourceTypeError);
        assert.deepEqual(err.candidates, ['widgets.v1.example.com', 'widgets.v1.other.io']);
        assert.match(err.message, /^the resource type "\w+" is ambiguous: it matches widgets\.v1\.example\.com, widgets\.v1\.other\.io/);
        return true;
      });
    }
  });
});

test('an unknown name refreshes discovery once, then fails with kubectl\'s message', async () => {
  await withMapper(async ({ client, server, groups }) => {
    await client.mapper.resourceFor('cm');
    assert.equal(server.requests.length, 2, 'aggregated discovery: /api and /apis');
    groups.push({ name: 'new.io', versions: [{ version: 'v1', resources: [{ name: 'sprockets', singular: 'sprocket', kind: 'Sprocket', namespaced: true }] }] });
    assert.equal(gvr(await client.mapper.resourceFor('sprockets')), 'sprockets.v1.new.io');
    assert.equal(server.requests.length, 4, 'refreshed once');
    await assert.rejects(client.mapper.resourceFor('foos'), (err: unknown) => err instanceof ResourceTypeError && err.message === 'the server doesn\'t have a resource type "foos"');
    assert.equal(server.requests.length, 4, 'no second refresh');
  });
});

test('kinds of manifests, categories and resourcesFor', async () => {
  await withMapper(async ({ client }) => {
    assert.equal(gvr(await client.mapper.mappingForKind('apps/v1', 'Deployment')), 'deployments.v1.apps');
    assert.equal(gvr(await client.mapper.mappingForKind('v1', 'ConfigMap')), 'configmaps.v1.');
    await assert.rejects(client.mapper.mappingForKind('example.com/v2', 'Widget'), /^ResourceTypeError: no matches for kind "Widget" in version "example.com\/v2"$/);
    const all = await client.mapper.resourcesInCategory('all');
    assert.deepEqual(all.map(gvr), ['pods.v1.', 'services.v1.', 'deployments.v1.apps', 'replicasets.v1.apps']);
    assert.deepEqual((await client.mapper.resourcesFor('all')).map(gvr), all.map(gvr));
    assert.deepEqual((await client.mapper.resourcesFor('svc')).map(gvr), ['services.v1.']);
    const typed = await client.resourceFor('deploy', { namespace: 'prod' });
    assert.equal(typed.boundNamespace, 'prod');
    assert.equal(typed.mapping.kind, 'Deployment');
  });
});
