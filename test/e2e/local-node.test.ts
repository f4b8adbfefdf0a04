/**
 * The node of `platformctl local start`: its pods are processes of the server that `local stop`
 * ends, that a SIGKILLed server leaves behind only until the next start cleans them up, and that
 * a restarted server starts again as a node agent does after a reboot (restart counts go up). A
 * clean stop records why each container ended (NodeShutdown); after a SIGKILL the containers that
 * ran are reported lost (ContainerStatusUnknown, 137).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ApiClient, at } from '../support/api.js';
import { containerStatus, deletePod, eventsFor, HAS_PROC, processesWith, waitFor, waitForPod } from '../integration/server/node/support.js';
import { processAlive } from '../../src/machinery/process-liveness.js';
import { containerInitPython } from '../../src/server/node/runtime/process/container-init.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');
const built = existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs'));
const run = promisify(execFile);

async function cli(home: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1' };
  delete env.PLATFORMCONFIG;
  try {
    const r = await run(process.execPath, [BIN, ...args], { env, cwd: home, timeout: 90_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

async function serverPid(dataDir: string): Promise<number> {
  return Number.parseInt((await readFile(join(dataDir, 'server.pid'), 'utf8')).trim(), 10);
}

async function clientOf(dataDir: string, url: string): Promise<ApiClient> {
  const caPem = await readFile(join(dataDir, 'ca.crt'), 'utf8');
  const token = (await readFile(join(dataDir, 'admin-token'), 'utf8')).trim();
  return new ApiClient({ url, caPem, adminToken: token });
}

function gone(pid: number): boolean {
  return !processAlive(pid);
}

const skip = !built ? 'the CLI bundle is not built (npm run build)' : !HAS_PROC ? 'the process table is read from /proc (Linux only)' : false;

test('local stop and SIGKILL of the server leave no pod process behind; a restart restarts the containers', { skip }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-node-'));
  const dataDir = join(home, '.platform', 'local');
  const marker = `pod-marker-${process.pid}-${Date.now()}`;
  const program = `/* ${marker} */ setInterval(() => {}, 1000)`;
  const ns = '/api/v1/namespaces/default/pods';
  try {
    const started = await cli(home, ['local', 'start']);
    assert.equal(started.code, 0, started.stderr);
    const url = /running at (\S+)/.exec(started.stdout)?.[1] ?? '';
    let api = await clientOf(dataDir, url);
    const pod = (name: string, restartPolicy: string): Record<string, unknown> => ({
      metadata: { name }, spec: { restartPolicy, containers: [{ name: 'main', image: 'busybox', command: [process.execPath, '-e', program] }] },
    });
    assert.equal((await api.post(ns, pod('always', 'Always'))).status, 201);
    assert.equal((await api.post(ns, pod('never', 'Never'))).status, 201);
    for (const name of ['always', 'never']) await waitForPod(api, 'default', name, 'running', (p) => at(p, 'status.phase') === 'Running', 30_000);
    // Running is reported once the container's process exists; under an init, the command follows a moment later.
    await waitFor('both pod processes', async () => (processesWith(marker).length === 2 ? true : undefined));

    // local stop (SIGTERM): every pod process ends with the server.
    const stopped = await cli(home, ['local', 'stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.deepEqual(processesWith(marker), []);
    api.close();

    // Starting again is a reboot: the Always pod restarts, the Never pod failed. The clean stop
    // recorded why their containers ended (NodeShutdown, with the exit code of SIGTERM): they
    // were not lost, as after a server that was killed.
    const again = await cli(home, ['local', 'start']);
    assert.equal(again.code, 0, again.stderr);
    const url2 = /running at (\S+)/.exec(again.stdout)?.[1] ?? '';
    api = await clientOf(dataDir, url2);
    const restarted = await waitForPod(api, 'default', 'always', 'restarted', (p) => at(containerStatus(p), 'state.running') !== undefined && Number(containerStatus(p).restartCount) === 1, 30_000);
    assert.equal(at(containerStatus(restarted), 'lastState.terminated.reason'), 'NodeShutdown');
    assert.equal(at(containerStatus(restarted), 'lastState.terminated.exitCode'), 143);
    assert.match(String(at(containerStatus(restarted), 'lastState.terminated.message')), /node was shut down \(local stop\)/);
    // Events are written after the status that follows them: wait for the sandbox's.
    const afterStop = await waitFor('the SandboxChanged event', async () => {
      const events = await eventsFor(api, 'default', 'always');
      return events.some((e) => e.reason === 'SandboxChanged') ? events : undefined;
    }, 10_000).catch(() => eventsFor(api, 'default', 'always'));
    assert.ok(afterStop.some((e) => e.reason === 'SandboxChanged'));
    assert.ok(!afterStop.some((e) => e.reason === 'BackOff'), 'a clean stop is no crash: no back-off');
    const never = await waitForPod(api, 'default', 'never', 'failed', (p) => at(p, 'status.phase') === 'Failed', 30_000);
    assert.equal(at(containerStatus(never), 'state.terminated.reason'), 'NodeShutdown');
    const described = await cli(home, ['describe', 'pod', 'always']);
    assert.doesNotMatch(described.stdout, /ContainerStatusUnknown/);
    assert.match(described.stdout, /Last State:\s+Terminated\n\s+Reason:\s+NodeShutdown/);
    const [before] = await waitFor('the restarted pod process', async () => (processesWith(marker).length === 1 ? processesWith(marker) : undefined));
    assert.ok(before !== undefined);

    // SIGKILL of the server: where containers run under their init, the inits end their pods at
    // once; elsewhere the pods outlive it until the next start stops them.
    const pid = await serverPid(dataDir);
    process.kill(pid, 'SIGKILL');
    await waitFor('the server to die', async () => (gone(pid) ? true : undefined));
    if (containerInitPython() !== null) {
      await waitFor('the pod processes to end with the server', async () => (processesWith(marker, { inits: true }).length === 0 ? true : undefined));
    } else {
      assert.deepEqual(processesWith(marker), [before], 'the orphan is still there');
    }
    api.close();
    const third = await cli(home, ['local', 'start']);
    assert.equal(third.code, 0, third.stderr);
    assert.ok(gone(before), 'the orphan of the killed server was stopped');
    api = await clientOf(dataDir, /running at (\S+)/.exec(third.stdout)?.[1] ?? '');
    // A killed server recorded nothing: the container that was running is lost.
    const lost = await waitForPod(api, 'default', 'always', 'restarted again', (p) => at(containerStatus(p), 'state.running') !== undefined && Number(containerStatus(p).restartCount) === 2, 30_000);
    assert.equal(at(containerStatus(lost), 'lastState.terminated.reason'), 'ContainerStatusUnknown');
    assert.equal(at(containerStatus(lost), 'lastState.terminated.exitCode'), 137);
    api.close();
    assert.equal((await cli(home, ['local', 'stop'])).code, 0);
    assert.deepEqual(processesWith(marker), []);
  } finally {
    const pid = await serverPid(dataDir).catch(() => 0);
    if (pid > 0 && !gone(pid)) process.kill(pid, 'SIGKILL');
    for (const p of processesWith(marker)) process.kill(p, 'SIGKILL');
    await rm(home, { recursive: true, force: true });
  }
});

const noInit = skip !== false ? skip : containerInitPython() === null ? 'no python3 with ctypes: containers run as plain process groups (a process that leaves its group can outlive its pod there)' : false;

test('a process that leaves its pod\'s process group does not outlive the pod, nor local stop', { skip: noInit }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-node-'));
  const dataDir = join(home, '.platform', 'local');
  // Two distinctive sleep lengths per pod: one escapes with setsid, one stays in the group.
  const base = 36_000 + (process.pid % 1000) * 10;
  const ns = '/api/v1/namespaces/default/pods';
  const escaper = (name: string, n: number): Record<string, unknown> => ({
    metadata: { name },
    spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'main', image: 'busybox', command: ['sh', '-c', `setsid sleep ${n} & (setsid sleep ${n + 1} &); sleep ${n + 2}`] }] },
  });
  const left = (n: number): number[] => processesWith(`sleep ${n}`, { inits: true });
  try {
    const started = await cli(home, ['local', 'start']);
    assert.equal(started.code, 0, started.stderr);
    const api = await clientOf(dataDir, /running at (\S+)/.exec(started.stdout)?.[1] ?? '');
    assert.equal((await api.post(ns, escaper('deleted', base))).status, 201);
    assert.equal((await api.post(ns, escaper('stopped', base + 5))).status, 201);
    for (const n of [base, base + 1, base + 5, base + 6]) await waitFor(`sleep ${n} to run`, async () => (left(n).length > 0 ? true : undefined));

    await deletePod(api, 'default', 'deleted');
    await waitFor('the deleted pod\'s escaped processes to end', async () => (left(base).length + left(base + 1).length + left(base + 2).length === 0 ? true : undefined), 10_000);
    assert.ok(left(base + 5).length > 0, 'the other pod runs on');
    api.close();

    assert.equal((await cli(home, ['local', 'stop'])).code, 0);
    assert.deepEqual([...left(base + 5), ...left(base + 6), ...left(base + 7)], [], 'nothing of the pod outlives local stop');
  } finally {
    const pid = await serverPid(dataDir).catch(() => 0);
    if (pid > 0 && !gone(pid)) process.kill(pid, 'SIGKILL');
    for (let n = base; n < base + 8; n++) for (const p of left(n)) process.kill(p, 'SIGKILL');
    await rm(home, { recursive: true, force: true });
  }
});

test('after a SIGKILL with 40 pods, local start is back and ready within 15 s', { skip, timeout: 180_000 }, async () => {
  const home = await mkdtemp(join(tmpdir(), 'platformctl-node-'));
  const dataDir = join(home, '.platform', 'local');
  const marker = `many-pods-${process.pid}-${Date.now()}`;
  const program = `/* ${marker} */ setInterval(() => {}, 1000)`;
  try {
    const started = await cli(home, ['local', 'start']);
    assert.equal(started.code, 0, started.stderr);
    let api = await clientOf(dataDir, /running at (\S+)/.exec(started.stdout)?.[1] ?? '');
    const deployment = {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'many' },
      spec: {
        replicas: 40, selector: { matchLabels: { app: 'many' } },
        template: { metadata: { labels: { app: 'many' } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'main', image: 'node', command: [process.execPath, '-e', program] }] } },
      },
    };
    assert.equal((await api.post('/apis/apps/v1/namespaces/default/deployments', deployment)).status, 201);
    await waitFor('40 pod processes', async () => (processesWith(marker).length === 40 ? true : undefined), 120_000);

    const pid = await serverPid(dataDir);
    process.kill(pid, 'SIGKILL');
    await waitFor('the server to die', async () => (gone(pid) ? true : undefined));
    api.close();

    // At once, as an operator would after a crash: the lock and pid files of the dead server must not stop it.
    const t0 = Date.now();
    const again = await cli(home, ['local', 'start']);
    const took = Date.now() - t0;
    assert.equal(again.code, 0, again.stderr);
    assert.ok(took < 15_000, `local start took ${took} ms`);
    const status = await cli(home, ['local', 'status']);
    assert.equal(status.code, 0, status.stdout + status.stderr);
    assert.match(status.stdout, /running/);
    api = await clientOf(dataDir, /running at (\S+)/.exec(again.stdout)?.[1] ?? '');
    assert.equal((await api.get('/readyz')).status, 200);
    api.close();
    assert.equal((await cli(home, ['local', 'stop'])).code, 0);
    assert.deepEqual(processesWith(marker, { inits: true }), [], 'nothing outlives local stop');
  } finally {
    const pid = await serverPid(dataDir).catch(() => 0);
    if (pid > 0 && !gone(pid)) process.kill(pid, 'SIGKILL');
    for (const p of processesWith(marker, { inits: true })) process.kill(p, 'SIGKILL');
    await rm(home, { recursive: true, force: true });
  }
});
