import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, arrayAt, at, namesOf } from '../../support/api.js';

const NS = '/api/v1/namespaces/wr';
const CM = `${NS}/configmaps`;
const DEPLOY = '/apis/apps/v1/namespaces/wr/deployments';

function deployment(name: string, containers: unknown[] = [{ name: 'nginx', image: 'nginx:1.25' }]): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers } } },
  };
}

describe('writes', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'wr' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('empty labels, annotations, finalizers and owner references are omitted, as Go omitempty does', async () => {
    const c = await api.post(CM, { metadata: { name: 'omit', labels: { a: '1' }, annotations: {}, finalizers: [] } });
    assert.equal(c.status, 201, c.text);
    assert.equal(at(c.body, 'metadata.annotations'), undefined);
    assert.equal(at(c.body, 'metadata.finalizers'), undefined);
    const p = await api.patch(`${CM}/omit`, { metadata: { labels: { a: null } } }, 'merge');
    assert.equal(p.status, 200, p.text);
    assert.equal(at(p.body, 'metadata.labels'), undefined);
    assert.equal(at((await api.get(`${CM}/omit`)).body, 'metadata.labels'), undefined);
  });

  test('generateName, uid, creationTimestamp; generation only for kinds that track it', async () => {
    const r = await api.post(CM, { metadata: { generateName: 'gen-' } });
    assert.equal(r.status, 201);
    assert.match(String(at(r.body, 'metadata.name')), /^gen-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    assert.equal(at(r.body, 'metadata.generation'), undefined);
    const d = await api.post(DEPLOY, deployment('gen'));
    assert.equal(at(d.body, 'metadata.generation'), 1);
    // Spec changes bump the generation; metadata-only and status writes do not.
    const meta = await api.patch(`${DEPLOY}/gen`, { metadata: { labels: { a: 'b' } } }, 'merge');
    assert.equal(at(meta.body, 'metadata.generation'), 1);
    const spec = await api.patch(`${DEPLOY}/gen`, { spec: { replicas: 2 } }, 'merge');
    assert.equal(at(spec.body, 'metadata.generation'), 2);
    const status = await api.patch(`${DEPLOY}/gen/status`, { status: { replicas: 2 } }, 'merge');
    assert.equal(status.status, 200, status.text);
    assert.equal(at(status.body, 'metadata.generation'), 2);
  });

  test('validation errors are 422 with a cause per invalid field', async () => {
    const r = await api.post(CM, { metadata: { name: 'X_bad' } });
    assert.equal(r.status, 422);
    assert.equal(r.body.reason, 'Invalid');
    assert.equal(r.body.message, 'ConfigMap "X_bad" is invalid: metadata.name: Invalid value: "X_bad": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')');
    assert.deepEqual(at(r.body, 'details'), { name: 'X_bad', kind: 'ConfigMap', causes: [{ reason: 'FieldValueInvalid', message: String(r.body.message).replace('ConfigMap "X_bad" is invalid: metadata.name: ', ''), field: 'metadata.name' }] });
    const multi = await api.post(DEPLOY, { metadata: { name: 'bad' }, spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'y' } }, spec: { containers: [{ name: 'c' }] } } } });
    assert.equal(multi.status, 422);
    assert.match(String(multi.body.message), /^Deployment\.apps "bad" is invalid: \[/);
    const fields = arrayAt(multi.body, 'details.causes').map((c) => at(c, 'field'));
    assert.ok(fields.includes('spec.template.metadata.labels'));
    assert.ok(fields.includes('spec.template.spec.containers[0].image'));
    assert.equal(at(multi.body, 'details.group'), 'apps');
    const noName = await api.post(CM, { metadata: {} });
    assert.equal(noName.body.message, 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');
    const ns = await api.post('/api/v1/namespaces', { metadata: { name: 'a.b' } });
    assert.equal(ns.status, 422);
    assert.match(String(ns.body.message), /a lowercase RFC 1123 label must consist of/);
  });

  test('the namespace of the body must match the URL; the namespace must exist', async () => {
    const r = await api.post(CM, { metadata: { name: 'x', namespace: 'other' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'the namespace of the provided object does not match the namespace sent on the request');
    const missing = await api.post('/api/v1/namespaces/nowhere/configmaps', { metadata: { name: 'x' } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'namespaces "nowhere" not found');
  });

  test('status texts of not found and already exists', async () => {
    const r = await api.get(`${CM}/nope`);
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'configmaps "nope" not found', reason: 'NotFound', details: { name: 'nope', kind: 'configmaps' }, code: 404 });
    const d = await api.get(`${DEPLOY}/nope`);
    assert.equal(d.body.message, 'deployments.apps "nope" not found');
    assert.deepEqual(at(d.body, 'details'), { name: 'nope', group: 'apps', kind: 'deployments' });
  });

  test('optimistic concurrency: a stale resourceVersion is 409 Conflict', async () => {
    const c = await api.post(CM, { metadata: { name: 'occ' }, data: { a: '1' } });
    const stale = structuredClone(c.body);
    await api.patch(`${CM}/occ`, { data: { a: '2' } }, 'merge');
    const r = await api.put(`${CM}/occ`, { ...stale, data: { a: '3' } });
    assert.equal(r.status, 409);
    assert.equal(r.body.reason, 'Conflict');
    assert.equal(r.body.message, 'Operation cannot be fulfilled on configmaps "occ": the object has been modified; please apply your changes to the latest version and try again');
    const patch = await api.patch(`${CM}/occ`, { metadata: { resourceVersion: at(stale, 'metadata.resourceVersion') }, data: { a: '4' } }, 'merge');
    assert.equal(patch.status, 409);
    // Without a resourceVersion the update is unconditional.
    const { metadata, ...rest } = stale;
    const ok = await api.put(`${CM}/occ`, { ...rest, metadata: { name: (metadata as { name: string }).name }, data: { a: '5' } });
    assert.equal(ok.status, 200);
    assert.equal(at(ok.body, 'data.a'), '5');
  });

  test('PUT creates a missing object only for kinds that allow it', async () => {
    const cm = await api.put(`${CM}/put-new`, { metadata: { name: 'put-new' } });
    assert.equal(cm.status, 404);
    const svc = await api.put(`${NS}/services/put-new`, { metadata: { name: 'put-new' }, spec: { ports: [{ port: 80 }] } });
    assert.equal(svc.status, 201);
    const mismatch = await api.put(`${CM}/a`, { metadata: { name: 'b' } });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.message, 'the name of the object (b) does not match the name on the URL (a)');
  });

  test('an unchanged update is not a write', async () => {
    const c = await api.post(CM, { metadata: { name: 'same' }, data: { a: '1' } });
    const again = await api.put(`${CM}/same`, c.body);
    assert.equal(again.status, 200);
    assert.equal(at(again.body, 'metadata.resourceVersion'), at(c.body, 'metadata.resourceVersion'));
  });

  test('dry-run for each verb is validated and admitted but never persisted', async () => {
    const created = await api.post(`${CM}?dryRun=All`, { metadata: { name: 'dry' }, data: { a: '1' } });
    assert.equal(created.status, 201);
    assert.equal(at(created.body, 'metadata.name'), 'dry');
    assert.match(String(at(created.body, 'metadata.uid')), /^[0-9a-f-]{36}$/);
    assert.equal(at(created.body, 'metadata.resourceVersion'), undefined);
    assert.equal((await api.get(`${CM}/dry`)).status, 404);
    const invalid = await api.post(`${CM}?dryRun=All`, { metadata: { name: 'BAD' } });
    assert.equal(invalid.status, 422);
    const missingNs = await api.post('/api/v1/namespaces/nope/configmaps?dryRun=All', { metadata: { name: 'x' } });
    assert.equal(missingNs.status, 404);
    const base = await api.post(CM, { metadata: { name: 'dry2' }, data: { a: '1' } });
    const rv = at(base.body, 'metadata.resourceVersion');
    const put = await api.put(`${CM}/dry2?dryRun=All`, { ...base.body, data: { a: '2' } });
    assert.equal(put.status, 200);
    assert.equal(at(put.body, 'data.a'), '2');
    const patch = await api.patch(`${CM}/dry2?dryRun=All`, { data: { a: '3' } }, 'merge');
    assert.equal(at(patch.body, 'data.a'), '3');
    const apply = await api.apply(`${CM}/dry2?dryRun=All`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'dry2' }, data: { b: '1' } }, 'dry');
    assert.equal(apply.status, 200, apply.text);
    const del = await api.delete(`${CM}/dry2?dryRun=All`);
    assert.equal(del.status, 200);
    const after = await api.get(`${CM}/dry2`);
    assert.equal(after.status, 200);
    assert.equal(at(after.body, 'metadata.resourceVersion'), rv);
    assert.deepEqual(at(after.body, 'data'), { a: '1' });
    const delBody = await api.delete(`${CM}/dry2`, { kind: 'DeleteOptions', apiVersion: 'v1', dryRun: ['All'] });
    assert.equal(delBody.status, 200);
    assert.equal((await api.get(`${CM}/dry2`)).status, 200);
    const dc = await api.delete(`${CM}?dryRun=All`);
    assert.equal(dc.status, 200);
    assert.equal((await api.get(`${CM}/dry2`)).status, 200);
  });

  test('any dryRun value other than All is 400', async () => {
    for (const [method, path] of [['POST', CM], ['PUT', `${CM}/occ`], ['PATCH', `${CM}/occ`], ['DELETE', `${CM}/occ`]] as const) {
      const r = await api.request(method, `${path}?dryRun=Yes`, { body: method === 'DELETE' ? undefined : { metadata: { name: 'occ' } }, contentType: method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' });
      assert.equal(r.status, 400, method);
      assert.match(String(r.body.message), /dryRun: Unsupported value: \[\]string\{"Yes"\}: supported values: "All"/);
    }
  });

  test('JSON merge patch (RFC 7386): null deletes, objects merge, arrays replace', async () => {
    await api.post(CM, { metadata: { name: 'mp', labels: { a: '1', b: '2' } }, data: { x: '1', y: '2' } });
    const r = await api.patch(`${CM}/mp`, { metadata: { labels: { a: null, c: '3' } }, data: { y: null } }, 'merge');
    assert.deepEqual(at(r.body, 'metadata.labels'), { b: '2', c: '3' });
    assert.deepEqual(at(r.body, 'data'), { x: '1' });
  });

  test('JSON patch with test: a failing test refuses the patch', async () => {
    await api.post(CM, { metadata: { name: 'jp' }, data: { x: '1' } });
    const ok = await api.patch(`${CM}/jp`, [{ op: 'test', path: '/data/x', value: '1' }, { op: 'replace', path: '/data/x', value: '2' }, { op: 'add', path: '/data/z', value: '9' }], 'json');
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(at(ok.body, 'data'), { x: '2', z: '9' });
    const failed = await api.patch(`${CM}/jp`, [{ op: 'test', path: '/data/x', value: '1' }, { op: 'replace', path: '/data/x', value: '3' }], 'json');
    assert.equal(failed.status, 422, failed.text);
    assert.equal(at((await api.get(`${CM}/jp`)).body, 'data.x'), '2');
    const bad = await api.patch(`${CM}/jp`, { not: 'an array' }, 'json');
    assert.equal(bad.status, 400);
  });

  test('strategic merge patch: containers merged by name, $patch delete and replace', async () => {
    await api.post(DEPLOY, deployment('smp', [{ name: 'a', image: 'a:1', env: [{ name: 'X', value: '1' }] }, { name: 'b', image: 'b:1' }]));
    const merged = await api.patch(`${DEPLOY}/smp`, { spec: { template: { spec: { containers: [{ name: 'a', image: 'a:2', env: [{ name: 'Y', value: '2' }] }] } } } }, 'strategic');
    assert.equal(merged.status, 200, merged.text);
    const containers = arrayAt(merged.body, 'spec.template.spec.containers');
    assert.deepEqual(containers.map((c) => [at(c, 'name'), at(c, 'image')]), [['a', 'a:2'], ['b', 'b:1']]);
    assert.deepEqual(arrayAt(containers[0], 'env').map((e) => at(e, 'name')), ['Y', 'X']);
    const deleted = await api.patch(`${DEPLOY}/smp`, { spec: { template: { spec: { containers: [{ name: 'b', $patch: 'delete' }] } } } }, 'strategic');
    assert.deepEqual(arrayAt(deleted.body, 'spec.template.spec.containers').map((c) => at(c, 'name')), ['a']);
    const replaced = await api.patch(`${DEPLOY}/smp`, { spec: { template: { spec: { containers: [{ name: 'z', image: 'z:1' }, { $patch: 'replace' }] } } } }, 'strategic');
    assert.deepEqual(arrayAt(replaced.body, 'spec.template.spec.containers').map((c) => at(c, 'name')), ['z']);
    // Ports of a Service merge by port.
    await api.post(`${NS}/services`, { metadata: { name: 'smp' }, spec: { ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }] } });
    const ports = await api.patch(`${NS}/services/smp`, { spec: { ports: [{ name: 'http', port: 80, targetPort: 8080 }] } }, 'strategic');
    assert.deepEqual(arrayAt(ports.body, 'spec.ports').map((p) => [at(p, 'port'), at(p, 'targetPort')]), [[80, 8080], [443, 443]]);
  });

  test('an unknown $patch directive is 400 BadRequest (not 500), in the strategic merge engine\'s words', async () => {
    await api.post(DEPLOY, deployment('directive'));
    const inList = await api.patch(`${DEPLOY}/directive`, { spec: { template: { spec: { containers: [{ name: 'nginx', $patch: 'foo' }] } } } }, 'strategic');
    assert.equal(inList.status, 400, inList.text);
    assert.deepEqual([at(inList.body, 'reason'), at(inList.body, 'message')], ['BadRequest', 'unknown patch type: foo in map: map[$patch:foo name:nginx]']);
    const inMap = await api.patch(`${DEPLOY}/directive`, { spec: { $patch: 'foo' } }, 'strategic');
    assert.equal(inMap.status, 400, inMap.text);
    assert.equal(at(inMap.body, 'message'), 'unknown patch type: foo in map: map[$patch:foo]');
  });

  test('server-side apply of a field the schema does not declare is 400 BadRequest (not 500) with every fieldValidation', async () => {
    for (const validation of ['', '&fieldValidation=Strict', '&fieldValidation=Warn', '&fieldValidation=Ignore']) {
      const body = deployment('typed');
      const r = await api.apply(`${DEPLOY}/typed?x=1${validation}`, { ...body, spec: { ...(body.spec as object), foo: 1 } }, 'm');
      assert.equal(r.status, 400, r.text);
      assert.deepEqual([at(r.body, 'reason'), at(r.body, 'message')], ['BadRequest', 'failed to create typed patch object (wr/typed; apps/v1, Kind=Deployment): .spec.foo: field not declared in schema']);
    }
    assert.equal((await api.get(`${DEPLOY}/typed`)).status, 404);
  });

  test('unknown patch types are 415', async () => {
    const r = await api.patch(`${CM}/jp`, { data: {} }, 'application/foo');
    assert.equal(r.status, 415);
    assert.equal(r.body.message, 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml');
  });

  test('deletecollection with selectors', async () => {
    for (const n of ['dc1', 'dc2', 'dc3']) await api.post(CM, { metadata: { name: n, labels: { dc: n === 'dc3' ? 'keep' : 'drop' } } });
    const r = await api.delete(`${CM}?labelSelector=dc%3Ddrop`);
    assert.equal(r.status, 200);
    assert.equal(r.body.kind, 'ConfigMapList');
    assert.deepEqual(namesOf(r.body), ['dc1', 'dc2']);
    const left = namesOf((await api.get(`${CM}?labelSelector=dc`)).body);
    assert.deepEqual(left, ['dc3']);
  });

  test('methods a resource does not allow are 405', async () => {
    const r = await api.post(`${CM}/occ`, { metadata: { name: 'x' } });
    assert.equal(r.status, 405);
    assert.equal(r.body.reason, 'MethodNotAllowed');
    const nsColl = await api.delete('/api/v1/namespaces');
    assert.equal(nsColl.status, 405);
  });

  test('YAML request bodies', async () => {
    const r = await api.request('POST', CM, { rawBody: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\ndata:\n  k: v\n', contentType: 'application/yaml' });
    assert.equal(r.status, 201, r.text);
    assert.equal(at(r.body, 'data.k'), 'v');
    // Protobuf bodies are decoded: one without the envelope's magic prefix is a 400; other types are 415.
    const proto = await api.request('POST', CM, { rawBody: 'x', contentType: 'application/vnd.platform.protobuf' });
    assert.equal(proto.status, 400);
    const other = await api.request('POST', CM, { rawBody: 'x', contentType: 'text/plain' });
    assert.equal(other.status, 415);
  });
});
