import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, at, type Body } from '../../../support/api.js';

const WARNING = '299 - "policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+; use policy/v1 PodDisruptionBudget"';
const EMPTY_MATCH_LABEL = 'pdb.platform.io/deprecated-v1beta1-empty-selector-match';

describe('deprecated API versions', () => {
  let server: TestServer;
  let api: ApiClient;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-versioning-'));
    server = await startTestServer({ admission: { auditLogPath: join(dir, 'audit.log') } });
    api = new ApiClient(server);
  });
  after(async () => {
    api.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  });

  test('every request to policy/v1beta1 carries the Warning header; policy/v1 does not', async () => {
    const c = await api.post('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'b1' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'a' } } } });
    assert.equal(c.status, 201, c.text);
    assert.equal(c.headers.warning, WARNING);
    assert.equal(c.body.apiVersion, 'policy/v1beta1');
    for (const path of ['/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets', '/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets/b1', '/apis/policy/v1beta1/poddisruptionbudgets']) {
      const r = await api.get(path);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.headers.warning, WARNING, path);
    }
    const missing = await api.get('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets/none');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.warning, WARNING);
    const v1 = await api.get('/apis/policy/v1/namespaces/default/poddisruptionbudgets/b1');
    assert.equal(v1.status, 200);
    assert.equal(v1.headers.warning, undefined);
    assert.equal(v1.body.apiVersion, 'policy/v1');
    assert.equal(at(v1.body, 'spec.minAvailable'), 1);
  });

  test('/metrics exposes apiserver_requested_deprecated_apis and apiserver_request_total; the audit log marks the requests', async () => {
    await api.get('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets');
    const m = await api.get('/metrics');
    assert.equal(m.status, 200);
    assert.match(String(m.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.ok(m.text.includes('# TYPE apiserver_requested_deprecated_apis gauge'));
    assert.ok(m.text.includes('apiserver_requested_deprecated_apis{group="policy",removed_release="1.25",resource="poddisruptionbudgets",subresource="",version="v1beta1"} 1'), m.text);
    assert.ok(m.text.includes('# TYPE apiserver_request_total counter'));
    assert.match(m.text, /apiserver_request_total\{code="201",component="apiserver",dry_run="",group="policy",resource="poddisruptionbudgets",scope="namespace",subresource="",verb="POST",version="v1beta1"\} 1\n/);
    assert.match(m.text, /apiserver_request_total\{code="200",component="apiserver",dry_run="",group="policy",resource="poddisruptionbudgets",scope="namespace",subresource="",verb="LIST",version="v1beta1"\} [2-9]\n/);
    assert.match(m.text, /apiserver_request_total\{code="404",component="apiserver",dry_run="",group="policy",resource="poddisruptionbudgets",scope="resource",subresource="",verb="GET",version="v1beta1"\} 1\n/);
    let event: Body | undefined;
    for (let i = 0; i < 100 && event === undefined; i++) {
      const lines = (await readFile(join(dir, 'audit.log'), 'utf8').catch(() => '')).trim().split('\n').filter((l) => l !== '');
      event = lines.map((l) => JSON.parse(l) as Body).find((e) => e.verb === 'create' && at(e, 'objectRef.apiVersion') === 'v1beta1');
      if (event === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(at(event, 'apiVersion'), 'audit.platform.io/v1');
    assert.equal(at(event, ['annotations', 'platform.io/deprecated']), 'true');
    assert.equal(at(event, ['annotations', 'platform.io/removed-release']), '1.25');
    assert.equal(at(event, 'objectRef.name'), 'b1');
  });

  test('v1beta1 empty selectors select no pods (stored as a selector nothing matches); its match-all selector becomes {}', async () => {
    let r = await api.post('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'none' }, spec: { maxUnavailable: 1, selector: {} } });
    assert.equal(r.status, 201, r.text);
    r = await api.get('/apis/policy/v1/namespaces/default/poddisruptionbudgets/none');
    assert.deepEqual(at(r.body, 'spec.selector'), { matchExpressions: [{ key: EMPTY_MATCH_LABEL, operator: 'Exists' }] });
    r = await api.post('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'all' }, spec: { maxUnavailable: 1, selector: { matchExpressions: [{ key: EMPTY_MATCH_LABEL, operator: 'DoesNotExist' }] } } });
    assert.equal(r.status, 201, r.text);
    r = await api.get('/apis/policy/v1/namespaces/default/poddisruptionbudgets/all');
    assert.deepEqual(at(r.body, 'spec.selector'), {});
    // v1 keeps `{}` as "all pods".
    r = await api.post('/apis/policy/v1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'v1-all' }, spec: { maxUnavailable: 1, selector: {} } });
    assert.deepEqual(at(r.body, 'spec.selector'), {});
    r = await api.post('/apis/policy/v1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'both' }, spec: { maxUnavailable: 1, minAvailable: 1 } });
    assert.equal(r.status, 422, r.text);
    assert.match(String(r.body.message), /minAvailable and maxUnavailable cannot be both set/);
  });

  test('objects round-trip between v1 and v1beta1 without loss', async () => {
    const spec = { minAvailable: '50%', selector: { matchLabels: { app: 'rt' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['web'] }] }, unhealthyPodEvictionPolicy: 'AlwaysAllow' };
    const c = await api.post('/apis/policy/v1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'rt', labels: { x: 'y' }, annotations: { note: 'n' } }, spec });
    assert.equal(c.status, 201, c.text);
    const beta = await api.get('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets/rt');
    assert.deepEqual(beta.body.spec, spec);
    const put = await api.put('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets/rt', beta.body);
    assert.equal(put.status, 200, put.text);
    const back = await api.get('/apis/policy/v1/namespaces/default/poddisruptionbudgets/rt');
    assert.deepEqual(back.body.spec, spec);
    assert.deepEqual(at(back.body, 'metadata.labels'), { x: 'y' });
    assert.deepEqual(at(back.body, 'metadata.annotations'), { note: 'n' });
  });

  test('empty selectors round-trip: each version reads the meaning of the other back in its own form', async () => {
    // v1 `{}` (all pods) reads through v1beta1 as its match-all selector, and a write back keeps `{}`.
    let r = await api.post('/apis/policy/v1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'rt-all' }, spec: { maxUnavailable: 1, selector: {} } });
    assert.equal(r.status, 201, r.text);
    const beta = await api.get('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets/rt-all');
    assert.deepEqual(at(beta.body, 'spec.selector'), { matchExpressions: [{ key: EMPTY_MATCH_LABEL, operator: 'DoesNotExist' }] });
    r = await api.put('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets/rt-all', beta.body);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(at((await api.get('/apis/policy/v1/namespaces/default/poddisruptionbudgets/rt-all')).body, 'spec.selector'), {});
    // v1beta1 `{}` (no pods) reads back through v1beta1 as `{}`, in lists too.
    r = await api.post('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'rt-none' }, spec: { maxUnavailable: 1, selector: {} } });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.selector'), {});
    const list = await api.get('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets');
    const items = (list.body.items as { metadata: { name: string }; spec: { selector: unknown } }[]);
    assert.deepEqual(items.find((i) => i.metadata.name === 'rt-none')?.spec.selector, {});
  });

  test('discovery lists policy/v1 as preferred and v1beta1 as served', async () => {
    const g = await api.get('/apis/policy');
    assert.equal(at(g.body, 'preferredVersion.version'), 'v1');
    assert.deepEqual((at(g.body, 'versions') as Body[]).map((v) => v.version), ['v1', 'v1beta1']);
  });
});

describe('runtime-config and feature gates', () => {
  test('--runtime-config disables group versions and single resources', async () => {
    const server = await startTestServer({ admission: { runtimeConfig: 'batch/v1=false,policy/v1beta1/poddisruptionbudgets=false,scheduling.platform.io/v1' } });
    const api = new ApiClient(server);
    try {
      assert.equal((await api.get('/apis/batch/v1')).status, 404);
      assert.equal((await api.get('/apis/batch/v1/namespaces/default/jobs')).status, 404);
      const groups = (at((await api.get('/apis')).body, 'groups') as Body[]).map((g) => g.name);
      assert.ok(!groups.includes('batch'));
      assert.equal((await api.get('/apis/policy/v1beta1/namespaces/default/poddisruptionbudgets')).status, 404);
      assert.equal((await api.get('/apis/policy/v1/namespaces/default/poddisruptionbudgets')).status, 200);
      assert.equal((await api.get('/apis/scheduling.platform.io/v1/priorityclasses')).status, 200);
    } finally {
      api.close();
      await server.stop();
    }
    await assert.rejects(startTestServer({ admission: { runtimeConfig: 'nope.example.com/v1=false' } }), /unknown api groups nope\.example\.com\/v1/);
    await assert.rejects(startTestServer({ admission: { runtimeConfig: 'batch/v1=maybe' } }), /invalid value of batch\/v1: maybe/);
  });

  test('--feature-gates: unknown and locked gates fail start-up, GA gates warn, PodSecurity=false turns the plugin off', async () => {
    await assert.rejects(startTestServer({ admission: { featureGates: 'Bogus=true' } }), /unrecognized feature gate: Bogus/);
    await assert.rejects(startTestServer({ admission: { featureGates: 'WatchBookmark=false' } }), /cannot set feature gate WatchBookmark to false, feature is locked to true/);
    const lines: string[] = [];
    const server = await startTestServer({ admission: { featureGates: 'DryRun=true,PodSecurity=false' }, logger: (l) => lines.push(l) });
    const api = new ApiClient(server);
    try {
      assert.ok(lines.includes('Setting GA feature gate DryRun=true. It will be removed in a future release.'), lines.join('\n'));
      await api.post('/api/v1/namespaces', { metadata: { name: 'strict', labels: { 'pod-security.platform.io/enforce': 'restricted' } } });
      await server.settle();
      const r = await api.post('/api/v1/namespaces/strict/pods', { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
      assert.equal(r.status, 201, r.text);
    } finally {
      api.close();
      await server.stop();
    }
  });
});
