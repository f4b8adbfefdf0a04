/**
 * Stock kubectl 1.32's `debug` through the rename proxy against the local server: its strategic
 * merge patch of `pods/NAME/ephemeralcontainers`, the watch for the debug container and the attach
 * work (`-i` with stdin), as does `--copy-to`; and our `debug` prints what kubectl prints for the
 * same steps where the output is deterministic.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { at } from '../support/api.js';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { containerStatus, openStreamsEnv, programPod, SKIP_NODE, waitForPod, type StreamsEnv } from './streams-support.js';

const NS = 'default';
const SLEEPER = 'setInterval(() => {}, 1000)';

function kubectlWith(k: ProxiedKubectl, args: string[], stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('kubectl', args, { env: k.env, cwd: k.home, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

/** Random debug names fixed for comparison. */
function fixNames(text: string): string {
  return text.replace(/debugger-[bcdfghjklmnpqrstvwxz2456789]{5}/g, 'debugger-xxxxx');
}

const skip = SKIP_NODE || (kubectlSkipReason() ?? false);

describe('kubectl debug through the rename proxy', { skip }, () => {
  let s: StreamsEnv;
  let k: ProxiedKubectl;
  before(async () => {
    s = await openStreamsEnv(NS);
    k = await startProxiedKubectl(s.server, {}, { streams: true });
    await s.runPod(programPod('target', SLEEPER, { app: 'target' }));
  });
  after(async () => {
    await k?.close();
    await s?.close();
  });

  test('kubectl debug POD -i --image=busybox -- sh -c ...: the ephemeral container runs and its output comes back', async () => {
    const r = await kubectlWith(k, ['debug', 'target', '-i', '--image=busybox', '--profile=general', '--', 'sh', '-c', 'read line; echo "kubectl sent $line"'], 'hello\n');
    assert.equal(r.code, 0, JSON.stringify(r));
    assert.match(r.stdout, /^Defaulting debug container name to debugger-[a-z0-9]{5}\.\nkubectl sent hello\n$/, r.stderr);
    const name = /debugger-[a-z0-9]{5}/.exec(r.stdout)?.[0] ?? '';
    const pod = await waitForPod(s.api, NS, 'target', 'the debug container finished', (p) => at(containerStatus(p, name, 'ephemeralContainerStatuses'), 'state.terminated') !== undefined);
    assert.equal(at(containerStatus(pod, name, 'ephemeralContainerStatuses'), 'state.terminated.exitCode'), 0);
    const logs = await k.run(['logs', 'target', '-c', name]);
    assert.equal(logs.stdout, 'kubectl sent hello\n', logs.stderr);
  });

  test('kubectl debug --copy-to creates the copy with the debug container', async () => {
    const r = await k.run(['debug', 'target', '--copy-to=target-copy', '--image=busybox', '-c', 'dbg', '--profile=general', '--', 'sleep', '600']);
    assert.deepEqual(r, { code: 0, stdout: '', stderr: '' });
    const copy = await waitForPod(s.api, NS, 'target-copy', 'running', (p) => at(containerStatus(p, 'dbg'), 'state.running') !== undefined);
    assert.equal(at(copy, 'spec.containers.1.image'), 'busybox');
    assert.equal(at(copy, 'spec.shareProcessNamespace'), true);
  });

  test('our debug prints what kubectl prints for the same steps', async () => {
    const steps: { args: string[]; stdin?: string }[] = [
      { args: ['debug', 'target', '--image=busybox', '--target=main', '--', 'true'] },
      { args: ['debug', 'target', '-i', '--image=busybox', '--profile=baseline', '--', 'sh', '-c', 'read a; read b; echo "$b, then $a"'], stdin: 'line one\nline two\n' },
      { args: ['debug', 'target', '--image=busybox', '--target=nope', '--profile=general'] },
      { args: ['debug', 'target', '--image=busybox', '--image-pull-policy=Sometimes'] },
      { args: ['debug', 'target', '--copy-to=cp2', '--set-image=main=Bad:image:x'] },
      { args: ['debug', 'svc/kubernetes', '--image=busybox', '--profile=general'] },
    ];
    for (const step of steps) {
      const theirs = await kubectlWith(k, step.args, step.stdin ?? '');
      const ours = await s.cli(step.args, { stdin: step.stdin ?? '' });
      // Each run adds a container of its own (generated names), so kubectl's run and ours meet the same pod.
      assert.deepEqual({ code: ours.code, stdout: fixNames(ours.stdout), stderr: fixNames(ours.stderr) }, { code: theirs.code, stdout: fixNames(theirs.stdout), stderr: fixNames(theirs.stderr) }, step.args.join(' '));
    }
  });
});
