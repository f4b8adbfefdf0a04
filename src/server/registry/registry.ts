/**
 * The set of served resources: built-in kinds plus the custom resources of established CRDs.
 * Discovery, routing and the controllers read it; the CRD controller changes it.
 */
import type { ResourceDef } from './types.js';
import { compareVersionPriority } from './version-priority.js';
import { apiVersionOf, parseApiVersion } from '../../machinery/group-version.js';
import { markedKind, type BuiltinApiVersion, type BuiltinKind, type BuiltinObject, type KindDef } from './kind-def.js';

/** Order of the built-in groups in `/apis`, as the API server lists them. */
const GROUP_ORDER = [
  'apiregistration', 'apps', 'events', 'authentication', 'authorization', 'autoscaling', 'batch', 'certificates', 'networking',
  'policy', 'rbac.authorization', 'storage', 'admissionregistration', 'apiextensions', 'scheduling', 'coordination', 'node',
  'discovery', 'flowcontrol.apiserver', 'resource',
];

function groupRank(group: string): number {
  const base = group.replace(/\.platform\.io$/, '');
  const i = GROUP_ORDER.indexOf(base);
  return i < 0 ? GROUP_ORDER.length : i;
}

/** A group and its served versions, preferred first. */
export interface ServedGroup {
  name: string;
  versions: string[];
}

function key(group: string, version: string, plural: string): string {
  return `${group}/${version}/${plural}`;
}

/** The registry of served resources. */
export class Registry {
  private readonly builtins = new Map<string, ResourceDef>();
  /** Built-in defs by `apiVersion kind`, for {@link kind}: they never change, so they are indexed once. */
  private readonly builtinKinds = new Map<string, ResourceDef>();
  private readonly custom = new Map<string, ResourceDef[]>();
  private index = new Map<string, ResourceDef>();
  private generation = 0;

  /** Throws when two built-in defs name the same group, version and resource: one would hide the other. */
  constructor(builtins: ResourceDef[]) {
    for (const d of builtins) {
      const k = key(d.group, d.version, d.plural);
      if (this.builtins.has(k)) throw new Error(`resource ${d.plural}.${d.version}${d.group === '' ? '' : `.${d.group}`} is defined twice`);
      this.builtins.set(k, d);
      const kindKey = `${apiVersionOf(d)} ${d.kind}`;
      if (!this.builtinKinds.has(kindKey)) this.builtinKinds.set(kindKey, d);
    }
    this.rebuild();
  }

  /** Increases on every change; discovery documents are cached per generation. */
  get version(): number {
    return this.generation;
  }

  private rebuild(): void {
    const index = new Map(this.builtins);
    for (const defs of this.custom.values()) for (const d of defs) {
      const k = key(d.group, d.version, d.plural);
      if (!index.has(k)) index.set(k, d);
    }
    this.index = index;
    this.generation++;
  }

  /** The def serving `/<group>/<version>/<plural>`. */
  lookup(group: string, version: string, plural: string): ResourceDef | undefined {
    return this.index.get(key(group, version, plural));
  }

  /** The def of a resource the server always serves (a built-in one); throws when it is not. */
  served(group: string, version: string, plural: string): ResourceDef {
    const def = this.lookup(group, version, plural);
    if (def === undefined) throw new Error(`resource ${plural}.${version}.${group} is not served`);
    return def;
  }

  /** The def of a kind in an apiVersion (for owner references and events). */
  byKind(apiVersion: string, kind: string): ResourceDef | undefined {
    const { group, version } = parseApiVersion(apiVersion);
    for (const d of this.index.values()) if (d.group === group && d.version === version && d.kind === kind) return d;
    for (const d of this.index.values()) if (d.group === group && d.kind === kind) return d;
    return undefined;
  }

  /** A built-in kind's def, which carries its objects' type (throws when it is not served in that version). */
  kind<V extends BuiltinApiVersion, K extends BuiltinKind<V>>(apiVersion: V, kind: K): KindDef<BuiltinObject<V, K>> {
    const def = this.servedKind(apiVersion, kind);
    if (def === undefined) throw new Error(`kind ${kind} of ${apiVersion} is not served`);
    return def;
  }

  /** {@link kind}, or undefined when the kind is not served in that version (`--runtime-config` may turn it off). */
  servedKind<V extends BuiltinApiVersion, K extends BuiltinKind<V>>(apiVersion: V, kind: K): KindDef<BuiltinObject<V, K>> | undefined {
    const def = this.builtinKinds.get(`${apiVersion} ${kind}`);
    return def === undefined ? undefined : markedKind(def);
  }

  /** Every served def. */
  all(): ResourceDef[] {
    return [...this.index.values()];
  }

  /** One def per storage bucket (the preferred version of each resource). */
  buckets(): ResourceDef[] {
    const seen = new Map<string, ResourceDef>();
    for (const g of this.groups()) {
      for (const v of g.versions) {
        for (const d of this.index.values()) {
          if (d.group === g.name && d.version === v && !seen.has(d.bucket)) seen.set(d.bucket, d);
        }
      }
    }
    return [...seen.values()];
  }

  /** Served groups (core first), each with its versions in priority order. */
  groups(): ServedGroup[] {
    const versions = new Map<string, Set<string>>();
    for (const d of this.index.values()) {
      let set = versions.get(d.group);
      if (set === undefined) {
        set = new Set();
        versions.set(d.group, set);
      }
      set.add(d.version);
    }
    const names = [...versions.keys()].sort((a, b) => {
      if (a === '') return -1;
      if (b === '') return 1;
      const ra = groupRank(a);
      const rb = groupRank(b);
      if (ra !== rb) return ra - rb;
      return a < b ? -1 : a > b ? 1 : 0;
    });
    return names.map((name) => ({ name, versions: [...(versions.get(name) ?? [])].sort(compareVersionPriority) }));
  }

  /** Resources of one group version, in registration order. */
  resourcesOf(group: string, version: string): ResourceDef[] {
    return [...this.index.values()].filter((d) => d.group === group && d.version === version);
  }

  /** Replaces the defs contributed by one CRD (empty list = remove). */
  setCustom(crdName: string, defs: ResourceDef[]): void {
    if (defs.length === 0) this.custom.delete(crdName);
    else this.custom.set(crdName, defs);
    this.rebuild();
  }

  /** Defs contributed by one CRD. */
  customDefs(crdName: string): ResourceDef[] {
    return this.custom.get(crdName) ?? [];
  }
}
