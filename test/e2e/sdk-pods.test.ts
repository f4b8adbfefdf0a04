/**
 * The SDK's pod calls against a local server whose node runs pods as processes: `copyTo` and
 * `copyFrom` (tar over exec, as `cp`), `client.metrics` (as `top`), `client.portForward` to a
 * pod, a service (port name → target port) and a deployment, and exec sessions with keep-alive
 * pings.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient, type PlatformClient } from '../../src/sdk/client.js';
import { RemoteExitError, StatusError } from '../../src/sdk/errors.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { nodeContainer, openStreamsEnv, podOf, programPod, SKIP_NODE, waitFor, type StreamsEnv } from './streams-support.js';

const NS = 'sdk-pods';

const SERVER = [
  "const http = require('http');",
  "http.createServer((req, res) => res.end('pod ' + process.env.POD_NAME + ' ' + req.url)).listen(8080, process.env.POD_IP);",
].join(' ');

const WEB_CONTAINER = nodeContainer('main', SERVER, {
  ports: [{ name: 'http', containerPort: 8080 }],
  env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }, { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
  readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 },
});

async function fetchText(port: number | undefined, path: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port ?? 0}${path}`);
  return res.text();
}

describe('SDK pod calls', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  let client: PlatformClient;
  before(async () => {
    s = await openStreamsEnv(NS, { workloads: true });
    client = createClient({ server: s.server.url, caData: s.server.caPem, bearerToken: s.server.adminToken, namespace: NS }, { env: {} });
    await s.runPod(programPod('box', 'setInterval(() => {}, 1000)'));
  });
  after(async () => {
    await s?.close();
    await closeAllDispatchers();
  });

  test('copyTo and copyFrom: a directory into a container and back; a failing tar rejects with its exit code', async () => {
    const local = join(s.dir, 'sdk-local', 'site');
    await mkdir(join(local, 'css'), { recursive: true });
    await writeFile(join(local, 'index.html'), '<h1>hi</h1>\n');
    await writeFile(join(local, 'css', 'main.css'), 'body {}\n');
    // The process runtime shares the file system: the container's "/remote" is a directory of the test.
    const remote = join(s.dir, 'sdk-remote');
    await mkdir(remote);
    const pods = client.pods();
    await pods.copyTo('box', local, remote, { container: undefined, signal: AbortSignal.timeout(30_000) });
    assert.equal(await readFile(join(remote, 'site', 'css', 'main.css'), 'utf8'), 'body {}\n', 'into the existing directory under its own name');
    const back = join(s.dir, 'sdk-back');
    const stderr: Buffer[] = [];
    await pods.copyFrom('box', join(remote, 'site'), back, { container: 'main', stderr: { write: (c) => stderr.push(Buffer.from(c)) } });
    assert.deepEqual((await readdir(back)).sort(), ['css', 'index.html']);
    assert.equal(await readFile(join(back, 'index.html'), 'utf8'), '<h1>hi</h1>\n');
    assert.match(Buffer.concat(stderr).toString(), /Removing leading/);
    await assert.rejects(pods.copyFrom('box', join(remote, 'nothing-here'), join(s.dir, 'sdk-none')), (e: unknown) => e instanceof RemoteExitError && e.exitCode !== 0 && /^command terminated with exit code \d+$/.test(e.message));
    await assert.rejects(pods.copyTo('box', join(s.dir, 'nothing-here'), remote), /doesn't exist in local filesystem/);
  });

  test('metrics: the API is served, and pods and nodes have usage', async () => {
    assert.equal(await client.metrics.available(), true);
    const [box] = await waitFor('metrics of the pod', async () => {
      const items = await client.metrics.pods({ name: 'box' }).catch(() => undefined);
      return items?.[0]?.containers?.[0]?.usage?.cpu !== undefined ? items : undefined;
    }, 30_000);
    assert.equal(box?.metadata?.name, 'box');
    assert.match(box?.containers?.[0]?.usage?.memory ?? '', /^\d+(?:Ki|Mi)?$/);
    const listed = await client.metrics.pods({ labelSelector: undefined, allNamespaces: true });
    assert.ok(listed.some((m) => m.metadata?.namespace === NS && m.metadata.name === 'box'));
    const nodes = await client.metrics.nodes();
    assert.deepEqual(nodes.map((n) => n.metadata?.name), ['local']);
    assert.ok(nodes[0]?.usage?.cpu !== undefined);
    await assert.rejects(client.metrics.pods({ name: 'no-such-pod' }), (e: unknown) => e instanceof StatusError && e.code === 404);
  });

  test('portForward to a pod, to a service by its port name, and to a deployment', async () => {
    await s.runPod(podOf('web', { containers: [WEB_CONTAINER] }, { app: 'web' }), true);
    await s.api.post(`/api/v1/namespaces/${NS}/services`, { metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] } });
    const toPod = await client.portForward({ kind: 'pod', name: 'web', ports: [{ local: 0, remote: 8080 }], addresses: ['127.0.0.1'] });
    try {
      assert.equal(toPod.pod, 'web');
      assert.equal(await fetchText(toPod.ports[0]?.local, '/a'), 'pod web /a');
    } finally {
      await toPod.close();
    }
    const toService = await client.portForward({ kind: 'service', name: 'web', namespace: NS, ports: [{ local: 0, remote: 'http' }], addresses: ['127.0.0.1'] });
    try {
      assert.deepEqual(toService.ports.map((p) => p.remote), [8080], 'the service port named http targets the pod port named http');
      assert.equal(await fetchText(toService.ports[0]?.local, '/b'), 'pod web /b');
    } finally {
      await toService.close();
    }
    await assert.rejects(client.portForward({ kind: 'service', name: 'web', ports: [{ remote: 81 }] }), /Service web does not have a service port 81/);

    await s.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, {
      metadata: { name: 'api' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { terminationGracePeriodSeconds: 1, containers: [WEB_CONTAINER] } } },
    });
    // The deployment's pod may still be starting: wait until it runs, as `port-forward` would fail on a pending pod.
    await waitFor('the deployment\'s pod running', async () => {
      const pods = await client.pods().list({ labelSelector: 'app=api' });
      return pods.items.some((p) => p.status?.phase === 'Running') ? true : undefined;
    }, 30_000);
    const toDeployment = await client.portForward({ kind: 'deployment', name: 'api', ports: [{ local: 0, remote: 'http' }], addresses: ['127.0.0.1'], pingIntervalMs: 50 });
    try {
      assert.match(toDeployment.pod, /^api-/);
      await waitFor('the deployment pod listening', async () => (await fetchText(toDeployment.ports[0]?.local, '/c').catch(() => '')).startsWith('pod api-') ? true : undefined, 15_000);
      // Idle for several ping intervals: the session's pings do not disturb it.
      await new Promise((r) => setTimeout(r, 300));
      assert.match(await fetchText(toDeployment.ports[0]?.local, '/d'), /^pod api-\S+ \/d$/);
    } finally {
      await toDeployment.close();
    }
  });

  test('an exec session with frequent keep-alive pings runs as any other', async () => {
    const out: Buffer[] = [];
    const result = await client.pods().exec('box', [process.execPath, '-e', 'setTimeout(() => console.log("done"), 400)'], { stdout: { write: (c) => out.push(Buffer.from(c)) }, pingIntervalMs: 20 });
    assert.equal(result.exitCode, 0);
    assert.equal(Buffer.concat(out).toString(), 'done\n');
  });
});
