/**
 * The container runtime interface of the node agent, shaped after the kubelet's CRI: pod sandboxes
 * (a pod's network identity), containers (created, started, stopped, listed), exec in a
 * container's environment, attach to its main process, and usage statistics. The agent only talks
 * to this interface; the process runtime is one implementation of it, and another (a real container
 * runtime) could be added without touching the pod workers, status manager or prober.
 */
import type { Readable, Writable } from 'node:stream';
import type { ContainerLogWriter } from '../logs/container-logs.js';

/** A port a container declares (`spec.containers[].ports[]`). */
export interface DeclaredPort {
  containerPort: number;
  protocol: string;
  name?: string;
}

/** What a pod sandbox is made from. */
export interface SandboxConfig {
  podUid: string;
  namespace: string;
  name: string;
  /** The address the pod had before (kept across server restarts when still free). */
  previousIP?: string;
}

/** A pod's sandbox: its network identity on the node. */
export interface Sandbox {
  podUid: string;
  ip: string;
  createdAt: number;
}

/** What a container instance is started from (the kubelet's ContainerConfig). */
export interface ContainerConfig {
  podUid: string;
  podName: string;
  podNamespace: string;
  /** The container's name in the pod spec. */
  name: string;
  /** The restart count this instance gets (`Attempt` in the CRI). */
  attempt: number;
  image: string;
  /** The command line after `$(VAR)` expansion: `command` followed by `args`. */
  argv: string[];
  /** The environment, in the order the kubelet builds it (later entries win). */
  env: [string, string][];
  workingDir: string | undefined;
  /** Keep a pipe to the main process's standard input open (`stdin: true`) for attach. */
  stdin: boolean;
  /** Run the main process in a terminal (`tty: true`), where the runtime can make one. */
  tty: boolean;
  ports: DeclaredPort[];
  /** Where the instance's standard output and error go. */
  log: ContainerLogWriter;
}

/** Lifecycle state of a container instance. */
export type ContainerState = 'running' | 'exited';

/** What the runtime knows about one container instance. */
export interface ContainerInfo {
  /** `process://<pid>` for the process runtime. */
  id: string;
  podUid: string;
  name: string;
  attempt: number;
  image: string;
  state: ContainerState;
  createdAt: number;
  startedAt: number;
  finishedAt?: number;
  exitCode?: number;
  /** `Completed`, `Error`, `StartError`, ... as the kubelet reports a terminated container. */
  reason?: string;
  message?: string;
  pid?: number;
}

/** The outcome of a command run to completion in a container's environment (exec probes, hooks). */
export interface ExecResult {
  exitCode: number;
  /** Standard output and error, bounded. */
  output: string;
  timedOut: boolean;
}

/** A command started in a container's environment with its streams (for the streams issue's exec). */
export interface ExecProcess {
  stdin: Writable | null;
  stdout: Readable | null;
  stderr: Readable | null;
  /** Resolves once the process started (undefined) or could not be started (the runtime's message). */
  started: Promise<string | undefined>;
  /** Resolves with the exit code (128 + signal number when killed by a signal). */
  exited: Promise<number>;
  kill(signal?: NodeJS.Signals): void;
}

/** The live streams of a container's main process (for attach). */
export interface AttachStreams {
  /** The main process's standard input, when the container asked for `stdin`. */
  stdin: Writable | undefined;
  /**
   * Receives the main process's output from now on; returns the unsubscribe function. A listener
   * that is behind returns a promise: the container's output waits until it settles.
   */
  subscribe(listener: (stream: 'stdout' | 'stderr', chunk: Buffer) => Promise<void> | void): () => void;
  /** Sets the window size of the container's terminal (a no-op without one). */
  resize(width: number, height: number): void;
}

/** Cumulative usage of one container instance (its whole process group). */
export interface ContainerUsage {
  /** CPU time used since the instance started, in nanoseconds. */
  cpuNanos: number;
  /** Resident memory now, in bytes. */
  memoryBytes: number;
}

/** A TCP socket listening on every address of the machine (`0.0.0.0` or `::`). */
export interface WildcardListener {
  address: string;
  port: number;
}

/** Thrown when a container cannot even be created (before any process exists). */
export class CreateContainerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreateContainerError';
  }
}

/** A container runtime. */
export interface ContainerRuntime {
  /** Runtime name and version as `nodeInfo.containerRuntimeVersion` shows them (`process://20.18.0`). */
  readonly version: string;
  /** Cleans up what an earlier run left behind (processes of a server that was killed). */
  init(): Promise<void>;
  runPodSandbox(config: SandboxConfig): Promise<Sandbox>;
  /** Stops the sandbox and releases its address (the pod's containers must be stopped first). */
  removePodSandbox(podUid: string): Promise<void>;
  sandbox(podUid: string): Sandbox | undefined;
  /**
   * Creates and starts a container. A process that cannot be started is reported as an exited
   * instance (reason `StartError`), as a container runtime reports it; a configuration the runtime
   * refuses before starting anything throws {@link CreateContainerError}.
   */
  startContainer(sandbox: Sandbox, config: ContainerConfig): Promise<ContainerInfo>;
  /** Stops a container: SIGTERM to its process group, SIGKILL after `graceMs`. Resolves once it exited. */
  stopContainer(id: string, graceMs: number): Promise<void>;
  /** Forgets an exited container instance. */
  removeContainer(id: string): void;
  /** Every instance of a pod the runtime still knows (running and exited), oldest first. */
  listContainers(podUid: string): ContainerInfo[];
  /** Calls `listener` when a container instance exits; returns the unsubscribe function. */
  onExit(listener: (info: ContainerInfo) => void): () => void;
  /** Runs a command in a running container's environment to completion. */
  execSync(id: string, argv: string[], timeoutMs: number): Promise<ExecResult>;
  /** Starts a command in a running container's environment, with its streams. */
  exec(id: string, argv: string[], options: { stdin: boolean }): ExecProcess;
  /** The live streams of a running container's main process. */
  attach(id: string): AttachStreams | undefined;
  /** Usage of running containers, by id (absent when the instance is gone). */
  usage(ids: string[]): Promise<Map<string, ContainerUsage>>;
  /**
   * The sockets of running containers that listen on all addresses (`0.0.0.0`, `::`), by
   * container id (containers without any are left out). Present only where pods share the
   * machine's network with an address each, so that such a socket takes its port from every pod
   * (the process runtime on Linux); absent where the runtime cannot tell, or where it does not
   * matter (a network of each pod's own, or every pod on one shared address).
   */
  wildcardListeners?(ids: string[]): Promise<Map<string, WildcardListener[]>>;
  /** Stops every container (node shutdown), each within `graceMs` at most. */
  shutdown(graceMs: number): Promise<void>;
}
