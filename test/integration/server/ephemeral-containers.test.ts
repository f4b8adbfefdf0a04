/**
 * `pods/ephemeralcontainers` on the local server, as kube-apiserver 1.32 serves it: GET returns the
 * Pod, PUT and every patch type change `spec.ephemeralContainers` and nothing else, validation
 * allows additions only (with the API server's wording), discovery lists it, RBAC checks
 * `patch`/`update` on the sub-resource and admission sees an UPDATE of it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AdmissionAttributes } from '../../../src/server/index.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, arrayAt, at, type Body } from '../../support/api.js';
import { binding, clientFor, createAll, role, rule, tokenUsers, user } from './authz/support.js';

const NS = 'eph';
const PODS = `/api/v1/namespaces/${NS}/pods`;

function pod(name: string): Body {
  return { metadata: { name, labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], initContainers: [{ name: 'setup', image: 'busybox:1.36' }] } };
}

function debugContainer(name: string, extra: Body = {}): Body {
  return { name, image: 'busybox', stdin: true, tty: true, terminationMessagePolicy: 'File', ...extra };
}

describe('pods/ephemeralcontainers', () => {
  let server: TestServer;
  let api: ApiClient;
  const seen: { operation: string; subresource: string; name: string }[] = [];
  before(async () => {
    server = await startTestServer({
      authorization: { modes: ['RBAC'] },
      authenticators: [tokenUsers({ dev: user('dev'), debugger: user('debugger') })],
      admissionPlugins: [{
        name: 'Recorder',
        validate(attrs: AdmissionAttributes) {
          if (attrs.def.plural === 'pods') seen.push({ operation: attrs.operation, subresource: attrs.subresource, name: attrs.name });
        },
      }],
    });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: NS } });
    for (const name of ['web', 'put', 'rules', 'rbac']) {
      const r = await api.post(PODS, pod(name));
      assert.equal(r.status, 201, r.text);
    }
    await createAll(api, [
      role('pod-editor', [rule([''], ['pods'], ['get', 'list', 'patch', 'update'])], NS),
      binding('dev', 'Role/pod-editor', ['User:dev'], NS),
      role('pod-debugger', [rule([''], ['pods'], ['get']), rule([''], ['pods/ephemeralcontainers'], ['patch'])], NS),
      binding('debugger', 'Role/pod-debugger', ['User:debugger'], NS),
    ]);
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('discovery lists it with kubectl 1.32\'s kind and verbs; OpenAPI has its operations', async () => {
    const core = await api.get('/api/v1');
    const sub = (core.body.resources as Body[]).find((r) => r.name === 'pods/ephemeralcontainers');
    assert.deepEqual(sub, { name: 'pods/ephemeralcontainers', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get', 'patch', 'update'] });
    const v3 = await api.get('/openapi/v3/api/v1');
    const path = at(v3.body, ['paths', '/api/v1/namespaces/{namespace}/pods/{name}/ephemeralcontainers']) as Body | undefined;
    assert.deepEqual(Object.keys(path ?? {}).filter((k) => k !== 'parameters').sort(), ['get', 'patch', 'put']);
    assert.equal(at(path, 'patch.operationId'), 'patchCoreV1NamespacedPodEphemeralcontainers');
  });

  test('GET returns the Pod', async () => {
    const r = await api.get(`${PODS}/web/ephemeralcontainers`);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.kind, 'Pod');
    assert.equal(at(r.body, 'metadata.name'), 'web');
  });

  test('a strategic merge patch (what kubectl debug sends) adds one; only spec.ephemeralContainers changes', async () => {
    seen.length = 0;
    const before = await api.get(`${PODS}/web`);
    const patch = {
      metadata: { labels: { hacked: 'yes' } },
      spec: { ephemeralContainers: [debugContainer('debugger-abcde', { targetContainerName: 'app' })], containers: [{ name: 'app', image: 'evil' }] },
      status: { phase: 'Failed' },
    };
    const r = await api.patch(`${PODS}/web/ephemeralcontainers`, patch, 'strategic');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(at(r.body, 'spec.ephemeralContainers'), [{
      name: 'debugger-abcde', image: 'busybox', imagePullPolicy: 'Always', resources: {}, stdin: true, tty: true, targetContainerName: 'app',
      terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File',
    }]);
    assert.deepEqual(at(r.body, 'spec.containers'), at(before.body, 'spec.containers'), 'containers are not changed through the sub-resource');
    assert.deepEqual(at(r.body, 'metadata.labels'), { app: 'web' }, 'labels are not changed through the sub-resource');
    assert.deepEqual(at(r.body, 'status'), at(before.body, 'status'));
    assert.notEqual(at(r.body, 'metadata.resourceVersion'), at(before.body, 'metadata.resourceVersion'));
    const managers = arrayAt(r.body, 'metadata.managedFields').map((m) => [at(m, 'manager'), at(m, 'subresource')]);
    assert.ok(managers.some(([, s]) => s === 'ephemeralcontainers'), JSON.stringify(managers));
    assert.deepEqual(seen, [{ operation: 'UPDATE', subresource: 'ephemeralcontainers', name: 'web' }]);
  });

  test('merge and JSON patches add more; a change to an existing one is refused', async () => {
    const current = await api.get(`${PODS}/web`);
    const list = arrayAt(current.body, 'spec.ephemeralContainers');
    const merge = await api.patch(`${PODS}/web/ephemeralcontainers`, { spec: { ephemeralContainers: [...list, debugContainer('second')] } }, 'merge');
    assert.equal(merge.status, 200, merge.text);
    const json = await api.patch(`${PODS}/web/ephemeralcontainers`, [{ op: 'add', path: '/spec/ephemeralContainers/-', value: debugContainer('third') }], 'json');
    assert.equal(json.status, 200, json.text);
    assert.deepEqual(arrayAt(json.body, 'spec.ephemeralContainers').map((c) => at(c, 'name')), ['debugger-abcde', 'second', 'third']);
    const changed = await api.patch(`${PODS}/web/ephemeralcontainers`, [{ op: 'replace', path: '/spec/ephemeralContainers/0/image', value: 'alpine' }], 'json');
    assert.equal(changed.status, 422, changed.text);
    assert.match(String(changed.body.message), /^Pod "web" is invalid: spec\.ephemeralContainers: Forbidden: existing ephemeral containers "debugger-abcde" may not be changed\n/);
    const removed = await api.patch(`${PODS}/web/ephemeralcontainers`, [{ op: 'remove', path: '/spec/ephemeralContainers/1' }], 'json');
    assert.equal(removed.status, 422, removed.text);
    assert.match(String(removed.body.message), /existing ephemeral containers "second" may not be removed/);
  });

  test('PUT (UpdateEphemeralContainers) adds one; the resourceVersion is a precondition', async () => {
    const current = await api.get(`${PODS}/put/ephemeralcontainers`);
    const body = structuredClone(current.body);
    (body.spec as Body).ephemeralContainers = [debugContainer('dbg')];
    const r = await api.put(`${PODS}/put/ephemeralcontainers`, body);
    assert.equal(r.status, 200, r.text);
    assert.equal(at(r.body, 'spec.ephemeralContainers.0.name'), 'dbg');
    const stale = await api.put(`${PODS}/put/ephemeralcontainers`, body);
    assert.equal(stale.status, 409, stale.text);
  });

  test('the API server\'s rules for ephemeral containers, in its words', async () => {
    const cases: [Body, string][] = [
      [debugContainer('ports', { ports: [{ containerPort: 80 }] }), 'spec.ephemeralContainers[0].ports: Forbidden: cannot be set for an Ephemeral Container'],
      [debugContainer('probe', { readinessProbe: { exec: { command: ['true'] } } }), 'spec.ephemeralContainers[0].readinessProbe: Forbidden: cannot be set for an Ephemeral Container'],
      [debugContainer('life', { lifecycle: { preStop: { exec: { command: ['true'] } } } }), 'spec.ephemeralContainers[0].lifecycle: Forbidden: cannot be set for an Ephemeral Container'],
      [debugContainer('res', { resources: { limits: { cpu: '1' } } }), 'spec.ephemeralContainers[0].resources: Forbidden: cannot be set for an Ephemeral Container'],
      [debugContainer('app'), 'spec.ephemeralContainers[0].name: Duplicate value: "app"'],
      [debugContainer('setup'), 'spec.ephemeralContainers[0].name: Duplicate value: "setup"'],
      [debugContainer('tgt', { targetContainerName: 'nope' }), 'spec.ephemeralContainers[0].targetContainerName: Not found: "nope"'],
      [debugContainer('Bad_Name'), 'spec.ephemeralContainers[0].name: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of'],
      [{ name: 'noimage' }, 'spec.ephemeralContainers[0].image: Required value'],
    ];
    for (const [container, message] of cases) {
      const r = await api.patch(`${PODS}/rules/ephemeralcontainers`, { spec: { ephemeralContainers: [container] } }, 'strategic');
      assert.equal(r.status, 422, `${String(container.name)}: ${r.text}`);
      assert.ok(String(r.body.message).startsWith(`Pod "rules" is invalid: ${message}`), `${String(container.name)}: ${String(r.body.message)}`);
    }
  });

  test('ephemeral containers cannot be set on create or through an update of the pod', async () => {
    const created = await api.post(PODS, { ...pod('direct'), spec: { ...(pod('direct').spec as Body), ephemeralContainers: [debugContainer('dbg')] } });
    assert.equal(created.status, 422, created.text);
    assert.equal(created.body.message, 'Pod "direct" is invalid: spec.ephemeralContainers: Forbidden: cannot be set on create');
    const updated = await api.patch(`${PODS}/rules`, { spec: { ephemeralContainers: [debugContainer('dbg')] } }, 'strategic');
    assert.equal(updated.status, 422, updated.text);
    assert.match(String(updated.body.message), /^Pod "rules" is invalid: spec: Forbidden: pod updates may not change fields other than/);
  });

  test('PodSecurity evaluates a pod with an ephemeral container added', async () => {
    const ns = 'eph-baseline';
    await api.post('/api/v1/namespaces', { metadata: { name: ns, labels: { 'pod-security.platform.io/enforce': 'baseline' } } });
    const created = await api.post(`/api/v1/namespaces/${ns}/pods`, { metadata: { name: 'p' }, spec: { containers: [{ name: 'app', image: 'nginx' }] } });
    assert.equal(created.status, 201, created.text);
    const privileged = await api.patch(`/api/v1/namespaces/${ns}/pods/p/ephemeralcontainers`, { spec: { ephemeralContainers: [debugContainer('dbg', { securityContext: { privileged: true } })] } }, 'strategic');
    assert.equal(privileged.status, 403, privileged.text);
    assert.match(String(privileged.body.message), /^pods "p" is forbidden: violates PodSecurity "baseline:latest": privileged \(container "dbg" must not set securityContext\.privileged=true\)$/);
    const plain = await api.patch(`/api/v1/namespaces/${ns}/pods/p/ephemeralcontainers`, { spec: { ephemeralContainers: [debugContainer('dbg')] } }, 'strategic');
    assert.equal(plain.status, 200, plain.text);
  });

  test('RBAC: patching the pod is not enough; patch on pods/ephemeralcontainers is', async () => {
    const dev = clientFor(server, 'dev');
    const debuggerClient = clientFor(server, 'debugger');
    try {
      const denied = await dev.patch(`${PODS}/rbac/ephemeralcontainers`, { spec: { ephemeralContainers: [debugContainer('dbg')] } }, 'strategic');
      assert.equal(denied.status, 403, denied.text);
      assert.equal(denied.body.message, `pods "rbac" is forbidden: User "dev" cannot patch resource "pods/ephemeralcontainers" in API group "" in the namespace "${NS}"`);
      const allowed = await debuggerClient.patch(`${PODS}/rbac/ephemeralcontainers`, { spec: { ephemeralContainers: [debugContainer('dbg')] } }, 'strategic');
      assert.equal(allowed.status, 200, allowed.text);
      const put = await debuggerClient.put(`${PODS}/rbac/ephemeralcontainers`, allowed.body);
      assert.equal(put.status, 403, 'update is a verb of its own');
    } finally {
      dev.close();
      debuggerClient.close();
    }
  });
});
