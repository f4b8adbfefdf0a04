/**
 * The streaming calls of a namespace's pods, added to `client.pods(ns)`: `log`, `logLines`,
 * `exec`, `attach`, `portForward`, `copyTo`, `copyFrom` and `proxyPath`.
 */
import type { CopyOptions } from '../cp/copy.js';
import type { Transport } from '../transport/transport.js';
import type { Pod } from '../types/core.js';
import { toKubeObject } from '../types/meta.js';
import type { PodLogOptions } from './pod-log.js';
import type { PortForward, PortForwardOptions, PortMapping } from './port-forward.js';
import { podProxyPath, type ProxyTarget } from './proxy-paths.js';
import type { RemoteCommandOptions, RemoteCommandResult } from './remote-command.js';

// The stream modules (WebSocket, net) load on first use, so that creating a client stays cheap.
async function* lazyLog(transport: Transport, path: string, options: PodLogOptions): AsyncGenerator<Buffer> {
  const { podLog } = await import('./pod-log.js');
  yield* podLog(transport, path, options);
}

async function* lazyLines(transport: Transport, path: string, options: PodLogOptions): AsyncGenerator<string> {
  const { linesOf } = await import('./pod-log.js');
  yield* linesOf(lazyLog(transport, path, options));
}

/** Streaming calls on the pods of one namespace. */
export interface PodStreams {
  /** The log of a pod's container, chunk by chunk as the server sends it. */
  log(name: string, options?: PodLogOptions): AsyncIterable<Buffer>;
  /** The log of a pod's container, line by line. */
  logLines(name: string, options?: PodLogOptions): AsyncIterable<string>;
  /** Runs a command in a container (`pods/exec`); resolves with its exit code. */
  exec(name: string, command: readonly string[], options?: RemoteCommandOptions): Promise<RemoteCommandResult>;
  /** Attaches to a container's main process (`pods/attach`); resolves when it or the session ends. */
  attach(name: string, options?: RemoteCommandOptions): Promise<RemoteCommandResult>;
  /** Forwards local ports to the pod's ports (`pods/portforward`). */
  portForward(name: string, ports: readonly PortMapping[], options?: PortForwardOptions): Promise<PortForward>;
  /**
   * Copies a local file or directory into a container (`platformctl cp LOCAL POD:REMOTE`: tar over
   * exec; the container needs `tar`). Rejects with a `RemoteExitError` when `tar` fails there.
   */
  copyTo(name: string, localPath: string, remotePath: string, options?: CopyOptions): Promise<void>;
  /**
   * Copies a file or directory out of a container (`platformctl cp POD:REMOTE LOCAL`), skipping
   * links and entries that would land outside `localPath`, with a warning to `onWarning`.
   */
  copyFrom(name: string, remotePath: string, localPath: string, options?: CopyOptions): Promise<void>;
  /** The `pods/proxy` path of a pod (for `client.getRaw` or the REST layer). */
  proxyPath(name: string, target?: ProxyTarget): string;
}

/** Reads a pod of the namespace (for the default container of a copy). */
export type PodReader = (name: string, signal: AbortSignal | undefined) => Promise<Pod>;

function streamQuery(options: RemoteCommandOptions): Record<string, string | undefined> {
  return {
    container: options.container === '' ? undefined : options.container,
    stdin: options.stdin !== undefined ? 'true' : undefined,
    stdout: options.stdout !== undefined ? 'true' : 'false',
    stderr: options.stderr !== undefined && options.tty !== true ? 'true' : 'false',
    tty: options.tty === true ? 'true' : undefined,
  };
}

/** The copy options with the container filled in as kubectl picks it when none is named. */
async function withContainer(readPod: PodReader, name: string, options: CopyOptions): Promise<CopyOptions> {
  if (options.container !== undefined && options.container !== '') return options;
  const { defaultContainer } = await import('../pods/pods-for-object.js');
  const pod = await readPod(name, options.signal);
  return { ...options, container: defaultContainer(toKubeObject(pod), () => undefined) };
}

/** The streaming calls of namespace `namespace`. */
export function podStreams(transport: Transport, namespace: string, readPod: PodReader): PodStreams {
  const base = (name: string, sub: string): string => `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}/${sub}`;
  const streams: PodStreams = {
    log: (name, options = {}) => lazyLog(transport, base(name, 'log'), options),
    logLines: (name, options = {}) => lazyLines(transport, base(name, 'log'), options),
    exec: async (name, command, options = {}) => (await import('./remote-command.js')).runRemoteCommand(transport, base(name, 'exec'), { ...streamQuery(options), command: [...command] }, options),
    attach: async (name, options = {}) => (await import('./remote-command.js')).runRemoteCommand(transport, base(name, 'attach'), streamQuery(options), options),
    portForward: async (name, ports, options = {}) => (await import('./port-forward.js')).startPortForward(transport, base(name, 'portforward'), ports, options),
    async copyTo(name, localPath, remotePath, options = {}) {
      const [{ copyToPod }, resolved] = await Promise.all([import('../cp/copy.js'), withContainer(readPod, name, options)]);
      await copyToPod((command, o) => streams.exec(name, command, o), localPath, remotePath, resolved);
    },
    async copyFrom(name, remotePath, localPath, options = {}) {
      const [{ copyFromPod }, resolved] = await Promise.all([import('../cp/copy.js'), withContainer(readPod, name, options)]);
      await copyFromPod((command, o) => streams.exec(name, command, o), remotePath, localPath, resolved);
    },
    proxyPath: (name, target) => podProxyPath(namespace, name, target),
  };
  return streams;
}
