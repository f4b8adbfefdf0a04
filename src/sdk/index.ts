// The SDK's public types name Node's (Buffer, streams, sockets): a project compiling against them
// needs @types/node in its program whatever its own `types` setting (`tsc --init` writes
// `"types": []`, and TypeScript 6 makes that the default). `preserve` keeps this line in index.d.ts.
/// <reference types="node" preserve="true" />
/**
 * platformctl's SDK: a typed client for the cluster API. An ES module, which CommonJS can
 * `require()` on the Node.js versions the package supports (20.19+, 22.12+).
 *
 * ```ts
 * import { loadClient } from 'platformctl';
 * const client = await loadClient({ namespace: 'default' });
 * const cm = await client.configMaps().get('settings', { signal });
 * for await (const pod of client.pods().listAll({ labelSelector: 'app=web' })) console.log(pod.metadata?.name);
 * ```
 *
 * @packageDocumentation
 */
export { createClient, defaultUserAgent } from './client.js';
export type { ClientOptions, PlatformClient, PlatformClientCore } from './client.js';
export { loadClient } from './load-client.js';
export type { LoadClientOptions } from './load-client.js';
export { programName } from './program.js';
export { parseManifests, toYaml } from './yaml.js';
export type { ParseManifestsOptions } from './yaml.js';

export * from './errors.js';
export * as naming from './naming.js';
export type * from './types/index.js';
export { STATUS_REASONS, isStatus } from './types/status.js';
export { asKind, toKubeObject } from './types/meta.js';

// Config files: load, merge, resolve to a ClientConfig, edit (src/sdk/config).
export * from './config/index.js';

export type { ClientCertificate, CredentialSource, CredentialRequestOptions, ExecIO, RequestCredentials } from './auth/credentials.js';
export { createCredentialSource, configClientCertificate } from './auth/create-credential-source.js';
export type { CreateCredentialSourceOptions } from './auth/create-credential-source.js';
export { StaticCredentialSource, basicAuthorization, bearerAuthorization } from './auth/static-credentials.js';
export { TokenFileSource } from './auth/token-file.js';
export type { TokenFileSourceOptions } from './auth/token-file.js';
export { ExecCredentialSource, sharedExecCredentialSource, EXEC_API_VERSIONS } from './auth/exec/exec-credential-source.js';
export type { ExecCredentialSourceOptions } from './auth/exec/exec-credential-source.js';
export { headerKeyEscape, impersonationHeaders } from './auth/impersonation.js';

export { Transport, DEFAULT_TLS_HANDSHAKE_TIMEOUT_MS } from './transport/transport.js';
export type { TransportOptions } from './transport/transport.js';
export type { BufferedResponse, HttpMethod, HttpRequest, HttpResponseHead, QueryParams, StreamingResponse } from './transport/http-types.js';
export { headerValue } from './transport/http-types.js';
export { closeAllDispatchers } from './transport/dispatchers.js';
export type { LogSink } from './transport/http-log.js';
export type { RetryPolicy } from './transport/retry.js';
export { parseWarningHeader } from './transport/warnings.js';
export type { WarningHandler, WarningHeader } from './transport/warnings.js';
export { redactBody, redactHeaderValue, redactJson, MASK } from './transport/redact.js';
export { resolveProxy } from './transport/proxy.js';
export type { Env } from './transport/proxy.js';
export { formatGoDuration } from '../machinery/go-duration.js';

export { RestClient, RestResponse } from './rest/rest-client.js';
export type { RestRequest } from './rest/rest-client.js';
export { ResourceClient, isTable, PATCH_CONTENT_TYPES, DEFAULT_CHUNK_SIZE } from './rest/resource-client.js';
export type { ResourceDescriptor, ResourceWatchOptions } from './rest/resource-client.js';
export type * from './rest/options.js';
export { resourcePath, groupVersionPath } from './rest/paths.js';
export type { ResourcePathParts } from './rest/paths.js';
export { decodeProtobufEnvelope, decodeProtobufStatus, hasProtobufPrefix } from './rest/protobuf.js';
export type { ProtobufEnvelope } from './rest/protobuf.js';
export { errorFromResponse, genericServerResponse } from './rest/response-errors.js';
export type { ErrorContext } from './rest/response-errors.js';
export { TABLE_ACCEPT, AGGREGATED_DISCOVERY_ACCEPT, PROTOBUF_ACCEPT } from './rest/media-types.js';
export { TYPED_RESOURCES } from './rest/typed-resources.js';
export type { TypedAccessors, TypedKinds } from './rest/typed-resources.js';

export { decodeJsonStream, decodeWatchEvents } from './watch/decoder.js';
export { watch } from './watch/watcher.js';
export type { ResumableWatchOptions, ResumeInfo, ResumeOptions } from './watch/watcher.js';
export { resourceWatchSource } from './watch/source.js';
export type { SourcePage, WatchSource } from './watch/source.js';
export { Informer } from './watch/informer.js';
export type { InformerHandlers, InformerOptions } from './watch/informer.js';

export { DiscoveryClient } from './discovery/discovery-client.js';
export type { DiscoveryClientOptions, DiscoveryReadOptions, DiscoveryResult } from './discovery/discovery-client.js';
export type { DiscoveredGroup, DiscoveredResource, DiscoverySnapshot } from './discovery/model.js';
export { RestMapper, resolveResource, qualifiedName } from './discovery/rest-mapper.js';
export type { ResourceMapping, ResolveResult } from './discovery/rest-mapper.js';
export { DISCOVERY_CACHE_TTL_MS, discoveryCacheDir } from './discovery/disk-cache.js';

// Credential stores (OS keychain or 0600 file) and the OIDC client behind `login oidc` (src/sdk/auth).
export * from './auth/credential-store/index.js';
export * from './auth/oidc/index.js';

// Certificates: PKCS#10 requests with fresh keys, bootstrap tokens, verified cluster discovery (src/sdk/certificates).
export * from './certificates/index.js';

// kustomize: build a kustomization directory into objects (src/sdk/kustomize).
export * from './kustomize/index.js';

// Manifests, client- and server-side apply, diff, prune, delete and wait (src/sdk/apply).
export * from './apply/index.js';
export { deleteObjects, waitForDeleted } from './apply/delete-objects.js';
export type { DeleteObjectsOptions, DeleteResult, DeleteTarget } from './apply/delete-objects.js';
export { waitForDeletion, waitForAllDeleted } from './apply/wait-for.js';
export { applySetId, ApplySet, APPLYSET_FIELD_MANAGER, APPLYSET_TOOLING_NAME } from './apply/applyset/applyset.js';
export type { ApplySetRef } from './apply/applyset/applyset.js';
export type { ApplySetOptions } from './apply/applyset/apply-with-set.js';
export { deletePruned } from './apply/prune.js';
export type { PruneDeleteOptions } from './apply/prune.js';

// Health endpoints and the resource metrics API (`client.health`, `client.metrics`).
export { healthClient, parseHealthChecks } from './health/health-client.js';
export type { HealthCheck, HealthClient, HealthOptions, HealthResult } from './health/health-client.js';
export { metricsClient, METRICS_VERSION, NODE_METRICS, POD_METRICS } from './metrics/metrics-client.js';
export type { MetricsClient, MetricsReadOptions, NodeMetricsOptions, PodMetricsOptions } from './metrics/metrics-client.js';

// Copying to and from containers (tar over exec), and the pods an object selects (src/sdk/cp, src/sdk/pods).
export { copyFromPod, copyToPod } from './cp/copy.js';
export type { CopyOptions, PodExec } from './cp/copy.js';
export { byActive, containerNames, defaultContainer, podSelectorOf, podsForObject } from './pods/pods-for-object.js';
export type { PodObject, PodsForObjectOptions } from './pods/pods-for-object.js';
export { selectorQuery } from './pods/selector.js';
export { resolveForward } from './pods/forward-target.js';
export type { RemotePort, ResolveForwardOptions, ResolvedForward } from './pods/forward-target.js';
export { podPort, servicePort } from './pods/forward-ports.js';
export type { ForwardSwitch, ObjectPortForward, ObjectPortForwardOptions } from './pods/object-port-forward.js';
export { followLogs } from './logs/follow-logs.js';
export { fieldOwnership } from './blame/field-ownership.js';
export type { FieldOwner, OwnedField } from './blame/field-ownership.js';
export type { FollowedLogLine, FollowLogsEvent, FollowLogsOptions, FollowTarget } from './logs/follow-logs.js';

// Streams: logs, exec, attach, port-forward, proxy paths
export type { PodReader, PodStreams } from './streams/pod-streams.js';
export type { PodLogOptions } from './streams/pod-log.js';
export type { OutputSink, RemoteCommandOptions, RemoteCommandResult, TerminalSize } from './streams/remote-command.js';
export type { ForwardedPort, PortForward, PortForwardOptions, PortMapping } from './streams/port-forward.js';
export { DEFAULT_PING_INTERVAL_MS } from './streams/ping-interval.js';
export { nodeProxyPath, podProxyPath, serviceProxyPath } from './streams/proxy-paths.js';
export type { ProxyTarget } from './streams/proxy-paths.js';
export { CHANNELS, REMOTE_COMMAND_PROTOCOLS, codecFor, decodeMessage, encodeClose, encodeMessage, encodeResize, outcomeOf } from './streams/channel-protocol.js';
export type { ClientChannelCodec, RemoteOutcome } from './streams/channel-protocol.js';
export { PORT_FORWARD_PROTOCOLS, PortForwardReader } from './streams/port-forward-protocol.js';
export type { PortForwardEvent } from './streams/port-forward-protocol.js';
export type { UpgradeConnection } from './transport/transport.js';

// debug: ephemeral debug containers, pod copies and node debug pods (src/sdk/debug).
export * from './debug/index.js';
