/**
 * A port-forward to a Deployment heals: through a rolling restart (every pod replaced) the local
 * listener stays, new connections go to a new pod, and at most the requests in flight when a pod
 * goes fail: the SDK's `client.portForward` for a deployment, and the CLI's `port-forward deploy/x`
 * and `port-forward --follow-owner pod/x`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { createClient, type PlatformClient } from '../../src/sdk/client.js';
import type { ForwardSwitch } from '../../src/sdk/pods/object-port-forward.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { at, type Body } from '../support/api.js';
import { nodeContainer, openStreamsEnv, SKIP_NODE, waitFor, type StreamsEnv } from './streams-support.js';

const NS = 'pf-heal';

const SERVER = [
  "const http = require('http');",
  "http.createServer((req, res) => res.end(process.env.POD_NAME)).listen(8080, process.env.POD_IP);",
].join(' ');

/** A Deployment of web servers that answer with their pod's name. */
export function webDeployment(name: string, replicas: number): Body {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: {
      replicas, selector: { matchLabels: { app: name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          terminationGracePeriodSeconds: 1,
          containers: [nodeContainer('main', SERVER, {
            ports: [{ name: 'http', containerPort: 8080 }],
            env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }, { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
            readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 },
          })],
        },
      },
    },
  };
}

/** One request on a fresh connection: the pod's name, or the error. */
export function ask(port: number): Promise<string | Error> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
      res.on('error', (e) => resolve(e));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e) => resolve(e));
  });
}

/** A local port that is free now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a !== null ? a.port : 0));
    });
  });
}

/** The names of the Deployment's pods that run and are not being deleted. */
export async function livePods(s: StreamsEnv, app: string): Promise<string[]> {
  const list = await s.api.get(`/api/v1/namespaces/${s.namespace}/pods?labelSelector=app%3D${app}`);
  return (list.body.items as Body[]).filter((p) => at(p, 'metadata.deletionTimestamp') === undefined && at(p, 'status.phase') === 'Running').map((p) => String(at(p, 'metadata.name')));
}

/** Restarts the Deployment's pods as `rollout restart` does: a new template annotation. */
export async function rolloutRestart(s: StreamsEnv, name: string): Promise<void> {
  const r = await s.api.patch(`/apis/apps/v1/namespaces/${s.namespace}/deployments/${name}`, { spec: { template: { metadata: { annotations: { 'test/restartedAt': new Date().toISOString() } } } } }, 'merge');
  assert.equal(r.status, 200, r.text);
}

describe('a healing port-forward', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  let client: PlatformClient;
  before(async () => {
    s = await openStreamsEnv(NS, { workloads: true });
    client = createClient({ server: s.server.url, caData: s.server.caPem, bearerToken: s.server.adminToken, namespace: NS }, { env: {} });
  });
  after(async () => {
    await s?.close();
    await closeAllDispatchers();
  });

  test('client.portForward to a deployment keeps answering through a rolling restart', async () => {
    await s.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, webDeployment('web', 1));
    const [first] = await waitFor('a ready pod', async () => {
      const pods = await livePods(s, 'web');
      return pods.length === 1 ? pods : undefined;
    }, 30_000);
    const switches: ForwardSwitch[] = [];
    const forward = await client.portForward({ kind: 'deployment', name: 'web', ports: [{ local: 0, remote: 'http' }], addresses: ['127.0.0.1'], onSwitch: (c) => switches.push(c) });
    try {
      const port = forward.ports[0]?.local ?? 0;
      await waitFor('an answer', async () => ((await ask(port)) === first ? true : undefined));
      await rolloutRestart(s, 'web');
      const answers: (string | Error)[] = [];
      const next = await waitFor('an answer from the new pod', async () => {
        const a = await ask(port);
        answers.push(a);
        return typeof a === 'string' && a !== first && a !== '' ? a : undefined;
      }, 60_000);
      for (let i = 0; i < 5; i += 1) assert.equal(await ask(port), next, 'the new pod answers every request');
      const failures = answers.filter((a) => a instanceof Error || a === '');
      assert.ok(failures.length <= 2, `at most the requests in flight fail: ${failures.map(String).join(', ')}`);
      assert.equal(forward.pod, next);
      assert.deepEqual(switches.map((c) => [c.from, c.to]), [[first, next]]);
    } finally {
      await forward.close();
    }
  });

  for (const [title, args] of [
    ['port-forward deploy/x', (_pod: string) => ['deploy/cli']],
    ['port-forward --follow-owner pod/x', (pod: string) => ['--follow-owner', `pod/${pod}`]],
  ] as const) {
    test(`${title} keeps its local port through a rolling restart and says where it goes now`, async () => {
      const name = title.includes('follow-owner') ? 'owned' : 'cli';
      await s.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, webDeployment(name, 1));
      const [first] = await waitFor('a ready pod', async () => {
        const pods = await livePods(s, name);
        return pods.length === 1 ? pods : undefined;
      }, 30_000);
      const port = await freePort();
      const ctrlC = new AbortController();
      const target = args(first ?? '').map((a) => a.replace('deploy/cli', `deploy/${name}`));
      const running = s.cli(['port-forward', ...target, `${port}:8080`, '--address=127.0.0.1'], { signal: ctrlC.signal });
      try {
        await waitFor('an answer', async () => ((await ask(port)) === first ? true : undefined));
        await rolloutRestart(s, name);
        const answers: (string | Error)[] = [];
        const next = await waitFor('an answer from the new pod', async () => {
          const a = await ask(port);
          answers.push(a);
          return typeof a === 'string' && a !== first && a !== '' ? a : undefined;
        }, 60_000);
        assert.ok(answers.filter((a) => a instanceof Error || a === '').length <= 2, 'at most the requests in flight fail');
        ctrlC.abort();
        const r = await running;
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, new RegExp(`^Forwarding from 127\\.0\\.0\\.1:${port} -> 8080\n`));
        // Connections in flight on the old pod may each report their error; the switch is said once.
        const said = r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('error: an error occurred forwarding'));
        assert.equal(said.length, 1, r.stderr);
        assert.match(said[0] ?? '', new RegExp(`^pod/${first ?? ''} (is gone|is terminating|is not ready|is not running|refused a connection): forwarding to pod/${next} now$`));
      } finally {
        ctrlC.abort();
        await running;
      }
    });
  }
});
