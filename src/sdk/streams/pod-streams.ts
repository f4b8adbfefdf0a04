/**
 * The streaming calls of a namespace's pods, added to `client.pods(ns)`: `log`, `logLines`,
 * `exec`, `attach`, `portForward`, and `proxyPath`.
 */
import type { Transport } from '../transport/transport.js';
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
  /** The `pods/proxy` path of a pod (for `client.getRaw` or the REST layer). */
  proxyPath(name: string, target?: ProxyTarget): string;
}

function streamQuery(options: RemoteCommandOptions): Record<string, string | undefined> {
  return {
    container: options.container === '' ? undefined : options.container,
    stdin: options.stdin !== undefined ? 'true' : undefined,
    stdout: options.stdout !== undefined ? 'true' : 'false',
    stderr: options.stderr !== undefined && options.tty !== true ? 'true' : 'false',
    tty: options.tty === true ? 'true' : undefined,
  };
}

/** The streaming calls of namespace `namespace`. */
export function podStreams(transport: Transport, namespace: string): PodStreams {
  const base = (name: string, sub: string): string => `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}/${sub}`;
  return {
    log: (name, options = {}) => lazyLog(transport, base(name, 'log'), options),
    logLines: (name, options = {}) => lazyLines(transport, base(name, 'log'), options),
    exec: async (name, command, options = {}) => (await import('./remote-command.js')).runRemoteCommand(transport, base(name, 'exec'), { ...streamQuery(options), command: [...command] }, options),
    attach: async (name, options = {}) => (await import('./remote-command.js')).runRemoteCommand(transport, base(name, 'attach'), streamQuery(options), options),
    portForward: async (name, ports, options = {}) => (await import('./port-forward.js')).startPortForward(transport, base(name, 'portforward'), ports, options),
    proxyPath: (name, target) => podProxyPath(namespace, name, target),
  };
}
