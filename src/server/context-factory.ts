/**
 * Builds the {@link ServerContext} every stage shares, with its in-process change feed. The server
 * calls it at start-up; controller tests call it to run one controller against a real store with a
 * fake clock, without HTTP.
 */
import { AdmissionChain } from './admission/chain.js';
import type { ResolvedOptions, ServerContext, WriteEvent } from './context.js';
import type { Registry } from './registry/registry.js';
import { ServiceIPAllocator } from './services/allocator.js';
import { StoreFailedError, type Store } from './storage/index.js';

/** What a context is made of. */
export interface ContextParts {
  store: Store;
  registry: Registry;
  options: ResolvedOptions;
  caPem: string;
  now?: () => number;
  log?: (line: string) => void;
  allocator?: ServiceIPAllocator;
}

/** Creates a context with an empty admission chain (the server installs its plugins afterwards). */
export function createServerContext(parts: ContextParts): ServerContext {
  const log = parts.log ?? ((): void => undefined);
  const listeners = new Set<(e: WriteEvent) => void>();
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
    admission: new AdmissionChain([]),
    allocator: parts.allocator ?? new ServiceIPAllocator(),
    caPem: parts.caPem,
    log,
    onWrite(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emitWrite(event) {
      for (const l of listeners) {
        try {
          l(event);
        } catch (e) {
          log(`change listener failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    },
  };
}
