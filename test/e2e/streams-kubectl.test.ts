/**
 * Stock kubectl 1.32 through the rename proxy against the local server's stream sub-resources:
 * `logs`, `logs -f`, `exec`, `exec -i`, `cp`, `port-forward` and `attach` work, which shows the
 * server speaks the protocols real clients speak (WebSocket channel protocols v5/v4 and the SPDY
 * port-forward protocol tunneled in WebSocket).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { nodeContainer, openStreamsEnv, podOf, programPod, SKIP_NODE, waitFor, type StreamsEnv } from './streams-support.js';

const NS = 'default';

/** Runs kubectl with stdin and an optional early stop once `until` shows on stdout. */
function kubectlWith(k: ProxiedKubectl, args: string[], o: { stdin?: string; until?: RegExp; timeoutMs?: number } = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('kubectl', args, { env: k.env, cwd: k.home, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      if (o.until?.test(stdout) === true) child.kill('SIGINT');
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (o.stdin !== undefined) child.stdin.end(o.stdin);
  });
}

function get(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // A bounded wait: a forward that stops answering fails the test instead of hanging the suite.
    const req = request({ host: '127.0.0.1', port, path, agent: false, timeout: 15_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer on ${path} within 15 s`)));
    req.on('error', reject);
    req.end();
  });
}

const skip = SKIP_NODE || (kubectlSkipReason() ?? false);

describe('kubectl streams through the rename proxy', { skip }, () => {
  let s: StreamsEnv;
  let k: ProxiedKubectl;
  before(async () => {
    s = await openStreamsEnv(NS);
    k = await startProxiedKubectl(s.server, {}, { streams: true });
    const trigger = join(s.dir, 'trigger');
    await s.runPod(programPod('box', `const fs = require('fs'); console.log('first line'); const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(trigger)})) { console.log('later line'); clearInterval(t); } }, 50); setInterval(() => {}, 1000)`));
  });
  after(async () => {
    await k?.close();
    await s?.close();
  });

  test('logs and logs -f', async () => {
    await waitFor('a log line', async () => ((await k.run(['logs', 'box'])).stdout === 'first line\n' ? true : undefined));
    const follow = kubectlWith(k, ['logs', '-f', 'box'], { until: /later line\n/ });
    await new Promise((r) => setTimeout(r, 700));
    await writeFile(join(s.dir, 'trigger'), '');
    const r = await follow;
    assert.equal(r.stdout, 'first line\nlater line\n', r.stderr);
    const tail = await k.run(['logs', 'box', '--tail=1', '--timestamps']);
    assert.match(tail.stdout, /^\S+Z later line\n$/);
  });

  test('exec and exec -i: output, exit codes, stdin', async () => {
    const r = await k.run(['exec', 'box', '--', 'sh', '-c', 'echo out; echo err >&2; exit 3']);
    assert.equal(r.code, 3);
    assert.equal(r.stdout, 'out\n');
    assert.equal(r.stderr, 'err\ncommand terminated with exit code 3\n');
    const ok = await k.run(['exec', 'box', '--', 'echo', 'hello']);
    assert.deepEqual(ok, { code: 0, stdout: 'hello\n', stderr: '' });
    const piped = await kubectlWith(k, ['exec', '-i', 'box', '--', 'wc', '-c'], { stdin: 'x'.repeat(200_000) });
    assert.deepEqual(piped, { code: 0, stdout: '200000\n', stderr: '' });
  });

  test('cp both ways', async () => {
    const local = join(k.home, 'src');
    await mkdir(join(local, 'sub'), { recursive: true });
    await writeFile(join(local, 'a.txt'), 'alpha\n');
    await writeFile(join(local, 'sub', 'b.txt'), 'beta\n');
    const remote = join(s.dir, 'remote');
    await mkdir(remote);
    const up = await k.run(['cp', local, `box:${join(remote, 'copy')}`]);
    assert.equal(up.code, 0, up.stderr);
    assert.equal(await readFile(join(remote, 'copy', 'sub', 'b.txt'), 'utf8'), 'beta\n');
    const down = await k.run(['cp', `box:${join(remote, 'copy')}`, join(k.home, 'back')]);
    assert.equal(down.code, 0, down.stderr);
    assert.equal(await readFile(join(k.home, 'back', 'a.txt'), 'utf8'), 'alpha\n');
    assert.equal(await readFile(join(k.home, 'back', 'sub', 'b.txt'), 'utf8'), 'beta\n');
  });

  test('port-forward', async () => {
    await s.runPod(podOf('web', { containers: [nodeContainer('main', "require('http').createServer((q, r) => r.end('hi from pod ' + q.url)).listen(8080, process.env.POD_IP)", {
      env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }], readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 },
    })] }), true);
    const child = spawn('kubectl', ['port-forward', 'pod/web', ':8080'], { env: k.env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
      const port = await waitFor('Forwarding from', async () => {
        const m = /Forwarding from 127\.0\.0\.1:(\d+) -> 8080/.exec(out);
        return m === null ? undefined : Number(m[1]);
      });
      const bodies = await Promise.all(Array.from({ length: 20 }, (_, i) => get(port, `/k${i}`)));
      assert.deepEqual(bodies, Array.from({ length: 20 }, (_, i) => `hi from pod /k${i}`));
      assert.match(out, new RegExp(`Handling connection for ${port}`));
    } finally {
      child.kill('SIGINT');
    }
  });

  test('attach -i joins the container stdin and stdout', async () => {
    await s.runPod(podOf('talker', { containers: [nodeContainer('main', "process.stdin.on('data', (d) => process.stdout.write('got ' + d)); process.stdin.on('end', () => { console.log('bye'); process.exit(0); })", { stdin: true, stdinOnce: true })] }));
    const r = await kubectlWith(k, ['attach', '-i', 'talker'], { stdin: 'hello\n', until: /bye\n/ });
    assert.match(r.stdout, /got hello\n/);
  });
});
