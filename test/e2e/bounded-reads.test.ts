/**
 * What the built binary reads whole is bounded: a manifest, a config file, a CA, token or key
 * file that never ends (a FIFO the test feeds past the limit and then holds open, as a file fed
 * forever would be), an exec plugin that prints without end, a gzip bomb from the server. Each
 * ends with one line naming what was read and the limit, exit 1, at once; before, each read until
 * memory ran out (or, here, until the feed stopped, and then waited forever). `get --raw` of a
 * body that never ends prints it as it arrives, as kubectl does.
 *
 * The feeds are bounded (the limit and a little more), so that a build without the bounds waits
 * rather than taking the machine's memory, and fails by its deadline.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { constants, createWriteStream, type WriteStream } from 'node:fs';
import { chmod, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { BUILT_SKIP, runBuilt } from '../support/built-cli.js';

const MiB = 1024 * 1024;

function mkfifoWorks(): boolean {
  if (process.platform === 'win32') return false;
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const skip = BUILT_SKIP || (mkfifoWorks() ? false : 'needs mkfifo');

/**
 * A FIFO at `path` fed as `while :; do head -c BYTES /dev/zero >FIFO; done` would feed it: every
 * reader that opens it gets `bytes` bytes and then no end (the writer holds it open); a reader
 * that only opens and closes it (a check that the file exists) is followed by the next writer.
 */
function fedFifo(path: string, bytes: number): { close(): Promise<void> } {
  execFileSync('mkfifo', [path]);
  const chunk = Buffer.alloc(MiB, 'a');
  let closed = false;
  let writer: WriteStream | undefined;
  const next = (): void => {
    if (closed) return;
    const w = createWriteStream(path);
    writer = w;
    let sent = 0;
    const feed = (): void => {
      while (sent < bytes && !w.destroyed) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        if (!w.write(chunk.subarray(0, n))) {
          w.once('drain', feed);
          return;
        }
      }
    };
    w.once('open', feed);
    // The reader went away (EPIPE): the next one gets a writer of its own.
    w.once('error', () => {
      w.destroy();
      setImmediate(next);
    });
  };
  next();
  return {
    async close() {
      closed = true;
      const w = writer;
      if (w === undefined) return;
      // A writer still waiting for a reader is released by opening the FIFO ourselves.
      const reader = w.pending ? await open(path, constants.O_RDONLY | constants.O_NONBLOCK) : undefined;
      w.destroy();
      await reader?.close();
    },
  };
}

/** Standard input that yields `bytes` bytes and then neither more nor an end. */
function endlessStdin(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return;
      const n = Math.min(MiB, bytes - sent);
      sent += n;
      this.push(Buffer.alloc(n, 'a'));
    },
  });
}

async function workspace(): Promise<{ dir: string; env: NodeJS.ProcessEnv; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-bounded-'));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir, NO_COLOR: '1', PLATFORMCONFIG: join(dir, 'config') };
  return { dir, env, close: () => rm(dir, { recursive: true, force: true }) };
}

/** A config whose one user and cluster hold `cluster` and `user` (YAML flow mappings' insides). */
function config(cluster: string, user: string): string {
  return [
    'apiVersion: v1', 'kind: Config',
    `clusters: [{name: c, cluster: {${cluster}}}]`,
    `users: [{name: u, user: {${user}}}]`,
    'contexts: [{name: c, context: {cluster: c, user: u}}]',
    'current-context: c', '',
  ].join('\n');
}

const DEADLINE_MS = 30_000;

test('apply -f of an endless file or stdin stops at 256 MiB with one line', { skip }, async () => {
  const ws = await workspace();
  const fifo = fedFifo(join(ws.dir, 'manifest.yaml'), 256 * MiB + 2 * MiB);
  try {
    const r = await runBuilt(['apply', '-f', 'manifest.yaml', '--dry-run=client'], { env: ws.env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.deepEqual({ code: r.code, killed: r.killed, stderr: r.stderr }, { code: 1, killed: false, stderr: 'error: unable to read "manifest.yaml": more than 256 MiB (the limit for a manifest)\n' });
    const stdin = endlessStdin(256 * MiB + 2 * MiB);
    const s = await runBuilt(['apply', '-f', '-', '--dry-run=client'], { env: ws.env, cwd: ws.dir, stdin, timeoutMs: DEADLINE_MS });
    stdin.destroy();
    assert.deepEqual({ code: s.code, killed: s.killed, stderr: s.stderr }, { code: 1, killed: false, stderr: 'error: unable to read "STDIN": more than 256 MiB (the limit for a manifest)\n' });
  } finally {
    await fifo.close();
    await ws.close();
  }
});

test('an endless config, CA, token or key file stops at its limit with one line naming it', { skip }, async () => {
  const ws = await workspace();
  try {
    const credential = '(the limit for a certificate, key or token file)';
    /** `get ns` with a FIFO fed `bytes` bytes at `name`, the config written by `configText(fifo)`; its outcome. */
    const attempt = async (name: string, bytes: number, configText?: (fifo: string) => string) => {
      const path = join(ws.dir, name);
      // Each feed waits for its readers in a thread of libuv's pool: closed after each case, so
      // that the pool never runs out.
      const feed = fedFifo(path, bytes);
      try {
        let env = { ...ws.env, PLATFORMCONFIG: path };
        if (configText !== undefined) {
          await writeFile(join(ws.dir, `${name}-config`), configText(path));
          env = { ...ws.env, PLATFORMCONFIG: join(ws.dir, `${name}-config`) };
        }
        const r = await runBuilt(['get', 'ns'], { env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
        return { path, outcome: { code: r.code, killed: r.killed, stderr: r.stderr } };
      } finally {
        await feed.close();
      }
    };
    /** `get ns` with the config written by `configText(file)` naming an endless `file`; its outcome. */
    const endless = async (file: string, configText: (f: string) => string) => {
      const path = join(ws.dir, 'endless-file-config');
      await writeFile(path, configText(file));
      const r = await runBuilt(['get', 'ns'], { env: { ...ws.env, PLATFORMCONFIG: path }, cwd: ws.dir, timeoutMs: DEADLINE_MS });
      return { code: r.code, killed: r.killed, stderr: r.stderr };
    };

    const cfg = await attempt('endless-config', 16 * MiB + 2 * MiB);
    assert.deepEqual(cfg.outcome, {
      code: 1, killed: false, stderr: `error: error loading config file "${cfg.path}": read ${cfg.path}: more than 16 MiB (the limit for a config file)\n`,
    });

    // The CA and the client key are first opened and closed by the config's validation (as
    // client-go checks them), which would pair with a FIFO's writer and cut its stream short; every
    // open of /dev/zero is an endless stream of its own.
    const ca = await endless('/dev/zero', (f) => config(`server: "https://127.0.0.1:1", certificate-authority: ${f}`, 'token: t'));
    assert.deepEqual(ca, { code: 1, killed: false, stderr: 'error: unable to read certificate-authority /dev/zero: read /dev/zero: more than 4 MiB ' + credential + '\n' });

    const token = await attempt('token', 4 * MiB + 2 * MiB, (f) => config('server: "https://127.0.0.1:1", insecure-skip-tls-verify: true', `tokenFile: ${f}`));
    assert.deepEqual(token.outcome, { code: 1, killed: false, stderr: `error: read ${token.path}: more than 4 MiB ${credential}\n` });

    await writeFile(join(ws.dir, 'client.crt'), 'not read this far\n');
    const key = await endless('/dev/zero', (f) => config(
      'server: "https://127.0.0.1:1", insecure-skip-tls-verify: true', `client-certificate: ${join(ws.dir, 'client.crt')}, client-key: ${f}`,
    ));
    assert.deepEqual(key, { code: 1, killed: false, stderr: 'error: unable to read client-key /dev/zero: read /dev/zero: more than 4 MiB ' + credential + '\n' });
  } finally {
    await ws.close();
  }
});

test('an exec plugin that prints past 4 MiB is killed with one line, without waiting for it', { skip }, async () => {
  const ws = await workspace();
  try {
    // Prints 5 MiB, then would keep its stdout open for a minute.
    const plugin = join(ws.dir, 'plugin');
    await writeFile(plugin, '#!/bin/sh\nhead -c 5242880 /dev/zero\nsleep 60\n');
    await chmod(plugin, 0o755);
    await writeFile(join(ws.dir, 'config'), config(
      'server: "https://127.0.0.1:1", insecure-skip-tls-verify: true',
      `exec: {apiVersion: client.authentication.platform.io/v1, command: ${plugin}, interactiveMode: Never}`,
    ));
    const r = await runBuilt(['get', 'ns'], { env: ws.env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.deepEqual({ code: r.code, killed: r.killed, stderr: r.stderr }, {
      code: 1, killed: false,
      stderr: `error: getting credentials: exec: executable ${plugin} printed more than 4 MiB (the limit for exec plugin output) and was killed\n`,
    });
    assert.ok(r.ms < 20_000, `${r.ms} ms`);
  } finally {
    await ws.close();
  }
});

/** An HTTP server answering every request with `answer`; its open responses are ended by close(). */
async function hostileServer(answer: (res: ServerResponse) => void): Promise<{ url: string; close(): Promise<void> }> {
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    req.resume();
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      for (const res of open) res.destroy();
      server.close(() => resolve());
    }),
  };
}

test('get --raw of a body that never ends prints it as it arrives', { skip }, async () => {
  const TOTAL = 32 * MiB;
  // 32 MiB, then the response stays open: only a client that streams has printed it all.
  const server = await hostileServer((res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const chunk = Buffer.alloc(MiB, 'r');
    let sent = 0;
    const feed = (): void => {
      while (sent < TOTAL) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', feed);
          return;
        }
      }
    };
    feed();
  });
  const ws = await workspace();
  try {
    let printed = 0;
    const r = await runBuilt(['get', '--raw', '/endless', '-s', server.url], {
      env: ws.env, cwd: ws.dir, timeoutMs: DEADLINE_MS,
      onStdout: (chunk, child) => {
        printed += chunk.length;
        if (printed >= TOTAL) child.kill('SIGTERM');
      },
    });
    assert.equal(r.killed, false, `printed ${r.stdoutBytes} of ${TOTAL} bytes before the deadline (stderr: ${r.stderr})`);
    assert.equal(r.stdoutBytes, TOTAL);
    assert.ok(r.stdout.startsWith('rrrr'));
  } finally {
    await server.close();
    await ws.close();
  }
});

test('a gzip bomb is refused past 256 MiB decompressed, with one line', { skip }, async () => {
  // 300 members of 1 MiB of zeros each: 300 MiB decompressed from about 300 kB.
  const member = gzipSync(Buffer.alloc(MiB));
  const bomb = Buffer.concat(Array.from({ length: 300 }, () => member));
  const server = await hostileServer((res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
    res.end(bomb);
  });
  const ws = await workspace();
  try {
    const r = await runBuilt(['version', '-o', 'json', '-s', server.url], { env: ws.env, cwd: ws.dir, timeoutMs: DEADLINE_MS });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr, `error: Get "${server.url}/version": the response body is more than 256 MiB (the limit for a response read into memory)\n`);
  } finally {
    await server.close();
    await ws.close();
  }
});
