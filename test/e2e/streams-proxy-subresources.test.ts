/**
 * The proxy sub-resources of the local server with the process node: `pods/proxy` reaches the
 * pod's server (any method, with the body, without the caller's credentials), `services/proxy`
 * a ready endpoint at the target port, `nodes/proxy` the node agent's `/healthz` and `/pods`;
 * `get --raw` and kubectl read them the same way.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { kubectlSkipReason, startProxiedKubectl } from '../support/kubectl-proxy.js';
import { nodeContainer, openStreamsEnv, podOf, SKIP_NODE, type StreamsEnv } from './streams-support.js';

const NS = 'streams-pxy';

const SERVER = [
  "require('http').createServer((req, res) => {",
  "  let body = ''; req.on('data', (c) => body += c); req.on('end', () => {",
  "    res.setHeader('X-Pod', process.env.POD_NAME);",
  "    res.end(JSON.stringify({ pod: process.env.POD_NAME, method: req.method, url: req.url, body, auth: req.headers.authorization ?? null }));",
  "  });",
  "}).listen(8080, process.env.POD_IP);",
].join(' ');

describe('pods/proxy, services/proxy, nodes/proxy', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  before(async () => {
    s = await openStreamsEnv(NS);
    const env = [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }, { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }];
    for (const [name, ready] of [['ready-pod', true], ['unready-pod', false]] as const) {
      await s.runPod(podOf(name, { containers: [nodeContainer('main', SERVER, {
        env, ports: [{ name: 'web', containerPort: 8080 }],
        readinessProbe: ready ? { tcpSocket: { port: 8080 }, periodSeconds: 1 } : { exec: { command: ['false'] }, periodSeconds: 1 },
      })] }, { app: name === 'ready-pod' ? 'web' : 'web-unready' }), ready);
    }
    await s.api.post(`/api/v1/namespaces/${NS}/services`, { metadata: { name: 'web' }, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'web' }] } });
    await s.api.post(`/api/v1/namespaces/${NS}/services`, { metadata: { name: 'none' }, spec: { selector: { app: 'web-unready' }, ports: [{ port: 80, targetPort: 8080 }] } });
  });
  after(async () => {
    await s?.close();
  });

  test('pods/proxy: GET and POST with a body reach the pod; the caller credentials do not', async () => {
    const r = await s.api.get(`/api/v1/namespaces/${NS}/pods/ready-pod:8080/proxy/some/path?x=1`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { pod: 'ready-pod', method: 'GET', url: '/some/path?x=1', body: '', auth: null });
    assert.equal(r.headers['x-pod'], 'ready-pod');
    const p = await s.api.request('POST', `/api/v1/namespaces/${NS}/pods/http:ready-pod:8080/proxy/`, { rawBody: 'hello', contentType: 'text/plain' });
    assert.deepEqual(p.body, { pod: 'ready-pod', method: 'POST', url: '/', body: 'hello', auth: null });
    const refused = await s.api.get(`/api/v1/namespaces/${NS}/pods/ready-pod:8099/proxy/`);
    assert.equal(refused.status, 503);
    assert.match(String(refused.body.message), /^error trying to reach service: .*ECONNREFUSED/);
    const raw = await s.cli(['get', '--raw', `/api/v1/namespaces/${NS}/pods/ready-pod:8080/proxy/raw`]);
    assert.equal(raw.code, 0, raw.stderr);
    assert.equal(JSON.parse(raw.stdout).url, '/raw');
  });

  test('services/proxy: a ready endpoint at the named target port; none ready is 503', async () => {
    const r = await s.api.get(`/api/v1/namespaces/${NS}/services/web:http/proxy/svc`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { pod: 'ready-pod', method: 'GET', url: '/svc', body: '', auth: null });
    const single = await s.api.get(`/api/v1/namespaces/${NS}/services/web/proxy/`);
    assert.equal(single.status, 200, 'the only port needs no name');
    const none = await s.api.get(`/api/v1/namespaces/${NS}/services/none/proxy/`);
    assert.equal(none.status, 503);
    assert.equal(none.body.message, 'no endpoints available for service "none"');
    assert.equal((await s.api.get(`/api/v1/namespaces/${NS}/services/missing/proxy/`)).status, 404);
  });

  test('nodes/proxy: the node agent answers /healthz and /pods', async () => {
    const health = await s.api.get('/api/v1/nodes/local/proxy/healthz');
    assert.deepEqual({ status: health.status, text: health.text }, { status: 200, text: 'ok' });
    const pods = await s.api.get('/api/v1/nodes/local/proxy/pods');
    assert.equal(pods.body.kind, 'PodList');
    const names = (pods.body.items as { metadata: { name: string } }[]).map((p) => p.metadata.name);
    assert.ok(names.includes('ready-pod') && names.includes('unready-pod'));
    assert.equal((await s.api.get('/api/v1/nodes/nope/proxy/healthz')).status, 404);
  });

  test('kubectl get --raw reads the same proxies', { skip: kubectlSkipReason() ?? false }, async () => {
    const k = await startProxiedKubectl(s.server, {}, { streams: true });
    try {
      const r = await k.run(['get', '--raw', `/api/v1/namespaces/${NS}/services/web:http/proxy/k`]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).url, '/k');
      const h = await k.run(['get', '--raw', '/api/v1/nodes/local/proxy/healthz']);
      assert.equal(h.stdout, 'ok');
    } finally {
      await k.close();
    }
  });
});
