/**
 * The resident helper: a process of this build that runs commands for other platformctl processes
 * of the same user, so that a command costs Node's start-up and a socket round trip instead of
 * loading the CLI, compiling Node's TLS code and shaking hands with the cluster every time. What a
 * command runs is exactly what it would run in its own process (`run(argv, io)`, with the
 * client's arguments, environment, working directory, terminal facts, stdin and signals), and its
 * connections to clusters stay open between commands, as within one process.
 *
 * It runs one command at a time: a second client gets `declined` and runs its command itself, so
 * nothing a command sets in the process (the working directory, `process.env`, the interrupt
 * summary) is ever shared by two at once. It ends after its idle time without a command, when its
 * socket is no longer its own (a newer helper took the name) or when it has grown past
 * {@link MAX_RSS_BYTES}; it never outlives its idle time, and a new build or Node line uses another
 * socket (location.ts).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { homedir } from 'node:os';
import { EventEmitter } from 'node:events';
import { renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { setLongTimeout, type LongTimeout } from '../../../machinery/long-timeout.js';
import { forgetSharedExecCredentialSources } from '../../../sdk/auth/exec/exec-credential-source.js';
import { ExecPluginError } from '../../../sdk/errors.js';
import { LineTrackingOutput, processInterrupts, setInterruptSummary, signalExitCode } from '../../interrupt.js';
import { run } from '../../run.js';
import { ensurePrivateDir } from './location.js';
import { HELPER_ENV } from './words.js';
import { encodeFrame, Frame, readFrames, type HelperExit, type HelperRequest } from './protocol.js';
import { remoteIO, type RemoteIO } from './remote-io.js';

/** A helper that has grown this large ends after its command, and the next one starts fresh. */
const MAX_RSS_BYTES = 512 * 1024 * 1024;
/** How often the helper checks that its socket is still its own. */
const SOCKET_CHECK_MS = 30_000;

/** Whether a helper answers on `path`. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(path);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch {
    return undefined;
  }
}

/** Reads the request frame's JSON, or undefined when it is not one. */
function parseRequest(payload: Buffer): HelperRequest | undefined {
  try {
    const r = JSON.parse(payload.toString('utf8')) as Partial<HelperRequest>;
    const stringRecord = (v: unknown): boolean => typeof v === 'object' && v !== null && Object.values(v).every((x) => typeof x === 'string');
    if (!Array.isArray(r.argv) || !r.argv.every((a) => typeof a === 'string') || !stringRecord(r.env) || typeof r.cwd !== 'string') return undefined;
    const facts = (v: unknown): boolean => typeof v === 'object' && v !== null && typeof (v as { isTTY?: unknown }).isTTY === 'boolean';
    if (!facts(r.stdout) || !facts(r.stderr) || typeof r.stdinIsTTY !== 'boolean') return undefined;
    return r as HelperRequest;
  } catch {
    return undefined;
  }
}

/** Makes `process.env` the client's environment, for whatever reads it rather than the command's IO. */
function useEnvironment(env: Record<string, string>): void {
  for (const key of Object.keys(process.env)) if (!Object.hasOwn(env, key)) delete process.env[key];
  Object.assign(process.env, env);
}

/**
 * Serves commands on `socketPath` until idle for `idleMs`; returns the helper's exit code. The
 * socket is bound under a temporary name and renamed into place, so a client never meets a
 * half-set-up helper; when another helper already answers there, this one ends at once.
 */
export async function serveHelper(socketPath: string, idleMs: number): Promise<number> {
  if (!ensurePrivateDir(dirname(socketPath)) || !(idleMs > 0)) return 1;
  if (await answers(socketPath)) return 0;
  const extraCa = process.env.NODE_EXTRA_CA_CERTS;
  const tmp = `${socketPath}.${process.pid}.tmp`;
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(tmp, () => resolve());
  });
  renameSync(tmp, socketPath);
  const ino = inodeOf(socketPath);
  process.chdir('/');

  let busy = false;
  let stopping = false;
  let idle: LongTimeout | undefined;
  let finish: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (finish = resolve));
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    idle?.clear();
    clearInterval(check);
    server.close();
    if (inodeOf(socketPath) === ino) rmSync(socketPath, { force: true });
    finish(0);
  };
  const armIdle = (): void => {
    idle?.clear();
    idle = setLongTimeout(stop, idleMs);
  };
  const check = setInterval(() => {
    if (!busy && inodeOf(socketPath) !== ino) stop();
  }, SOCKET_CHECK_MS);
  check.unref();
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);
  armIdle();

  server.on('connection', (socket: Socket) => {
    let remote: RemoteIO | undefined;
    const signals = new EventEmitter();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      // A client that went away (killed, or its reader of stdout gone) ends its command as a
      // SIGTERM would; nothing is written to it any more.
      if (remote !== undefined) signals.emit('SIGTERM', 'SIGTERM');
    });
    readFrames(socket, (type, payload) => {
      if (type === Frame.request && remote === undefined) {
        const request = parseRequest(payload);
        const refusal = request === undefined ? 'bad request' : busy || stopping ? 'busy' : request.env.NODE_EXTRA_CA_CERTS !== extraCa ? 'other NODE_EXTRA_CA_CERTS' : undefined;
        if (request === undefined || refusal !== undefined) {
          socket.end(encodeFrame(Frame.declined, refusal ?? 'bad request'));
          return;
        }
        try {
          process.chdir(request.cwd);
        } catch {
          socket.end(encodeFrame(Frame.declined, 'working directory'));
          return;
        }
        busy = true;
        idle?.clear();
        remote = runOne(socket, request, signals, () => {
          busy = false;
          process.chdir('/');
          if (process.memoryUsage().rss > MAX_RSS_BYTES) stop();
          else armIdle();
        });
      } else if (type === Frame.stdinData) remote?.stdinData(payload);
      else if (type === Frame.stdinEnd) remote?.stdinEnd();
      else if (type === Frame.signal) {
        const name = payload.toString('utf8');
        if (name === 'SIGINT' || name === 'SIGTERM') signals.emit(name, name);
      }
    });
  });
  return finished;
}

/** Runs one client's command; `done` is called once the command has returned. */
function runOne(socket: Socket, request: HelperRequest, signals: EventEmitter, done: () => void): RemoteIO {
  useEnvironment(request.env);
  setInterruptSummary(undefined);
  forgetSharedExecCredentialSources();
  let exited = false;
  // An exec credential plugin that would prompt needs the user's terminal, which this process has
  // not: before anything was printed (credentials come before the first request), the command is
  // handed back to the client to run itself; after, it fails saying so.
  let handBack = false;
  const sendExit = (code: number): void => {
    if (exited) return;
    exited = true;
    const exit: HelperExit = { code, pid: process.pid };
    if (socket.destroyed) return;
    socket.end(handBack ? encodeFrame(Frame.declined, 'terminal') : encodeFrame(Frame.exit, JSON.stringify(exit)));
  };
  const beforeInteractivePlugin = (): void => {
    if (!remote.anythingSent()) {
      handBack = true;
      remote.mute();
      throw new ExecPluginError('the exec plugin needs the terminal: the command runs in its own process');
    }
    throw new ExecPluginError(`the exec plugin needs the terminal, which the platformctl helper does not have: run the command with ${HELPER_ENV}=0`);
  };
  // A command that never asked for the abort signal keeps Node's default in its own process: a
  // signal ends it at once.
  let asked = false;
  const remote = remoteIO(socket, request, () => {
    asked = true;
    return interrupts.signal();
  }, homedir(), beforeInteractivePlugin);
  const stdout = new LineTrackingOutput(remote.io.stdout);
  const stderr = new LineTrackingOutput(remote.io.stderr);
  remote.io.stdout = stdout;
  remote.io.stderr = stderr;
  const endLine = (): void => {
    if (stdout.isTTY) stdout.endLine();
    else if (stderr.isTTY) stderr.endLine();
  };
  // The command's interrupts behave as in its own process: the first signal aborts it, and
  // after the grace period the client is told the exit code (with the summary line) even while
  // the command is still winding down here.
  const interrupts = processInterrupts({
    exit: sendExit,
    endLine,
    report: (line) => {
      endLine();
      stderr.write(`${line}\n`);
    },
    signals,
  });
  const onSignal = (name: NodeJS.Signals): void => {
    if (!asked) sendExit(signalExitCode(name));
  };
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
  socket.write(encodeFrame(Frame.started));
  void run(request.argv, remote.io)
    .then((code) => {
      const exitCode = interrupts.exitCode(code);
      if (exitCode !== code) endLine();
      sendExit(exitCode);
    })
    .catch(() => sendExit(1))
    .finally(done);
  return remote;
}
