/**
 * Maps the apiVersion and kind of manifest objects to resource types. Unlike the RestMapper (which
 * refreshes discovery at most once), an apply can refresh as often as it creates new kinds: after
 * its CustomResourceDefinitions are established it asks discovery again, and concurrent requests
 * for a refresh share one round trip.
 */
import type { DiscoveryClient } from '../discovery/discovery-client.js';
import type { DiscoverySnapshot } from '../discovery/model.js';
import type { ResourceMapping } from '../discovery/rest-mapper.js';
import { ResourceTypeError } from '../errors.js';
import { splitApiVersion } from './object-ref.js';

/** Resolves manifest kinds against discovery, refreshing on demand. */
export class KindMapper {
  private readonly discovery: DiscoveryClient;
  private current: Promise<DiscoverySnapshot> | undefined;
  private refreshing: Promise<DiscoverySnapshot> | undefined;

  constructor(discovery: DiscoveryClient) {
    this.discovery = discovery;
  }

  private snapshot(signal: AbortSignal | undefined): Promise<DiscoverySnapshot> {
    this.current ??= this.discovery.snapshot(signal === undefined ? {} : { signal });
    return this.current;
  }

  /** Fetches discovery again (once for all callers waiting at the same time). */
  refresh(signal?: AbortSignal): Promise<DiscoverySnapshot> {
    if (this.refreshing === undefined) {
      const opts: { refresh: true; signal?: AbortSignal } = { refresh: true };
      if (signal !== undefined) opts.signal = signal;
      const p = this.discovery.snapshot(opts);
      this.refreshing = p;
      this.current = p;
      const done = (): void => {
        if (this.refreshing === p) this.refreshing = undefined;
      };
      p.then(done, done);
    }
    return this.refreshing;
  }

  /** The mapping of a kind in the current snapshot, or undefined. */
  async find(apiVersion: string, kind: string, signal?: AbortSignal): Promise<ResourceMapping | undefined> {
    return findInSnapshot(await this.snapshot(signal), apiVersion, kind);
  }

  /**
   * The mapping of a kind; refreshes discovery once when the kind is unknown.
   *
   * @throws {@link ResourceTypeError} kubectl's `no matches for kind "X" in version "g/v"`.
   */
  async require(apiVersion: string, kind: string, signal?: AbortSignal): Promise<ResourceMapping> {
    const found = (await this.find(apiVersion, kind, signal)) ?? findInSnapshot(await this.refresh(signal), apiVersion, kind);
    if (found === undefined) throw noMatchError(apiVersion, kind);
    return found;
  }
}

/** kubectl's error for a kind the server does not serve. */
export function noMatchError(apiVersion: string, kind: string): ResourceTypeError {
  return new ResourceTypeError(`no matches for kind "${kind}" in version "${apiVersion}"`);
}

function findInSnapshot(snapshot: DiscoverySnapshot, apiVersion: string, kind: string): ResourceMapping | undefined {
  const { group, version } = splitApiVersion(apiVersion);
  const r = snapshot.resources.find((x) => x.group === group && x.version === version && x.kind === kind);
  if (r === undefined) return undefined;
  return {
    group: r.group, version: r.version, resource: r.resource, namespaced: r.namespaced, kind: r.kind, singular: r.singular,
    verbs: [...r.verbs], shortNames: [...r.shortNames], categories: [...r.categories], subresources: [...r.subresources],
  };
}
