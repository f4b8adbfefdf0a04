/**
 * The node agent end to end: pods whose containers are small Node programs run as processes on the
 * node `local` of a real server, with the statuses, events and timings a kubelet produces.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../../support/server.js';
import { ApiClient, arrayAt, at, type Body } from '../../../support/api.js';
import { ptyAvailable } from '../../../../src/server/streams/pty-helper.js';
import { condition, containerStatus, deletePod, eventsFor, fastNode, nodeContainer, podOf, waitFor, waitForPod } from './support.js';

const NS = 'node-e2e';
const PODS = `/api/v1/namespaces/${NS}/pods`;

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('node agent: pods run as processes', () => {
  let server: TestServer;
  let api: ApiClient;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'node-e2e-'));
    server = await startTestServer({ node: fastNode() });
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: NS } });
  });
  after(async () => {
    api.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the node registers with capacity, conditions and nodeInfo; its lease is renewed', async () => {
    const node = await waitFor('node local ready', async () => {
      const r = await api.get('/api/v1/nodes/local');
      const ready = arrayAt(r.body, 'status.conditions').find((c) => at(c, 'type') === 'Ready');
      return at(ready, 'status') === 'True' && arrayAt(r.body, 'spec.taints').length === 0 ? r.body : undefined;
    });
    assert.deepEqual(arrayAt(node, 'status.conditions').map((c) => [at(c, 'type'), at(c, 'status'), at(c, 'reason')]), [
      ['MemoryPressure', 'False', 'KubeletHasSufficientMemory'], ['DiskPressure', 'False', 'KubeletHasNoDiskPressure'],
      ['PIDPressure', 'False', 'KubeletHasSufficientPID'], ['Ready', 'True', 'KubeletReady'],
    ]);
    assert.match(String(at(node, 'status.capacity.cpu')), /^\d+$/);
    assert.match(String(at(node, 'status.capacity.memory')), /^\d+Ki$/);
    assert.equal(at(node, 'status.capacity.pods'), '110');
    assert.match(String(at(node, 'status.nodeInfo.containerRuntimeVersion')), /^process:\/\/\d+\.\d+\.\d+$/);
    assert.equal(at(node, 'status.addresses.0.address'), '127.0.0.1');
    assert.equal(at(node, ['metadata', 'labels', 'platform.io/hostname']), 'local');
    const lease = await api.get('/apis/coordination.platform.io/v1/namespaces/platform-node-lease/leases/local');
    assert.equal(lease.status, 200);
    assert.equal(at(lease.body, 'spec.holderIdentity'), 'local');
    assert.equal(at(lease.body, 'spec.leaseDurationSeconds'), 40);
    const first = String(at(lease.body, 'spec.renewTime'));
    await waitFor('lease renewal', async () => {
      const l = await api.get('/apis/coordination.platform.io/v1/namespaces/platform-node-lease/leases/local');
      return String(at(l.body, 'spec.renewTime')) !== first ? true : undefined;
    });
  });

  test('an HTTP server listening on $POD_IP is reachable at status.podIP, with the status and events of a kubelet', async () => {
    const program = 'require("http").createServer((q, s) => s.end("hello from " + process.env.POD_NAME)).listen(8080, process.env.POD_IP)';
    const env = [
      { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
      { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
    ];
    const created = await api.post(PODS, podOf('web', { containers: [nodeContainer('web', program, { env, ports: [{ containerPort: 8080 }], readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 } })] }));
    assert.equal(created.status, 201, created.text);
    const pod = await waitForPod(api, NS, 'web', 'ready', (p) => at(condition(p, 'Ready'), 'status') === 'True');
    assert.equal(at(pod, 'spec.nodeName'), 'local');
    assert.equal(at(pod, 'status.phase'), 'Running');
    const ip = String(at(pod, 'status.podIP'));
    assert.match(ip, /^127\.1\.\d+\.\d+$/);
    assert.deepEqual(at(pod, 'status.podIPs'), [{ ip }]);
    assert.equal(at(pod, 'status.hostIP'), '127.0.0.1');
    assert.equal(at(pod, 'status.qosClass'), 'BestEffort');
    assert.deepEqual(arrayAt(pod, 'status.conditions').map((c) => [at(c, 'type'), at(c, 'status')]), [
      ['PodReadyToStartContainers', 'True'], ['Initialized', 'True'], ['Ready', 'True'], ['ContainersReady', 'True'], ['PodScheduled', 'True'],
    ]);
    const cs = containerStatus(pod);
    assert.equal(cs.ready, true);
    assert.equal(cs.started, true);
    assert.equal(cs.restartCount, 0);
    assert.equal(cs.image, 'node:20-alpine');
    assert.match(String(cs.containerID), /^process:\/\/\d+$/);
    assert.ok(at(cs, 'state.running.startedAt'));
    assert.deepEqual(cs.lastState, {});
    const res = await get(`http://${ip}:8080/`);
    assert.equal(res.body, 'hello from web');
    const events = await eventsFor(api, NS, 'web');
    const reasons = events.map((e) => e.reason);
    for (const r of ['Scheduled', 'ImageNotUsed', 'Created', 'Started']) assert.ok(reasons.includes(r), `event ${r} in ${reasons.join(',')}`);
    assert.equal(events.find((e) => e.reason === 'Scheduled')?.message, `Successfully assigned ${NS}/web to local`);
    assert.equal(events.find((e) => e.reason === 'Scheduled')?.component, 'default-scheduler');
    assert.equal(events.find((e) => e.reason === 'Started')?.message, 'Started container web');
    assert.equal(events.find((e) => e.reason === 'Started')?.component, 'kubelet');
    assert.match(events.find((e) => e.reason === 'ImageNotUsed')?.message ?? '', /^Image "node:20-alpine" not pulled: the process runtime runs the command/);
    // A second replica listens on the same port at an address of its own.
    await api.post(PODS, podOf('web2', { containers: [nodeContainer('web', program, { env })] }));
    const pod2 = await waitForPod(api, NS, 'web2', 'running', (p) => at(p, 'status.phase') === 'Running');
    const ip2 = String(at(pod2, 'status.podIP'));
    assert.notEqual(ip2, ip);
    assert.equal((await waitFor('web2 answers', async () => get(`http://${ip2}:8080/`).catch(() => undefined))).body, 'hello from web2');
    await Promise.all([deletePod(api, NS, 'web'), deletePod(api, NS, 'web2')]);
  });

  test('exit 0 makes the pod Succeeded (Completed); exit 1 with restartPolicy Never makes it Failed (Error)', async () => {
    await api.post(PODS, podOf('done', { restartPolicy: 'Never', containers: [nodeContainer('main', 'console.log("bye")')] }));
    await api.post(PODS, podOf('broken', { restartPolicy: 'Never', containers: [nodeContainer('main', 'process.exit(1)')] }));
    const done = await waitForPod(api, NS, 'done', 'Succeeded', (p) => at(p, 'status.phase') === 'Succeeded');
    const term = at(containerStatus(done), 'state.terminated') as Body;
    assert.equal(term.exitCode, 0);
    assert.equal(term.reason, 'Completed');
    assert.ok(term.startedAt !== undefined && term.finishedAt !== undefined);
    assert.equal(at(condition(done, 'Ready'), 'reason'), 'PodCompleted');
    assert.equal(at(condition(done, 'ContainersReady'), 'reason'), 'PodCompleted');
    const broken = await waitForPod(api, NS, 'broken', 'Failed', (p) => at(p, 'status.phase') === 'Failed');
    assert.equal(at(containerStatus(broken), 'state.terminated.exitCode'), 1);
    assert.equal(at(containerStatus(broken), 'state.terminated.reason'), 'Error');
    assert.equal(at(condition(broken, 'Ready'), 'reason'), 'PodFailed');
    const table = await api.get(`${PODS}?fieldSelector=metadata.name%3Ddone`, { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.equal(at(table.body, 'rows.0.cells.2'), 'Completed');
    // Finished pods stay until deleted; deleting them is immediate.
    await Promise.all([deletePod(api, NS, 'done'), deletePod(api, NS, 'broken')]);
  });

  test('a crashing container reaches CrashLoopBackOff with growing delays', async () => {
    await api.post(PODS, podOf('crash', { containers: [nodeContainer('main', 'console.error("failing"); process.exit(3)')] }));
    const messages: string[] = [];
    await waitFor('three back-offs', async () => {
      const r = await api.get(`${PODS}/crash`);
      const waiting = at(containerStatus(r.body), 'state.waiting') as Body | undefined;
      if (waiting?.reason === 'CrashLoopBackOff' && !messages.includes(String(waiting.message))) messages.push(String(waiting.message));
      return messages.length >= 3 ? true : undefined;
    }, 30_000);
    const delays = messages.map((m) => /^back-off (\S+) restarting failed container=main pod=crash_node-e2e\(.+\)$/.exec(m)?.[1]);
    assert.deepEqual(delays.slice(0, 3), ['300ms', '600ms', '1.2s'], messages.join('\n'));
    const pod = (await api.get(`${PODS}/crash`)).body;
    const cs = containerStatus(pod);
    assert.ok(Number(cs.restartCount) >= 3);
    assert.equal(at(cs, 'lastState.terminated.exitCode'), 3);
    assert.equal(at(cs, 'lastState.terminated.reason'), 'Error');
    assert.equal(at(pod, 'status.phase'), 'Running');
    const table = await api.get(`${PODS}?fieldSelector=metadata.name%3Dcrash`, { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.match(String(at(table.body, 'rows.0.cells.2')), /^(CrashLoopBackOff|Error)$/);
    const backoff = (await eventsFor(api, NS, 'crash')).find((e) => e.reason === 'BackOff');
    assert.match(backoff?.message ?? '', /^Back-off restarting failed container main in pod crash_node-e2e\(/);
    assert.equal(backoff?.type, 'Warning');
    await deletePod(api, NS, 'crash');
  });

  test('a program that ignores SIGTERM is killed after the grace period', async () => {
    const up = join(dir, 'stubborn-up');
    const program = `process.on("SIGTERM", () => console.log("ignoring SIGTERM")); setInterval(() => {}, 1000); require("fs").writeFileSync(${JSON.stringify(up)}, "")`;
    await api.post(PODS, podOf('stubborn', { terminationGracePeriodSeconds: 2, containers: [nodeContainer('main', program)] }));
    const pod = await waitForPod(api, NS, 'stubborn', 'running', (p) => at(p, 'status.phase') === 'Running');
    const pid = Number(String(containerStatus(pod).containerID).replace('process://', ''));
    await waitFor('the SIGTERM handler', async () => readFile(up, 'utf8').then(() => true));
    const began = Date.now();
    const del = await api.delete(`${PODS}/stubborn`);
    assert.equal(del.status, 200);
    assert.equal(at(del.body, 'metadata.deletionGracePeriodSeconds'), 2);
    await waitFor('the pod to be gone', async () => ((await api.get(`${PODS}/stubborn`)).status === 404 ? true : undefined));
    const took = Date.now() - began;
    assert.ok(took >= 1900, `gone after ${took} ms, before the grace period ended`);
    assert.ok(took < 8000, `gone after ${took} ms`);
    assert.throws(() => process.kill(pid, 0), 'the process is gone');
    const killing = (await eventsFor(api, NS, 'stubborn')).find((e) => e.reason === 'Killing');
    assert.equal(killing?.message, 'Stopping container main');
  });

  test('init containers run in order before the containers; their statuses are terminated Completed', async () => {
    const file = join(dir, 'init-order.txt');
    const append = (word: string): string => `require("fs").appendFileSync(${JSON.stringify(file)}, ${JSON.stringify(word)} + "\\n")`;
    await api.post(PODS, podOf('init', {
      initContainers: [nodeContainer('first', `setTimeout(() => { ${append('first')} }, 200)`), nodeContainer('second', append('second'))],
      containers: [nodeContainer('main', `${append('main')}; setInterval(() => {}, 1000)`)],
    }));
    const pod = await waitForPod(api, NS, 'init', 'running', (p) => at(p, 'status.phase') === 'Running');
    await waitFor('main to write', async () => ((await readFile(file, 'utf8')).includes('main') ? true : undefined));
    assert.equal(await readFile(file, 'utf8'), 'first\nsecond\nmain\n');
    for (const name of ['first', 'second']) {
      const s = containerStatus(pod, name, 'initContainerStatuses');
      assert.equal(at(s, 'state.terminated.reason'), 'Completed');
      assert.equal(s.ready, true);
    }
    assert.equal(at(condition(pod, 'Initialized'), 'status'), 'True');
    await deletePod(api, NS, 'init');
    // A failing init container keeps the pod Pending with Init:Error / Init:CrashLoopBackOff.
    await api.post(PODS, podOf('init-fail', { initContainers: [nodeContainer('setup', 'process.exit(2)')], containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    const failing = await waitForPod(api, NS, 'init-fail', 'init back-off', (p) => at(containerStatus(p, 'setup', 'initContainerStatuses'), 'state.waiting.reason') === 'CrashLoopBackOff');
    assert.equal(at(failing, 'status.phase'), 'Pending');
    assert.equal(at(condition(failing, 'Initialized'), 'reason'), 'ContainersNotInitialized');
    assert.equal(at(condition(failing, 'Initialized'), 'message'), 'containers with incomplete status: [setup]');
    assert.equal(at(containerStatus(failing, 'main'), 'state.waiting.reason'), 'PodInitializing');
    await deletePod(api, NS, 'init-fail');
  });

  test('the environment comes from values, ConfigMaps, Secrets, envFrom, the downward API and resources; $(VAR) expands', async () => {
    await api.post(`/api/v1/namespaces/${NS}/configmaps`, { metadata: { name: 'settings' }, data: { mode: 'fast', color: 'blue' } });
    await api.post(`/api/v1/namespaces/${NS}/secrets`, { metadata: { name: 'creds' }, data: { password: Buffer.from('s3cret').toString('base64') } });
    const out = join(dir, 'env.json');
    const program = `require("fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.env)); setInterval(() => {}, 1000)`;
    await api.post(PODS, podOf('envs', {
      serviceAccountName: 'default',
      containers: [nodeContainer('main', program, {
        resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { memory: '128Mi' } },
        envFrom: [{ configMapRef: { name: 'settings' }, prefix: 'CFG_' }],
        env: [
          { name: 'GREETING', value: 'hello' },
          { name: 'MESSAGE', value: '$(GREETING) world, $(UNDEFINED) stays, $$(ESCAPED)' },
          { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'settings', key: 'mode' } } },
          { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'creds', key: 'password' } } },
          { name: 'OPTIONAL', valueFrom: { configMapKeyRef: { name: 'missing', key: 'x', optional: true } } },
          { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
          { name: 'POD_UID', valueFrom: { fieldRef: { fieldPath: 'metadata.uid' } } },
          { name: 'NODE_NAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
          { name: 'SA', valueFrom: { fieldRef: { fieldPath: 'spec.serviceAccountName' } } },
          { name: 'HOST_IP', valueFrom: { fieldRef: { fieldPath: 'status.hostIP' } } },
          { name: 'APP', valueFrom: { fieldRef: { fieldPath: "metadata.labels['app']" } } },
          { name: 'CPU_MILLIS', valueFrom: { resourceFieldRef: { resource: 'requests.cpu', divisor: '1m' } } },
          { name: 'MEM_LIMIT_MI', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } } },
        ],
      })],
    }, { app: 'envs' }));
    const pod = await waitForPod(api, NS, 'envs', 'running', (p) => at(p, 'status.phase') === 'Running');
    const env = await waitFor('env file', async () => JSON.parse(await readFile(out, 'utf8')) as Record<string, string>);
    assert.equal(env.MESSAGE, 'hello world, $(UNDEFINED) stays, $(ESCAPED)');
    assert.equal(env.MODE, 'fast');
    assert.equal(env.CFG_color, 'blue');
    assert.equal(env.PASSWORD, 's3cret');
    assert.equal(env.OPTIONAL, undefined);
    assert.equal(env.POD_NAMESPACE, NS);
    assert.equal(env.POD_UID, at(pod, 'metadata.uid'));
    assert.equal(env.NODE_NAME, 'local');
    assert.equal(env.SA, 'default');
    assert.equal(env.HOST_IP, '127.0.0.1');
    assert.equal(env.APP, 'envs');
    assert.equal(env.CPU_MILLIS, '250');
    assert.equal(env.MEM_LIMIT_MI, '128');
    assert.equal(env.HOSTNAME, 'envs');
    assert.equal(env.PLATFORM_SERVICE_HOST, '127.0.0.1');
    assert.equal(env.PLATFORM_SERVICE_PORT, String(server.port));
    assert.equal(env.GREETING, 'hello');
    assert.equal(at(pod, 'status.qosClass'), 'Burstable');
    await deletePod(api, NS, 'envs');
    // A missing ConfigMap keeps the container waiting with CreateContainerConfigError until it appears.
    await api.post(PODS, podOf('needs-config', { containers: [nodeContainer('main', 'setInterval(() => {}, 1000)', { env: [{ name: 'X', valueFrom: { configMapKeyRef: { name: 'later', key: 'x' } } }] })] }));
    const waiting = await waitForPod(api, NS, 'needs-config', 'config error', (p) => at(containerStatus(p), 'state.waiting.reason') === 'CreateContainerConfigError');
    assert.equal(at(containerStatus(waiting), 'state.waiting.message'), 'configmap "later" not found');
    assert.equal(at(waiting, 'status.phase'), 'Pending');
    assert.ok((await eventsFor(api, NS, 'needs-config')).some((e) => e.reason === 'Failed' && e.message === 'Error: configmap "later" not found'));
    await api.post(`/api/v1/namespaces/${NS}/configmaps`, { metadata: { name: 'later' }, data: { x: '1' } });
    await waitForPod(api, NS, 'needs-config', 'running after the ConfigMap appeared', (p) => at(p, 'status.phase') === 'Running', 30_000);
    await deletePod(api, NS, 'needs-config');
  });

  test('a container without a command does not start, and says why', async () => {
    await api.post(PODS, podOf('image-only', { containers: [{ name: 'nginx', image: 'nginx:1.27' }] }));
    const pod = await waitForPod(api, NS, 'image-only', 'waiting NoCommand', (p) => at(containerStatus(p), 'state.waiting.reason') === 'NoCommand');
    assert.match(String(at(containerStatus(pod), 'state.waiting.message')), /^container "nginx" has no command: the process runtime runs a container's command as a process on this machine and does not pull images/);
    assert.equal(at(pod, 'status.phase'), 'Pending');
    const table = await api.get(`${PODS}?fieldSelector=metadata.name%3Dimage-only`, { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.equal(at(table.body, 'rows.0.cells.2'), 'NoCommand');
    assert.ok((await eventsFor(api, NS, 'image-only')).some((e) => e.reason === 'Failed' && e.type === 'Warning'));
    await deletePod(api, NS, 'image-only');
  });

  test('a command that does not exist ends the container with StartError, with and without a terminal', async () => {
    const tty = ptyAvailable();
    if (!tty) console.log('# the tty case is skipped: python3 with pty is missing');
    const cases = [{ name: 'no-program', tty: false }, ...(tty ? [{ name: 'no-program-tty', tty: true }] : [])];
    for (const c of cases) {
      await api.post(PODS, podOf(c.name, { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox', command: ['no-such-program-xyz'], tty: c.tty, stdin: c.tty }] }));
    }
    for (const c of cases) {
      const pod = await waitForPod(api, NS, c.name, 'terminated', (p) => at(containerStatus(p), 'state.terminated') !== undefined);
      assert.equal(at(containerStatus(pod), 'state.terminated.reason'), 'StartError', c.name);
      assert.equal(at(containerStatus(pod), 'state.terminated.exitCode'), 128, c.name);
      assert.equal(at(containerStatus(pod), 'state.terminated.message'), 'exec: "no-such-program-xyz": executable file not found in $PATH', c.name);
      await deletePod(api, NS, c.name);
    }
  });

  test('a readiness probe turns the pod unready and ready again; a failing liveness probe restarts the container', async () => {
    const flag = join(dir, 'unready');
    const live = join(dir, 'dead');
    const check = (file: string): string[] => [process.execPath, '-e', `process.exit(require("fs").existsSync(${JSON.stringify(file)}) ? 1 : 0)`];
    await api.post(PODS, podOf('probed', {
      containers: [nodeContainer('main', 'setInterval(() => {}, 1000)', {
        readinessProbe: { exec: { command: check(flag) }, periodSeconds: 1, failureThreshold: 1 },
        livenessProbe: { exec: { command: check(live) }, periodSeconds: 1, failureThreshold: 2 },
      })],
    }));
    await waitForPod(api, NS, 'probed', 'ready', (p) => at(condition(p, 'Ready'), 'status') === 'True');
    await writeFile(flag, '');
    const unready = await waitForPod(api, NS, 'probed', 'unready', (p) => at(condition(p, 'Ready'), 'status') === 'False');
    assert.equal(at(condition(unready, 'Ready'), 'reason'), 'ContainersNotReady');
    assert.equal(at(condition(unready, 'Ready'), 'message'), 'containers with unready status: [main]');
    assert.equal(containerStatus(unready).ready, false);
    assert.equal(at(unready, 'status.phase'), 'Running');
    await rm(flag);
    await waitForPod(api, NS, 'probed', 'ready again', (p) => at(condition(p, 'Ready'), 'status') === 'True');
    assert.ok((await eventsFor(api, NS, 'probed')).some((e) => e.reason === 'Unhealthy' && e.message.startsWith('Readiness probe failed')));
    await writeFile(live, '');
    const restarted = await waitForPod(api, NS, 'probed', 'restarted', (p) => Number(containerStatus(p).restartCount) >= 1);
    await rm(live);
    assert.equal(at(containerStatus(restarted), 'lastState.terminated.exitCode'), 143);
    const events = await eventsFor(api, NS, 'probed');
    assert.ok(events.some((e) => e.reason === 'Killing' && e.message === 'Container main failed liveness probe, will be restarted'));
    assert.ok(events.some((e) => e.reason === 'Unhealthy' && e.message.startsWith('Liveness probe failed')));
    await waitForPod(api, NS, 'probed', 'ready after the restart', (p) => at(condition(p, 'Ready'), 'status') === 'True');
    await deletePod(api, NS, 'probed');
  });

  test('a startup probe holds readiness and liveness back until it passes; activeDeadlineSeconds fails a pod', async () => {
    const started = join(dir, 'started');
    await api.post(PODS, podOf('slow-start', {
      containers: [nodeContainer('main', 'setInterval(() => {}, 1000)', {
        startupProbe: { exec: { command: [process.execPath, '-e', `process.exit(require("fs").existsSync(${JSON.stringify(started)}) ? 0 : 1)`] }, periodSeconds: 1, failureThreshold: 30 },
      })],
    }));
    const starting = await waitForPod(api, NS, 'slow-start', 'running, not started', (p) => at(containerStatus(p), 'state.running') !== undefined);
    assert.equal(containerStatus(starting).started, false);
    assert.equal(containerStatus(starting).ready, false);
    await writeFile(started, '');
    const ready = await waitForPod(api, NS, 'slow-start', 'started and ready', (p) => containerStatus(p).started === true && containerStatus(p).ready === true);
    assert.equal(at(condition(ready, 'Ready'), 'status'), 'True');
    await deletePod(api, NS, 'slow-start');

    await api.post(PODS, podOf('deadline', { activeDeadlineSeconds: 1, containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    const failed = await waitForPod(api, NS, 'deadline', 'failed', (p) => at(p, 'status.phase') === 'Failed');
    assert.equal(at(failed, 'status.reason'), 'DeadlineExceeded');
    assert.equal(at(failed, 'status.message'), 'Pod was active on the node longer than the specified deadline');
    assert.equal(at(containerStatus(failed), 'state.terminated.exitCode'), 143);
    assert.ok((await eventsFor(api, NS, 'deadline')).some((e) => e.reason === 'DeadlineExceeded'));
    await deletePod(api, NS, 'deadline');
  });

  test('the scheduler reports why a pod does not fit, and binds it once it does', async () => {
    await api.post(PODS, podOf('picky', { nodeSelector: { disk: 'ssd' }, containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    const pending = await waitForPod(api, NS, 'picky', 'unschedulable', (p) => at(condition(p, 'PodScheduled'), 'reason') === 'Unschedulable');
    const message = "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.";
    assert.equal(at(condition(pending, 'PodScheduled'), 'status'), 'False');
    assert.equal(at(condition(pending, 'PodScheduled'), 'message'), message);
    const failed = (await eventsFor(api, NS, 'picky')).find((e) => e.reason === 'FailedScheduling');
    assert.equal(failed?.message, message);
    assert.equal(failed?.component, 'default-scheduler');
    await api.patch('/api/v1/nodes/local', { metadata: { labels: { disk: 'ssd' } } }, 'merge');
    const running = await waitForPod(api, NS, 'picky', 'running', (p) => at(p, 'status.phase') === 'Running');
    assert.equal(at(condition(running, 'PodScheduled'), 'status'), 'True');
    await deletePod(api, NS, 'picky');

    await api.post(PODS, podOf('hungry', { containers: [nodeContainer('main', 'setInterval(() => {}, 1000)', { resources: { requests: { cpu: '1000', memory: '1Mi' } } })] }));
    const hungry = await waitForPod(api, NS, 'hungry', 'unschedulable', (p) => at(condition(p, 'PodScheduled'), 'reason') === 'Unschedulable');
    assert.equal(at(condition(hungry, 'PodScheduled'), 'message'), '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.');
    await deletePod(api, NS, 'hungry');

    await api.patch('/api/v1/nodes/local', { spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } }, 'merge');
    await api.post(PODS, podOf('tainted', { containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    await api.post(PODS, podOf('tolerant', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd', 'nvme'] }], matchFields: [{ key: 'metadata.name', operator: 'In', values: ['local'] }] }] } } }, containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    const tainted = await waitForPod(api, NS, 'tainted', 'unschedulable', (p) => at(condition(p, 'PodScheduled'), 'reason') === 'Unschedulable');
    assert.equal(at(condition(tainted, 'PodScheduled'), 'message'), '0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    await waitForPod(api, NS, 'tolerant', 'running', (p) => at(p, 'status.phase') === 'Running');
    await api.patch('/api/v1/nodes/local', { spec: { taints: null }, metadata: { labels: { disk: null } } }, 'merge');
    await waitForPod(api, NS, 'tainted', 'running once the taint is gone', (p) => at(p, 'status.phase') === 'Running');
    await Promise.all([deletePod(api, NS, 'tainted'), deletePod(api, NS, 'tolerant')]);
  });

  test('pods/binding assigns a pod another scheduler owns; a second binding conflicts', async () => {
    await api.post(PODS, podOf('manual', { schedulerName: 'my-scheduler', containers: [nodeContainer('main', 'setInterval(() => {}, 1000)')] }));
    await new Promise((r) => setTimeout(r, 300));
    const untouched = (await api.get(`${PODS}/manual`)).body;
    assert.equal(at(untouched, 'spec.nodeName'), undefined);
    assert.equal(condition(untouched, 'PodScheduled'), undefined, 'the default scheduler leaves it alone');
    const bad = await api.post(`${PODS}/manual/binding`, { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'other' }, target: { kind: 'Node', name: 'local' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'name in URL does not match name in Binding object');
    const bound = await api.post(`${PODS}/manual/binding`, { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'manual' }, target: { apiVersion: 'v1', kind: 'Node', name: 'local' } });
    assert.equal(bound.status, 201, bound.text);
    assert.deepEqual(bound.body, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    const again = await api.post(`${PODS}/manual/binding`, { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'manual' }, target: { name: 'local' } });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, 'Operation cannot be fulfilled on pods/binding "manual": pod manual is already assigned to node "local"');
    await waitForPod(api, NS, 'manual', 'running', (p) => at(p, 'status.phase') === 'Running');
    await deletePod(api, NS, 'manual');
  });

  test('the metrics API reports usage that moves with the load', async () => {
    await api.post(PODS, podOf('busy', { containers: [nodeContainer('burn', 'for (;;) {}')] }, { load: 'high' }));
    await api.post(PODS, podOf('idle', { containers: [nodeContainer('sleep', 'setInterval(() => {}, 1000)')] }, { load: 'low' }));
    await waitForPod(api, NS, 'busy', 'running', (p) => at(p, 'status.phase') === 'Running');
    await waitForPod(api, NS, 'idle', 'running', (p) => at(p, 'status.phase') === 'Running');
    const millicores = (q: unknown): number => {
      const m = /^(\d+)(n|u|m)?$/.exec(String(q));
      if (m === null) return NaN;
      return Number(m[1]) / (m[2] === 'n' ? 1e6 : m[2] === 'u' ? 1e3 : m[2] === 'm' ? 1 : 1e-3);
    };
    const busy = await waitFor('busy metrics above 200m', async () => {
      const r = await api.get(`/apis/metrics.platform.io/v1beta1/namespaces/${NS}/pods/busy`);
      return r.status === 200 && millicores(at(r.body, 'containers.0.usage.cpu')) > 200 ? r.body : undefined;
    }, 20_000);
    assert.equal(busy.kind, 'PodMetrics');
    assert.equal(busy.apiVersion, 'metrics.platform.io/v1beta1');
    assert.equal(at(busy, 'containers.0.name'), 'burn');
    assert.match(String(at(busy, 'containers.0.usage.memory')), /^\d+(Ki|Mi)$/);
    assert.match(String(busy.window), /^[\d.]+(ms|s)$/);
    assert.deepEqual(at(busy, 'metadata.labels'), { load: 'high' });
    // The idle program's start-up counts in its first window; then it settles near zero.
    await waitFor('idle metrics below 50m', async () => {
      const r = await api.get(`/apis/metrics.platform.io/v1beta1/namespaces/${NS}/pods/idle`);
      return r.status === 200 && millicores(at(r.body, 'containers.0.usage.cpu')) < 50 ? true : undefined;
    }, 20_000);
    const selected = await api.get(`/apis/metrics.platform.io/v1beta1/namespaces/${NS}/pods?labelSelector=load%3Dhigh`);
    assert.deepEqual(arrayAt(selected.body, 'items').map((i) => at(i, 'metadata.name')), ['busy']);
    assert.equal(selected.body.kind, 'PodMetricsList');
    const node = await waitFor('node metrics', async () => {
      const r = await api.get('/apis/metrics.platform.io/v1beta1/nodes/local');
      return r.status === 200 ? r.body : undefined;
    });
    assert.ok(millicores(at(node, 'usage.cpu')) > 200, `node uses ${String(at(node, 'usage.cpu'))}`);
    const table = await api.get('/apis/metrics.platform.io/v1beta1/nodes', { accept: 'application/json;as=Table;g=meta.platform.io;v=v1' });
    assert.deepEqual(arrayAt(table.body, 'columnDefinitions').map((c) => at(c, 'name')), ['Name', 'cpu', 'memory', 'Window']);
    assert.equal(at(table.body, 'rows.0.cells.0'), 'local');
    const missing = await api.get(`/apis/metrics.platform.io/v1beta1/namespaces/${NS}/pods/nope`);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'pods.metrics.platform.io "nope" not found');
    const discovery = await api.get('/apis/metrics.platform.io/v1beta1');
    assert.deepEqual(arrayAt(discovery.body, 'resources').map((r) => [at(r, 'name'), at(r, 'kind'), at(r, 'verbs')]), [
      ['nodes', 'NodeMetrics', ['get', 'list']], ['pods', 'PodMetrics', ['get', 'list']],
    ]);
    await Promise.all([deletePod(api, NS, 'busy'), deletePod(api, NS, 'idle')]);
  });
});
