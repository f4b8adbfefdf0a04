// /openapi/v2 and /openapi/v3: complete schemas of the served kinds from the type schemas, every
// operation with its parameters, CRD schemas, and kube-openapi's caching headers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, type Body } from '../../support/api.js';

const CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'gadgets.example.com' },
  spec: {
    group: 'example.com', scope: 'Namespaced', names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: { openAPIV3Schema: { type: 'object', description: 'A gadget.', properties: { spec: { type: 'object', nullable: true, properties: { size: { type: 'integer', description: 'How big.' } } } } } },
    }],
  },
};

/** Every `$ref` in a document, with the path where it appears. */
function refs(value: unknown, path = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string') out.push([v, path]);
    else out.push(...refs(v, `${path}.${k}`));
  }
  return out;
}

describe('OpenAPI', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    assert.equal((await api.post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', CRD)).status, 201);
    for (let i = 0; i < 100 && (await api.get('/apis/example.com/v1')).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('v2: one Swagger document; every reference resolves; kinds carry their group-version-kind', async () => {
    const r = await api.get('/openapi/v2');
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'application/json');
    assert.match(String(r.headers.etag), /^"[0-9A-F]{128}"$/);
    assert.equal(r.headers['cache-control'], 'no-cache, private');
    assert.equal(r.headers.vary, 'Accept');
    assert.ok(r.headers['last-modified'] !== undefined);
    const defs = at(r.body, 'definitions') as Body;
    for (const [ref, where] of refs(r.body)) assert.ok(ref.startsWith('#/definitions/') && defs[ref.slice(14)] !== undefined, `${ref} at ${where}`);
    const deployment = defs['io.platform.api.apps.v1.Deployment'] as Body;
    assert.deepEqual(at(deployment, ['x-platform-group-version-kind']), [{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    const podSpec = defs['io.platform.api.core.v1.PodSpec'] as Body;
    assert.deepEqual(at(podSpec, 'required'), ['containers']);
    const containers = at(podSpec, 'properties.containers') as Body;
    assert.equal(containers['x-platform-patch-merge-key'], 'name');
    assert.equal(containers['x-platform-patch-strategy'], 'merge');
    assert.equal(containers['x-platform-list-type'], 'map');
    assert.deepEqual(containers['x-platform-list-map-keys'], ['name']);
    assert.deepEqual(at(defs, ['io.platform.api.core.v1.ServiceSpec', 'properties', 'type', 'enum']), ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort']);
    assert.equal(at(defs, ['io.platform.api.apps.v1.DeploymentSpec', 'properties', 'strategy', 'x-platform-patch-strategy']), 'retainKeys');
    assert.equal(at(defs, ['io.platform.apimachinery.pkg.apis.meta.v1.LabelSelector', 'x-platform-map-type']), 'atomic');
    assert.deepEqual(at(defs, ['io.platform.api.apps.v1.DeploymentSpec', 'properties', 'replicas']), { description: at(defs, ['io.platform.api.apps.v1.DeploymentSpec', 'properties', 'replicas', 'description']), type: 'integer', format: 'int32' });
    assert.equal(at(defs, ['com.example.v1.Gadget', 'properties', 'spec', 'nullable']), undefined, 'v2 has no nullable');
    const paths = at(r.body, 'paths') as Body;
    assert.ok(paths['/api/v1/namespaces/{namespace}/configmaps/{name}'] !== undefined);
    assert.ok(paths['/apis/example.com/v1/namespaces/{namespace}/gadgets'] !== undefined);
    const again = await api.get('/openapi/v2', { headers: { 'If-None-Match': String(r.headers.etag) } });
    assert.equal(again.status, 304);
    assert.equal((await api.get('/openapi/v2', { accept: 'text/html' })).status, 406);
  });

  test('v2 and v3 describe list selectors, watches and list items in the phrases tools (and kubectl\'s own suite) look for', async () => {
    const v2 = (await api.get('/openapi/v2')).text;
    const v3 = (await api.get('/openapi/v3/api/v1')).text;
    for (const doc of [v2, v3]) {
      assert.match(doc, /list of returned objects/);
      assert.match(doc, /List of services/);
      assert.match(doc, /Watch for changes to the described resources/);
    }
  });

  test('v3: the index points at one document per group version by hash; hashes are immutable, stale ones redirect', async () => {
    const index = await api.get('/openapi/v3');
    assert.equal(index.status, 200);
    const paths = at(index.body, 'paths') as Record<string, { serverRelativeURL: string }>;
    assert.ok(paths['api/v1'] !== undefined && paths['apis/apps/v1'] !== undefined && paths['apis/example.com/v1'] !== undefined);
    const url = paths['apis/apps/v1']?.serverRelativeURL ?? '';
    assert.match(url, /^\/openapi\/v3\/apis\/apps\/v1\?hash=[0-9A-F]{128}$/);
    const doc = await api.get(url);
    assert.equal(doc.status, 200);
    assert.equal(doc.headers['cache-control'], 'public, immutable');
    assert.ok(doc.headers.expires !== undefined);
    assert.equal(doc.headers.etag, `"${url.split('hash=')[1] ?? ''}"`);
    const stale = await api.get('/openapi/v3/apis/apps/v1?hash=0123');
    assert.equal(stale.status, 301);
    assert.equal(stale.headers.location, url);
    const plain = await api.get('/openapi/v3/apis/apps/v1');
    assert.equal(plain.headers['cache-control'], 'no-cache, private');
    assert.equal((await api.get('/openapi/v3/apis/nothing/v1')).status, 404);
    const schemas = at(doc.body, 'components.schemas') as Body;
    for (const [ref, where] of refs(doc.body)) assert.ok(schemas[ref.replace('#/components/schemas/', '')] !== undefined, `${ref} at ${where}`);
    // The PATCH of every kind names its group-version-kind and takes fieldValidation: kubectl checks this before it validates on the server.
    const patch = at(doc.body, ['paths', '/apis/apps/v1/namespaces/{namespace}/deployments/{name}', 'patch']) as Body;
    assert.deepEqual(patch['x-platform-group-version-kind'], { group: 'apps', kind: 'Deployment', version: 'v1' });
    assert.ok((patch.parameters as Body[]).some((p) => p.name === 'fieldValidation' && p.in === 'query'));
    assert.deepEqual(Object.keys(at(patch, 'requestBody.content') as Body), ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json']);
    const scale = at(doc.body, ['paths', '/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale', 'put', 'x-platform-group-version-kind']);
    assert.deepEqual(scale, { group: 'autoscaling', kind: 'Scale', version: 'v1' });
    const custom = await api.get(paths['apis/example.com/v1']?.serverRelativeURL ?? '');
    const gadget = at(custom.body, ['components', 'schemas', 'com.example.v1.Gadget']) as Body;
    assert.equal(gadget.description, 'A gadget.');
    assert.equal(at(gadget, 'properties.spec.nullable'), true);
    assert.deepEqual(gadget['x-platform-group-version-kind'], [{ group: 'example.com', kind: 'Gadget', version: 'v1' }]);
    const crPatch = at(custom.body, ['paths', '/apis/example.com/v1/namespaces/{namespace}/gadgets/{name}', 'patch']) as Body;
    assert.ok(!Object.keys(at(crPatch, 'requestBody.content') as Body).includes('application/strategic-merge-patch+json'));
    assert.deepEqual(Object.keys(at(crPatch, 'responses.200.content') as Body), ['application/json', 'application/yaml']);
  });
});
