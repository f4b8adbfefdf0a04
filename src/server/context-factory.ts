/**
 * Builds the {@link ServerContext} every stage shares, whole: first the core (store, registry,
 * change feed, shared informers, observability), from which the server makes its admission
 * plugins, then the context, which is that core with the admission chain. Nothing is assigned into
 * a context after it is made. The server calls it at start-up; controller tests call it to run
 * one controller against a real store with a fake clock, without HTTP.
 */
import { AdmissionChain } from './admission/chain.js';
import type { Observability } from './audit/observability.js';
import { ChangeFeed } from './feed/change-feed.js';
import type { ResolvedOptions, ServerContext, ServerCore } from './context.js';
import { SharedInformers } from './feed/shared-informers.js';
import { documentCache } from './openapi/documents.js';
import type { Registry } from './registry/registry.js';
import { ServiceIPAllocator } from './services/allocator.js';
import { StoreFailedError, type Store } from './storage/index.js';

/** What a core is made of. */
export interface CoreParts {
  store: Store;
  registry: Registry;
  options: ResolvedOptions;
  caPem: string;
  now?: () => number;
  log?: (line: string) => void;
  allocator?: ServiceIPAllocator;
  observability?: Observability;
}

/** Creates the core of a server: its change feed and the informers over it. */
export function createServerCore(parts: CoreParts): ServerCore {
  const log = parts.log ?? ((): void => undefined);
  const feed = new ChangeFeed(log);
  const onWrite: ServerCore['onWrite'] = (listener) => feed.onWrite(listener);
  let storeFailed = false;
  return {
    storeFailed: () => storeFailed,
    noteError(e) {
      if (e instanceof StoreFailedError) storeFailed = true;
    },
    store: parts.store,
    registry: parts.registry,
    now: parts.now ?? Date.now,
    options: parts.options,
    allocator: parts.allocator ?? new ServiceIPAllocator(),
    caPem: parts.caPem,
    log,
    onWrite,
    emitWrite: (event) => feed.emit(event),
    informers: new SharedInformers({ registry: parts.registry, store: parts.store, onWrite, log }),
    openapi: documentCache(parts.registry),
    observability: parts.observability,
  };
}

/** The context of a core: the core with its admission chain. */
export function contextOf(core: ServerCore, admission: AdmissionChain): ServerContext {
  return { ...core, admission };
}

/** Creates a context with no admission in one step (tests). */
export function createServerContext(parts: CoreParts): ServerContext {
  return contextOf(createServerCore(parts), new AdmissionChain([]));
}
