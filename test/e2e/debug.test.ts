/**
 * `debug` against the local server's process node: an ephemeral container added to a running pod
 * runs, takes stdin and prints through the attach, reports its status as the kubelet does and has
 * its own log; `--copy-to` makes a copy (with `--set-image`, `--replace`); `node/local` runs a pod on
 * the node with the host's namespaces. The messages are kubectl's (goldens under test/golden/debug).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ptySkipReason, runInPty } from './streams-pty-driver.js';
import { arrayAt, at, type Body } from '../support/api.js';
import { assertGoldenFile } from '../support/golden.js';
import { containerStatus, openStreamsEnv, programPod, SKIP_NODE, waitFor, waitForPod, type StreamsEnv } from './streams-support.js';

const NS = 'debug-e2e';
const GOLDEN = 'debug';
const SLEEPER = 'setInterval(() => {}, 1000)';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'platformctl');

/** The random suffix of generated names, fixed for comparison. */
function fixNames(text: string): string {
  return text.replace(/debugger-[bcdfghjklmnpqrstvwxz2456789]{5}/g, 'debugger-xxxxx').replace(/(node-debugger-[a-z0-9.-]+?-)[bcdfghjklmnpqrstvwxz2456789]{5}\b/g, '$1xxxxx');
}

describe('debug', { skip: SKIP_NODE }, () => {
  let s: StreamsEnv;
  before(async () => {
    s = await openStreamsEnv(NS);
    await s.runPod(programPod('web', SLEEPER, { app: 'web' }));
  });
  after(async () => {
    await s?.close();
  });

  test('-i --image=busybox -- sh -c ...: the ephemeral container runs, stdin reaches it, its output is printed', async () => {
    const r = await s.cli(['debug', 'web', '-i', '--image=busybox', '--profile=general', '--', 'sh', '-c', 'read line; echo "hi $line"; exit 0'], { stdin: 'there\n' });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Defaulting debug container name to debugger-[a-z0-9]{5}\.\nhi there\n$/);
    assert.equal(r.stderr, "If you don't see a command prompt, try pressing enter.\n", 'kubectl\'s attach says so to every session with stdin');
    const name = /debugger-[a-z0-9]{5}/.exec(r.stdout)?.[0] ?? '';
    const pod = await waitForPod(s.api, NS, 'web', 'the debug container finished', (p) => at(containerStatus(p, name, 'ephemeralContainerStatuses'), 'state.terminated') !== undefined);
    const st = containerStatus(pod, name, 'ephemeralContainerStatuses');
    assert.equal(at(st, 'state.terminated.exitCode'), 0);
    assert.equal(at(st, 'state.terminated.reason'), 'Completed');
    assert.equal(st.ready, false);
    assert.equal(st.restartCount, 0);
    assert.equal(st.image, 'busybox');
    assert.equal(at(pod, 'status.phase'), 'Running', 'an ephemeral container that ends does not end the pod');
    assert.deepEqual(arrayAt(pod, 'spec.ephemeralContainers').map((c) => at(c, 'securityContext.capabilities.add')), [['SYS_PTRACE']], 'the general profile');
    // Its log, and its status as get -o jsonpath reads it.
    const logs = await s.cli(['logs', 'web', '-c', name]);
    assert.deepEqual(logs, { code: 0, stdout: 'hi there\n', stderr: '' });
    const jp = await s.cli(['get', 'pod', 'web', '-o', `jsonpath={.status.ephemeralContainerStatuses[?(@.name=="${name}")].state.terminated.exitCode}`]);
    assert.deepEqual(jp, { code: 0, stdout: '0', stderr: '' });
  });

  test('without -i: the container is added and runs; a container that never ends keeps running until the pod goes', async () => {
    const r = await s.cli(['debug', 'web', '--image=busybox', '-c', 'watcher', '--target=main', '--env=GREETING=hello', '--', 'sh', '-c', 'echo "$GREETING from $HOSTNAME"; sleep 600']);
    assert.equal(r.code, 0, r.stderr);
    await assertGoldenFile(join(GOLDEN, 'target-legacy.txt'), `${r.stdout}--- stderr\n${r.stderr}`);
    const pod = await waitForPod(s.api, NS, 'web', 'the watcher running', (p) => at(containerStatus(p, 'watcher', 'ephemeralContainerStatuses'), 'state.running') !== undefined);
    const spec = arrayAt(pod, 'spec.ephemeralContainers').find((c) => at(c, 'name') === 'watcher');
    assert.equal(at(spec, 'targetContainerName'), 'main', '--target is recorded (the process runtime has no process namespaces to share)');
    const logs = await waitFor('the watcher\'s log', async () => {
      const l = await s.cli(['logs', 'web', '-c', 'watcher']);
      return l.stdout === '' ? undefined : l;
    });
    assert.equal(logs.stdout, 'hello from web\n');
    const badTarget = await s.cli(['debug', 'web', '--image=busybox', '-c', 'aimless', '--target=nope', '-q', '--profile=general']);
    assert.equal(badTarget.code, 1);
    assert.match(badTarget.stderr, /^The Pod "web" is invalid: spec\.ephemeralContainers\[\d\]\.targetContainerName: Not found: "nope"\n$/);
  });

  test('a debug container without a command runs /bin/sh (a debug image\'s entrypoint)', async () => {
    const r = await s.cli(['debug', 'web', '-i', '--image=busybox', '-c', 'shell', '-q', '--profile=baseline'], { stdin: 'echo from-the-shell\nexit 0\n' });
    assert.deepEqual(r, { code: 0, stdout: 'from-the-shell\n', stderr: '' });
  });

  const ptySkip = ptySkipReason() || (existsSync(join(ROOT, 'dist', 'cli', 'platformctl.cjs')) ? false : 'the CLI bundle is not built (npm run build)');
  test('-it in a pseudo-terminal: a shell in a terminal of its own, window sizes reach it, exit ends the session', { skip: ptySkip }, async () => {
    const env = { PATH: process.env.PATH ?? '', ...s.env, NO_COLOR: '1', TERM: 'xterm' };
    const r = await runInPty([process.execPath, BIN, 'debug', 'web', '-it', '--image=busybox', '-c', 'tty-shell', '--profile=general'], env, [80, 24], [
      { expect: "If you don't see a command prompt, try pressing enter." },
      { type: 'echo "answer $((6*7))"\r' },
      { expect: 'answer 42' },
      // The resize travels apart from the typed input: the shell waits until it has arrived.
      { type: 'until [ "$(stty size)" = "30 100" ]; do sleep 0.1; done; echo "size now $(stty size)"\r' },
      { resize: [100, 30] },
      { expect: 'size now 30 100' },
      { type: 'exit\r' },
      { expect: 'Session ended' },
    ]);
    assert.equal(r.timedOut, undefined, `a step timed out; the terminal showed:\n${r.output}`);
    assert.equal(r.exitCode, 0, r.output);
    assert.match(r.output, /Session ended, the ephemeral container will not be restarted but may be reattached using 'platformctl attach web -c tty-shell -i -t' if it is still running/);
    const pod = await waitForPod(s.api, NS, 'web', 'the shell ended', (p) => at(containerStatus(p, 'tty-shell', 'ephemeralContainerStatuses'), 'state.terminated') !== undefined);
    assert.equal(at(containerStatus(pod, 'tty-shell', 'ephemeralContainerStatuses'), 'state.terminated.exitCode'), 0);
  });

  // Whether the container ended before the attach (its log is printed) or the attach came first (it
  // gets what was printed before it), a command that prints at once and ends shows its output.
  test('-i with a command that prints and ends at once: its output is printed, before or after the attach', async () => {
    const r = await s.cli(['debug', 'web', '-i', '--image=busybox', '-c', 'quick', '--profile=general', '--', 'sh', '-c', 'echo quick-output'], { stdin: '' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'quick-output\n');
  });

  test('--copy-to with --set-image and a changed command; --replace deletes the original', async () => {
    await s.runPod(programPod('orig', SLEEPER, { app: 'orig' }, { containers: [{ name: 'main', image: 'node:20', command: [process.execPath, '-e', SLEEPER], readinessProbe: { exec: { command: ['true'] } } }] }));
    const r = await s.cli(['debug', 'orig', '--copy-to=orig-copy', '--set-image=*=busybox:1.36', '-c', 'main', '--profile=general', '--', 'sh', '-c', 'echo copied; sleep 600']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual([r.stdout, r.stderr], ['', '']);
    const copy = await waitForPod(s.api, NS, 'orig-copy', 'running', (p) => at(p, 'status.phase') === 'Running');
    assert.equal(at(copy, 'spec.containers.0.image'), 'busybox:1.36');
    assert.deepEqual(at(copy, 'spec.containers.0.command'), ['sh', '-c', 'echo copied; sleep 600']);
    assert.equal(at(copy, 'spec.containers.0.readinessProbe'), undefined, 'the general profile drops probes');
    assert.equal(at(copy, 'metadata.labels'), undefined, 'and labels');
    assert.equal(at(copy, 'spec.shareProcessNamespace'), true);
    const replaced = await s.cli(['debug', 'orig', '-q', '--copy-to=orig-debug', '--replace', '--image=busybox', '-c', 'dbg', '--keep-labels', '--profile=general', '--', 'sleep', '600']);
    assert.deepEqual(replaced, { code: 0, stdout: '', stderr: '' });
    const gone = await waitFor('the original to go', async () => {
      const g = await s.api.get(`/api/v1/namespaces/${NS}/pods/orig`);
      return g.status === 404 ? g : undefined;
    });
    assert.equal(gone.status, 404);
    const debugCopy = await s.api.get(`/api/v1/namespaces/${NS}/pods/orig-debug`);
    assert.deepEqual(arrayAt(debugCopy.body, 'spec.containers').map((c) => at(c, 'name')), ['main', 'dbg']);
    assert.deepEqual(at(debugCopy.body, 'metadata.labels'), { app: 'orig' }, '--keep-labels');
  });

  test('-i --copy-to: a new debug container in the copy, attached', async () => {
    const r = await s.cli(['debug', 'web', '-i', '--copy-to=web-copy', '--image=busybox', '--profile=general', '--', 'sh', '-c', 'read x; echo "copy got $x"'], { stdin: 'input\n' });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Defaulting debug container name to debugger-[a-z0-9]{5}\.\ncopy got input\n$/);
  });

  test('node/local: a pod on the node with the host\'s namespaces and root file system', async () => {
    const custom = join(s.dir, 'custom.yaml');
    await writeFile(custom, 'env:\n- name: FROM_CUSTOM\n  value: yes-custom\n');
    const r = await s.cli(['debug', 'node/local', '-i', '--image=busybox', '--profile=sysadmin', `--custom=${custom}`, '--', 'sh', '-c', 'echo "$FROM_CUSTOM"; test -d /proc && echo host-fs'], { stdin: '' });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Creating debugging pod node-debugger-local-[a-z0-9]{5} with container debugger on node local\.\nyes-custom\nhost-fs\n$/);
    const name = /node-debugger-local-[a-z0-9]{5}/.exec(r.stdout)?.[0] ?? '';
    const pod = await s.api.get(`/api/v1/namespaces/${NS}/pods/${name}`);
    const spec = at(pod.body, 'spec') as Body;
    assert.deepEqual([spec.nodeName, spec.hostNetwork, spec.hostPID, spec.hostIPC, spec.restartPolicy], ['local', true, true, true, 'Never']);
    assert.deepEqual(spec.tolerations, [{ operator: 'Exists' }]);
    assert.deepEqual(at(spec, 'volumes.0'), { name: 'host-root', hostPath: { path: '/', type: '' } });
    assert.deepEqual(at(spec, 'containers.0.volumeMounts.0'), { name: 'host-root', mountPath: '/host' });
    assert.equal(at(spec, 'containers.0.securityContext.privileged'), true);
  });

  test('-f: the pod of a manifest file (as written, as kubectl reads it)', async () => {
    const file = join(s.dir, 'web.yaml');
    await writeFile(file, `apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: main\n    image: node\n`);
    const r = await s.cli(['debug', '-f', file, '-q', '--image=busybox', '-c', 'from-file', '--profile=general', '--', 'true']);
    assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
    const pod = await s.api.get(`/api/v1/namespaces/${NS}/pods/web`);
    assert.ok(arrayAt(pod.body, 'spec.ephemeralContainers').some((c) => at(c, 'name') === 'from-file'));
  });

  test('kubectl\'s messages for bad invocations', async () => {
    const cases: [string[], string][] = [
      [['debug', 'web'], 'error: you must specify --image when not using --copy-to.\n'],
      [['debug', '--image=busybox'], 'error: NAME or filename is required for debug\n'],
      [['debug', 'web', '--image=busybox', '-t'], 'error: -i/--stdin is required for containers with -t/--tty=true\n'],
      [['debug', 'web', '--image=busybox', '--profile=foo'], 'error: unknown profile: foo\n'],
      [['debug', 'web', '--image=Bad:image:x'], 'error: invalid image name "Bad:image:x": invalid reference format\n'],
      [['debug', 'web', '--copy-to=x'], 'error: you must specify --image, --set-image or command arguments.\n'],
      [['debug', 'web', '--image=busybox', '--replace'], 'error: --replace may only be used with --copy-to.\n'],
      [['debug', 'web', '--attach'], 'error: you must specify --container or create a new container using --image in order to attach.\n'],
      [['debug', 'deploy/nope', '--image=busybox', '--profile=general'], 'Error from server (NotFound): deployments.apps "nope" not found\n'],
      [['debug', 'missing', '--image=busybox', '--profile=general'], 'Error from server (NotFound): pods "missing" not found\n'],
    ];
    const out: string[] = [];
    for (const [args, stderr] of cases) {
      const r = await s.cli(args);
      assert.equal(r.code, 1, args.join(' '));
      assert.equal(r.stderr, stderr, args.join(' '));
      out.push(`$ ${args.join(' ')}\n${r.stderr}`);
    }
    await assertGoldenFile(join(GOLDEN, 'errors.txt'), fixNames(out.join('')));
  });
});
