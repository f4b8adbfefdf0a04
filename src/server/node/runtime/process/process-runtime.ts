/**
 * The process runtime: each container is a child process of the server, started with the
 * container's command, arguments, environment and working directory, as the user who started the
 * server. Images are not pulled and not used. Each container runs in a process group of its own, so
 * that stopping it (SIGTERM, then SIGKILL after the grace period) reaches every process it started,
 * and the groups are recorded on disk so that a later start can stop what a killed server left.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { constants as fsConstants } from 'node:fs';
import { accessSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { constants as osConstants } from 'node:os';
import { delimiter, resolve as resolvePath } from 'node:path';
import type {
  AttachStreams, ContainerConfig, ContainerInfo, ContainerRuntime, ContainerUsage, ExecProcess, ExecResult, Sandbox, SandboxConfig, WildcardListener,
} from '../runtime.js';
import { CreateContainerError } from '../runtime.js';
import { loopbackRangeUsable, PodAddressAllocator, SHARED_ADDRESS } from './addresses.js';
import { containerInitPython, INIT_KILL_SIGNAL, initReport, underInit } from './container-init.js';
import { OutputPump } from './output-pump.js';
import { PidRegistry } from './pid-registry.js';
import { groupWildcardListeners } from './listeners.js';
import { groupUsage, HAS_PROC, processTable } from './proc.js';
import { preparePty, ptyAvailable, type PtyControl } from '../../../streams/pty-helper.js';
import { EarlyOutput } from './early-output.js';
import { holdOutput } from './held-output.js';
import { type LongTimeout, setLongTimeout } from '../../../../machinery/long-timeout.js';
import { exitStatus } from '../../../../machinery/exit-status.js';

/** How soon after its start a first attach counts as the one that started the container. */
const EARLY_ATTACH_WINDOW_MS = 3000;

/** Options of the process runtime. */
export interface ProcessRuntimeOptions {
  /** Directory of the runtime's own state (the process-group records). */
  stateDir: string;
  /** Working directory of containers that name none. */
  defaultWorkingDir: string;
  now: () => number;
  log: (line: string) => void;
  /** Share 127.0.0.1 between pods even where the OS routes all of 127.0.0.0/8 (tests of the shared mode). */
  sharedAddress?: boolean;
}

/** Output kept from an exec probe or hook (the kubelet keeps 10 KiB). */
const MAX_EXEC_OUTPUT = 10 * 1024;

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group is gone.
  }
}

/** The message a container runtime gives for a process it could not start. */
function startErrorMessage(argv0: string, e: NodeJS.ErrnoException): string {
  if (e.code === 'ENOENT') {
    return argv0.includes('/') ? `exec: "${argv0}": stat ${argv0}: no such file or directory` : `exec: "${argv0}": executable file not found in $PATH`;
  }
  if (e.code === 'EACCES') return `exec: "${argv0}": permission denied`;
  return `exec: "${argv0}": ${e.message}`;
}

/** libuv's search path when the environment has no PATH. */
const DEFAULT_PATH = '/usr/bin:/bin';

/**
 * The error spawning `argv0` would report (ENOENT, EACCES), found before spawning: a command run
 * by the container init or the pty helper is exec'd by them, and a failed exec would only show as
 * exit code 127, where a container runtime reports StartError. Searches the container's PATH as
 * libuv does. Synchronous (a few stat calls), so that exec can hand out its streams at once.
 */
function executableError(argv0: string, env: readonly [string, string][], cwd: string): NodeJS.ErrnoException | undefined {
  if (argv0 === '') return errnoError('ENOENT');
  const pathValue = env.find(([k]) => k === 'PATH')?.[1] ?? DEFAULT_PATH;
  // An empty PATH entry is the working directory, as resolve() makes it.
  const candidates = argv0.includes('/') ? [resolvePath(cwd, argv0)] : pathValue.split(delimiter).map((dir) => resolvePath(cwd, dir, argv0));
  let denied = false;
  for (const candidate of candidates) {
    try {
      if (!statSync(candidate).isFile()) continue;
    } catch {
      continue;
    }
    try {
      accessSync(candidate, fsConstants.X_OK);
      return undefined;
    } catch {
      denied = true;
    }
  }
  return errnoError(denied ? 'EACCES' : 'ENOENT');
}

/** The name of an errno number (`ENOENT` for 2), as Node's errors carry it. */
function errnoName(errno: number): string {
  const entry = Object.entries(osConstants.errno).find(([, n]) => n === errno);
  return entry?.[0] ?? 'ENOENT';
}

/** An error with a system error code, as spawn reports one. */
function errnoError(code: string, message = code): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** Receives a container's output; returns a promise when it is behind (the output waits for it). */
type OutputListener = (stream: 'stdout' | 'stderr', chunk: Buffer) => Promise<void> | undefined;

/** One container instance. */
class ProcessContainer {
  /** Attached clients. */
  readonly listeners = new Set<OutputListener>();
  readonly exited: Promise<void>;
  private markExited: () => void = () => undefined;
  recorded: Promise<void> = Promise.resolve();
  /** The terminal of a `tty: true` container. */
  pty: PtyControl | undefined;
  /** Output printed before the first attach (see early-output.ts). */
  early = new EarlyOutput(false);
  /** The container asked for standard input (`run -i`, `debug -i`): its first attach gets the early output. */
  replaysEarly = false;
  /** Until then (a monotonic time in ms), a first attach is the session that started the container: it gets the early output. */
  earlyAttachUntil = 0;
  /** The main process has exited (its exit is reported once the log holds all of its output). */
  processExited = false;

  constructor(public info: ContainerInfo, readonly child: ChildProcess | undefined, readonly env: [string, string][], readonly cwd: string, readonly sandbox: Sandbox, readonly ports: ContainerConfig['ports'], readonly underInit = false) {
    this.exited = new Promise((r) => {
      this.markExited = r;
    });
    if (info.state === 'exited') this.markExited();
  }

  finish(update: Partial<ContainerInfo>): void {
    this.info = { ...this.info, ...update, state: 'exited' };
    this.markExited();
  }
}

/** How long an init may take to end its tree before its process group is killed outright. */
const INIT_KILL_GRACE_MS = 2000;
/** How long an ended container's exit may wait for its log to close before it is reported anyway. */
const MAX_EXIT_REPORT_WAIT_MS = 10_000;
/** Rounds of "wait for starts under way, stop what runs" a shutdown makes before it gives up waiting. */
const MAX_SHUTDOWN_ROUNDS = 3;

/** Resolves after `ms` without keeping the process alive. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
}

/** Seconds an ended container's output pipes may stay held by a slow reader before they are cut. */
const MAX_DRAIN_WAITS = 30;

/**
 * Kills what a process started: through its init (which also finds what left the process group),
 * with a group SIGKILL after {@link INIT_KILL_GRACE_MS} in case the init itself is stuck or gone.
 */
function killTree(pid: number, viaInit: boolean): void {
  if (!viaInit) {
    killGroup(pid, 'SIGKILL');
    return;
  }
  try {
    process.kill(pid, INIT_KILL_SIGNAL);
  } catch {
    killGroup(pid, 'SIGKILL');
    return;
  }
  setTimeout(() => killGroup(pid, 'SIGKILL'), INIT_KILL_GRACE_MS).unref();
}

/** Resolves once the child started or failed to. */
function started(child: ChildProcess): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', (e: NodeJS.ErrnoException) => resolve(e));
  });
}

/** True when nothing listens on 127.0.0.1:port. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, SHARED_ADDRESS, () => s.close(() => resolve(true)));
  });
}

/** Creates the process runtime. */
export async function createProcessRuntime(options: ProcessRuntimeOptions): Promise<ContainerRuntime> {
  const shared = options.sharedAddress === true || !(await loopbackRangeUsable());
  if (shared) options.log('node agent: this system answers only on 127.0.0.1; pods share that address, and two pods declaring the same port clash');
  const initPython = containerInitPython();
  if (initPython === null) options.log('node agent: no python3 with ctypes on this Linux machine (or not Linux): containers run as process groups, and a process that leaves its group (setsid, a daemon) can outlive its container');
  /** The command line that runs `argv` (under the init where there is one). */
  const commandLine = (argv: readonly string[]): string[] => (initPython === null ? [...argv] : underInit(initPython, argv));
  const addresses = new PodAddressAllocator(shared);
  const registry = new PidRegistry(options.stateDir, options.log);
  const sandboxes = new Map<string, Sandbox>();
  const containers = new Map<string, ProcessContainer>();
  const byPod = new Map<string, ProcessContainer[]>();
  const exits = new EventEmitter();
  exits.setMaxListeners(0);

  /**
   * Starts a process in a container's environment (exec probes, hooks, exec), in a group of its
   * own that is recorded like a container's, so that a killed server leaves no hanging probe behind.
   */
  function spawnIn(c: ProcessContainer, argv: string[], stdin: boolean): ChildProcess {
    const [cmd = '', ...args] = commandLine(argv);
    const child = spawn(cmd, args, {
      cwd: c.cwd, env: Object.fromEntries(c.env), detached: true, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const pid = child.pid;
    if (pid !== undefined) {
      const recorded = registry.add(pid, c.info.podUid, `${c.info.name} (exec)`).catch(() => undefined);
      child.once('exit', () => {
        killGroup(pid, 'SIGKILL');
        void recorded.then(() => registry.remove(pid)).catch(() => undefined);
      });
    }
    return child;
  }

  /**
   * Why a command cannot run in a container, with the exit code a shell gives it (checked before
   * spawning where the init execs it, whose failed exec would show only as exit code 127).
   */
  function commandError(c: ProcessContainer, argv: readonly string[]): { message: string; exitCode: number } | undefined {
    if (initPython === null) return undefined;
    const argv0 = argv[0] ?? '';
    const e = executableError(argv0, c.env, c.cwd);
    return e === undefined ? undefined : { message: startErrorMessage(argv0, e), exitCode: e.code === 'ENOENT' ? 127 : 126 };
  }

  function running(id: string): ProcessContainer | undefined {
    const c = containers.get(id);
    return c !== undefined && c.info.state === 'running' ? c : undefined;
  }

  function remember(c: ProcessContainer): void {
    containers.set(c.info.id, c);
    const list = byPod.get(c.info.podUid) ?? [];
    list.push(c);
    byPod.set(c.info.podUid, list);
  }

  async function checkSharedPorts(config: ContainerConfig): Promise<void> {
    if (!shared) return;
    for (const p of config.ports) {
      if (p.protocol !== 'TCP') continue;
      const other = [...containers.values()].find((c) => c.info.state === 'running' && c.info.podUid !== config.podUid && c.ports.some((q) => q.containerPort === p.containerPort && q.protocol === 'TCP'));
      const free = other === undefined && await portFree(p.containerPort);
      if (!free) {
        throw new CreateContainerError(`port ${p.containerPort}/TCP is already in use on ${SHARED_ADDRESS}: this system answers only on ${SHARED_ADDRESS}, so every pod shares that address and two pods cannot listen on the same port`);
      }
    }
  }

  /** Starts under way: a shutdown waits for them, so that none escapes its stop. */
  const starting = new Set<Promise<ContainerInfo>>();
  /**
   * Set when a shutdown begins. A pod sync that was between its awaits (opening the log, reading
   * secrets) when the agent stopped may still ask for a start afterwards: it is refused, or its
   * process would outlive the server.
   */
  let closing = false;

  function startContainer(sandbox: Sandbox, config: ContainerConfig): Promise<ContainerInfo> {
    if (closing) return Promise.reject(new CreateContainerError('the node agent is shutting down: no container starts'));
    const start = startContainerNow(sandbox, config);
    starting.add(start);
    const done = (): void => {
      starting.delete(start);
    };
    start.then(done, done);
    return start;
  }

  async function startContainerNow(sandbox: Sandbox, config: ContainerConfig): Promise<ContainerInfo> {
    await checkSharedPorts(config);
    const cwd = config.workingDir ?? options.defaultWorkingDir;
    const base = { podUid: config.podUid, name: config.name, attempt: config.attempt, image: config.image };
    const argv0 = config.argv[0] ?? '';
    const fail = async (message: string): Promise<ContainerInfo> => {
      const now = options.now();
      const info: ContainerInfo = {
        ...base, id: `process://failed-${config.podUid}-${config.name}-${config.attempt}`, state: 'exited', createdAt: now, startedAt: now, finishedAt: now,
        exitCode: 128, reason: 'StartError', message,
      };
      config.log.write('stderr', `${message}\n`);
      await config.log.close();
      remember(new ProcessContainer(info, undefined, config.env, cwd, sandbox, config.ports));
      return info;
    };
    try {
      if (!(await stat(cwd)).isDirectory()) return await fail(`chdir to cwd ("${cwd}") set in config.json failed: not a directory`);
    } catch {
      return fail(`chdir to cwd ("${cwd}") set in config.json failed: no such file or directory`);
    }
    // A `tty: true` container runs in a terminal of the pty helper (its input always open: a terminal waits for input).
    const useTty = config.tty && ptyAvailable();
    if (useTty || initPython !== null) {
      const missing = executableError(argv0, config.env, cwd);
      if (missing !== undefined) return fail(startErrorMessage(argv0, missing));
    }
    const pty = useTty ? await preparePty(config.argv) : undefined;
    // Under the init, descriptor 3 says when the command itself runs (or why it could not): a
    // container is running once its command is, as a container runtime reports it.
    const argv = initPython === null ? [...(pty?.argv ?? config.argv)] : underInit(initPython, pty?.argv ?? config.argv, 3);
    const child = spawn(argv[0] ?? argv0, argv.slice(1), {
      cwd, env: Object.fromEntries(config.env), detached: true,
      stdio: [config.stdin || pty !== undefined ? 'pipe' : 'ignore', 'pipe', 'pipe', ...(initPython === null ? [] : ['pipe' as const])],
    });
    const output = holdOutput(child.stdout, child.stderr);
    const report = initPython === null ? undefined : initReport(child.stdio[3] as NodeJS.ReadableStream | null);
    const error = await started(child);
    const pid = child.pid;
    if (error !== undefined || pid === undefined) {
      output.discard();
      await pty?.close();
      return fail(startErrorMessage(argv0, error ?? errnoError('ENOENT', 'no process')));
    }
    if (report !== undefined) {
      const reported = await report;
      if (reported.kind !== 'started') {
        output.discard();
        if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
        await pty?.close();
        const code = reported.kind === 'failed' ? errnoName(reported.errno) : 'ENOENT';
        return fail(startErrorMessage(argv0, errnoError(code, reported.kind === 'failed' ? code : 'the container init ended before the command started')));
      }
    }
    const now = options.now();
    const info: ContainerInfo = { ...base, id: `process://${pid}`, state: 'running', createdAt: now, startedAt: now, pid };
    const c = new ProcessContainer(info, child, config.env, cwd, sandbox, config.ports, initPython !== null);
    c.pty = pty;
    c.early = new EarlyOutput(true);
    c.replaysEarly = config.stdin;
    c.earlyAttachUntil = performance.now() + EARLY_ATTACH_WINDOW_MS;
    remember(c);
    c.recorded = registry.add(pid, config.podUid, config.name).catch((e: unknown) => options.log(`node agent: cannot record process ${pid}: ${String(e)}`));
    const pump = new OutputPump([child.stdout, child.stderr]);
    const forward = (stream: 'stdout' | 'stderr', chunk: Buffer): void => {
      c.early.record(stream, chunk);
      if (!config.log.write(stream, chunk)) {
        const release = pump.hold();
        config.log.onDrain(release);
      }
      for (const listener of c.listeners) {
        const behind = listener(stream, chunk);
        if (behind !== undefined) pump.holdUntil(behind);
      }
    };
    output.release(forward);
    child.stdin?.on('error', () => undefined);
    // The log is closed once the output pipes are (everything printed is in it), and the exit is
    // reported only then: whoever reads the log of a container that has ended reads all of it.
    let streamsClosed = false;
    let logClosing: Promise<void> | undefined;
    let markLogClosed: () => void = () => undefined;
    const logClosed = new Promise<void>((resolve) => {
      markLogClosed = resolve;
    });
    const closeLog = (): void => {
      logClosing ??= config.log.close().catch(() => undefined).then(markLogClosed);
    };
    child.once('close', () => {
      streamsClosed = true;
      void closeLog();
    });
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      c.processExited = true;
      const exitCode = exitStatus(code, signal);
      const finishedAt = options.now();
      // A container ends with its main process: whatever else it started goes too.
      killGroup(pid, 'SIGKILL');
      void c.pty?.close();
      // Descendants that kept the output pipes open are dead now; give the pipes a moment to drain
      // (longer while a slow sink holds them: what is in them was printed and belongs in the log),
      // but not forever: a reader that never reads must not keep the exit from being reported.
      let drainTries = 0;
      const closeWhenDrained = (): void => {
        if (streamsClosed) return;
        if (pump.paused && ++drainTries < MAX_DRAIN_WAITS) {
          setTimeout(closeWhenDrained, 1000).unref();
          return;
        }
        child.stdout?.destroy();
        child.stderr?.destroy();
        void closeLog();
      };
      setTimeout(closeWhenDrained, 1000).unref();
      // Closed by the pipes' end, or by the drain timer above when they do not end by themselves;
      // a log that cannot be closed (a disk that stopped answering) holds the exit no longer than this.
      void Promise.race([logClosed, pause(MAX_EXIT_REPORT_WAIT_MS)]).then(() => {
        c.finish({ finishedAt, exitCode, reason: exitCode === 0 ? 'Completed' : 'Error' });
        void c.recorded.then(() => registry.remove(pid)).catch(() => undefined);
        exits.emit('exit', c.info);
      });
    };
    // The command may have ended already: under the init, its start report is read first (an
    // await), and a command that prints and ends at once can be gone, its 'exit' emitted to no
    // listener, by then. Its container would count as running for ever.
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
    else child.once('exit', onExit);
    return info;
  }

  async function stopContainer(id: string, graceMs: number): Promise<void> {
    const c = running(id);
    if (c === undefined || c.info.pid === undefined) return;
    const pid = c.info.pid;
    killGroup(pid, 'SIGTERM');
    let timer: LongTimeout | undefined;
    const killed = new Promise<void>((resolve) => {
      timer = setLongTimeout(() => {
        killTree(pid, c.underInit);
        resolve();
      }, Math.max(0, graceMs));
    });
    await Promise.race([c.exited, killed]);
    timer?.clear();
    // Killed outright by now; its exit is reported once its log is closed, which is bounded too.
    await Promise.race([c.exited, pause(MAX_EXIT_REPORT_WAIT_MS + 1000)]);
  }

  function execSync(id: string, argv: string[], timeoutMs: number): Promise<ExecResult> {
    const c = running(id);
    if (c === undefined) return Promise.resolve({ exitCode: 126, output: `container ${id} is not running`, timedOut: false });
    const startError = commandError(c, argv);
    if (startError !== undefined) return Promise.resolve({ exitCode: startError.exitCode, output: startError.message, timedOut: false });
    return new Promise((resolve) => {
      const child = spawnIn(c, argv, false);
      let output = '';
      const collect = (chunk: Buffer): void => {
        if (output.length < MAX_EXEC_OUTPUT) output = (output + chunk.toString('utf8')).slice(0, MAX_EXEC_OUTPUT);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      let timedOut = false;
      const timer = setLongTimeout(() => {
        timedOut = true;
        if (child.pid !== undefined) killTree(child.pid, c.underInit);
      }, timeoutMs);
      child.once('error', (e: NodeJS.ErrnoException) => {
        timer.clear();
        resolve({ exitCode: e.code === 'ENOENT' ? 127 : 126, output: startErrorMessage(argv[0] ?? '', e), timedOut: false });
      });
      child.once('close', (code, signal) => {
        timer.clear();
        if (child.pid !== undefined) killTree(child.pid, c.underInit);
        resolve({ exitCode: exitStatus(code, signal), output, timedOut });
      });
    });
  }

  function exec(id: string, argv: string[], opts: { stdin: boolean }): ExecProcess {
    const c = running(id);
    if (c === undefined) throw new Error(`container ${id} is not running`);
    const startError = commandError(c, argv);
    if (startError !== undefined) {
      return { stdin: null, stdout: null, stderr: null, started: Promise.resolve(startError.message), exited: Promise.resolve(startError.exitCode), kill: () => undefined };
    }
    const child = spawnIn(c, argv, opts.stdin);
    const startedOrFailed = new Promise<string | undefined>((resolve) => {
      child.once('spawn', () => resolve(undefined));
      child.once('error', (e: NodeJS.ErrnoException) => resolve(startErrorMessage(argv[0] ?? '', e)));
    });
    const exited = new Promise<number>((resolve) => {
      child.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ENOENT' ? 127 : 126));
      child.once('close', (code, signal) => resolve(exitStatus(code, signal)));
    });
    return {
      stdin: child.stdin, stdout: child.stdout, stderr: child.stderr, started: startedOrFailed, exited,
      kill(signal: NodeJS.Signals = 'SIGKILL') {
        if (child.pid === undefined) return;
        if (signal === 'SIGKILL') killTree(child.pid, c.underInit);
        else killGroup(child.pid, signal);
      },
    };
  }

  function attach(id: string): AttachStreams | undefined {
    const c = running(id);
    if (c === undefined) return undefined;
    return {
      stdin: c.child?.stdin ?? undefined,
      subscribe(listener) {
        const l: OutputListener = (stream, chunk) => listener(stream, chunk) ?? undefined;
        // A container with stdin waits for its session; one whose process has already ended has
        // nothing more to print; an attach within moments of the start is the session that
        // started it (`run --attach` of `echo done` may print and exit while it connects): in each
        // case what the container printed before belongs to this first attach.
        const early = c.early.take();
        if (c.replaysEarly || c.processExited || performance.now() < c.earlyAttachUntil) for (const e of early) void listener(e.stream, e.chunk);
        c.listeners.add(l);
        return () => c.listeners.delete(l);
      },
      resize(width, height) {
        c.pty?.resize(width, height);
      },
    };
  }

  async function usage(ids: string[]): Promise<Map<string, ContainerUsage>> {
    const out = new Map<string, ContainerUsage>();
    const wanted = ids.map((id) => running(id)).filter((c): c is ProcessContainer => c?.info.pid !== undefined);
    if (wanted.length === 0) return out;
    const table = await processTable();
    for (const c of wanted) {
      // The init is the group's leader; its own few MB are the node's overhead, not the container's.
      const u = groupUsage(table, c.info.pid ?? 0, c.underInit ? c.info.pid : undefined);
      if (u !== undefined) out.set(c.info.id, u);
    }
    return out;
  }

  /** A container's group is its main process's pid: the init's, where there is one. */
  async function wildcardListeners(ids: string[]): Promise<Map<string, WildcardListener[]>> {
    const out = new Map<string, WildcardListener[]>();
    const wanted = ids.map((id) => running(id)).filter((c): c is ProcessContainer => c?.info.pid !== undefined);
    const byGroup = await groupWildcardListeners(wanted.map((c) => c.info.pid ?? 0));
    for (const c of wanted) {
      const found = byGroup.get(c.info.pid ?? 0);
      if (found !== undefined) out.set(c.info.id, found);
    }
    return out;
  }

  return {
    version: `process://${process.versions.node}`,
    async init() {
      const killed = await registry.reapOrphans();
      if (killed > 0) options.log(`node agent: stopped ${killed} container process group(s) of an earlier run`);
    },
    async runPodSandbox(config: SandboxConfig) {
      const existing = sandboxes.get(config.podUid);
      if (existing !== undefined) return existing;
      const sandbox: Sandbox = { podUid: config.podUid, ip: addresses.allocate(config.previousIP), createdAt: options.now() };
      sandboxes.set(config.podUid, sandbox);
      return sandbox;
    },
    async removePodSandbox(podUid) {
      const sandbox = sandboxes.get(podUid);
      for (const c of byPod.get(podUid) ?? []) if (c.info.state === 'running') await stopContainer(c.info.id, 0);
      for (const c of byPod.get(podUid) ?? []) containers.delete(c.info.id);
      byPod.delete(podUid);
      if (sandbox !== undefined) addresses.release(sandbox.ip);
      sandboxes.delete(podUid);
    },
    sandbox: (podUid) => sandboxes.get(podUid),
    startContainer,
    stopContainer,
    removeContainer(id) {
      const c = containers.get(id);
      if (c === undefined || c.info.state === 'running') return;
      containers.delete(id);
      const list = (byPod.get(c.info.podUid) ?? []).filter((x) => x !== c);
      byPod.set(c.info.podUid, list);
    },
    listContainers: (podUid) => (byPod.get(podUid) ?? []).map((c) => c.info),
    onExit(listener) {
      exits.on('exit', listener);
      return () => exits.off('exit', listener);
    },
    execSync,
    exec,
    attach,
    usage,
    // With all pods on one shared address, a port in use is refused before start (checkSharedPorts).
    ...(HAS_PROC && !shared ? { wildcardListeners } : {}),
    async shutdown(graceMs) {
      closing = true;
      let rounds = 0;
      // A sync that was starting a container when the agent stopped finishes its start first, and
      // that container is stopped with the rest (again, while starts keep coming).
      do {
        await Promise.race([Promise.allSettled([...starting]), pause(graceMs + MAX_EXIT_REPORT_WAIT_MS)]);
        await Promise.all([...containers.values()].filter((c) => c.info.state === 'running').map((c) => stopContainer(c.info.id, graceMs)));
      } while (starting.size > 0 && ++rounds < MAX_SHUTDOWN_ROUNDS);
      await Promise.all([...containers.values()].map((c) => c.recorded));
    },
  };
}
