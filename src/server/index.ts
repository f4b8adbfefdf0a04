/**
 * The local API server: `startServer(options)` serves the spec's API over HTTPS from an embedded
 * store, with discovery, CRUD, lists and watches, patches and server-side apply, tables, admission
 * built-ins and the controllers that make deletion, namespaces and CRDs behave as on a cluster.
 *
 * @packageDocumentation
 */
import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import type { JsonObject } from '../sdk/types/meta.js';
import { AdmissionChain } from './admission/chain.js';
import { namespaceLifecycle } from './admission/plugins/namespace-lifecycle.js';
import { storageObjectInUseProtection, taintNodesByCondition } from './admission/plugins/node-and-storage.js';
import { serviceAccountAdmission } from './admission/plugins/service-account.js';
import { selectAdmissionPlugins, servedDefs } from './admission/setup.js';
import { AuditLog } from './audit/audit-log.js';
import { MetricsRegistry } from './audit/metrics-registry.js';
import { createObservability } from './audit/observe.js';
import { setupAuthentication } from './auth/authn/build.js';
import { createAuthorization } from './auth/authz/index.js';
import { setupCertificates } from './certificates/index.js';
import { bootstrap } from './bootstrap.js';
import type { ResolvedOptions, ServerContext } from './context.js';
import { contextOf, createServerCore } from './context-factory.js';
import { timestamp } from './util/time.js';
import { settleControllers } from './control/settle.js';
import { serverControllers } from './controller-manager.js';
import { workloadEndpoints } from './controllers/workloads/index.js';
import { nodeDefs, setupNode } from './node/index.js';
import type { HealthCheck } from './api/health.js';
import { answerClientError, DEFAULT_BODY_TIMEOUT_MS, MAX_HEADER_BYTES, MAX_HEADERS_TIMEOUT_MS } from './http/connections.js';
import { createHandler } from './http/handler.js';
import { builtinDefs } from './kinds/index.js';
import type { RunningServer, ServerOptions } from './options.js';
import { Registry } from './registry/registry.js';
import { findStored } from './rest/get.js';
import { ServiceIPAllocator } from './services/allocator.js';
import { Store } from './storage/index.js';
import { streamEndpoints } from './streams/index.js';
import { serveUpgrade } from './streams/upgrade.js';
import { loadOrCreateAdminToken, newToken } from './tls/admin-token.js';
import { ephemeralTlsMaterial, loadOrCreateTlsMaterial } from './tls/certificates.js';
import { SERVER_CIPHERS } from './tls/ciphers.js';
import { asArray, asNumber, asObject, asString } from './util/json.js';
import { loadRe2 } from '../machinery/regex/re2.js';

export type { RunningServer, ServerOptions } from './options.js';
export type { AdmissionAttributes, AdmissionOperation, AdmissionPlugin } from './admission/types.js';
export type { AuthenticationResult, Authenticator } from './auth/authenticator.js';
export type { AuthorizationAttributes, AuthorizationDecision, Authorizer } from './auth/authorizer.js';
export type { UserInfo } from './request/user.js';
export type { TlsMaterial } from './tls/certificates.js';
export type { NodeOptions, NodeRuntimeMode } from './node/options.js';

/**
 * Watch history kept at most (besides the 5-minute window): bounds memory under write bursts (a
 * few hundred MiB of history otherwise); a client behind it gets 410 Gone and relists.
 */
const DEFAULT_HISTORY_MAX_EVENTS = 25_000;

const DEFAULTS: ResolvedOptions = {
  continueTokenTtlMs: 5 * 60 * 1000,
  bookmarkIntervalMs: 60 * 1000,
  futureRVWaitMs: 3000,
  minWatchTimeoutMs: 30 * 60 * 1000,
  watchMaxQueue: 10_000,
  controllerDelayMs: 0,
};

function resolveOptions(o: ServerOptions): ResolvedOptions {
  return {
    continueTokenTtlMs: o.continueTokenTtlMs ?? DEFAULTS.continueTokenTtlMs,
    bookmarkIntervalMs: o.bookmarkIntervalMs ?? DEFAULTS.bookmarkIntervalMs,
    futureRVWaitMs: o.futureRVWaitMs ?? DEFAULTS.futureRVWaitMs,
    minWatchTimeoutMs: o.minWatchTimeoutMs ?? DEFAULTS.minWatchTimeoutMs,
    watchMaxQueue: o.watchMaxQueue ?? DEFAULTS.watchMaxQueue,
    controllerDelayMs: DEFAULTS.controllerDelayMs,
  };
}

function serviceAddresses(svc: JsonObject): { ip: string | undefined; ports: number[] } {
  const spec = asObject(svc.spec) ?? {};
  const ip = asString(spec.clusterIP);
  const ports = (asArray(spec.ports) ?? []).map((p) => asNumber(asObject(p)?.nodePort)).filter((n): n is number => n !== undefined);
  return { ip: ip === 'None' ? undefined : ip, ports };
}

/** The options a context gets when none are given (tests building a context of their own). */
export function defaultResolvedOptions(): ResolvedOptions {
  return { ...DEFAULTS };
}

/** Starts the server; resolves once it answers requests. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const now = options.now ?? Date.now;
  const log = options.logger ?? ((): void => undefined);
  const host = options.host ?? '127.0.0.1';
  const dataDir = options.dataDir;
  // CRD schema patterns compile synchronously during validation, on RE2.
  await loadRe2();
  const tls = options.tls ?? (dataDir !== undefined ? await loadOrCreateTlsMaterial(dataDir, now()) : await ephemeralTlsMaterial(now()));
  const adminToken = options.adminToken ?? (dataDir !== undefined ? await loadOrCreateAdminToken(dataDir) : newToken());
  const store = await Store.open({
    ...(dataDir !== undefined ? { dataDir: join(dataDir, 'store') } : {}),
    ...(options.historyWindowMs !== undefined ? { historyWindowMs: options.historyWindowMs } : {}),
    historyMaxEvents: options.historyMaxEvents ?? DEFAULT_HISTORY_MAX_EVENTS,
    ...(options.historyMaxBytes !== undefined ? { historyMaxBytes: options.historyMaxBytes } : {}),
    ...(options.storageQuotaBytes !== undefined ? { quotaBytes: options.storageQuotaBytes } : {}),
    ...(options.compactAfterBytes !== undefined ? { compactAfterBytes: options.compactAfterBytes } : {}),
    ...(options.watchMaxQueue !== undefined ? { watchMaxQueue: options.watchMaxQueue } : {}),
    now,
    logger: log,
  });
  const registry = new Registry(servedDefs([...builtinDefs(), ...nodeDefs(options.node)], options.admission, log));
  const allocator = new ServiceIPAllocator();
  const observability = createObservability(new AuditLog(options.admission?.auditLogPath, log), new MetricsRegistry(), now);
  const core = createServerCore({ store, registry, now, log, options: resolveOptions(options), caPem: tls.caPem, allocator, observability });
  const nsDef = registry.lookup('', 'v1', 'namespaces');
  const saDef = registry.lookup('', 'v1', 'serviceaccounts');
  const svcDef = registry.lookup('', 'v1', 'services');
  if (nsDef === undefined || saDef === undefined || svcDef === undefined) throw new Error('core resources are not registered');
  const authz = await createAuthorization(core, options);
  const certs = await setupCertificates(core, {
    options: options.certificates ?? {}, caPem: tls.caPem, caKeyPem: tls.caKeyPem, authorizer: authz.authorizer, mayUseSigner: authz.mayUseSigner,
    serverUrl: () => `https://${host.includes(':') ? `[${host}]` : host}:${port}`, authorization: options.authorization,
  });
  const admission = await selectAdmissionPlugins(core, options.admission, [
    namespaceLifecycle((name) => findStored(core, registry.kind('v1', 'Namespace'), '', name)),
    serviceAccountAdmission(registry.kind('v1', 'Pod'), (ns, name) => findStored(core, registry.kind('v1', 'ServiceAccount'), ns, name)),
    taintNodesByCondition(registry.kind('v1', 'Node')),
    storageObjectInUseProtection(),
    authz.admission,
    ...certs.admission,
    ...(options.admissionPlugins ?? []),
  ]);
  const ctx: ServerContext = contextOf(core, new AdmissionChain(admission.plugins));
  for (const e of (await store.list(svcDef.bucket)).items) {
    const a = serviceAddresses(e.value);
    allocator.markUsed(a.ip, a.ports);
  }
  ctx.onWrite((ev) => {
    if (ev.def !== svcDef || ev.type !== 'DELETED') return;
    const a = serviceAddresses(ev.object);
    if (a.ip !== undefined) allocator.releaseIP(a.ip);
    for (const p of a.ports) allocator.releaseNodePort(p);
  });

  let stopping = false;
  let bootstrapped = false;
  const authn = await setupAuthentication(ctx, { options: options.authentication ?? {}, adminToken, dataDir, caPem: tls.caPem, extra: options.authenticators ?? [] });
  const node = await setupNode(ctx, options.node, { dataDir, host, port: () => port });
  const controllers = serverControllers(ctx, { authn, authz, admission, certs, node, eventTtlMs: options.eventTtlMs, workloads: options.workloads });
  authn.clientCAs.add(certs.signingCAPem);
  const storeCheck: HealthCheck = { name: 'etcd', check: () => (ctx.storeFailed() ? 'the store cannot write' : undefined) };
  const common: HealthCheck[] = [
    { name: 'ping', check: () => undefined },
    { name: 'log', check: () => undefined },
    storeCheck,
    { name: 'poststarthook/start-apiextensions-controllers', check: () => (bootstrapped ? undefined : 'not finished') },
    { name: 'poststarthook/crd-informer-synced', check: () => (bootstrapped ? undefined : 'not finished') },
    { name: 'poststarthook/bootstrap-controller', check: () => (bootstrapped ? undefined : 'not finished') },
    { name: 'poststarthook/start-kube-apiserver-admission-initializer', check: () => undefined },
  ];
  const health = {
    livez: common,
    healthz: common,
    readyz: [...common, { name: 'informer-sync', check: () => undefined }, { name: 'shutdown', check: () => (stopping ? 'process is shutting down' : undefined) }],
  };
  let port = options.port ?? 0;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const handler = createHandler(ctx, {
    authenticator: authn.authenticator,
    endpoints: [...authn.endpoints, ...authz.endpoints, ...node.endpoints, ...workloadEndpoints(ctx), ...streamEndpoints(ctx, authz.authorizer, node.streams)],
    authorizer: authz.authorizer,
    health,
    serverAddress: () => `${host}:${port}`,
    buildDate: timestamp(now()),
    bodyTimeoutMs,
  });
  // The CertificateRequest names the CAs client certificates may come from (the client CAs and the
  // authenticating proxy's, as kube-apiserver's ClientCAs pool): a Go client (kubectl) sends its
  // certificate only when one of them issued it.
  const acceptableClientCAs = [...new Set([tls.caPem, ...[...authn.clientCAs.certificates(), ...authn.requestHeaderCAs].map((c) => c.toString())])];
  const server: Server = createServer({
    key: tls.keyPem, cert: tls.certPem, ca: acceptableClientCAs, requestCert: true, rejectUnauthorized: false,
    // Go's default suites, and as a Go server, its own preference order rather than the client's.
    ciphers: SERVER_CIPHERS, honorCipherOrder: true,
    maxHeaderSize: MAX_HEADER_BYTES,
    // Headers must arrive within the deadline below; Node checks it at this interval (30 s by default,
    // which would let a client that sends nothing hold a connection twice as long).
    connectionsCheckingInterval: Math.min(1000, bodyTimeoutMs),
    // Bodies have their own deadline (guardBody), which long-running requests do not get; Node's
    // request timeout would cut a proxied upload.
    requestTimeout: 0,
    headersTimeout: Math.min(MAX_HEADERS_TIMEOUT_MS, bodyTimeoutMs),
    keepAliveTimeout: 30_000,
  }, handler);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => serveUpgrade(req, socket, head, handler));
  server.on('clientError', answerClientError);
  // Every connection, from its first byte: one still in its TLS handshake (a client that stalled, or
  // one that connected and never spoke) would otherwise hold stop() for the handshake timeout (120 s).
  const sockets = new Set<Socket>();
  const track = (s: Socket): void => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  server.on('connection', track);
  server.on('secureConnection', track);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    // A port in use must not keep the data directory locked: the caller may try another port.
    await store.close();
    throw e;
  }
  const address = server.address();
  if (address !== null && typeof address === 'object') port = address.port;
  try {
    await bootstrap(ctx, host, port);
    for (const c of controllers) await c.start();
    bootstrapped = true;
  } catch (e) {
    server.close();
    await node.shutdown();
    for (const c of controllers) c.stop();
    await store.close();
    throw e;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let stopped: Promise<void> | undefined;
  return {
    url: `https://${urlHost}:${port}`,
    host,
    port,
    caPem: tls.caPem,
    adminToken,
    dataDir,
    settle: () => settleControllers(controllers, ctx),
    stop() {
      stopped ??= (async () => {
        stopping = true;
        await node.shutdown();
        for (const c of controllers) c.stop();
        const closed = new Promise<void>((r) => server.close(() => r()));
        for (const s of sockets) s.destroy();
        await closed;
        await store.close();
      })();
      return stopped;
    },
  };
}
