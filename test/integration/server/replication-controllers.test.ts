// core/v1 ReplicationControllers and PodTemplates as a real API server serves them: discovery,
// defaulting (the selector and labels from the template), validation, status, scale, tables
// and field selectors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at, namesOf } from '../../support/api.js';

const NS = 'rcs';
const RC = `/api/v1/namespaces/${NS}/replicationcontrollers`;
const PT = `/api/v1/namespaces/${NS}/podtemplates`;
const TABLE = 'application/json;as=Table;g=meta.platform.io;v=v1';

const template = (labels: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  metadata: { labels }, spec: { containers: [{ name: 'php-redis', image: 'gb-frontend:v4' }], ...extra },
});

describe('ReplicationControllers and PodTemplates', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: NS } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('discovery: rc is in the all category with status and scale; podtemplates are plain', async () => {
    const list = await api.get('/api/v1');
    const byName = new Map(objects(at(list.body, 'resources')).map((r) => [String(r.name), r]));
    const rc = byName.get('replicationcontrollers');
    assert.deepEqual([rc?.kind, rc?.namespaced, rc?.shortNames, rc?.categories], ['ReplicationController', true, ['rc'], ['all']]);
    assert.deepEqual(rc?.verbs, ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch']);
    assert.deepEqual([byName.get('replicationcontrollers/scale')?.group, byName.get('replicationcontrollers/scale')?.kind], ['autoscaling', 'Scale']);
    assert.equal(byName.get('replicationcontrollers/status')?.kind, 'ReplicationController');
    const pt = byName.get('podtemplates');
    assert.deepEqual([pt?.kind, pt?.namespaced, pt?.shortNames, pt?.categories], ['PodTemplate', true, undefined, undefined]);
  });

  test('create defaults the selector, the labels and the replicas from the template; status starts at 0 replicas', async () => {
    const r = await api.post(RC, { metadata: { name: 'frontend' }, spec: { template: template({ app: 'guestbook', tier: 'frontend' }) } });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(at(r.body, 'spec.selector'), { app: 'guestbook', tier: 'frontend' });
    assert.deepEqual(at(r.body, 'metadata.labels'), { app: 'guestbook', tier: 'frontend' });
    assert.equal(at(r.body, 'spec.replicas'), 1);
    assert.equal(at(r.body, 'metadata.generation'), 1);
    assert.deepEqual(at(r.body, 'status'), { replicas: 0 });
    assert.equal(at(r.body, 'spec.template.spec.restartPolicy'), 'Always');
    assert.equal(at(r.body, 'spec.template.spec.containers.0.terminationMessagePath'), '/dev/termination-log');
    // Labels of its own and a selector of its own are kept.
    const own = await api.post(RC, { metadata: { name: 'own', labels: { mine: 'yes' } }, spec: { replicas: 0, selector: { app: 'own' }, template: template({ app: 'own', extra: 'x' }) } });
    assert.equal(own.status, 201, own.text);
    assert.deepEqual([at(own.body, 'metadata.labels'), at(own.body, 'spec.selector'), at(own.body, 'spec.replicas')], [{ mine: 'yes' }, { app: 'own' }, 0]);
  });

  test('validation: the selector must match the template, a template and a selector are required, pods restart Always', async () => {
    const mismatch = await api.post(RC, { metadata: { name: 'bad' }, spec: { selector: { app: 'x' }, template: template({ app: 'y' }) } });
    assert.equal(mismatch.status, 422);
    assert.equal(mismatch.body.message, 'ReplicationController "bad" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"y"}: `selector` does not match template `labels`');
    const none = await api.post(RC, { metadata: { name: 'bad' }, spec: { replicas: -1 } });
    assert.equal(none.status, 422);
    assert.equal(none.body.message, 'ReplicationController "bad" is invalid: [spec.selector: Required value, spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.template: Required value]');
    const never = await api.post(RC, { metadata: { name: 'bad' }, spec: { template: template({ app: 'n' }, { restartPolicy: 'Never', activeDeadlineSeconds: 5 }) } });
    assert.equal(never.status, 422);
    assert.match(String(never.body.message), /spec\.template\.spec\.restartPolicy: Unsupported value: "Never": supported values: "Always"/);
    assert.match(String(never.body.message), /spec\.template\.spec\.activeDeadlineSeconds: Invalid value: 5: must not be specified/);
  });

  test('the selector may change (unlike apps/v1); spec changes bump the generation, scale writes too', async () => {
    await api.post(RC, { metadata: { name: 'mut' }, spec: { replicas: 2, template: template({ app: 'mut', v: '1' }) } });
    const changed = await api.patch(`${RC}/mut`, { spec: { selector: { app: 'mut', v: null } } }, 'merge');
    assert.equal(changed.status, 200, changed.text);
    assert.deepEqual(at(changed.body, 'spec.selector'), { app: 'mut' });
    assert.equal(at(changed.body, 'metadata.generation'), 2);
    const scale = await api.get(`${RC}/mut/scale`);
    assert.equal(scale.status, 200, scale.text);
    assert.deepEqual([scale.body.kind, scale.body.apiVersion, scale.body.spec, scale.body.status], ['Scale', 'autoscaling/v1', { replicas: 2 }, { replicas: 0, selector: 'app=mut' }]);
    const scaled = await api.patch(`${RC}/mut/scale`, { spec: { replicas: 5 } }, 'merge');
    assert.equal(scaled.status, 200, scaled.text);
    const after = await api.get(`${RC}/mut`);
    assert.deepEqual([at(after.body, 'spec.replicas'), at(after.body, 'metadata.generation')], [5, 3]);
  });

  test('status writes are checked: counts cannot exceed replicas', async () => {
    await api.post(RC, { metadata: { name: 'st' }, spec: { template: template({ app: 'st' }) } });
    const cur = await api.get(`${RC}/st`);
    const bad = await api.put(`${RC}/st/status`, { ...cur.body, status: { replicas: 1, readyReplicas: 2, availableReplicas: 1 } });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.message, 'ReplicationController "st" is invalid: status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas');
    const ok = await api.put(`${RC}/st/status`, { ...cur.body, status: { replicas: 1, readyReplicas: 1, fullyLabeledReplicas: 1 } });
    assert.equal(ok.status, 200, ok.text);
    const byField = await api.get(`${RC}?fieldSelector=status.replicas=1`);
    assert.deepEqual(namesOf(byField.body), ['st']);
  });

  test('tables: DESIRED CURRENT READY AGE, and wide CONTAINERS IMAGES SELECTOR; pod templates CONTAINERS IMAGES POD LABELS', async () => {
    const t = await api.get(`${RC}/frontend`, { accept: TABLE });
    assert.deepEqual(arrayNames(at(t.body, 'columnDefinitions')), ['Name', 'Desired', 'Current', 'Ready', 'Age', 'Containers', 'Images', 'Selector']);
    assert.deepEqual(objects(at(t.body, 'columnDefinitions')).map((c) => c.priority), [0, 0, 0, 0, 0, 1, 1, 1]);
    const cells = at(t.body, 'rows.0.cells') as unknown[];
    assert.deepEqual([cells[0], cells[1], cells[2], cells[3], cells[5], cells[6], cells[7]], ['frontend', 1, 0, 0, 'php-redis', 'gb-frontend:v4', 'app=guestbook,tier=frontend']);
    const created = await api.post(PT, { metadata: { name: 'nginx' }, template: template({ name: 'nginx' }) });
    assert.equal(created.status, 201, created.text);
    assert.equal(at(created.body, 'metadata.generation'), 1);
    assert.equal(at(created.body, 'template.spec.dnsPolicy'), 'ClusterFirst');
    const pt = await api.get(PT, { accept: TABLE });
    assert.deepEqual(arrayNames(at(pt.body, 'columnDefinitions')), ['Name', 'Containers', 'Images', 'Pod Labels']);
    assert.deepEqual(at(pt.body, 'rows.0.cells'), ['nginx', 'php-redis', 'gb-frontend:v4', 'name=nginx']);
  });

  test('pod templates: the template\'s pod spec is validated and a changed template is a new generation', async () => {
    const bad = await api.post(PT, { metadata: { name: 'empty' }, template: { metadata: { labels: { 'a b': 'c' } }, spec: {} } });
    assert.equal(bad.status, 422);
    assert.match(String(bad.body.message), /template\.metadata\.labels: Invalid value: "a b"/);
    assert.match(String(bad.body.message), /template\.spec\.containers: Required value/);
    const changed = await api.patch(`${PT}/nginx`, { template: { metadata: { labels: { name: 'nginx', v: '2' } } } }, 'strategic');
    assert.equal(changed.status, 200, changed.text);
    assert.equal(at(changed.body, 'metadata.generation'), 2);
    const labelled = await api.patch(`${PT}/nginx`, { metadata: { labels: { x: 'y' } } }, 'merge');
    assert.equal(at(labelled.body, 'metadata.generation'), 2);
  });
});

function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

function arrayNames(columns: unknown): string[] {
  return objects(columns).map((c) => String(c.name));
}

describe('a ReplicationController with the controllers running', () => {
  test('makes its pods; deleting it deletes them, unless they are orphaned', async () => {
    const server = await startTestServer({ workloads: true });
    const api = new ApiClient(server);
    const pods = async (): Promise<string[]> => namesOf((await api.get(`/api/v1/namespaces/${NS}/pods?labelSelector=app%3Dgc`)).body);
    const until = async (what: string, ok: () => Promise<boolean>): Promise<void> => {
      for (let i = 0; i < 200; i++) {
        await server.settle();
        if (await ok()) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.fail(`timed out waiting for ${what}`);
    };
    try {
      await api.post('/api/v1/namespaces', { metadata: { name: NS } });
      await api.post(RC, { metadata: { name: 'gc' }, spec: { replicas: 2, template: template({ app: 'gc' }) } });
      await until('two pods', async () => (await pods()).length === 2);
      const rc = await api.get(`${RC}/gc`);
      assert.deepEqual(at(rc.body, 'status'), { replicas: 2, fullyLabeledReplicas: 2, observedGeneration: 1 });
      assert.equal((await api.delete(`${RC}/gc`)).status, 200);
      await until('the pods to go with it', async () => (await pods()).length === 0);

      await api.post(RC, { metadata: { name: 'orphans' }, spec: { replicas: 1, template: template({ app: 'gc' }) } });
      await until('one pod', async () => (await pods()).length === 1);
      assert.equal((await api.delete(`${RC}/orphans`, { propagationPolicy: 'Orphan' })).status, 200);
      await until('the controller to be gone', async () => (await api.get(`${RC}/orphans`)).status === 404);
      const [left] = (await pods());
      const pod = await api.get(`/api/v1/namespaces/${NS}/pods/${String(left)}`);
      assert.equal(at(pod.body, 'metadata.ownerReferences'), undefined, 'the orphaned pod has no owner left');
    } finally {
      api.close();
      await server.stop();
    }
  });
});
