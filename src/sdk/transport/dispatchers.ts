/**
 * Connection pools: one requester per (TLS settings, client certificate, proxy), reused for
 * the whole process, so every request to a cluster with the same credentials shares keep-alive
 * connections. A changed client certificate (exec plugin rotation) gives a different key and so a
 * new pool, which is what forces the new TLS handshake.
 */
import { createHash } from 'node:crypto';
import type { ClientCertificate } from '../auth/credentials.js';
import { createNodeRequester, type NodeRequesterTls } from './node-requester.js';
import type { Requester, RequesterRequest, RequesterResponse } from './requester.js';
import { loadUndici } from './undici-loader.js';

/** TLS settings of a cluster. */
export interface TlsSettings {
  /** PEM CA bundle; absent = the system roots. */
  caData?: string;
  /** SNI and verification name (`tls-server-name`). */
  serverName?: string;
  insecureSkipVerify?: boolean;
}

/** Everything that identifies one pool. */
export interface DispatcherSpec {
  tls: TlsSettings;
  clientCertificate?: ClientCertificate;
  /** Proxy URL, when requests go through one. */
  proxy?: string;
}

const pools = new Map<string, Requester>();
let generation = 0;

/** Changes whenever a pool is retired or all are closed: a remembered dispatcher from an older generation may be gone. */
export function poolGeneration(): number {
  return generation;
}

function hash(parts: (string | undefined)[]): string {
  const h = createHash('sha256');
  for (const part of parts) h.update(part === undefined ? '\u0000undefined' : `\u0001${part}`).update('\u0002');
  return h.digest('hex');
}

/** The pool key of a spec (a hash: keys never hold key material in clear). */
export function dispatcherKey(spec: DispatcherSpec): string {
  return hash([
    spec.tls.caData, spec.tls.serverName, spec.tls.insecureSkipVerify === true ? 'insecure' : 'verify',
    spec.clientCertificate?.certData, spec.clientCertificate?.keyData, spec.proxy,
  ]);
}

function connectOptions(spec: DispatcherSpec): NodeRequesterTls {
  const options: NodeRequesterTls = { rejectUnauthorized: spec.tls.insecureSkipVerify !== true };
  if (spec.tls.caData !== undefined && spec.tls.caData !== '') options.ca = spec.tls.caData;
  if (spec.tls.serverName !== undefined && spec.tls.serverName !== '') options.servername = spec.tls.serverName;
  if (spec.clientCertificate !== undefined) {
    options.cert = spec.clientCertificate.certData;
    options.key = spec.clientCertificate.keyData;
  }
  return options;
}

/**
 * Settles with the promise, or rejects as soon as the signal aborts. undici notices an abort only
 * between phases: during a TLS handshake with a server that never answers it waits for its own
 * connect timeout (10 s), so a timed-out or cancelled request would hang that long.
 */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      // The request may still settle later (undici cleans up on its own); its outcome is moot.
      promise.catch(() => undefined);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => { signal.removeEventListener('abort', onAbort); resolve(value); },
      (err: unknown) => { signal.removeEventListener('abort', onAbort); reject(err instanceof Error ? err : new Error(String(err))); },
    );
  });
}

/** A requester through an HTTP(S) proxy: undici's ProxyAgent (CONNECT tunnels), loaded only then. */
function proxyRequester(spec: DispatcherSpec, proxy: string): Requester {
  const { ProxyAgent, request } = loadUndici();
  // The transport enforces its own timeouts; undici's 300 s body timeout would cut idle watches.
  const agent = new ProxyAgent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 30_000, uri: proxy, requestTls: { ...connectOptions(spec) } });
  return {
    async request(options: RequesterRequest): Promise<RequesterResponse> {
      const response = await raceAbort(request.call(agent, options), options.signal);
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    },
    close: () => agent.close(),
    destroy: () => agent.destroy(),
  };
}

/** The shared pool for `spec`, created on first use. */
export function getDispatcher(spec: DispatcherSpec): { key: string; dispatcher: Requester } {
  const key = dispatcherKey(spec);
  let dispatcher = pools.get(key);
  if (dispatcher === undefined) {
    dispatcher = spec.proxy === undefined ? createNodeRequester(connectOptions(spec)) : proxyRequester(spec, spec.proxy);
    pools.set(key, dispatcher);
  }
  return { key, dispatcher };
}

/** Closes one pool (after its in-flight requests finish) and forgets it. */
export function retireDispatcher(key: string): void {
  const dispatcher = pools.get(key);
  if (dispatcher === undefined) return;
  generation++;
  pools.delete(key);
  dispatcher.close().catch(() => undefined);
}

/** Closes every pool; for tests and orderly shutdown. */
export async function closeAllDispatchers(): Promise<void> {
  const all = [...pools.values()];
  generation++;
  pools.clear();
  await Promise.all(all.map((d) => d.destroy().catch(() => undefined)));
}
