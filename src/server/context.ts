/**
 * What every stage of the server shares: the store, the registry of served kinds, the clock,
 * the options, admission, and the internal change feed that controllers react to.
 */
import type { JsonObject } from '../sdk/types/meta.js';
import type { Store } from './storage/index.js';
import type { Registry } from './registry/registry.js';
import type { ResourceDef } from './registry/types.js';
import type { AdmissionChain } from './admission/chain.js';
import type { ServiceIPAllocator } from './services/allocator.js';

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

/** One persisted change, as the internal change feed reports it. */
export interface WriteEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  def: ResourceDef;
  object: JsonObject;
  old?: JsonObject;
}

/** The shared state of a running server. */
export interface ServerContext {
  store: Store;
  registry: Registry;
  now(): number;
  options: ResolvedOptions;
  admission: AdmissionChain;
  allocator: ServiceIPAllocator;
  /** PEM of the cluster CA (published in each namespace's root CA ConfigMap). */
  caPem: string;
  log(line: string): void;
  /** True once a store write failed for good (the etcd health check then fails). */
  storeFailed(): boolean;
  /** Lets the server look at an unexpected error (marks the store failed when it is). */
  noteError(e: unknown): void;
  /** Subscribes to persisted changes of every kind; returns an unsubscribe function. */
  onWrite(listener: (event: WriteEvent) => void): () => void;
  /** Publishes a persisted change (called by the write path). */
  emitWrite(event: WriteEvent): void;
}

/** RFC 3339 with seconds precision, as ObjectMeta timestamps are written. */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 3339 with microseconds, as MicroTime fields are written. */
export function microTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, '000Z');
}
