/**
 * A port-forward to a Deployment heals: through a rolling restart (every pod replaced) the local
 * listener stays, new connections go to a new pod, and at most the requests in flight when a pod
 * goes fail: the SDK's `client.portForward` for a deployment, and the CLI's `port-forward deploy/x`
 * and `port-forward --follow-owner pod/x`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createClient, type PlatformClient } from '../../src/sdk/client.js';
import type { ForwardSwitch } from '../../src/sdk/pods/object-port-forward.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { ask, livePods, rolloutRestart, webDeployment } from './port-forward-support.js';
import { openStreamsEnv, SKIP_NODE, waitFor, type StreamsEnv } from './streams-support.js';

const NS = 'pf-heal';

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
