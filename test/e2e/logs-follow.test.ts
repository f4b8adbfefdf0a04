/**
 * `followLogs` (and `logs -f` of a workload) against a local server whose node runs pods as
 * processes: a Deployment scaled from 1 to 3 is followed on all three pods, a deleted pod's
 * successor is followed, a restarted container's new instance is followed, and a server restart
 * (same data, same port) loses and repeats no line.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type PlatformClient } from '../../src/sdk/client.js';
import { followLogs, type FollowedLogLine, type FollowLogsEvent } from '../../src/sdk/logs/follow-logs.js';
import { closeAllDispatchers } from '../../src/sdk/transport/dispatchers.js';
import { ApiClient, at, type Body } from '../support/api.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fastNode } from '../integration/server/node/support.js';
import { nodeContainer, openStreamsEnv, programPod, SKIP_NODE, waitFor, waitForPod, type StreamsEnv } from './streams-support.js';

const NS = 'logs-follow';

/** Prints `<pid> <n>` every 40 ms: each instance's lines are numbered from 0 without gaps. */
const COUNTER = "let n = 0; setInterval(() => console.log(process.pid + ' ' + n++), 40)";

function deployment(name: string, replicas: number): Body {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: {
      replicas, selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { terminationGracePeriodSeconds: 1, containers: [nodeContainer('main', COUNTER)] } },
    },
  };
}

/** Collects a follow's lines and events in the background. */
function collect(client: PlatformClient, target: string, namespace: string): { lines: FollowedLogLine[]; events: FollowLogsEvent[]; stop(): Promise<void> } {
  const lines: FollowedLogLine[] = [];
  const events: FollowLogsEvent[] = [];
  const ctrl = new AbortController();
  const done = (async () => {
    for await (const l of followLogs(client, target, { namespace, signal: ctrl.signal, onEvent: (e) => events.push(e) })) lines.push(l);
  })();
  return {
    lines, events,
    async stop() {
      ctrl.abort();
      await done;
    },
  };
}

/** Checks that every instance's numbers run from their first without a gap or a repeat. */
function assertContiguous(lines: readonly FollowedLogLine[]): Map<string, number[]> {
  const byInstance = new Map<string, number[]>();
  for (const l of lines) {
    const [pid, n] = l.line.split(' ');
    const key = `${l.pod}/${pid ?? ''}`;
    const seen = byInstance.get(key) ?? [];
    seen.push(Number(n));
    byInstance.set(key, seen);
  }
  for (const [key, ns] of byInstance) {
    for (let i = 1; i < ns.length; i += 1) assert.equal(ns[i], (ns[i - 1] ?? 0) + 1, `${key}: line ${String(ns[i])} after ${String(ns[i - 1])}`);
  }
  return byInstance;
}

describe('following the logs of a workload', { skip: SKIP_NODE }, () => {
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

  test('a Deployment scaled from 1 to 3 is followed on every pod; a deleted pod\'s successor is followed', async () => {
    await s.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, deployment('web', 1));
    const pods = async (): Promise<string[]> => ((await s.api.get(`/api/v1/namespaces/${NS}/pods?labelSelector=app%3Dweb`)).body.items as Body[])
      .filter((p) => at(p, 'status.phase') === 'Running' && at(p, 'metadata.deletionTimestamp') === undefined).map((p) => String(at(p, 'metadata.name')));
    await waitFor('one running pod', async () => ((await pods()).length === 1 ? true : undefined), 30_000);
    const follow = collect(client, 'deploy/web', NS);
    await waitFor('the first pod\'s lines', async () => (follow.lines.length > 3 ? true : undefined));
    await s.api.patch(`/apis/apps/v1/namespaces/${NS}/deployments/web/scale`, { spec: { replicas: 3 } }, 'merge');
    await waitFor('lines of three pods', async () => (new Set(follow.lines.map((l) => l.pod)).size === 3 ? true : undefined), 30_000);
    const [victim] = await pods();
    assert.ok(victim !== undefined);
    await s.api.delete(`/api/v1/namespaces/${NS}/pods/${victim}`);
    await waitFor('lines of the replacement pod', async () => (new Set(follow.lines.map((l) => l.pod)).size === 4 ? true : undefined), 30_000);
    await follow.stop();
    assertContiguous(follow.lines);
    assert.ok(follow.events.some((e) => e.type === 'pod-added'), 'the new pods are announced');
    assert.ok(follow.events.some((e) => e.type === 'pod-removed' && e.pod === victim), 'the deleted pod is announced');
    assert.ok(follow.lines.every((l) => l.container === 'main' && /^\d{4}-\d\d-\d\dT/.test(l.time)));
  });

  test('logs -f deploy/x --prefix shows every pod as the Deployment scales from 1 to 3, and says who joined', async () => {
    await s.api.post(`/apis/apps/v1/namespaces/${NS}/deployments`, deployment('cli', 1));
    await waitFor('one running pod', async () => {
      const list = (await s.api.get(`/api/v1/namespaces/${NS}/pods?labelSelector=app%3Dcli`)).body.items as Body[];
      return list.some((p) => at(p, 'status.phase') === 'Running') ? true : undefined;
    }, 30_000);
    const ctrlC = new AbortController();
    // The scale-up must come after the follow has its first pod, or every pod is there from the start
    // and none "joins": a loaded machine can take longer than any fixed pause to start the command.
    let printed = '';
    const following = s.cli(['logs', '-f', 'deploy/cli', '--prefix'], { signal: ctrlC.signal, onStdout: (text) => (printed += text) });
    await waitFor('the first pod\'s log', async () => (printed.includes('\n') ? true : undefined), 30_000);
    await s.api.patch(`/apis/apps/v1/namespaces/${NS}/deployments/cli/scale`, { spec: { replicas: 3 } }, 'merge');
    await waitFor('three running pods', async () => {
      const list = (await s.api.get(`/api/v1/namespaces/${NS}/pods?labelSelector=app%3Dcli`)).body.items as Body[];
      return list.filter((p) => at(p, 'status.phase') === 'Running').length === 3 ? true : undefined;
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    ctrlC.abort();
    const r = await following;
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n').filter(Boolean);
    for (const line of lines) assert.match(line, /^\[pod\/cli-[a-z0-9]+-[a-z0-9]+\/main\] \d+ \d+$/);
    assert.equal(new Set(lines.map((l) => l.split(' ')[0])).size, 3, 'lines of all three pods');
    assert.equal(r.stderr.split('\n').filter((l) => / joined$/.test(l)).length, 2, r.stderr);
  });

  test('a container that restarts is followed into its new instance, the old one read to its end', async () => {
    const program = "let n = 0; const t = setInterval(() => { console.log(process.pid + ' ' + n++); if (n === 15) process.exit(1); }, 20)";
    await s.runPod(programPod('crashy', program, { app: 'crashy' }, { restartPolicy: 'Always' }));
    const follow = collect(client, 'pod/crashy', NS);
    await waitFor('two instances', async () => (new Set(follow.lines.map((l) => l.line.split(' ')[0])).size >= 2 ? true : undefined), 30_000);
    await follow.stop();
    const instances = assertContiguous(follow.lines);
    const [first] = [...instances.values()];
    assert.deepEqual(first, Array.from({ length: 15 }, (_, i) => i), 'the first instance whole');
  });

  test('a pod\'s follow ends with the pod when it has finished', async () => {
    await s.runPod(programPod('once', "console.log('one'); console.log('two'); setTimeout(() => process.exit(0), 300)", {}, { restartPolicy: 'Never' }));
    const lines: string[] = [];
    for await (const l of followLogs(client, 'once', { namespace: NS, signal: AbortSignal.timeout(20_000) })) lines.push(l.line);
    assert.deepEqual(lines, ['one', 'two']);
  });
});

describe('following the logs across a server restart', { skip: SKIP_NODE }, () => {
  let dir: string;
  let server: TestServer;
  after(async () => {
    await server?.stop();
    await closeAllDispatchers();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  test('no line is lost or repeated', async () => {
    dir = await mkdtemp(join(tmpdir(), 'platformctl-follow-restart-'));
    const options = { dataDir: join(dir, 'data'), node: fastNode(), workloads: true };
    server = await startTestServer(options);
    const port = server.port;
    const api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: NS } });
    await api.post(`/api/v1/namespaces/${NS}/pods`, programPod('steady', COUNTER));
    await waitForPod(api, NS, 'steady', 'running', (p) => at(p, 'status.phase') === 'Running', 30_000);
    api.close();
    const client = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: NS }, { env: {} });
    const follow = collect(client, 'pod/steady', NS);
    await waitFor('lines before the restart', async () => (follow.lines.length > 10 ? true : undefined));
    await server.stop();
    server = await startTestServer({ ...options, port });
    const again = new ApiClient(server);
    const before = follow.lines.length;
    await waitFor('lines after the restart', async () => (follow.lines.length > before + 20 ? true : undefined), 60_000);
    await follow.stop();
    const instances = assertContiguous(follow.lines);
    // Every line either instance wrote is there exactly once: compare with the server's own logs.
    const current = (await again.get(`/api/v1/namespaces/${NS}/pods/steady/log`)).text.split('\n').filter(Boolean);
    const followed = follow.lines.map((l) => l.line);
    const currentPid = current[0]?.split(' ')[0] ?? '';
    const followedCurrent = followed.filter((l) => l.startsWith(`${currentPid} `));
    assert.deepEqual(followedCurrent, current.slice(0, followedCurrent.length), 'the new instance from its first line');
    // The server stops its containers: the restart ran a new instance, whose predecessor is `previous`.
    assert.equal(instances.size, 2, 'an instance before and one after the restart');
    const previous = (await again.get(`/api/v1/namespaces/${NS}/pods/steady/log?previous=true`)).text.split('\n').filter(Boolean);
    const previousPid = previous[0]?.split(' ')[0] ?? '';
    assert.ok(previous.length > 0, 'the old instance has a log');
    assert.deepEqual(followed.filter((l) => l.startsWith(`${previousPid} `)), previous, 'the old instance to its last line');
    again.close();
  });
});
