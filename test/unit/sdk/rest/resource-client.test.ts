import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../../../src/sdk/client.js';
import { InputError } from '../../../../src/sdk/errors.js';
import { isTable } from '../../../../src/sdk/rest/resource-client.js';
import { resourcePath } from '../../../../src/sdk/rest/paths.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import type { ConfigMap } from '../../../../src/sdk/types/core.js';
import { RecordingServer } from '../../../support/recording-server.js';
import { configFor } from '../transport/helpers.js';

const widgets = { group: 'example.com', version: 'v1', resource: 'widgets', namespaced: true, kind: 'Widget' };

test('resource paths for core and named groups, namespaced or not, with sub-resources', () => {
  assert.equal(resourcePath({ group: '', version: 'v1', resource: 'pods', namespace: 'ns', name: 'p', subresource: 'log' }), '/api/v1/namespaces/ns/pods/p/log');
  assert.equal(resourcePath({ group: 'apps', version: 'v1', resource: 'deployments' }), '/apis/apps/v1/deployments');
  assert.equal(resourcePath({ group: '', version: 'v1', resource: 'namespaces', name: 'kube system' }), '/api/v1/namespaces/kube%20system');
});

test('CRUD calls: methods, paths, query parameters, content types and bodies', async () => {
  const server = await RecordingServer.start({ responder: (req) => ({ body: req.body.length > 0 ? JSON.parse(req.body.toString()) as unknown : { kind: 'Status', status: 'Success' } }) });
  try {
    const client = createClient(configFor(server, { namespace: 'team-a' }), { env: {} });
    const cms = client.configMaps();
    const cm: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' }, data: { a: '1' } };
    await cms.get('settings', { resourceVersion: '0' });
    await cms.create(cm, { dryRun: true, fieldManager: 'me', fieldValidation: 'Strict' });
    await cms.update({ ...cm, metadata: { ...cm.metadata, resourceVersion: '5' } });
    await cms.patch('settings', { data: { b: '2' } });
    await cms.patch('settings', [{ op: 'add', path: '/data/c', value: '3' }], { type: 'json' });
    await cms.patch('settings', { data: { d: '4' } }, { type: 'strategic' });
    await cms.apply(cm, { force: true });
    await cms.apply(cm, { fieldManager: 'ci', dryRun: true });
    await cms.delete('settings', { propagationPolicy: 'Foreground', gracePeriodSeconds: 0, preconditions: { uid: 'u1' }, dryRun: true });
    await cms.deleteCollection({ labelSelector: 'app=x' });
    await client.deployments('prod').patch('web', { replicas: 3 }, { subresource: 'scale' });
    await client.namespaces().get('team-a');
    await client.resource(widgets).namespace('ns1').get('w', { subresource: 'status' });
    await client.pods('ns2').createSubresource('p1', 'eviction', { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'p1' } });

    const seen = server.requests.map((r) => `${r.method} ${r.url} ${r.headers['content-type'] ?? '-'}`);
    assert.deepEqual(seen, [
      'GET /api/v1/namespaces/team-a/configmaps/settings?resourceVersion=0 -',
      'POST /api/v1/namespaces/team-a/configmaps?dryRun=All&fieldManager=me&fieldValidation=Strict application/json',
      'PUT /api/v1/namespaces/team-a/configmaps/settings application/json',
      'PATCH /api/v1/namespaces/team-a/configmaps/settings application/merge-patch+json',
      'PATCH /api/v1/namespaces/team-a/configmaps/settings application/json-patch+json',
      'PATCH /api/v1/namespaces/team-a/configmaps/settings application/strategic-merge-patch+json',
      // Server-side apply's default field manager is the SDK's fixed one, whatever the script's file name.
      'PATCH /api/v1/namespaces/team-a/configmaps/settings?fieldManager=platformctl-sdk&force=true application/apply-patch+yaml',
      'PATCH /api/v1/namespaces/team-a/configmaps/settings?dryRun=All&fieldManager=ci application/apply-patch+yaml',
      'DELETE /api/v1/namespaces/team-a/configmaps/settings application/json',
      'DELETE /api/v1/namespaces/team-a/configmaps?labelSelector=app%3Dx -',
      'PATCH /apis/apps/v1/namespaces/prod/deployments/web/scale application/merge-patch+json',
      'GET /api/v1/namespaces/team-a -',
      'GET /apis/example.com/v1/namespaces/ns1/widgets/w/status -',
      'POST /api/v1/namespaces/ns2/pods/p1/eviction application/json',
    ]);
    assert.deepEqual(JSON.parse(server.requests[8]?.body.toString() ?? ''), {
      kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Foreground', gracePeriodSeconds: 0, preconditions: { uid: 'u1' }, dryRun: ['All'],
    });
    assert.deepEqual(JSON.parse(server.requests[4]?.body.toString() ?? ''), [{ op: 'add', path: '/data/c', value: '3' }]);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('namespaces: bound, from the object, the default, all namespaces; a mismatch is an InputError', async () => {
  const server = await RecordingServer.start({ responder: () => ({ body: { items: [] } }) });
  try {
    const client = createClient(configFor(server, { namespace: 'dflt' }), { env: {} });
    const generic = client.resource({ group: '', version: 'v1', resource: 'configmaps', namespaced: true });
    await generic.list();
    await generic.create({ metadata: { name: 'a', namespace: 'from-obj' } });
    await generic.get('b');
    await client.configMaps().allNamespaces().list();
    await client.resource({ group: 'rbac.authorization.platform.io', version: 'v1', resource: 'clusterroles', namespaced: false }, 'ignored').list();
    assert.deepEqual(server.requests.map((r) => r.path), [
      '/api/v1/configmaps',
      '/api/v1/namespaces/from-obj/configmaps',
      '/api/v1/namespaces/dflt/configmaps/b',
      '/api/v1/configmaps',
      '/apis/rbac.authorization.platform.io/v1/clusterroles',
    ]);
    assert.throws(() => client.configMaps('x').create({ metadata: { name: 'a', namespace: 'y' } }), InputError);
    assert.throws(() => client.configMaps().get(''), InputError);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('chunked lists: listPages follows continue tokens, listAll yields items', async () => {
  const pages: Record<string, { items: { metadata: { name: string } }[]; metadata: { continue?: string; resourceVersion: string } }> = {
    '': { items: [{ metadata: { name: 'a' } }, { metadata: { name: 'b' } }], metadata: { continue: 'tok1', resourceVersion: '10' } },
    tok1: { items: [{ metadata: { name: 'c' } }, { metadata: { name: 'd' } }], metadata: { continue: 'tok2', resourceVersion: '10' } },
    tok2: { items: [{ metadata: { name: 'e' } }], metadata: { continue: '', resourceVersion: '10' } },
  };
  const server = await RecordingServer.start({ responder: (req) => ({ body: { kind: 'ConfigMapList', apiVersion: 'v1', ...pages[req.query.get('continue') ?? ''] } }) });
  try {
    const client = createClient(configFor(server), { env: {} });
    const names: string[] = [];
    for await (const cm of client.configMaps('ns').listAll({ limit: 2, labelSelector: 'x=y' })) names.push(cm.metadata?.name ?? '');
    assert.deepEqual(names, ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(server.requests.map((r) => r.url), [
      '/api/v1/namespaces/ns/configmaps?labelSelector=x%3Dy&limit=2',
      '/api/v1/namespaces/ns/configmaps?continue=tok1&labelSelector=x%3Dy&limit=2',
      '/api/v1/namespaces/ns/configmaps?continue=tok2&labelSelector=x%3Dy&limit=2',
    ]);
    let count = 0;
    for await (const page of client.configMaps('ns').listPages()) count += page.items.length;
    assert.equal(count, 5);
    assert.equal(server.requests[3]?.query.get('limit'), '500');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('Table negotiation: Accept with fallback, includeObject, chunked Table pages', async () => {
  const table = { kind: 'Table', apiVersion: 'meta.platform.io/v1', columnDefinitions: [{ name: 'Name', type: 'string' }], rows: [{ cells: ['a'] }], metadata: { continue: '' } };
  const server = await RecordingServer.start({ responder: () => ({ body: table }) });
  try {
    const client = createClient(configFor(server), { env: {} });
    const result = await client.configMaps('ns').listTable({ includeObject: 'Object' });
    assert.ok(isTable(result));
    assert.equal(server.requests[0]?.headers.accept, 'application/json;as=Table;g=meta.platform.io;v=v1,application/json;as=Table;g=meta.platform.io;v=v1beta1,application/json');
    assert.equal(server.requests[0]?.query.get('includeObject'), 'Object');
    const pages = [];
    for await (const page of client.configMaps('ns').listTablePages({ limit: 1 })) pages.push(page);
    assert.equal(pages.length, 1);
    assert.ok(isTable(await client.configMaps('ns').getTable('a')));
    assert.equal(isTable({ kind: 'ConfigMap' }), false);
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('getRaw returns the body as received; typed accessors cover the built-in kinds', async () => {
  const server = await RecordingServer.start({ responder: () => ({ headers: { 'content-type': 'text/plain' }, body: 'ok' }) });
  try {
    const client = createClient(configFor(server), { env: {} });
    const res = await client.getRaw('/healthz?verbose');
    assert.equal(res.text(), 'ok');
    assert.equal(server.requests[0]?.url, '/healthz?verbose');
    assert.equal(server.requests[0]?.headers.accept, 'application/json, */*');
    assert.equal(client.deployments().descriptor.group, 'apps');
    assert.equal(client.deployments().boundNamespace, 'default');
    assert.equal(client.clusterRoles().descriptor.namespaced, false);
    assert.equal(client.certificateSigningRequests().descriptor.group, 'certificates.platform.io');
    assert.equal(client.selfSubjectAccessReviews().descriptor.resource, 'selfsubjectaccessreviews');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});

test('server path prefixes are kept', async () => {
  const server = await RecordingServer.start();
  try {
    const client = createClient(configFor(server, { server: `${server.url}/clusters/c1/` }), { env: {} });
    await client.namespaces().list();
    assert.equal(server.requests[0]?.path, '/clusters/c1/api/v1/namespaces');
  } finally {
    await server.close();
    await closeAllDispatchers();
  }
});
