/**
 * The node's other modes: no runtime (pods stay Pending and are told why) and pods sharing
 * 127.0.0.1 (as on systems that answer only there), where a port clash is a container failure.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer } from '../../../support/server.js';
import { ApiClient, arrayAt, at } from '../../../support/api.js';
import { condition, containerStatus, deletePod, eventsFor, fastNode, nodeContainer, podOf, waitFor, waitForPod } from './support.js';

test('with the runtime off the node is NotReady and pending pods hear why', async () => {
  const server = await startTestServer({ node: fastNode({ runtime: 'none', disabledReason: 'the server was started with --node-runtime=none' }) });
  const api = new ApiClient(server);
  try {
    const node = await waitFor('node local', async () => {
      const r = await api.get('/api/v1/nodes/local');
      return r.status === 200 ? r.body : undefined;
    });
    const ready = arrayAt(node, 'status.conditions').find((c) => at(c, 'type') === 'Ready');
    assert.equal(at(ready, 'status'), 'False');
    assert.equal(at(ready, 'reason'), 'KubeletNotReady');
    assert.equal(at(ready, 'message'), 'container runtime is off: the server was started with --node-runtime=none');
    await api.post('/api/v1/namespaces/default/pods', podOf('waits', { containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    const events = await waitFor('events', async () => {
      const e = await eventsFor(api, 'default', 'waits');
      return e.some((x) => x.reason === 'NodeRuntimeOff') && e.some((x) => x.reason === 'FailedScheduling') ? e : undefined;
    });
    assert.equal(events.find((e) => e.reason === 'NodeRuntimeOff')?.message,
      'The local node runs no containers: the server was started with --node-runtime=none. Start the server with --node-runtime=process to run pods as processes of the user who started it.');
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
