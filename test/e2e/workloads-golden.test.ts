/**
 * Golden transcripts of the workload commands against a local server whose controllers run, with
 * the test playing the node agent (pods Running and Ready through the status sub-resource).
 * Generated pod-name suffixes are replaced by `-xxxxx`.
 */
import { test } from 'node:test';
import type { Step, Workspace } from './writes-golden.js';
import { assertGolden, normalize, openWorkspace, runStep } from './writes-golden.js';

type WorkloadStep = Step | { kubelet: 'ready' } | { api: [method: string, path: string, body?: unknown, contentType?: string]; note?: string };

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  annotations:
    platform.io/change-cause: first
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: registry.example/web:1.0
`;

/** Plays the node agent: every pod becomes Running and Ready, until the controllers are quiet. */
async function readyAll(ws: Workspace): Promise<void> {
  for (let round = 0; round < 20; round++) {
    await ws.server.settle();
    const list = await ws.api.get('/api/v1/namespaces/default/pods');
    const pods = ((list.body as { items?: { metadata: { name: string }; status?: { conditions?: { type: string; status: string }[] } }[] }).items ?? [])
      .filter((p) => !(p.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True'));
    if (pods.length === 0) return;
    for (const p of pods) {
      await ws.api.request('PATCH', `/api/v1/namespaces/default/pods/${p.metadata.name}/status`, {
        contentType: 'application/merge-patch+json',
        body: { status: { phase: 'Running', podIP: '127.0.0.2', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }], containerStatuses: [{ name: 'web', ready: true, restartCount: 0, image: 'x', imageID: '', started: true, state: { running: { startedAt: '2026-01-01T00:00:00Z' } } }] } },
      });
    }
  }
}

async function run(name: string, files: Record<string, string>, steps: WorkloadStep[]): Promise<void> {
  const ws = await openWorkspace(files, { workloads: true });
  try {
    let out = '';
    for (const step of steps) {
      if ('kubelet' in step) {
        await readyAll(ws);
        out += '(node agent: every pod Running and Ready)\n\n';
        continue;
      }
      if ('api' in step) {
        const [method, path, body, contentType] = step.api;
        const res = await ws.api.request(method, path, { ...(body === undefined ? {} : { body }), ...(contentType === undefined ? {} : { contentType }) });
        out += `${step.note === undefined ? '' : `# ${step.note}\n`}${method} ${path}\nstatus: ${res.status}\n\n`;
        await ws.server.settle();
        continue;
      }
      out += await runStep(ws, step);
      await ws.server.settle();
    }
    const text = normalize(out, ws).replace(/\b(web-[a-z0-9]+)-[bcdfghjklmnpqrstvwxz2456789]{5}\b/g, '$1-xxxxx');
    await assertGolden('workloads', name, text);
  } finally {
    await ws.close();
  }
}

test('rollout status, scale, history, set image, undo, pause, resume and restart of a Deployment', async () => {
  await run('rollout', { 'web.yaml': DEPLOYMENT }, [
    { cli: ['apply', '-f', 'web.yaml'] },
    { cli: ['rollout', 'status', 'deployment/web', '--watch=false'], note: 'no pod is ready yet' },
    { kubelet: 'ready' },
    { cli: ['rollout', 'status', 'deployment/web'] },
    { cli: ['get', 'deployments,replicasets'] },
    { cli: ['scale', 'deployment/web', '--replicas=3'] },
    { cli: ['scale', 'deployment/web', '--replicas=1', '--current-replicas=2'], note: 'the precondition fails' },
    { kubelet: 'ready' },
    { cli: ['get', 'deployment', 'web'] },
    { cli: ['annotate', 'deployment/web', '--overwrite', 'platform.io/change-cause=second'] },
    { cli: ['set', 'image', 'deployment/web', 'web=registry.example/web:2.0'] },
    { cli: ['set', 'image', 'deployment/web', 'nope=x'], note: 'no such container' },
    { kubelet: 'ready' },
    { cli: ['rollout', 'status', 'deployment/web'] },
    { cli: ['rollout', 'history', 'deployment/web'] },
    { cli: ['rollout', 'history', 'deployment/web', '--revision=1'] },
    { cli: ['rollout', 'history', 'deployment/web', '--template={{ .metadata.name }}:'], note: 'a template alone is no -o to kubectl: the workload is printed' },
    { cli: ['rollout', 'history', 'deployment/web', '-o', 'name'], note: 'with -o, the ReplicaSets that record the revisions, one by one' },
    { cli: ['rollout', 'undo', 'deployment/web', '--dry-run=client'] },
    { cli: ['rollout', 'undo', 'deployment/web', '--dry-run=client', '--template={{ .metadata.name }}:'], note: 'the printer gets the workload as read' },
    { cli: ['rollout', 'undo', 'deployment/web'] },
    { kubelet: 'ready' },
    { cli: ['rollout', 'history', 'deployment/web'] },
    { cli: ['rollout', 'undo', 'deployment/web', '--to-revision=9'] },
    { cli: ['rollout', 'undo', 'deployment/web', '--to-revision=3', '--template={{.metadata.name}}:'], note: 'with a template, the deployment as it was read, whatever the rollback did' },
    { cli: ['rollout', 'pause', 'deployment/web'] },
    { cli: ['rollout', 'pause', 'deployment/web'] },
    { cli: ['rollout', 'restart', 'deployment/web'] },
    { cli: ['rollout', 'resume', 'deployment/web'] },
    { cli: ['rollout', 'resume', 'deployment/web'] },
    { cli: ['rollout', 'restart', 'deployment/web'] },
    { cli: ['rollout', 'status', 'configmap/x'], note: 'not a rollout kind' },
    { cli: ['scale', 'deployment/web'], note: '--replicas is required' },
  ]);
});

test('events and top', async () => {
  await run('events-top', { 'web.yaml': DEPLOYMENT }, [
    { cli: ['events'], note: 'nothing happened yet' },
    { cli: ['apply', '-f', 'web.yaml'] },
    { kubelet: 'ready' },
    { cli: ['events', '--types=Normal', '--for', 'deployment/web'] },
    { cli: ['events', '-A', '--no-headers', '--types=Warning'] },
    { cli: ['events', '--types=Bad'] },
    { cli: ['events', '--for', 'deployment/web', '--types=Normal', '--watch', '--request-timeout=1', '-o', 'jsonpath={.reason}{"\\n"}'], note: 'the watch ends at the request timeout, exit code 0' },
    { cli: ['top', 'pod'], note: 'the metrics API is served by the node agent' },
    { cli: ['top', 'node', '--sort-by=disk'] },
  ]);
});

const NODE = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } };
const bare = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'bare' } }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'x' }] } });

test('cordon, uncordon, taint and drain of a node', async () => {
  await run('nodes', {}, [
    { api: ['POST', '/api/v1/nodes', NODE], note: 'a node and an unmanaged pod on it' },
    { api: ['POST', '/api/v1/namespaces/default/pods', bare('bare')] },
    { cli: ['cordon', 'n1'] },
    { cli: ['cordon', 'n1'] },
    { cli: ['uncordon', 'n1', '--dry-run=client'] },
    { cli: ['uncordon', 'n1'] },
    { cli: ['taint', 'nodes', 'n1', 'dedicated=special:NoSchedule'] },
    { cli: ['taint', 'nodes', 'n1', 'dedicated=other:NoSchedule'], note: 'needs --overwrite' },
    { cli: ['taint', 'nodes', 'n1', 'dedicated=other:NoSchedule', '--overwrite'] },
    { cli: ['taint', 'nodes', 'n1', 'gpu:NoExecute', 'dedicated-'] },
    { cli: ['taint', 'nodes', 'n1', 'missing-'] },
    { cli: ['taint', 'nodes', 'n1', 'bad:Sometimes'] },
    { cli: ['taint', 'configmaps', 'x', 'a=b:NoSchedule'] },
    { get: '/api/v1/nodes/n1' },
    { cli: ['drain', 'n1'], note: 'a pod without a controller stops the drain' },
    { cli: ['drain', 'n1', '--force', '--grace-period=0'] },
    { cli: ['drain', 'n1', '--dry-run=client'] },
  ]);
});

test('run, expose, autoscale and set serviceaccount', async () => {
  await run('generators', { 'web.yaml': DEPLOYMENT.replace('        image: registry.example/web:1.0\n', '        image: registry.example/web:1.0\n        ports:\n        - containerPort: 8080\n') }, [
    { cli: ['run', 'nginx', '--image=nginx', '--port=80', '--env=A=b', '--labels=app=nginx,tier=web', '--dry-run=client', '-o', 'yaml', '--', 'nginx', '-g', 'daemon off;'] },
    { cli: ['run', 'job', '--image=busybox', '--restart=Never', '--command', '--', 'sh', '-c', 'exit 0'] },
    { cli: ['run', 'shell', '--image=busybox', '-i', '-t', '--pod-running-timeout=1s'], note: 'no node runs the pod here: the attach gives up after the pod-running timeout' },
    { cli: ['run', 'nginx', '--image=nginx', '--expose'] },
    { cli: ['apply', '-f', 'web.yaml'] },
    { cli: ['expose', 'deployment', 'web', '--dry-run=client', '-o', 'yaml'] },
    { cli: ['expose', 'deployment', 'web', '--port=80', '--target-port=8080', '--name=web-http'] },
    { cli: ['expose', 'pod', 'job'], note: 'the pod has no port to copy' },
    { cli: ['autoscale', 'deployment', 'web', '--max=5', '--cpu-percent=70'] },
    { cli: ['autoscale', 'deployment', 'web', '--max=0'] },
    { cli: ['get', 'hpa'] },
    { cli: ['set', 'serviceaccount', 'deployment', 'web', 'builder'] },
    { cli: ['set', 'serviceaccount', 'deployment', 'web', 'builder'], note: 'nothing changes: nothing printed' },
  ]);
});

const FRONTEND_RC = `apiVersion: v1
kind: ReplicationController
metadata:
  name: frontend
spec:
  replicas: 3
  selector: {app: guestbook, tier: frontend}
  template:
    metadata:
      labels: {app: guestbook, tier: frontend}
    spec:
      containers:
      - name: php-redis
        image: registry.example/gb-frontend:v4
        ports:
        - containerPort: 80
`;

const NO_SELECTOR = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nosel
spec:
  template:
    metadata:
      labels: {app: nosel}
    spec:
      containers:
      - name: web
        image: registry.example/web:1.0
`;

test('replication controllers: scale, autoscale, expose, rollout; expose, autoscale and scale -f take the manifest as written', async () => {
  const long = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: a-pod-whose-name-is-well-over-sixty-three-characters-long-for-a-service\n  labels: {app: long}\nspec:\n  containers:\n  - name: c\n    image: x\n';
  await run('replication-controllers', { 'rc.yaml': FRONTEND_RC, 'nosel.yaml': NO_SELECTOR, 'long.yaml': long }, [
    { cli: ['expose', '-f', 'rc.yaml', '--port=80', '--dry-run=client', '-o', 'yaml'], note: 'the RC is not on the server: its manifest is enough' },
    { cli: ['autoscale', '-f', 'rc.yaml', '--max=2', '--dry-run=client', '-o', 'name'] },
    { cli: ['expose', '-f', 'nosel.yaml', '--port=80'] },
    { cli: ['expose', 'namespace', 'default', '--port=80'], note: 'only pods, services, replication controllers, deployments and replica sets can be exposed' },
    { cli: ['expose', '-f', 'long.yaml', '--port=8081', '--dry-run=client', '-o', 'name'], note: 'a name inherited from the object is cut to 63 characters' },
    { cli: ['scale', '--replicas=2', '-f', 'rc.yaml'], note: 'scaling one the server does not have' },
    { cli: ['create', '-f', 'rc.yaml'] },
    { cli: ['scale', '--current-replicas=3', '--replicas=2', 'replicationcontrollers', 'frontend'] },
    { cli: ['scale', '--current-replicas=3', '--replicas=2', 'rc/frontend'] },
    { cli: ['scale', '--replicas=4', '-f', 'rc.yaml'] },
    { cli: ['get', 'rc', 'frontend', '-o', 'jsonpath={.spec.replicas} {.metadata.generation}{"\\n"}'] },
    { cli: ['autoscale', 'rc', 'frontend', '--min=2', '--max=3'] },
    { cli: ['get', 'hpa', 'frontend', '-o', 'jsonpath={.spec.minReplicas} {.spec.maxReplicas} {.spec.scaleTargetRef.kind}{"\\n"}'] },
    { cli: ['expose', 'rc', 'frontend', '--port=80'] },
    { cli: ['get', 'service', 'frontend', '-o', 'jsonpath={.spec.selector} {.spec.ports[0].port}{"\\n"}'] },
    { cli: ['rollout', 'status', 'rc/frontend'] },
    { cli: ['rollout', 'history', 'rc/frontend'] },
    { cli: ['rollout', 'restart', 'rc/frontend'] },
  ]);
});
