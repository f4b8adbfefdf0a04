/**
 * Writes whose outcome a real API server decides differently from a naive store: what create set
 * that an update leaves out, defaults of the API's own, bodies of the wrong kind, retried deletes.
 * Each test names the behaviour kubectl (and its own test suite) relies on.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, type Body } from '../../support/api.js';

describe('writes as a real API server answers them', () => {
  let server: TestServer;
  let api: ApiClient;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    assert.equal((await api.post('/api/v1/namespaces', { metadata: { name: 'sem' } })).status, 201);
    await server.settle();
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('a PUT of the manifest a pod was created from keeps the priority admission set', async () => {
    // The ServiceAccount plugin's additions (the account, a token volume) would be changes of the spec
    // on a real server too: this manifest names what it would add.
    const manifest = (labels: Record<string, string> = {}): Body => ({
      metadata: { name: 'replaced', labels },
      spec: { containers: [{ name: 'c', image: 'x' }], serviceAccountName: 'default', automountServiceAccountToken: false },
    });
    let r = await api.post('/api/v1/namespaces/sem/pods', manifest());
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'spec.priority'), 0);
    // Without any PriorityClass the pod still gets PreemptLowerPriority, as the API server's plugin sets it.
    assert.equal(at(r.body, 'spec.preemptionPolicy'), 'PreemptLowerPriority');
    // `replace -f` sends the manifest again: neither field is in it, and neither may read as changed.
    r = await api.put('/api/v1/namespaces/sem/pods/replaced', manifest({ edited: 'yes' }));
    assert.equal(r.status, 200, r.text);
    assert.equal(at(r.body, 'spec.priority'), 0);
    assert.equal(at(r.body, 'spec.preemptionPolicy'), 'PreemptLowerPriority');
    assert.equal(at(r.body, 'metadata.labels.edited'), 'yes');
    // A different priority is still a change of an immutable field.
    const changed = manifest();
    changed.spec = { ...(changed.spec as Body), priority: 7 };
    r = await api.put('/api/v1/namespaces/sem/pods/replaced', changed);
    assert.equal(r.status, 422, r.text);
    assert.match(String(r.body.message), /pod updates may not change fields other than/);
  });

  test('a PUT with resourceVersion "0" is unconditional, as the API server reads the version as a number', async () => {
    const created = await api.post('/api/v1/nodes', { metadata: { name: 'rv-zero' } });
    assert.equal(created.status, 201, created.text);
    const replaced = await api.put('/api/v1/nodes/rv-zero', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'rv-zero', annotations: { a: 'b' }, resourceVersion: '0' } });
    assert.equal(replaced.status, 200, replaced.text);
    assert.equal(at(replaced.body, 'metadata.annotations.a'), 'b');
    const stale = await api.put('/api/v1/nodes/rv-zero', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'rv-zero', resourceVersion: String(at(created.body, 'metadata.resourceVersion')) } });
    assert.equal(stale.status, 409, stale.text);
  });

  test('a pod update may add tolerations, not change them, and may not add containers', async () => {
    const toleration = { key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 60 };
    const manifest = (tolerations: Body[], containers = [{ name: 'c', image: 'x' }]): Body => ({
      metadata: { name: 'tolerant' },
      spec: { containers, serviceAccountName: 'default', automountServiceAccountToken: false, tolerations },
    });
    let r = await api.post('/api/v1/namespaces/sem/pods', manifest([toleration]));
    assert.equal(r.status, 201, r.text);
    r = await api.put('/api/v1/namespaces/sem/pods/tolerant', manifest([{ ...toleration, tolerationSeconds: 30 }, { key: 'other', operator: 'Exists' }]));
    assert.equal(r.status, 200, r.text);
    r = await api.put('/api/v1/namespaces/sem/pods/tolerant', manifest([{ ...toleration, value: 'w' }, { key: 'other', operator: 'Exists' }]));
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.message, 'Pod "tolerant" is invalid: spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds');
    r = await api.put('/api/v1/namespaces/sem/pods/tolerant', manifest([toleration, { key: 'other', operator: 'Exists' }], [{ name: 'c', image: 'y' }, { name: 'd', image: 'x' }]));
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.message, 'Pod "tolerant" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers');
  });

  test('a volume that names no source is defaulted to an emptyDir, in pods and in templates', async () => {
    let r = await api.post('/api/v1/namespaces/sem/pods', {
      metadata: { name: 'volumes' },
      spec: { containers: [{ name: 'c', image: 'x' }], automountServiceAccountToken: false, volumes: [{ name: 'bare' }, { name: 'host', hostPath: { path: '/tmp' } }] },
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.volumes'), [{ name: 'bare', emptyDir: {} }, { name: 'host', hostPath: { path: '/tmp', type: '' } }]);
    r = await api.post('/apis/apps/v1/namespaces/sem/deployments', {
      metadata: { name: 'volumes' },
      spec: {
        selector: { matchLabels: { app: 'v' } },
        template: { metadata: { labels: { app: 'v' } }, spec: { containers: [{ name: 'c', image: 'x' }], volumes: [{ name: 'bare' }] } },
      },
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.template.spec.volumes'), [{ name: 'bare', emptyDir: {} }]);
  });

  test('a body that is not JSON, or not an object, is an unrecognized object of the endpoint\'s kind', async () => {
    // kubectl create --raw sends a YAML manifest as it is, with Content-Type application/json.
    const yaml = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: valid-pod\n';
    let r = await api.request('POST', '/api/v1/namespaces', { rawBody: yaml });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'the object provided is unrecognized (must be of type Namespace): couldn\'t get version/kind; json parse error: '
      + 'invalid character \'a\' looking for beginning of value (61706956657273696f6e3a2076310a6b696e643a20506f640a6d65746164 ...)');
    r = await api.request('PUT', '/api/v1/namespaces/sem/configmaps/x', { rawBody: '{"apiVersion":"v1","kind":"ConfigMap",' });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: '
      + 'unexpected end of JSON input ({"apiVersion":"v1","kind":"Con ...)');
    r = await api.request('POST', '/api/v1/namespaces/sem/configmaps', { rawBody: '[1]' });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: '
      + 'json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" } (5b315d)');
    // A JSON object of another kind is decoded as that kind, which does not convert.
    r = await api.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'Pod in version "v1" cannot be handled as a Namespace: converting (v1.Pod) to (core.Namespace): unknown conversion');
    r = await api.post('/apis/apps/v1/namespaces/sem/deployments', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'ConfigMap in version "v1" cannot be handled as a Deployment: converting (v1.ConfigMap) to (apps.Deployment): unknown conversion');
  });

  test('a delete racing an update is retried, not refused, while the update waits for its fsync', async () => {
    // Writes are acknowledged after the log's fsync; a delete that read the version before a
    // concurrent write must wait for that write instead of failing every retry against it.
    const dir = await mkdtemp(join(tmpdir(), 'platformctl-race-'));
    const durable = await startTestServer({ dataDir: dir });
    const client = new ApiClient(durable);
    try {
      const path = '/api/v1/namespaces/default/configmaps';
      for (let round = 0; round < 20; round++) {
        const name = `race-${round}`;
        assert.equal((await client.post(path, { metadata: { name } })).status, 201);
        const writes = Array.from({ length: 4 }, (_, i) => client.request('PATCH', `${path}/${name}`, {
          body: { metadata: { labels: { [`l${i}`]: 'x' } } }, contentType: 'application/merge-patch+json',
        }));
        const [deleted, ...patched] = await Promise.all([client.delete(`${path}/${name}`), ...writes]);
        assert.equal(deleted?.status, 200, deleted?.text);
        for (const p of patched) assert.ok(p.status === 200 || p.status === 404, p.text);
      }
    } finally {
      client.close();
      await durable.stop();
      await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    }
  });

  test('every request to a deprecated version of a custom resource carries its deprecation warning', async () => {
    const schema = { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
    const r = await api.post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', {
      metadata: { name: 'deprecated.example.com' },
      spec: {
        group: 'example.com', scope: 'Namespaced', names: { plural: 'deprecated', kind: 'DeprecatedKind' },
        versions: [
          { name: 'v1', served: true, storage: true, schema },
          { name: 'v1beta1', served: true, storage: false, deprecated: true, schema },
          { name: 'v1alpha1', served: true, storage: false, deprecated: true, deprecationWarning: 'v1alpha1 is going away', schema },
        ],
      },
    });
    assert.equal(r.status, 201, r.text);
    await server.settle();
    const warning = async (path: string): Promise<string | string[] | undefined> => (await api.get(path)).headers.warning;
    assert.equal(await warning('/apis/example.com/v1beta1/namespaces/sem/deprecated'), '299 - "example.com/v1beta1 DeprecatedKind is deprecated; use example.com/v1 DeprecatedKind"');
    // A missing object is still a request to the deprecated version.
    assert.equal(await warning('/apis/example.com/v1beta1/namespaces/sem/deprecated/missing'), '299 - "example.com/v1beta1 DeprecatedKind is deprecated; use example.com/v1 DeprecatedKind"');
    assert.equal(await warning('/apis/example.com/v1alpha1/namespaces/sem/deprecated'), '299 - "v1alpha1 is going away"');
    assert.equal(await warning('/apis/example.com/v1/namespaces/sem/deprecated'), undefined);
  });
});
