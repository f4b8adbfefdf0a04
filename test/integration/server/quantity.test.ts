// Quantities are stored in the form a real API server stores them, on every write path: create
// (JSON and YAML bodies), update, merge/strategic/JSON patches and server-side apply, for Pods,
// ResourceQuotas, LimitRanges, PersistentVolumeClaims and HPAs; malformed ones are refused with
// the API server's status and message; applying `cpu: 0.5` twice changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, type Body } from '../../support/api.js';

const NS = '/api/v1/namespaces/default';
const FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

function pod(name: string, resources: Body, extra: Body = {}): Body {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name },
    spec: { containers: [{ name: 'main', image: 'busybox', resources }], ...extra },
  };
}

describe('quantities', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('a Pod: requests, limits, emptyDir sizeLimit and ephemeral storage come back canonical; numbers become strings', async () => {
    const created = await api.post(`${NS}/pods`, pod('canon', {
      requests: { cpu: 0.5, memory: '1024Mi', 'ephemeral-storage': '1000M' },
      limits: { cpu: '1.0', memory: '1.5Gi', 'ephemeral-storage': 2e9 },
    }, { volumes: [{ name: 'scratch', emptyDir: { sizeLimit: '1024Ki' } }] }));
    assert.equal(created.status, 201, created.text);
    for (const body of [created.body, (await api.get(`${NS}/pods/canon`)).body]) {
      assert.deepEqual(at(body, 'spec.containers.0.resources'), {
        requests: { cpu: '500m', memory: '1Gi', 'ephemeral-storage': '1G' },
        limits: { cpu: '1', memory: '1536Mi', 'ephemeral-storage': '2G' },
      });
      assert.equal(at(body, 'spec.volumes.0.emptyDir.sizeLimit'), '1Mi');
    }
  });

  test('texts already canonical are kept as written (1e3 stays 1e3, 100Mi stays 100Mi)', async () => {
    const r = await api.post(`${NS}/pods`, pod('kept', { requests: { cpu: '1e3', memory: '100Mi' }, limits: { cpu: '12e6', memory: '+1Gi' } }));
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.containers.0.resources'), { requests: { cpu: '1e3', memory: '100Mi' }, limits: { cpu: '12e6', memory: '+1Gi' } });
  });

  test('a YAML body', async () => {
    const yaml = [
      'apiVersion: v1', 'kind: Pod', 'metadata: {name: from-yaml}', 'spec:', '  containers:', '  - name: main', '    image: busybox',
      '    resources:', '      requests: {cpu: 0.25, memory: 2048Ki}', '',
    ].join('\n');
    const r = await api.request('POST', `${NS}/pods`, { rawBody: yaml, contentType: 'application/yaml' });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.containers.0.resources.requests'), { cpu: '250m', memory: '2Mi' });
  });

  test('a ResourceQuota, a LimitRange, a PVC and an HPA', async () => {
    const quota = await api.post(`${NS}/resourcequotas`, {
      apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q' },
      spec: { hard: { pods: 10, 'requests.cpu': '2000m', 'requests.memory': '2048Mi', 'limits.cpu': 4.5 } },
    });
    assert.equal(quota.status, 201, quota.text);
    assert.deepEqual(at(quota.body, 'spec.hard'), { pods: '10', 'requests.cpu': '2', 'requests.memory': '2Gi', 'limits.cpu': '4500m' });
    const limits = await api.post(`${NS}/limitranges`, {
      apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'l' },
      spec: { limits: [{ type: 'Container', default: { cpu: 0.5 }, defaultRequest: { memory: '0.5Gi' }, max: { cpu: '2000m' } }] },
    });
    assert.equal(limits.status, 201, limits.text);
    assert.equal(at(limits.body, 'spec.limits.0.default.cpu'), '500m');
    assert.equal(at(limits.body, 'spec.limits.0.defaultRequest.memory'), '512Mi');
    assert.equal(at(limits.body, 'spec.limits.0.max.cpu'), '2');
    const pvc = await api.post(`${NS}/persistentvolumeclaims`, {
      apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1024Mi' } } },
    });
    assert.equal(pvc.status, 201, pvc.text);
    assert.equal(at(pvc.body, 'spec.resources.requests.storage'), '1Gi');
    const hpa = await api.post('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, maxReplicas: 3,
        metrics: [{ type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1024Mi' } } }],
      },
    });
    assert.equal(hpa.status, 201, hpa.text);
    assert.equal(at(hpa.body, 'spec.metrics.0.resource.target.averageValue'), '1Gi');
  });

  test('update and every patch type', async () => {
    const current = (await api.get(`${NS}/pods/canon`)).body;
    const updated = await api.put(`${NS}/pods/canon`, { ...current, metadata: { ...(current.metadata as Body), labels: { a: 'b' } } });
    assert.equal(updated.status, 200, updated.text);
    const merge = await api.patch(`${NS}/resourcequotas/q`, { spec: { hard: { 'requests.cpu': 0.75 } } }, 'merge');
    assert.equal((at(merge.body, 'spec.hard') as Body)['requests.cpu'], '750m');
    const strategic = await api.patch(`${NS}/resourcequotas/q`, { spec: { hard: { 'requests.memory': '3072Mi' } } }, 'strategic');
    assert.equal((at(strategic.body, 'spec.hard') as Body)['requests.memory'], '3Gi');
    const json = await api.patch(`${NS}/resourcequotas/q`, [{ op: 'replace', path: '/spec/hard/pods', value: 20 }], 'json');
    assert.equal((at(json.body, 'spec.hard') as Body).pods, '20');
  });

  test('malformed quantities: 400 on create and update, 422 on a patch, in the API server\'s words', async () => {
    const bad = await api.post(`${NS}/pods`, pod('bad', { requests: { cpu: 'abc' } }));
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, `Pod in version "v1" cannot be handled as a Pod: ${FORMAT_ERROR}`);
    const suffix = await api.post(`${NS}/resourcequotas`, { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'bad' }, spec: { hard: { pods: '1K' } } });
    assert.equal(suffix.status, 400);
    assert.equal(suffix.body.message, 'ResourceQuota in version "v1" cannot be handled as a ResourceQuota: unable to parse quantity\'s suffix');
    const flag = await api.post(`${NS}/resourcequotas`, { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'bad' }, spec: { hard: { pods: true } } });
    assert.equal(flag.status, 400);
    assert.match(String(flag.body.message), /quantities must match the regular expression/);
    const patched = await api.patch(`${NS}/resourcequotas/q`, { spec: { hard: { pods: '1x' } } }, 'merge');
    assert.equal(patched.status, 422, patched.text);
    assert.match(String(patched.body.message), /quantities must match the regular expression/);
  });

  // A real server compares the applied configuration with the live object before decoding it: a
  // non-canonical value (`cpu: 0.5` against a stored `500m`) counts as a change for the field
  // manager, whose timestamp (whole seconds) then moves on in a later second, so the object is
  // rewritten with nothing but that time changed (kubernetes/kubernetes#121404, #131175). The
  // spec, the generation and the managed field set stay; the canonical text is a true no-op.
  test('server-side apply: stored canonical; applying cpu: 0.5 again changes no spec, generation or field set', async () => {
    const path = '/apis/apps/v1/namespaces/default/deployments/applied';
    const manifest = (cpu: unknown): Body => ({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'applied' },
      spec: {
        selector: { matchLabels: { app: 'a' } },
        template: { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'main', image: 'busybox', resources: { requests: { cpu } } }] } },
      },
    });
    const cpuOf = (body: Body): unknown => at(body, 'spec.template.spec.containers.0.resources.requests.cpu');
    const first = await api.apply(path, manifest(0.5), 'tester');
    assert.equal(first.status, 201, first.text);
    assert.equal(cpuOf(first.body), '500m');
    const second = await api.apply(path, manifest(0.5), 'tester');
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(second.body.spec, first.body.spec);
    assert.equal(at(second.body, 'metadata.generation'), at(first.body, 'metadata.generation'));
    const canonical = await api.apply(path, manifest('500m'), 'tester');
    const rv = at(canonical.body, 'metadata.resourceVersion');
    await new Promise((r) => setTimeout(r, 1100));
    const same = await api.apply(path, manifest('500m'), 'tester');
    assert.equal(at(same.body, 'metadata.resourceVersion'), rv, 'applying the stored text again, a second later, writes nothing');
    const managed = (at(same.body, 'metadata.managedFields') as Body[]).filter((m) => m.manager === 'tester');
    assert.equal(managed.length, 1);
    assert.match(JSON.stringify(managed[0]?.fieldsV1), /"f:cpu":\{\}/);
    const changed = await api.apply(path, manifest('1536Mi'), 'tester');
    assert.equal(changed.status, 200, changed.text);
    assert.equal(cpuOf(changed.body), '1536Mi');
    const other = await api.apply(path, manifest(1.5), 'other');
    assert.equal(other.status, 409, 'another manager changing the value conflicts');
  });
});
