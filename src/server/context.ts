/**
 * What every stage of the server shares: the store, the registry of served kinds, the clock,
 * the options, the internal change feed that controllers react to, the shared informers over it,
 * the request observer's audit log and metrics, and admission. The composition root
 * (`context-factory.ts`, called by `startServer`) builds it whole: the parts that admission
 * plugins read come first ({@link ServerCore}), the context is that core with its admission chain.
 */
import type { Store } from './storage/index.js';
import type { Registry } from './registry/registry.js';
import type { WriteEvent } from './feed/change-feed.js';
import type { AdmissionChain } from './admission/chain.js';
import type { ServiceIPAllocator } from './services/allocator.js';
import type { Observability } from './audit/observability.js';
import type { SharedInformers } from './feed/shared-informers.js';
import type { DocumentCache } from './openapi/documents.js';

/** Options after defaults are applied. */
export interface ResolvedOptions {
  /** How long a continue token stays valid. */
  continueTokenTtlMs: number;
  /** Interval between BOOKMARK events on watches that ask for them. */
  bookmarkIntervalMs: number;
  /** How long a get/list waits for a resource version from the future before answering 504. */
  futureRVWaitMs: number;
  /** Bounds of the random default watch timeout. */
  minWatchTimeoutMs: number;
  /** Per-watch queue bound (events not yet written to a slow client). */
  watchMaxQueue: number;
  /** Delay before a Background garbage collection or namespace cleanup pass (ms; 0 = next tick). */
  controllerDelayMs: number;
}

export type { WriteEvent } from './feed/change-feed.js';

/**
 * Everything a server shares except admission: what reads, admission plugins and the informers
 * need, so that they can be made before the admission chain that they are part of.
 */
export interface ServerCore {
  readonly store: Store;
  readonly registry: Registry;
  now(): number;
  readonly options: ResolvedOptions;
  readonly allocator: ServiceIPAllocator;
  /** PEM of the cluster CA (published in each namespace's root CA ConfigMap). */
  readonly caPem: string;
  log(line: string): void;
  /** True once a store write failed for good (the etcd health check then fails). */
  storeFailed(): boolean;
  /** Lets the server look at an unexpected error (marks the store failed when it is). */
  noteError(e: unknown): void;
  /** Subscribes to persisted changes of every kind; returns an unsubscribe function. */
  onWrite(listener: (event: WriteEvent) => void): () => void;
  /** Publishes a persisted change (called by the write path). */
  emitWrite(event: WriteEvent): void;
  /** The informers every controller of this server shares. */
  readonly informers: SharedInformers;
  /** The registry's OpenAPI documents, rendered on first use and again once the registry changed. */
  readonly openapi: () => DocumentCache;
  /** The audit log and metrics the request observer fills (none: requests are not observed). */
  readonly observability: Observability | undefined;
}

/** The shared state of a running server: its core and the admission chain every write runs. */
export interface ServerContext extends ServerCore {
  readonly admission: AdmissionChain;
}
