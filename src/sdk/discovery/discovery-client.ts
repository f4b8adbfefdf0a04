/**
 * Discovery for one server: fetched once per process (and per refresh), served from the disk cache
 * when it is fresh, and written back to it after a fetch.
 */
import type { RestClient } from '../rest/rest-client.js';
import type { VersionInfo } from '../types/discovery.js';
import { clearDiscoveryCache, DISCOVERY_CACHE_TTL_MS, discoveryCacheDir, readDiscoveryCache, writeDiscoveryCache } from './disk-cache.js';
import { fetchDiscovery } from './fetch-discovery.js';
import { snapshotFromLegacy, type DiscoverySnapshot } from './model.js';

/** Options of a {@link DiscoveryClient}. */
export interface DiscoveryClientOptions {
  /** The cache dir (`~/.platform/cache`); discovery is kept under `<cacheDir>/discovery/`. No disk cache when absent. */
  cacheDir?: string | undefined;
  /** Time-to-live of the disk cache (default 6 hours). */
  ttlMs?: number | undefined;
  /** Clock, for tests. */
  now?: (() => number) | undefined;
}

/** Options of one discovery read. */
export interface DiscoveryReadOptions {
  signal?: AbortSignal | undefined;
  /** Ignore the caches and ask the server. */
  refresh?: boolean | undefined;
}

/** A snapshot and where it came from. */
export interface DiscoveryResult extends DiscoverySnapshot {
  /** True when it was read from the disk cache rather than fetched in this call. */
  fromCache: boolean;
}

/** Reads what the server serves. */
export class DiscoveryClient {
  /** The server's directory in the disk cache, when there is one. */
  readonly cacheDir: string | undefined;
  private readonly rest: RestClient;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private current: Promise<DiscoveryResult> | undefined;

  constructor(rest: RestClient, server: string, options: DiscoveryClientOptions = {}) {
    this.rest = rest;
    this.cacheDir = options.cacheDir === undefined || options.cacheDir === '' ? undefined : discoveryCacheDir(options.cacheDir, server);
    this.ttlMs = options.ttlMs ?? DISCOVERY_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Every group and resource the server serves. */
  snapshot(options: DiscoveryReadOptions = {}): Promise<DiscoveryResult> {
    if (options.refresh === true || this.current === undefined) {
      const load = this.load(options);
      this.current = load;
      // A failed load must not be remembered.
      load.catch(() => {
        if (this.current === load) this.current = undefined;
      });
    }
    return this.current;
  }

  /** Forgets the in-memory and on-disk discovery of this server. */
  async invalidate(): Promise<void> {
    this.current = undefined;
    if (this.cacheDir !== undefined) await clearDiscoveryCache(this.cacheDir);
  }

  /** The server's `/version`. */
  async serverVersion(options: { signal?: AbortSignal } = {}): Promise<VersionInfo> {
    const req: Parameters<RestClient['json']>[0] = { method: 'GET', path: '/version' };
    if (options.signal !== undefined) req.signal = options.signal;
    return this.rest.json<VersionInfo>(req);
  }

  private async load(options: DiscoveryReadOptions): Promise<DiscoveryResult> {
    if (options.refresh !== true && this.cacheDir !== undefined) {
      const cached = await readDiscoveryCache(this.cacheDir, this.ttlMs, this.now());
      if (cached !== undefined) return { ...snapshotFromLegacy(cached), fromCache: true };
    }
    const fetched = await fetchDiscovery(this.rest, options.signal);
    if (this.cacheDir !== undefined) await writeDiscoveryCache(this.cacheDir, fetched);
    return { ...snapshotFromLegacy(fetched), fromCache: false };
  }
}
