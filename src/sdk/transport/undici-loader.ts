/**
 * Loads the few undici classes the transport needs, and nothing else.
 *
 * `import('undici')` costs 130-200 ms because its index loads fetch, WebSocket, the cache and more;
 * the dispatcher classes plus the request API cost ~45 ms (both measured on an idle 2-core
 * machine), so they are required by path, once, on the first request. undici has no `exports` map,
 * so deep paths resolve. Types come from the package's declarations through type-only imports.
 */
import type { Agent, Dispatcher, ProxyAgent } from 'undici';

/** The undici pieces the transport uses. */
export interface UndiciModules {
  Agent: typeof Agent;
  ProxyAgent: typeof ProxyAgent;
  /** `Dispatcher.prototype.request` from undici's API layer, called with the dispatcher as `this`. */
  request: (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
}

let loaded: UndiciModules | undefined;

/** Loads (once) and returns the undici dispatcher classes and the `request` API function. */
export function loadUndici(): UndiciModules {
  if (loaded !== undefined) return loaded;
  // A local loader (not the free `require`), so bundlers leave these paths to runtime resolution;
  // node:module is fetched here, not imported, because loading it loads Node's ES module loader
  // (a millisecond of every command that never makes a proxy or WebSocket connection).
  const load = process.getBuiltinModule('node:module').createRequire(import.meta.url);
  const AgentClass = load('undici/lib/dispatcher/agent.js') as typeof Agent;
  const ProxyAgentClass = load('undici/lib/dispatcher/proxy-agent.js') as typeof ProxyAgent;
  const DispatcherClass = load('undici/lib/dispatcher/dispatcher.js') as { prototype: Record<string, unknown> };
  const request = load('undici/lib/api/api-request.js') as UndiciModules['request'];
  // undici's index attaches its API functions to Dispatcher.prototype; ProxyAgent relies on
  // `connect` being there for CONNECT tunnels. Attach the two we use, exactly as the index does.
  if (typeof DispatcherClass.prototype.request !== 'function') DispatcherClass.prototype.request = request;
  if (typeof DispatcherClass.prototype.connect !== 'function') {
    DispatcherClass.prototype.connect = load('undici/lib/api/api-connect.js') as unknown;
  }
  loaded = { Agent: AgentClass, ProxyAgent: ProxyAgentClass, request };
  return loaded;
}
