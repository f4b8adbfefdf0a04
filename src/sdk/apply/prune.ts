/**
 * `apply --prune`: deletes the objects that carry the prune selector, were applied before by this
 * tool, and are not part of the current apply. Only the kinds of the allowlist (by default
 * kubectl's list of common kinds) are considered, in the namespaces the apply touched (plus
 * cluster-scoped kinds when no namespace was given).
 */
import type { PlatformClient } from '../client.js';
import type { ResourceMapping } from '../discovery/rest-mapper.js';
import { InputError } from '../errors.js';
import { ANNOTATIONS, GROUPS } from '../naming.js';
import type { ResourceClient } from '../rest/resource-client.js';
import type { KubeObject } from '../types/meta.js';
import type { ApplyResult } from './apply-manifests.js';
import type { DryRunMode } from './apply-object.js';
import { KindMapper } from './kind-mapper.js';
import { describeObject, objectKey } from './object-ref.js';
import { apiVersionOf } from '../../machinery/group-version.js';

/** A kind that may be pruned: `core/v1/ConfigMap` style group, version and kind. */
export interface PruneKind {
  group: string;
  version: string;
  kind: string;
}

/** kubectl's default prune list. */
export const DEFAULT_PRUNE_KINDS: readonly PruneKind[] = [
  { group: '', version: 'v1', kind: 'ConfigMap' },
  { group: '', version: 'v1', kind: 'Endpoints' },
  { group: '', version: 'v1', kind: 'Namespace' },
  { group: '', version: 'v1', kind: 'PersistentVolumeClaim' },
  { group: '', version: 'v1', kind: 'PersistentVolume' },
  { group: '', version: 'v1', kind: 'Pod' },
  { group: '', version: 'v1', kind: 'ReplicationController' },
  { group: '', version: 'v1', kind: 'Secret' },
  { group: '', version: 'v1', kind: 'Service' },
  { group: 'batch', version: 'v1', kind: 'Job' },
  { group: 'batch', version: 'v1', kind: 'CronJob' },
  { group: GROUPS.networking, version: 'v1', kind: 'Ingress' },
  { group: 'apps', version: 'v1', kind: 'DaemonSet' },
  { group: 'apps', version: 'v1', kind: 'Deployment' },
  { group: 'apps', version: 'v1', kind: 'ReplicaSet' },
  { group: 'apps', version: 'v1', kind: 'StatefulSet' },
];

/** Parses a `--prune-allowlist` entry: `core/v1/ConfigMap`, `apps/v1/Deployment`. */
export function parsePruneKind(text: string): PruneKind {
  const parts = text.split('/');
  if (parts.length !== 3 || parts.some((p) => p === '')) {
    throw new InputError(`invalid GroupVersionKind format: ${text}, please follow <group/version/kind>`);
  }
  const [group, version, kind] = parts as [string, string, string];
  return { group: group === 'core' ? '' : group, version, kind };
}

/** Options of {@link pruneObjects}. */
export interface PruneOptions {
  /** Label selector objects must match (`-l`); empty with `--all`. */
  selector: string;
  /** Kinds to consider (default {@link DEFAULT_PRUNE_KINDS}). */
  allowlist?: readonly PruneKind[] | undefined;
  /** `-n` was given: cluster-scoped kinds are left alone. */
  namespaceSpecified: boolean;
  /** The default namespace (pruned when the apply touched no namespaced object). */
  namespace: string;
  /** Server-side apply: objects count as applied before when this manager applied them. */
  serverSide?: boolean | undefined;
  fieldManager?: string | undefined;
  dryRun?: DryRunMode | undefined;
  signal?: AbortSignal | undefined;
  kinds?: KindMapper | undefined;
  /** How dependents of pruned objects go (`--cascade`, default Background). */
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan' | undefined;
  /** `--grace-period` for pruned objects (the server's default when undefined). */
  gracePeriodSeconds?: number | undefined;
}

/** One pruned (or failed-to-prune) object. */
export interface PruneResult {
  description: string;
  object: KubeObject;
  mapping: ResourceMapping;
  namespace: string | undefined;
  error?: unknown;
}

/** Whether an object was applied before by this tool (and so may be pruned). */
function appliedBefore(object: KubeObject, options: PruneOptions, defaultManager: string): boolean {
  if (object.metadata?.annotations?.[ANNOTATIONS.lastApplied] !== undefined) return true;
  if (options.serverSide !== true) return false;
  const manager = options.fieldManager ?? defaultManager;
  return (object.metadata?.managedFields ?? []).some((m) => m.manager === manager && m.operation === 'Apply');
}

/** How pruned objects are deleted. */
export type PruneDeleteOptions = Pick<PruneOptions, 'dryRun' | 'propagationPolicy' | 'gracePeriodSeconds' | 'signal'>;

/** Deletes one object found for pruning (not under a client dry run); a failure is kept in its result. */
export async function deletePruned(rc: ResourceClient, result: PruneResult, options: PruneDeleteOptions): Promise<void> {
  if (options.dryRun === 'client') return;
  try {
    const deleteOptions: Parameters<typeof rc.delete>[1] = { propagationPolicy: options.propagationPolicy ?? 'Background' };
    if (options.gracePeriodSeconds !== undefined) deleteOptions.gracePeriodSeconds = options.gracePeriodSeconds;
    if (options.dryRun === 'server') deleteOptions.dryRun = true;
    if (options.signal !== undefined) deleteOptions.signal = options.signal;
    await rc.delete(result.object.metadata?.name ?? '', deleteOptions);
  } catch (err) {
    result.error = err;
  }
}

/**
 * Deletes the objects matching the selector that `results` (the apply just done) did not touch.
 * Objects of allowlisted kinds the server does not serve are skipped when they come from the
 * default list, an error otherwise.
 */
export async function pruneObjects(client: PlatformClient, results: readonly ApplyResult[], options: PruneOptions): Promise<PruneResult[]> {
  const kinds = options.kinds ?? new KindMapper(client.discovery);
  const visitedUids = new Set<string>();
  const visitedKeys = new Set<string>();
  const namespaces = new Set<string>();
  for (const r of results) {
    const uid = r.object?.metadata?.uid;
    if (uid !== undefined) visitedUids.add(uid);
    visitedKeys.add(objectKey(r.manifest.object, r.namespace));
    if (r.namespace !== undefined) namespaces.add(r.namespace);
  }
  if (namespaces.size === 0) namespaces.add(options.namespace);

  const mappings: ResourceMapping[] = [];
  for (const kind of options.allowlist ?? DEFAULT_PRUNE_KINDS) {
    const apiVersion = apiVersionOf(kind);
    const mapping = options.allowlist === undefined ? await kinds.find(apiVersion, kind.kind, options.signal) : await kinds.require(apiVersion, kind.kind, options.signal);
    if (mapping !== undefined) mappings.push(mapping);
  }

  const pruned: PruneResult[] = [];
  const listOptions = { labelSelector: options.selector, ...(options.signal === undefined ? {} : { signal: options.signal }) };
  for (const mapping of mappings) {
    if (!mapping.namespaced && options.namespaceSpecified) continue;
    const scopes = mapping.namespaced ? [...namespaces] : [undefined];
    for (const namespace of scopes) {
      const rc = client.resource(mapping, namespace);
      for await (const object of rc.listAll(listOptions)) {
        const uid = object.metadata?.uid;
        const typed = { ...object, apiVersion: object.apiVersion ?? apiVersionOf(mapping), kind: object.kind ?? mapping.kind };
        if ((uid !== undefined && visitedUids.has(uid)) || visitedKeys.has(objectKey(typed, namespace))) continue;
        if (!appliedBefore(object, options, client.fieldManager)) continue;
        const result: PruneResult = { description: describeObject(typed), object: typed, mapping, namespace };
        await deletePruned(rc, result, options);
        pruned.push(result);
      }
    }
  }
  return pruned;
}
