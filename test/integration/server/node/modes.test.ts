/**
 * The node's other modes: no runtime (pods stay Pending and are told why), no node at all
 * (`--node-runtime=none`: only the nodes clients register), and pods sharing 127.0.0.1 (as on
 * systems that answer only there), where a port clash is a container failure.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer } from '../../../support/server.js';
import { ApiClient, arrayAt, at } from '../../../support/api.js';
import { condition, containerStatus, deletePod, eventsFor, fastNode, nodeContainer, podOf, waitFor, waitForPod } from './support.js';

const OFF = 'the process runtime is off because authentication other than the local admin token is configured (--token-auth-file)';

test('with the runtime off the node is NotReady and pending pods hear why', async () => {
  const server = await startTestServer({ node: fastNode({ runtime: 'none', disabledReason: OFF }) });
  const api = new ApiClient(server);
  try {
    const node = await waitFor('node local', async () => {
      const r = await api.get('/api/v1/nodes/local');
      return r.status === 200 ? r.body : undefined;
    });
    const ready = arrayAt(node, 'status.conditions').find((c) => at(c, 'type') === 'Ready');
    assert.equal(at(ready, 'status'), 'False');
    assert.equal(at(ready, 'reason'), 'KubeletNotReady');
    assert.equal(at(ready, 'message'), `container runtime is off: ${OFF}`);
    await api.post('/api/v1/namespaces/default/pods', podOf('waits', { containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    const events = await waitFor('events', async () => {
      const e = await eventsFor(api, 'default', 'waits');
      return e.some((x) => x.reason === 'NodeRuntimeOff') && e.some((x) => x.reason === 'FailedScheduling') ? e : undefined;
    });
    assert.equal(events.find((e) => e.reason === 'NodeRuntimeOff')?.message,
      `The local node runs no containers: ${OFF}. Start the server with --node-runtime=process to run pods as processes of the user who started it.`);
    assert.equal(events.find((e) => e.reason === 'FailedScheduling')?.message,
      '0/1 nodes are available: 1 node(s) had untolerated taint {node.platform.io/not-ready: }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    const pod = (await api.get('/api/v1/namespaces/default/pods/waits')).body;
    assert.equal(at(pod, 'status.phase'), 'Pending');
    assert.equal(at(condition(pod, 'PodScheduled'), 'reason'), 'Unschedulable');
    const metrics = await api.get('/apis/metrics.platform.io/v1beta1/nodes');
    assert.equal(metrics.status, 200);
  } finally {
    api.close();
    await server.stop();
  }
});

test('with no node of its own the server lists only the nodes clients register, re-creates none, and schedules onto them', async () => {
  const server = await startTestServer({ node: fastNode({ runtime: 'none', registerNode: false, disabledReason: 'the server was started with --node-runtime=none' }) });
  const api = new ApiClient(server);
  try {
    await server.settle();
    assert.deepEqual(arrayAt((await api.get('/api/v1/nodes')).body, 'items'), [], 'no node local');
    assert.equal((await api.get('/apis/metrics.platform.io/v1beta1/nodes')).status, 404, 'no metrics API without a node agent');
    await api.post('/api/v1/namespaces/default/pods', podOf('early', { containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    const waiting = await waitFor('FailedScheduling', async () => {
      const e = await eventsFor(api, 'default', 'early');
      return e.find((x) => x.reason === 'FailedScheduling');
    });
    assert.equal(waiting.message, 'no nodes available to schedule pods');
    const created = await api.post('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: '127.0.0.1' }, status: { capacity: { memory: '1Gi', cpu: '4', pods: '10' }, allocatable: { memory: '1Gi', cpu: '4', pods: '10' } } });
    assert.equal(created.status, 201, created.text);
    const bound = await waitForPod(api, 'default', 'early', 'bound to the registered node', (p) => at(p, 'spec.nodeName') === '127.0.0.1');
    assert.equal(at(bound, 'status.phase'), 'Pending', 'nothing runs it');
    const registered = await waitFor('RegisteredNode', async () => {
      const events = arrayAt((await api.get('/api/v1/namespaces/default/events?fieldSelector=involvedObject.kind=Node')).body, 'items');
      return events.find((e) => at(e, 'reason') === 'RegisteredNode');
    });
    assert.equal(at(registered, 'message'), 'Node 127.0.0.1 event: Registered Node 127.0.0.1 in Controller');
    const names = (await api.get('/api/v1/nodes')).body;
    assert.deepEqual(arrayAt(names, 'items').map((n) => at(n, 'metadata.name')), ['127.0.0.1']);
    assert.equal((await api.delete('/api/v1/nodes/127.0.0.1')).status, 200);
    await new Promise((r) => setTimeout(r, 1500));
    await server.settle();
    assert.deepEqual(arrayAt((await api.get('/api/v1/nodes')).body, 'items'), [], 'nothing re-creates a node');
  } finally {
    api.close();
    await server.stop();
  }
});

test('pods sharing 127.0.0.1: a second pod declaring a port in use fails to start, saying why', async () => {
  const server = await startTestServer({ node: fastNode({ sharedPodAddress: true }) });
  const api = new ApiClient(server);
  try {
    const listen = 'require("http").createServer((q, s) => s.end("ok")).listen(Number(process.env.PORT), process.env.POD_IP)';
    const env = [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }, { name: 'PORT', value: '0' }];
    const spec = (port: number): Record<string, unknown> => ({ containers: [nodeContainer('main', listen, { env: [...env.slice(0, 1), { name: 'PORT', value: String(port) }], ports: [{ containerPort: port }], readinessProbe: { tcpSocket: { port }, periodSeconds: 1 } })] });
    const port = 20_000 + (process.pid % 20_000);
    await api.post('/api/v1/namespaces/default/pods', podOf('first', spec(port)));
    const first = await waitForPod(api, 'default', 'first', 'ready', (p) => at(condition(p, 'Ready'), 'status') === 'True');
    assert.equal(at(first, 'status.podIP'), '127.0.0.1');
    await api.post('/api/v1/namespaces/default/pods', podOf('second', spec(port)));
    const second = await waitForPod(api, 'default', 'second', 'refused', (p) => at(containerStatus(p), 'state.waiting.reason') === 'CreateContainerError');
    assert.match(String(at(containerStatus(second), 'state.waiting.message')), new RegExp(`^port ${port}/TCP is already in use on 127\\.0\\.0\\.1: this system answers only on 127\\.0\\.0\\.1, so every pod shares that address`));
    await deletePod(api, 'default', 'first');
    await waitForPod(api, 'default', 'second', 'running once the port is free', (p) => at(condition(p, 'Ready'), 'status') === 'True', 30_000);
    await deletePod(api, 'default', 'second');
  } finally {
    api.close();
    await server.stop();
  }
});
