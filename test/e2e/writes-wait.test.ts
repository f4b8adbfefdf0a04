/**
 * `wait` and `delete --wait` against the local server: a golden transcript of conditions that
 * hold, time out or cannot be parsed, and tests where another writer creates, changes, or
 * releases an object while the command follows it on a watch.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from '../support/cli.js';
import { assertGolden, openWorkspace, transcript, type Workspace } from './writes-golden.js';

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: registry.example/web:1.0\n';

test('wait golden', async () => {
  const text = await transcript({
    name: 'wait',
    files: {
      'objects.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  labels: {app: demo}\ndata:\n  mode: ready\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n  labels: {app: demo}\ndata:\n  mode: starting\n`,
    },
    steps: [
      { cli: ['apply', '-f', 'objects.yaml'] },
      { cli: ['wait', '--for=jsonpath={.data.mode}=ready', 'configmap/settings'] },
      { cli: ['wait', '--for=jsonpath={.data.mode}', 'configmap', 'settings', '-o', 'name'], note: 'a path without a value waits until it exists' },
      { cli: ['wait', '--for=jsonpath={.data.mode}=ready', '-f', 'objects.yaml', '--timeout=300ms'], note: 'each object that times out is listed; the others are reported' },
      { cli: ['wait', '--for=jsonpath={.data.mode}=ready', 'configmaps', '-l', 'app=demo', '--timeout=0'], note: 'zero checks once' },
      { cli: ['wait', '--for=jsonpath={.data.mode}=ready', '--for=jsonpath={.metadata.labels.app}=demo', 'cm/settings'], note: 'several --for must all hold' },
      { cli: ['wait', '--for=jsonpath={.data.mode}=ready', '--for=jsonpath={.metadata.labels.app}=other', 'cm/settings', '--timeout=200ms'] },
      { cli: ['wait', '--for=delete', 'configmap/never-existed'], note: 'delete of an object that is not there succeeds at once' },
      { cli: ['wait', '--for=condition=Ready', 'configmap/never-existed'] },
      { cli: ['wait', '--for=jsonpath={.data}=x', 'cm/settings', '--timeout=0'] },
      { cli: ['wait', '--for=ready', 'cm/settings'] },
      { cli: ['wait', 'cm/settings'] },
      { cli: ['wait', '--for=delete', '--for=create', 'cm/settings'] },
      { cli: ['wait', '--for=condition=Ready', 'configmaps', '-l', 'app=none'] },
    ],
  });
  await assertGolden('wait', 'wait', text);
});

async function withWorkspace(fn: (ws: Workspace, cli: (args: string[]) => ReturnType<typeof runCli>) => Promise<void>): Promise<void> {
  const ws = await openWorkspace({ 'deploy.yaml': DEPLOYMENT });
  try {
    await fn(ws, (args) => runCli(args, { env: ws.env, cwd: ws.dir, home: ws.env.HOME ?? ws.dir }));
  } finally {
    await ws.close();
  }
}

/** Resolves once a watch on `path` sees an event (the command has started following). */
async function settle(ms = 300): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

test('wait --for=condition follows status changes on a watch, observedGeneration included', async () => {
  await withWorkspace(async (ws, cli) => {
    assert.equal((await cli(['create', '-f', 'deploy.yaml'])).code, 0);
    const waiting = cli(['wait', '--for=condition=Available', 'deployment/web', '--timeout=10s']);
    await settle();
    const path = '/apis/apps/v1/namespaces/default/deployments/web/status';
    // A condition for an older generation does not count.
    let res = await ws.api.patch(path, { status: { observedGeneration: 0, conditions: [{ type: 'Available', status: 'True', reason: 'Old', message: '' }] } }, 'merge');
    assert.equal(res.status, 200, res.text);
    await settle(100);
    res = await ws.api.patch(path, { status: { observedGeneration: 1, conditions: [{ type: 'Available', status: 'True', reason: 'Ready', message: '' }] } }, 'merge');
    assert.equal(res.status, 200, res.text);
    const done = await waiting;
    assert.equal(done.stderr, '');
    assert.equal(done.stdout, 'deployment.apps/web condition met\n');
    assert.equal(done.code, 0);
    const otherValue = await cli(['wait', '--for=condition=available=FALSE', 'deployment/web', '--timeout=200ms']);
    assert.equal(otherValue.code, 1);
    assert.equal(otherValue.stderr, 'error: timed out waiting for the condition on deployments/web\n');
  });
});

test('wait --for=create and --for=delete, and delete --wait until finalizers are gone', async () => {
  await withWorkspace(async (ws, cli) => {
    const creating = cli(['wait', '--for=create', 'configmap/late', '--timeout=10s']);
    await settle();
    let res = await ws.api.post('/api/v1/namespaces/default/configmaps', { metadata: { name: 'late', finalizers: ['example.com/hold'] } });
    assert.equal(res.status, 201, res.text);
    const created = await creating;
    assert.deepEqual([created.code, created.stdout, created.stderr], [0, 'configmap/late condition met\n', '']);

    const deleting = cli(['delete', 'configmap', 'late', '--timeout=10s']);
    const waiting = cli(['wait', '--for=delete', 'configmap/late', '--timeout=10s']);
    // The delete is in flight in-process: poll for its mark rather than trusting a fixed pause,
    // which a loaded machine outlasts.
    const deadline = Date.now() + 10_000;
    for (;;) {
      res = await ws.api.get('/api/v1/namespaces/default/configmaps/late');
      assert.equal(res.status, 200, 'the finalizer keeps the object');
      if (typeof (res.body.metadata as { deletionTimestamp?: unknown }).deletionTimestamp === 'string' || Date.now() > deadline) break;
      await settle(50);
    }
    assert.ok(typeof (res.body.metadata as { deletionTimestamp?: unknown }).deletionTimestamp === 'string');
    // The waiter has started its watch by now too (it began with the delete).
    await settle();
    res = await ws.api.patch('/api/v1/namespaces/default/configmaps/late', { metadata: { finalizers: null } }, 'merge');
    assert.equal(res.status, 200, res.text);
    const deleted = await deleting;
    assert.deepEqual([deleted.code, deleted.stdout, deleted.stderr], [0, 'configmap "late" deleted\n', '']);
    const gone = await waiting;
    assert.deepEqual([gone.code, gone.stdout, gone.stderr], [0, 'configmap/late condition met\n', '']);
  });
});

test('rollout status -f DIR with a manifest that cannot be read: the others are watched, the error comes after', async () => {
  const ws = await openWorkspace({ 'd/a-broken.yaml': 'apiVersion: apps/v1\nind: Deployment\nmetadata:\n  name: broken\n', 'd/web.yaml': DEPLOYMENT });
  try {
    const env = { env: ws.env, cwd: ws.dir, home: ws.env.HOME ?? ws.dir };
    assert.equal((await runCli(['apply', '-f', 'd/web.yaml'], env)).code, 0);
    const r = await runCli(['rollout', 'status', '-f', 'd', '--timeout=1s'], env);
    assert.equal(r.code, 1);
    // This server runs no controllers: the deployment's status never catches up.
    assert.equal(r.stdout, 'Waiting for deployment spec update to be observed...\n');
    // kubectl 1.32 prints exactly these two lines (checked against it).
    assert.equal(r.stderr, `timed out waiting for the condition\nunable to decode "d/a-broken.yaml": Object 'Kind' is missing in '{"apiVersion":"apps/v1","ind":"Deployment","metadata":{"name":"broken"}}'\n`);
  } finally {
    await ws.close();
  }
});
