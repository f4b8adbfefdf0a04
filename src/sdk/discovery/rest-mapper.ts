/**
 * Resolves what users type to resource types, as kubectl does: plural, singular, short names and
 * kinds, case-insensitively; `resource.group` and `resource.version.group` (and `Kind.group`
 * forms); the preferred version of a group unless one is named. When a name matches types in more
 * than one group, the core group wins (kubectl's group priority: `events` is core `events`);
 * otherwise the name is ambiguous and the error lists the candidates. A name that matches nothing
 * makes the mapper refresh discovery once (a type may have just been created) before failing with
 * kubectl's `the server doesn't have a resource type "x"`.
 */
import { ResourceTypeError } from '../errors.js';
import type { DiscoveryClient } from './discovery-client.js';
import { splitGroupVersion, type DiscoveredResource, type DiscoverySnapshot } from './model.js';

/**
 * A resolved resource type with what discovery says about it (a copy: the snapshot's stays as it
 * was); it serves as the `ResourceDescriptor` of the REST client.
 */
export type ResourceMapping = DiscoveredResource;

/** The outcome of resolving a name against one snapshot. */
export type ResolveResult =
  | { type: 'found'; mapping: ResourceMapping }
  | { type: 'ambiguous'; candidates: string[] }
  | { type: 'notFound' };

/** `configmaps.v1` for core, `deployments.v1.apps` otherwise. */
export function qualifiedName(r: { resource: string; version: string; group: string }): string {
  return r.group === '' ? `${r.resource}.${r.version}` : `${r.resource}.${r.version}.${r.group}`;
}

function toMapping(r: DiscoveredResource): ResourceMapping {
  return {
    group: r.group, version: r.version, resource: r.resource, namespaced: r.namespaced, kind: r.kind, singular: r.singular,
    verbs: [...r.verbs], shortNames: [...r.shortNames], categories: [...r.categories], subresources: [...r.subresources],
  };
}

/** The version of `group/resource` to use: the group's preferred one if it serves it, else the first. */
function pickVersion(snapshot: DiscoverySnapshot, matches: DiscoveredResource[]): DiscoveredResource | undefined {
  const first = matches[0];
  if (first === undefined) return undefined;
  const preferred = snapshot.groups.find((g) => g.name === first.group)?.preferredVersion;
  return matches.find((m) => m.version === preferred) ?? first;
}

const TIERS: ((r: DiscoveredResource, name: string) => boolean)[] = [
  (r, name) => r.resource.toLowerCase() === name,
  (r, name) => r.singular.toLowerCase() === name,
  (r, name) => r.shortNames.some((s) => s.toLowerCase() === name),
  (r, name) => r.kind.toLowerCase() === name,
];

function resolveParts(snapshot: DiscoverySnapshot, name: string, group: string | undefined, version: string | undefined): ResolveResult {
  const scoped = snapshot.resources.filter((r) => (group === undefined || r.group === group) && (version === undefined || r.version === version));
  for (const tier of TIERS) {
    const hits = scoped.filter((r) => tier(r, name));
    if (hits.length === 0) continue;
    const byGroupResource = new Map<string, DiscoveredResource[]>();
    for (const hit of hits) {
      const key = `${hit.group}\u0000${hit.resource}`;
      byGroupResource.set(key, [...(byGroupResource.get(key) ?? []), hit]);
    }
    const picks = [...byGroupResource.values()].map((m) => pickVersion(snapshot, m)).filter((m): m is DiscoveredResource => m !== undefined);
    if (picks.length === 1 && picks[0] !== undefined) return { type: 'found', mapping: toMapping(picks[0]) };
    const core = picks.filter((p) => p.group === '');
    if (core.length === 1 && core[0] !== undefined) return { type: 'found', mapping: toMapping(core[0]) };
    return { type: 'ambiguous', candidates: picks.map(qualifiedName) };
  }
  return { type: 'notFound' };
}

/** Resolves a user-typed resource name against a snapshot (no refresh). */
export function resolveResource(snapshot: DiscoverySnapshot, input: string): ResolveResult {
  const arg = input.trim().toLowerCase();
  if (arg === '') return { type: 'notFound' };
  const parts = arg.split('.');
  const name = parts[0] ?? '';
  // `resource.version.group`, when the middle part is a version the group serves.
  if (parts.length >= 3) {
    const version = parts[1] ?? '';
    const group = parts.slice(2).join('.');
    if (snapshot.groups.some((g) => g.name === group && g.versions.includes(version))) {
      const full = resolveParts(snapshot, name, group, version);
      if (full.type !== 'notFound') return full;
    }
  }
  if (parts.length >= 2) {
    const group = parts.slice(1).join('.');
    const exact = resolveParts(snapshot, name, group, undefined);
    return exact.type === 'notFound' ? shortNameInGroupPrefix(snapshot, name, group) : exact;
  }
  return resolveParts(snapshot, name, undefined, undefined);
}

/**
 * kubectl's shortcut expander, last: a short name with the beginning of its group (`hpa.autoscal`)
 * names the type whose group starts so (`horizontalpodautoscalers.autoscaling`); the first in
 * discovery order wins, as in kubectl.
 */
function shortNameInGroupPrefix(snapshot: DiscoverySnapshot, name: string, groupPrefix: string): ResolveResult {
  const hit = snapshot.resources.find((r) => r.group.startsWith(groupPrefix) && r.shortNames.some((s) => s.toLowerCase() === name));
  if (hit === undefined) return { type: 'notFound' };
  const pick = pickVersion(snapshot, snapshot.resources.filter((r) => r.group === hit.group && r.resource === hit.resource));
  return pick === undefined ? { type: 'notFound' } : { type: 'found', mapping: toMapping(pick) };
}

/**
 * kubectl's message for a name that matches nothing, as its resource builder words it: the
 * resource part of `resource.group` alone (`get foo.bar`: `... resource type "foo"`).
 */
function noResourceType(input: string): ResourceTypeError {
  const dot = input.indexOf('.');
  return new ResourceTypeError(`the server doesn't have a resource type "${dot > 0 ? input.slice(0, dot) : input}"`);
}

/** Maps names and kinds to resource types, backed by discovery. */
export class RestMapper {
  private readonly discovery: DiscoveryClient;
  private refreshed = false;

  constructor(discovery: DiscoveryClient) {
    this.discovery = discovery;
  }

  /** Discovery again, at most once per mapper: for names and kinds not found in the current snapshot. */
  private async retryAfterRefresh<T>(signal: AbortSignal | undefined, attempt: (s: DiscoverySnapshot) => T | undefined): Promise<T | undefined> {
    if (this.refreshed) return undefined;
    this.refreshed = true;
    const opts: { refresh: true; signal?: AbortSignal } = { refresh: true };
    if (signal !== undefined) opts.signal = signal;
    return attempt(await this.discovery.snapshot(opts));
  }

  private snapshot(signal: AbortSignal | undefined): Promise<DiscoverySnapshot> {
    return this.discovery.snapshot(signal === undefined ? {} : { signal });
  }

  /** Resolves a name typed by a user (`cm`, `ConfigMap`, `deployments.apps`, `deploy.v1.apps`). */
  async resourceFor(input: string, options: { signal?: AbortSignal } = {}): Promise<ResourceMapping> {
    let result = resolveResource(await this.snapshot(options.signal), input);
    if (result.type === 'notFound') {
      result = (await this.retryAfterRefresh(options.signal, (s) => resolveResource(s, input))) ?? result;
    }
    switch (result.type) {
      case 'found':
        return result.mapping;
      case 'ambiguous':
        throw new ResourceTypeError(`the resource type "${input}" is ambiguous: it matches ${result.candidates.join(', ')}; use one of these fully qualified names`, result.candidates);
      default:
        throw noResourceType(input);
    }
  }

  /** The resource of a kind in a group version (for manifests: `apiVersion` + `kind`). */
  async mappingForKind(apiVersion: string, kind: string, options: { signal?: AbortSignal } = {}): Promise<ResourceMapping> {
    const { group, version } = splitGroupVersion(apiVersion);
    const find = (s: DiscoverySnapshot): ResourceMapping | undefined => {
      const hit = s.resources.find((r) => r.group === group && r.version === version && r.kind === kind);
      return hit === undefined ? undefined : toMapping(hit);
    };
    const mapping = find(await this.snapshot(options.signal)) ?? (await this.retryAfterRefresh(options.signal, find));
    if (mapping === undefined) throw new ResourceTypeError(`no matches for kind "${kind}" in version "${apiVersion}"`);
    return mapping;
  }

  /** The resource types in a category (`all`), preferred versions, in discovery order. */
  async resourcesInCategory(category: string, options: { signal?: AbortSignal } = {}): Promise<ResourceMapping[]> {
    const snapshot = await this.snapshot(options.signal);
    const seen = new Set<string>();
    const out: ResourceMapping[] = [];
    const wanted = category.toLowerCase();
    for (const r of snapshot.resources) {
      if (!r.categories.some((c) => c.toLowerCase() === wanted)) continue;
      const key = `${r.group}\u0000${r.resource}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const pick = pickVersion(snapshot, snapshot.resources.filter((m) => m.group === r.group && m.resource === r.resource));
      if (pick !== undefined) out.push(toMapping(pick));
    }
    return out;
  }

  /**
   * A name or a category: a category (`all`) expands to its members; anything else resolves to one
   * type. A resource type of the same name wins over a category, as in kubectl.
   */
  async resourcesFor(input: string, options: { signal?: AbortSignal } = {}): Promise<ResourceMapping[]> {
    const snapshot = await this.snapshot(options.signal);
    if (resolveResource(snapshot, input).type === 'notFound') {
      const members = await this.resourcesInCategory(input, options);
      if (members.length > 0) return members;
    }
    return [await this.resourceFor(input, options)];
  }
}
