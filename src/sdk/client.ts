/**
 * `createClient`: the SDK's entry point. A client is bound to one resolved {@link ClientConfig}
 * (one cluster, one identity) and offers the generic resource client, typed accessors, raw GETs,
 * discovery and the RestMapper. Nothing heavy is loaded until the first request.
 */
import type { ClientConfig } from './config/client-config.js';
import type { CredentialSource, ExecIO } from './auth/credentials.js';
import { createCredentialSource } from './auth/create-credential-source.js';
import { DiscoveryClient } from './discovery/discovery-client.js';
import { healthClient, type HealthClient } from './health/health-client.js';
import { metricsClient, type MetricsClient } from './metrics/metrics-client.js';
import type { ObjectPortForward, ObjectPortForwardOptions } from './pods/object-port-forward.js';
import { RestMapper, type ResourceMapping } from './discovery/rest-mapper.js';
import { ResourceClient, type ResourceDescriptor } from './rest/resource-client.js';
import { RestClient, type RestResponse } from './rest/rest-client.js';
import { buildTypedAccessors, type TypedAccessors } from './rest/typed-resources.js';
import { programName } from './program.js';
import { SDK_FIELD_MANAGER } from './naming.js';
import { podStreams, type PodStreams } from './streams/pod-streams.js';
import type { LogSink } from './transport/http-log.js';
import type { Env } from './transport/proxy.js';
import type { RetryPolicy } from './transport/retry.js';
import { definedMembers } from '../machinery/defined-members.js';
import { defaultTimeouts } from './transport/timeouts.js';
import { Transport } from './transport/transport.js';
import type { WarningHandler } from './transport/warnings.js';
import type { KubeObject, ObjectBase } from './types/meta.js';
import type { Pod } from './types/core.js';
import type { VersionInfo } from './types/discovery.js';

/** Options of {@link createClient}. */
export interface ClientOptions {
  /**
   * Environment for proxy variables and for exec plugins. Defaults to `process.env` (read here, at
   * the SDK's entry point, and nowhere deeper).
   */
  env?: Env | undefined;
  /** Receives `-v` log lines (already redacted). */
  logger?: LogSink | undefined;
  /** kubectl's `-v` level (6 URLs and timing, 7 headers, 8 bodies, 9 curl and full bodies). */
  verbosity?: number | undefined;
  /** Receives each distinct server `Warning` once. */
  onWarning?: WarningHandler | undefined;
  /** Exec plugin stdio and terminal facts (stdin, whether it is a TTY or in use, stderr). */
  exec?: Omit<ExecIO, 'env'> | undefined;
  /** Cache dir (`~/.platform/cache`) for discovery (default: the config's `cacheDir`); no disk cache when neither is set. */
  cacheDir?: string | undefined;
  /** Discovery disk cache time-to-live (default 6 hours). */
  discoveryTtlMs?: number | undefined;
  /** `User-Agent` (default `platformctl/<version> (<os>/<arch>)`). */
  userAgent?: string | undefined;
  /** SDK version for the default user agent. */
  version?: string | undefined;
  /** Limits of 429/504 retries. */
  retry?: RetryPolicy | undefined;
  /** Replaces the credential source derived from the config (for custom authentication). */
  credentials?: CredentialSource | undefined;
  /** TLS handshake timeout of each new connection (default 10 s, as kubectl); 0 disables it. */
  tlsHandshakeTimeoutMs?: number | undefined;
  /** Connect timeout of each new connection (default `PLATFORM_CONNECT_TIMEOUT` of {@link env}, else 30 s); 0 disables it. */
  connectTimeoutMs?: number | undefined;
  /**
   * How long a request without a request timeout waits for its response headers (default
   * `PLATFORM_RESPONSE_HEADER_TIMEOUT` of {@link env}, else 60 s); 0 disables it. Streams are not
   * bounded once their headers are in.
   */
  responseHeaderTimeoutMs?: number | undefined;
  /**
   * How long an exec credential plugin that does not use the terminal may run when the request
   * has no timeout (default `PLATFORM_EXEC_PLUGIN_TIMEOUT` of {@link env}, else 60 s); 0 disables it.
   */
  execPluginTimeoutMs?: number | undefined;
  /** The most a response read whole into memory may hold, decompressed (default 256 MiB). */
  maxResponseBytes?: number | undefined;
  /**
   * The name the client identifies itself by (default: the program's, {@link programName}, as
   * client-go uses its binary's): the first word of the default `User-Agent`, under which the server
   * records writes that name no field manager. When given, it is also the default {@link fieldManager}.
   */
  program?: string | undefined;
  /**
   * Field manager of server-side applies (and the base of client-side ones) when a call names none.
   * Default: {@link program} when given, else `platformctl-sdk` (`naming.SDK_FIELD_MANAGER`).
   */
  fieldManager?: string | undefined;
}

const GO_ARCH: Readonly<Record<string, string>> = { x64: 'amd64', ia32: '386', arm: 'arm', arm64: 'arm64', ppc64: 'ppc64le', s390x: 's390x' };

/** `deploy/v0.1.0 (linux/amd64)`: client-go's user-agent shape, the program's name first. */
export function defaultUserAgent(version: string | undefined, program: string = programName()): string {
  const v = version === undefined || version === '' ? 'unknown' : version.startsWith('v') ? version : `v${version}`;
  return `${program}/${v} (${process.platform}/${GO_ARCH[process.arch] ?? process.arch})`;
}

/** The client API besides the typed accessors. */
export interface PlatformClientCore {
  /** The config the client was created from. */
  readonly config: ClientConfig;
  /** The default namespace (`-n`, the context's, or `default`). */
  readonly namespace: string;
  /** The field manager of applies that name none (default `platformctl-sdk`). */
  readonly fieldManager: string;
  /** The REST layer (arbitrary requests). */
  readonly rest: RestClient;
  /** The HTTP transport. */
  readonly transport: Transport;
  /** Discovery for this server (cached per the options). */
  readonly discovery: DiscoveryClient;
  /** Name-to-type mapping backed by discovery. */
  readonly mapper: RestMapper;
  /**
   * A generic client for any resource type. Namespaced types are bound to `namespace` when given;
   * unbound, lists and watches span all namespaces and single-object calls use the object's
   * namespace or the default one.
   */
  resource<T extends ObjectBase = KubeObject>(descriptor: ResourceDescriptor, namespace?: string): ResourceClient<T>;
  /** Resolves a user-typed name (`cm`, `deployments.apps`) and returns a client for it. */
  resourceFor<T extends ObjectBase = KubeObject>(name: string, options?: { namespace?: string | undefined; signal?: AbortSignal | undefined }): Promise<ResourceClient<T> & { mapping: ResourceMapping }>;
  /** GET an arbitrary path (`get --raw`); resolves with the 2xx response, rejects with a StatusError. */
  getRaw(path: string, options?: { signal?: AbortSignal | undefined }): Promise<RestResponse>;
  /** The server's `/version`. */
  serverVersion(options?: { signal?: AbortSignal | undefined }): Promise<VersionInfo>;
  /** The server's health endpoints: `readyz`, `livez`, `healthz` (with `verbose` and `exclude`). */
  readonly health: HealthClient;
  /** The resource metrics API (`top`): PodMetrics and NodeMetrics. */
  readonly metrics: MetricsClient;
  /**
   * Forwards local ports to a pod, or to the pod a service or deployment selects, as
   * `platformctl port-forward TYPE/NAME` does: a service's ports map to their target ports.
   */
  portForward(options: ObjectPortForwardOptions): Promise<ObjectPortForward>;
}

/**
 * A client: the core API plus typed accessors (`configMaps(ns)`, `namespaces()`, ...); `pods(ns)`
 * also has the streaming calls (`log`, `exec`, `attach`, `portForward`, `proxyPath`).
 */
export type PlatformClient = PlatformClientCore & Omit<TypedAccessors, 'pods'> & {
  pods(namespace?: string): ResourceClient<Pod> & PodStreams;
};

/** Creates a client for one cluster and identity. Cheap: nothing connects until the first call. */
export function createClient(config: ClientConfig, options: ClientOptions = {}): PlatformClient {
  const env = options.env ?? process.env;
  const program = options.program ?? programName();
  const execIO: ExecIO = { ...options.exec, env };
  const defaults = defaultTimeouts(env);
  const credentials = options.credentials ?? createCredentialSource(config, { execIO, execTimeoutMs: options.execPluginTimeoutMs ?? defaults.execPluginMs });
  const transportOptions: ConstructorParameters<typeof Transport>[1] = {
    credentials,
    env,
    userAgent: options.userAgent ?? config.userAgent ?? defaultUserAgent(options.version, program),
    connectTimeoutMs: options.connectTimeoutMs ?? defaults.connectMs,
    responseHeaderTimeoutMs: options.responseHeaderTimeoutMs ?? defaults.responseHeaderMs,
    ...definedMembers(options, ['maxResponseBytes', 'logger', 'verbosity', 'onWarning', 'retry', 'tlsHandshakeTimeoutMs']),
  };
  const transport = new Transport(config, transportOptions);
  const rest = new RestClient(transport);
  const discoveryOptions: ConstructorParameters<typeof DiscoveryClient>[2] = {};
  const cacheDir = options.cacheDir ?? config.cacheDir;
  if (cacheDir !== undefined) discoveryOptions.cacheDir = cacheDir;
  if (options.discoveryTtlMs !== undefined) discoveryOptions.ttlMs = options.discoveryTtlMs;
  const discovery = new DiscoveryClient(rest, config.server, discoveryOptions);
  const mapper = new RestMapper(discovery);
  const defaultNamespace = config.namespace === '' ? 'default' : config.namespace;
  // The CLI names itself (`program: 'platformctl'`) and keeps kubectl's managers; a script gets a
  // stable name rather than its file's.
  const fieldManager = options.fieldManager ?? options.program ?? SDK_FIELD_MANAGER;

  const resource = <T extends ObjectBase = KubeObject>(descriptor: ResourceDescriptor, namespace?: string): ResourceClient<T> =>
    new ResourceClient<T>(rest, descriptor, { namespace, defaultNamespace, fieldManager });

  const core: PlatformClientCore = {
    config,
    namespace: defaultNamespace,
    fieldManager,
    rest,
    transport,
    discovery,
    mapper,
    resource,
    async resourceFor<T extends ObjectBase = KubeObject>(name: string, opts: { namespace?: string | undefined; signal?: AbortSignal | undefined } = {}) {
      const mapping = await mapper.resourceFor(name, opts.signal === undefined ? {} : { signal: opts.signal });
      const client = resource<T>(mapping, opts.namespace);
      return Object.assign(client, { mapping });
    },
    getRaw(path: string, opts: { signal?: AbortSignal | undefined } = {}) {
      return rest.raw(path, opts.signal === undefined ? {} : { signal: opts.signal });
    },
    serverVersion(opts: { signal?: AbortSignal | undefined } = {}) {
      return discovery.serverVersion(opts.signal === undefined ? {} : { signal: opts.signal });
    },
    health: healthClient(transport),
    metrics: metricsClient(rest, resource, defaultNamespace),
    async portForward(opts: ObjectPortForwardOptions) {
      // The forward's module (and its WebSocket client) loads on first use.
      return (await import('./pods/object-port-forward.js')).portForwardTo(self, opts);
    },
  };
  const typed = buildTypedAccessors((descriptor, namespace) => resource(descriptor, descriptor.namespaced ? namespace ?? defaultNamespace : undefined));
  const pods = (namespace?: string): ResourceClient<Pod> & PodStreams => {
    const client = typed.pods(namespace);
    return Object.assign(client, podStreams(transport, namespace ?? defaultNamespace, (name, signal) => client.get(name, signal === undefined ? {} : { signal })));
  };
  const self: PlatformClient = Object.assign(core, typed, { pods });
  return self;
}
