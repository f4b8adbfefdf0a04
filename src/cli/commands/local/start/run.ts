/**
 * `platformctl local start`: reports a running server, or starts one in the foreground (this
 * process, until SIGINT/SIGTERM) or in the background (a detached child running the foreground
 * mode, waited for until it answers `/readyz`).
 */
import { spawn } from 'node:child_process';
import { mkdir, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { holdInterrupts } from '../../../interrupt.js';
import { FILES, alive, clearPid, credentials, dataDirOf, lastURL, localCommandLine, runningServer } from '../shared/data-dir.js';
import { isReady } from '../shared/ready.js';
import { SWITCHED_TO_LOCAL, localContextIsCurrent, writeLocalContext } from '../shared/write-config.js';
import { authenticationFromFlags, authnChildArgs } from './flags-authn.js';
import { authorizationOptionsFromFlags, authzArgs } from './flags-authz.js';
import { admissionArgs, admissionOptionsFromFlags } from './flags-admission.js';
import { certificatesArgs, certificatesOptionsFromFlags } from './flags-certificates.js';
import { nodeArgs, nodeOptionsFromFlags } from './flags-node.js';
import { storageArgs, storageQuotaFromFlags } from './flags-storage.js';

const START_TIMEOUT_MS = 60_000;
/** The server's V8 semi-space size in MiB (see runDetached). */
const SERVER_SEMI_SPACE_MB = 16;

function portOf(flags: Flags): number {
  const port = flags.int('port') ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`invalid port ${port}: must be between 0 and 65535`, false);
  return port;
}

async function preferredPort(dataDir: string, flags: Flags): Promise<number> {
  const port = portOf(flags);
  if (port !== 0) return port;
  const url = await lastURL(dataDir);
  if (url === undefined) return 0;
  try {
    return Number(new URL(url).port) || 0;
  } catch {
    return 0;
  }
}

/** Reports the running server (and points the config at it). */
async function reportRunning(ctx: CommandContext, dataDir: string, pid: number, url: string): Promise<void> {
  const switched = await writeLocalContext(ctx, url, dataDir);
  ctx.io.stdout.write(`Local server is already running at ${url} (pid ${pid}, data dir ${dataDir})\n`);
  if (switched) ctx.io.stdout.write(SWITCHED_TO_LOCAL);
}

async function runForeground(ctx: CommandContext, dataDir: string, flags: Flags): Promise<number> {
  // Reading the signal installs the SIGINT/SIGTERM handlers before anything can need them; the
  // server then stops on its own (flushing the store), so the interrupt must not force the exit.
  const signal = ctx.io.signal;
  holdInterrupts();
  const { startServer } = await import('../../../../server/index.js');
  const preferred = await preferredPort(dataDir, flags);
  const logger = (line: string): void => ctx.io.stderr.write(`${line}\n`);
  const authentication = await authenticationFromFlags(flags, dataDir, ctx.io.cwd, logger);
  const authorization = await authorizationOptionsFromFlags(flags, ctx.io.cwd);
  const admission = await admissionOptionsFromFlags(flags, ctx.io.cwd, logger);
  const certificates = certificatesOptionsFromFlags(flags);
  const node = nodeOptionsFromFlags(flags, authentication);
  const quota = storageQuotaFromFlags(flags);
  const storage = quota === undefined ? {} : { storageQuotaBytes: quota };
  if (node.registerNode === false) logger('node agent: none (--node-runtime=none): no node is registered; pods are scheduled onto the nodes you register and nothing runs them');
  else if (node.runtime === 'none') logger(`node agent: pods will not run: ${node.disabledReason ?? 'the process runtime is off'}`);
  let server;
  try {
    try {
      server = await startServer({ dataDir, port: preferred, logger, authentication, authorization, admission, certificates, node, workloads: true, ...storage });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || portOf(flags) !== 0 || preferred === 0) throw e;
      server = await startServer({ dataDir, port: 0, logger, authentication, authorization, admission, certificates, node, workloads: true, ...storage });
    }
  } catch (e) {
    // The store's error classes live in the server's bundle: tell them by name.
    if (e instanceof Error && e.name === 'StoreCorruptionError') {
      throw new Error(`${e.message}; "${localCommandLine(ctx, dataDir, 'repair')}" shows what repairing it drops (nothing changes without --yes)`);
    }
    throw e;
  }
  await writeFile(join(dataDir, FILES.url), `${server.url}\n`, { mode: 0o600 });
  await writeFile(join(dataDir, FILES.pid), `${process.pid}\n`, { mode: 0o600 });
  const switched = await writeLocalContext(ctx, server.url, dataDir);
  ctx.io.stdout.write(`Local server running at ${server.url}\n`);
  if (switched) ctx.io.stdout.write(SWITCHED_TO_LOCAL);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  // SIGTERM or SIGINT: stop serving, flush and fsync the store, then leave.
  await server.stop();
  await clearPid(dataDir);
  return 0;
}

/** How much of this attempt's log an error quotes from, at most (the log is the server's, and grows). */
const LOG_TAIL_BYTES = 64 * 1024;

/** What the log got from `offset` on (its last 64 KiB): this attempt's, never an earlier run's. */
async function logSince(path: string, offset: number): Promise<string> {
  let fh;
  try {
    fh = await open(path, 'r');
    const size = (await fh.stat()).size;
    const from = Math.max(offset, size - LOG_TAIL_BYTES);
    const buf = Buffer.alloc(Math.max(0, size - from));
    await fh.read(buf, 0, buf.length, from);
    return buf.toString('utf8').trimEnd();
  } catch {
    return '';
  } finally {
    await fh?.close();
  }
}

/**
 * Why the server process exited during start-up: its own error line when it printed one (a
 * one-line error stays one line, such as a damaged store naming its file and offset), else the
 * last lines of its log.
 */
function startFailure(log: string): Error {
  const lines = log === '' ? [] : log.split('\n');
  const last = lines[lines.length - 1];
  if (last?.startsWith('error: ') === true) return new Error(`the local server exited during start-up: ${last.slice('error: '.length)}`);
  const tail = lines.slice(-5).join('\n');
  return new Error(`the local server exited during start-up${tail === '' ? '' : `:\n${tail}`}`);
}

async function runDetached(ctx: CommandContext, dataDir: string, flags: Flags): Promise<number> {
  const entry = process.argv[1];
  if (entry === undefined) throw new Error('cannot find the platformctl entry point to start the server');
  // The child makes the local context current; whether that is a switch is known only before.
  const wasCurrent = await localContextIsCurrent(ctx);
  const logPath = join(dataDir, FILES.log);
  const log = await open(logPath, 'a', 0o600);
  const logStart = (await log.stat()).size;
  // The young generation as Node 20 sizes it (16 MiB semi-spaces), on every Node line: Node 24
  // doubles it, and a server that streams container output makes garbage fast enough to fill it,
  // which showed as 50-70 MB more resident memory under a container printing without pause.
  const v8Flags = process.execArgv.some((a) => a.startsWith('--max-semi-space-size')) ? [] : [`--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`];
  const args = [...v8Flags, ...process.execArgv, entry, 'local', 'start', '--foreground', '--data-dir', dataDir];
  if (flags.changed('port')) args.push('--port', String(portOf(flags)));
  if (ctx.globals.kubeconfig !== undefined) args.push('--kubeconfig', ctx.globals.kubeconfig);
  args.push(...authnChildArgs(flags));
  args.push(...authzArgs(flags, ctx.io.cwd));
  args.push(...certificatesArgs(flags));
  args.push(...nodeArgs(flags));
  args.push(...storageArgs(flags));
  args.push(...(await admissionArgs(flags, ctx.io.cwd, (line) => ctx.io.stderr.write(`${line}\n`))));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.io.env)) if (v !== undefined) env[k] = v;
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', log.fd, log.fd], env, cwd: ctx.io.cwd });
  child.unref();
  await log.close();
  const pid = child.pid;
  if (pid === undefined) throw new Error('the local server process could not be started');
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited || !alive(pid)) throw startFailure(await logSince(logPath, logStart));
    const running = await runningServer(dataDir);
    const creds = await credentials(dataDir);
    if (running !== undefined && running.pid === pid && creds !== undefined && await isReady(running.url, creds.caPem, creds.token)) {
      ctx.io.stdout.write(`Local server running at ${running.url}\n`);
      if (!wasCurrent) ctx.io.stdout.write(SWITCHED_TO_LOCAL);
      return 0;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the local server did not become ready within ${START_TIMEOUT_MS / 1000}s (see ${logPath})`);
}

/** `platformctl local start`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length > 0) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
  const dataDir = dataDirOf(ctx, flags);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const running = await runningServer(dataDir);
  if (running !== undefined) {
    await reportRunning(ctx, dataDir, running.pid, running.url);
    return 0;
  }
  return flags.bool('foreground') ? runForeground(ctx, dataDir, flags) : runDetached(ctx, dataDir, flags);
}
