/**
 * The resident helper (`PLATFORM_HELPER`), end to end with the built CLI:
 * - the client side against a stand-in helper on the socket (what it hands over, how it plays the
 *   answer back, and when it runs the command itself);
 * - a real helper spoken to over its protocol (one command at a time, stdin, signals, idle end);
 * - the same commands with and without the helper print the same and exit the same.
 */
import { after, before, describe, test } from 'node:test';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { encodeFrame, Frame, FrameReader, type HelperRequest } from '../../src/cli/startup/helper/protocol.js';
import { BIN, BUILT_SKIP, runBuilt, type BuiltResult } from '../support/built-cli.js';
import { kubeconfigText, startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const skip = BUILT_SKIP !== false ? BUILT_SKIP : process.platform === 'win32' ? 'Unix sockets and sh only' : spawnSync('bash', ['-c', 'true']).status !== 0 ? 'bash is not installed' : false;

/** Waits until `check` holds, up to `ms`. */
async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exists = (path: string): Promise<boolean> => stat(path).then(() => true, () => false);

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A helper's frames on one connection, as a test reads them. */
interface Conversation {
  socket: Socket;
  frames: { type: number; payload: Buffer }[];
  closed: Promise<void>;
}

function talk(path: string, request: Partial<HelperRequest> & { argv: string[]; env: Record<string, string>; cwd: string }): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    const reader = new FrameReader();
    const frames: Conversation['frames'] = [];
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.on('data', (d: Buffer) => frames.push(...reader.push(d)));
    socket.once('error', reject);
    socket.once('connect', () => {
      const facts = { isTTY: false, columns: undefined, terminal: undefined };
      socket.write(encodeFrame(Frame.request, JSON.stringify({ stdout: facts, stderr: facts, stdinIsTTY: false, ...request })));
      resolve({ socket, frames, closed });
    });
  });
}

const textOf = (c: Conversation, type: number): string => Buffer.concat(c.frames.filter((f) => f.type === type).map((f) => f.payload)).toString('utf8');
const exitOf = (c: Conversation): { code: number; pid: number } | undefined => {
  const f = c.frames.find((x) => x.type === Frame.exit);
  return f === undefined ? undefined : (JSON.parse(f.payload.toString('utf8')) as { code: number; pid: number });
};

describe('resident helper', { skip }, () => {
  let server: TestServer;
  let home: string;
  let env: Record<string, string>;
  let socketPath: string;
  const pids = new Set<number>();

  /**
   * A config whose user's credentials come from an exec plugin that also notes its parent process
   * (the process that ran the command) in $PLUGIN_PARENT_FILE, when that is set: which process
   * ran a command, the helper or the client itself, is otherwise invisible.
   */
  let execConfig = '';
  const helperPid = async (): Promise<number> => {
    const c = await talk(socketPath, { argv: ['version', '--client'], env, cwd: home });
    await c.closed;
    const pid = exitOf(c)?.pid ?? 0;
    pids.add(pid);
    return pid;
  };
  /** The process that ran `args` (run by the built CLI with `extra` in its environment). */
  const ranBy = async (args: string[], extra: Record<string, string> = {}): Promise<{ result: BuiltResult; pid: number }> => {
    const file = join(home, `parent-${Date.now()}-${Math.random()}`);
    const result = await run(args, { PLATFORMCONFIG: execConfig, PLUGIN_PARENT_FILE: file, ...extra });
    const text = await readFile(file, 'utf8').catch(() => '');
    return { result, pid: Number(text.trim()) };
  };

  const run = (args: string[], extra: Record<string, string | undefined> = {}, stdin?: string, asExecutable = false): Promise<BuiltResult> => {
    const e: Record<string, string> = { ...env };
    for (const [k, v] of Object.entries(extra)) {
      if (v === undefined) delete e[k];
      else e[k] = v;
    }
    return runBuilt(args, { env: e, cwd: home, asExecutable, ...(stdin === undefined ? {} : { stdin }) });
  };

  before(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'platformctl-helper-'));
    env = {
      HOME: home,
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      PLATFORMCONFIG: await writeTestKubeconfig(server, home, 'default'),
      PLATFORM_HELPER: '1m',
    };
    const created = await run(['create', 'configmap', 'alpha', '--from-literal=a=b']);
    assert.equal(created.code, 0, created.stderr);
    const r = await run(['get', 'cm', 'alpha']);
    assert.equal(r.code, 0, r.stderr);
    // That command found no helper, ran itself and started one for the next.
    await until(async () => (await readdir(join(home, '.platform', 'helper')).catch(() => [])).some((n) => n.endsWith('.sock')));
    const name = (await readdir(join(home, '.platform', 'helper'))).find((n) => n.endsWith('.sock')) ?? '';
    socketPath = join(home, '.platform', 'helper', name);
    assert.match(name, new RegExp(`-${process.version.replace(/\./g, '\\.')}\\.sock$`), 'the socket names the Node version');
    assert.equal((await stat(dirname(socketPath))).mode & 0o777, 0o700);
    const plugin = join(home, 'plugin.mjs');
    await writeFile(plugin, [
      "import { appendFileSync } from 'node:fs';",
      'if (process.env.PLUGIN_PARENT_FILE) appendFileSync(process.env.PLUGIN_PARENT_FILE, `${process.ppid}\\n`);',
      `console.log(JSON.stringify({ apiVersion: 'client.authentication.platform.io/v1', kind: 'ExecCredential', status: { token: ${JSON.stringify(server.adminToken)} } }));`,
      '',
    ].join('\n'));
    const exec = ['    exec:', '      apiVersion: client.authentication.platform.io/v1', `      command: ${process.execPath}`, `      args: [${plugin}]`, '      interactiveMode: IfAvailable'].join('\n');
    execConfig = join(home, 'exec-config');
    await writeFile(execConfig, kubeconfigText(server).replace(/^ {4}token: .*$/m, exec), { mode: 0o600 });
  });

  after(async () => {
    for (const pid of pids) if (processAlive(pid)) process.kill(pid, 'SIGTERM');
    // A helper writes its code cache as it exits: wait for that before removing its home.
    await until(async () => [...pids].every((pid) => !processAlive(pid)));
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('a command prints, reads stdin and exits the same with and without the helper', async () => {
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: piped\ndata:\n  k: v\n';
    const cases: { args: string[]; stdin?: string }[] = [
      { args: ['get', 'cm', 'alpha'] },
      { args: ['get', 'cm', 'alpha', '-o', 'jsonpath={.data.a}'] },
      { args: ['get', 'cm', 'missing'] },
      { args: ['describe', 'cm', 'alpha'] },
      { args: ['apply', '-f', '-', '--dry-run=server', '-o', 'name'], stdin: manifest },
      { args: ['version', '--client'] },
      { args: ['config', 'current-context'] },
      { args: ['config', 'view', '-o', 'jsonpath={.contexts[0].name}'] },
      { args: ['get', 'cm', '--no-such-flag'] },
      { args: ['label', 'cm', 'alpha', 'tier=web', '--dry-run=server', '-o', 'name'] },
      { args: ['annotate', 'cm', 'alpha', 'note=x', '--dry-run=client'] },
      { args: ['patch', 'cm', 'alpha', '-p', '{"data":{"b":"c"}}', '--dry-run=server', '-o', 'jsonpath={.data}'] },
      { args: ['delete', 'cm', 'missing'] },
      { args: ['auth', 'can-i', 'list', 'pods'] },
      { args: ['auth', 'whoami', '-o', 'name'] },
      { args: ['api-versions'] },
      { args: ['events', '--for', 'configmap/alpha'] },
      { args: ['scale', 'cm', 'alpha', '--replicas=2'] },
    ];
    for (const c of cases) {
      const alone = await run(c.args, { PLATFORM_HELPER: '0' }, c.stdin);
      const helped = await run(c.args, {}, c.stdin);
      assert.equal(helped.code, alone.code, `${c.args.join(' ')}: ${helped.stderr}`);
      assert.equal(helped.stdout.replace(/\d+s\b/g, 'AGE'), alone.stdout.replace(/\d+s\b/g, 'AGE'), c.args.join(' '));
      assert.equal(helped.stderr, alone.stderr, c.args.join(' '));
    }
  });

  test('the helper runs a command for its client over the socket', async () => {
    const c = await talk(socketPath, { argv: ['get', 'cm', 'alpha', '-o', 'name'], env, cwd: home });
    await c.closed;
    assert.equal(c.frames[0]?.type, Frame.started);
    assert.equal(textOf(c, Frame.stdout), 'configmap/alpha\n');
    const exit = exitOf(c);
    assert.equal(exit?.code, 0);
    pids.add(exit?.pid ?? 0);
    assert.notEqual(exit?.pid, process.pid);
  });

  test('one command at a time: a second client is declined while the first runs', async () => {
    const watch = await talk(socketPath, { argv: ['get', 'cm', '-w'], env, cwd: home });
    await until(async () => textOf(watch, Frame.stdout).includes('alpha'));
    const second = await talk(socketPath, { argv: ['version', '--client'], env, cwd: home });
    await second.closed;
    assert.deepEqual(second.frames.map((f) => f.type), [Frame.declined]);
    // The stand-alone path still serves it meanwhile.
    const r = await run(['get', 'cm', 'alpha', '-o', 'name']);
    assert.equal(r.stdout, 'configmap/alpha\n');
    // Ctrl-C on the client reaches the command: the watch ends with 130, as in its own process.
    watch.socket.write(encodeFrame(Frame.signal, 'SIGINT'));
    await watch.closed;
    assert.equal(exitOf(watch)?.code, 130);
  });

  test('stdin is sent only when the command reads it', async () => {
    const c = await talk(socketPath, { argv: ['apply', '-f', '-', '--dry-run=server', '-o', 'name'], env, cwd: home });
    await until(async () => c.frames.some((f) => f.type === Frame.stdinWanted));
    c.socket.write(encodeFrame(Frame.stdinData, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: via-frames\n'));
    c.socket.write(encodeFrame(Frame.stdinEnd));
    await c.closed;
    assert.deepEqual([exitOf(c)?.code, textOf(c, Frame.stdout)], [0, 'configmap/via-frames\n'], textOf(c, Frame.stderr));
  });

  test('the helper refuses what is not a request, and a value of NODE_EXTRA_CA_CERTS it did not start with', async () => {
    const bad = await new Promise<Buffer[]>((resolve) => {
      const s = connect(socketPath);
      const got: Buffer[] = [];
      s.on('data', (d: Buffer) => got.push(d));
      s.on('close', () => resolve(got));
      s.write(encodeFrame(Frame.request, '{"argv": 1}'));
    });
    assert.equal(Buffer.concat(bad)[0], Frame.declined);
    // Terminal facts that are not an object are refused too, not a crash of the helper.
    const noFacts = await talk(socketPath, { argv: ['version', '--client'], env, cwd: home, stdout: null as unknown as HelperRequest['stdout'] });
    await noFacts.closed;
    assert.deepEqual(noFacts.frames.map((f) => f.type), [Frame.declined]);
    const other = await talk(socketPath, { argv: ['version', '--client'], env: { ...env, NODE_EXTRA_CA_CERTS: '/elsewhere.pem' }, cwd: home });
    await other.closed;
    assert.deepEqual(other.frames.map((f) => f.type), [Frame.declined]);
  });

  test('the built CLI hands its command to the helper, and without PLATFORM_HELPER runs it itself', async () => {
    const pid = await helperPid();
    const helped = await ranBy(['get', 'cm', 'alpha', '-o', 'name']);
    assert.deepEqual([helped.result.code, helped.result.stdout], [0, 'configmap/alpha\n'], helped.result.stderr);
    assert.equal(helped.pid, pid, 'the helper ran the command');
    const alone = await ranBy(['get', 'cm', 'alpha', '-o', 'name'], { PLATFORM_HELPER: '0' });
    assert.deepEqual([alone.result.code, alone.result.stdout], [0, 'configmap/alpha\n'], alone.result.stderr);
    assert.ok(alone.pid > 0 && alone.pid !== pid, 'the command ran in its own process');
  });

  test('a command whose exec plugin would prompt is handed back before its first request', async () => {
    const e = { ...env, PLATFORMCONFIG: execConfig };
    // Without a terminal the plugin runs as in a script, in the helper.
    const plain = await talk(socketPath, { argv: ['get', 'cm', 'alpha', '-o', 'name'], env: e, cwd: home });
    await plain.closed;
    assert.deepEqual([exitOf(plain)?.code, textOf(plain, Frame.stdout)], [0, 'configmap/alpha\n'], textOf(plain, Frame.stderr));
    // With one it would get the terminal as stdin, which only the client has: nothing printed, declined.
    const tty = await talk(socketPath, { argv: ['get', 'cm', 'alpha', '-o', 'name'], env: e, cwd: home, stdinIsTTY: true });
    await tty.closed;
    assert.deepEqual(tty.frames.map((f) => f.type), [Frame.started, Frame.declined]);
  });

  test('a helper directory others may enter is not used', async () => {
    const dir = dirname(socketPath);
    const pid = await helperPid();
    await chmod(dir, 0o755);
    try {
      const { result: r, pid: ranIn } = await ranBy(['get', 'cm', 'alpha', '-o', 'name']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, 'configmap/alpha\n');
      assert.ok(ranIn > 0 && ranIn !== pid, 'the command ran in its own process, not in the helper');
    } finally {
      await chmod(dir, 0o700);
    }
  });

  test('an idle helper ends and removes its socket', async () => {
    const idleHome = await mkdtemp(join(tmpdir(), 'platformctl-helper-idle-'));
    try {
      const e = { ...env, HOME: idleHome, PLATFORM_HELPER: '1s' };
      const r = await runBuilt(['version', '--client'], { env: e, cwd: idleHome });
      assert.equal(r.code, 0);
      const dir = join(idleHome, '.platform', 'helper');
      let sock = '';
      await until(async () => {
        sock = (await readdir(dir).catch(() => [])).find((n) => n.endsWith('.sock')) ?? '';
        return sock !== '';
      });
      const c = await talk(join(dir, sock), { argv: ['version', '--client'], env: e, cwd: idleHome });
      await c.closed;
      const pid = exitOf(c)?.pid ?? 0;
      pids.add(pid);
      await until(async () => !processAlive(pid) && !(await exists(join(dir, sock))), 10_000);
    } finally {
      await rm(idleHome, { recursive: true, force: true });
    }
  });
});

describe('resident helper: the client against a stand-in helper', { skip }, () => {
  let home: string;
  let socketPath: string;
  let fake: Server | undefined;
  let requests: HelperRequest[] = [];
  const env = (): Record<string, string> => ({ HOME: home, PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, PLATFORM_HELPER: '1', PLATFORMCONFIG: join(home, 'none') });

  /** Listens on the helper's socket and answers every request with `answer`. */
  async function stand(answer: (socket: Socket, request: HelperRequest) => void): Promise<void> {
    await new Promise<void>((resolve) => fake?.close(() => resolve()) ?? resolve());
    await rm(socketPath, { force: true });
    requests = [];
    fake = createServer((socket) => {
      const reader = new FrameReader();
      socket.on('error', () => undefined);
      socket.on('data', (d: Buffer) => {
        for (const f of reader.push(d)) {
          if (f.type !== Frame.request) continue;
          const request = JSON.parse(f.payload.toString('utf8')) as HelperRequest;
          requests.push(request);
          answer(socket, request);
        }
      });
    });
    await new Promise<void>((resolve) => fake?.listen(socketPath, resolve));
  }

  before(async () => {
    home = await mkdtemp(join(tmpdir(), 'platformctl-helper-client-'));
    // A real run names the socket (build, Node); its helper is stopped and a stand-in takes its place.
    const r = await runBuilt(['version', '--client'], { env: { ...env(), PLATFORM_HELPER: '1s' }, cwd: home });
    assert.equal(r.code, 0);
    const dir = join(home, '.platform', 'helper');
    await until(async () => (await readdir(dir).catch(() => [])).some((n) => n.endsWith('.sock')));
    socketPath = join(dir, (await readdir(dir)).find((n) => n.endsWith('.sock')) ?? '');
    await until(async () => !(await exists(socketPath)), 10_000);
    await mkdir(dir, { recursive: true, mode: 0o700 });
  });

  after(async () => {
    await new Promise<void>((resolve) => fake?.close(() => resolve()) ?? resolve());
    await rm(home, { recursive: true, force: true });
  });

  test('the command, environment and directory are handed over; output and exit code come back', async () => {
    await stand((socket, request) => {
      socket.write(encodeFrame(Frame.started));
      socket.write(encodeFrame(Frame.stdout, `out:${request.argv.join(' ')}\n`));
      socket.write(encodeFrame(Frame.stderr, 'err\n'));
      socket.end(encodeFrame(Frame.exit, JSON.stringify({ code: 7, pid: 1 })));
    });
    const r = await runBuilt(['-n', 'x', 'get', 'pods'], { env: env(), cwd: home });
    assert.deepEqual([r.code, r.stdout, r.stderr], [7, 'out:-n x get pods\n', 'err\n']);
    assert.equal(requests[0]?.cwd, home);
    assert.equal(requests[0]?.env.PLATFORMCONFIG, join(home, 'none'));
    assert.equal(requests[0]?.stdout.isTTY, false);
  });

  test('stdin is forwarded when the helper asks for it', async () => {
    await stand((socket) => {
      socket.write(encodeFrame(Frame.started));
      socket.write(encodeFrame(Frame.stdinWanted));
      const reader = new FrameReader();
      let got = '';
      socket.on('data', (d: Buffer) => {
        for (const f of reader.push(d)) {
          if (f.type === Frame.stdinData) got += f.payload.toString('utf8');
          if (f.type === Frame.stdinEnd) socket.end(Buffer.concat([encodeFrame(Frame.stdout, got.toUpperCase()), encodeFrame(Frame.exit, JSON.stringify({ code: 0, pid: 1 }))]));
        }
      });
    });
    const r = await runBuilt(['apply', '-f', '-'], { env: env(), cwd: home, stdin: 'piped text' });
    assert.deepEqual([r.code, r.stdout], [0, 'PIPED TEXT']);
  });

  test('declined, or gone before it started, the command runs in its own process', async () => {
    await stand((socket) => socket.end(encodeFrame(Frame.declined, 'busy')));
    let r = await runBuilt(['version', '--client'], { env: env(), cwd: home });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Client Version: /);
    await stand((socket) => socket.destroy());
    r = await runBuilt(['version', '--client'], { env: env(), cwd: home });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Client Version: /);
  });

  test('declined after it started but before printing, the command runs in its own process', async () => {
    await stand((socket) => {
      socket.write(encodeFrame(Frame.started));
      socket.end(encodeFrame(Frame.declined, 'terminal'));
    });
    const r = await runBuilt(['version', '--client'], { env: env(), cwd: home });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Client Version: /);
  });

  test('a helper that ends after starting the command is an error, not a second run', async () => {
    await stand((socket) => {
      socket.write(encodeFrame(Frame.started));
      socket.destroy();
    });
    const r = await runBuilt(['delete', 'cm', 'x'], { env: env(), cwd: home });
    assert.deepEqual([r.code, r.stderr], [1, 'error: the platformctl helper ended before the command finished\n']);
  });

  test('a command that names its own descriptors (process substitution, /dev/stdin) runs in its own process', async () => {
    await stand((socket) => socket.end(encodeFrame(Frame.declined, 'unexpected')));
    const config = 'apiVersion: v1\nkind: Config\ncurrent-context: from-the-pipe\n';
    // bash's process substitution and here-string, as a user's shell makes them (pipes and files).
    for (const script of ['"$0" "$1" config current-context --kubeconfig <(printf %s "$2")', '"$0" "$1" config current-context --kubeconfig /dev/stdin <<< "$2"', '"$0" "$1" config current-context --kubeconfig=/proc/self/fd/0 <<< "$2"']) {
      const r = spawnSync('bash', ['-c', script, process.execPath, BIN, config], { env: env(), cwd: home, encoding: 'utf8' });
      assert.deepEqual([r.status, r.stdout], [0, 'from-the-pipe\n'], `${script}: ${r.stderr}`);
    }
    assert.equal(requests.length, 0);
  });

  test('a command the helper does not run never reaches it', async () => {
    await stand((socket) => socket.end(encodeFrame(Frame.declined, 'unexpected')));
    const r = await runBuilt(['logs', '--help'], { env: env(), cwd: home });
    assert.equal(r.code, 0);
    assert.equal(requests.length, 0);
  });

  test('run as an executable, NODE_EXTRA_CA_CERTS reaches the helper as the user set it', async () => {
    await stand((socket, request) => {
      socket.write(encodeFrame(Frame.started));
      socket.end(Buffer.concat([encodeFrame(Frame.stdout, `${request.env.NODE_EXTRA_CA_CERTS}|${request.env.PLATFORM_NODE_EXTRA_CA_CERTS ?? 'unset'}\n`), encodeFrame(Frame.exit, JSON.stringify({ code: 0, pid: 1 }))]));
    });
    // Each value of the variable has its own helper: the stand-in moves to that socket's name.
    const r0 = await runBuilt(['version', '--client'], { env: { ...env(), NODE_EXTRA_CA_CERTS: '/some/ca.pem', PLATFORM_HELPER: '1s' }, cwd: home, asExecutable: true });
    assert.equal(r0.code, 0, r0.stderr);
    const dir = dirname(socketPath);
    let withCa = '';
    await until(async () => {
      withCa = (await readdir(dir)).find((n) => n.endsWith('.sock') && join(dir, n) !== socketPath) ?? '';
      return withCa !== '';
    });
    await until(async () => !(await exists(join(dir, withCa))), 10_000);
    const plain = socketPath;
    socketPath = join(dir, withCa);
    try {
      await stand((socket, request) => {
        socket.write(encodeFrame(Frame.started));
        socket.end(Buffer.concat([encodeFrame(Frame.stdout, `${request.env.NODE_EXTRA_CA_CERTS}|${request.env.PLATFORM_NODE_EXTRA_CA_CERTS ?? 'unset'}\n`), encodeFrame(Frame.exit, JSON.stringify({ code: 0, pid: 1 }))]));
      });
      const r = await runBuilt(['get', 'pods'], { env: { ...env(), NODE_EXTRA_CA_CERTS: '/some/ca.pem' }, cwd: home, asExecutable: true });
      assert.deepEqual([r.code, r.stdout], [0, '/some/ca.pem|unset\n']);
      // Declined, the command runs in a new Node, which reads the file itself.
      await stand((socket) => socket.end(encodeFrame(Frame.declined, 'busy')));
      const alone = await runBuilt(['version', '--client'], { env: { ...env(), NODE_EXTRA_CA_CERTS: '/some/ca.pem' }, cwd: home, asExecutable: true });
      assert.equal(alone.code, 0, alone.stderr);
      assert.match(alone.stdout, /^Client Version: /);
    } finally {
      socketPath = plain;
    }
  });
});
