/**
 * An apply that maintains an ApplySet, as kubectl's `apply --applyset=PARENT --prune`: read the
 * parent, label every object as a member, widen the parent to the union of its old and new kinds
 * and namespaces, apply, then (when every object applied) delete the members of the old kinds and
 * namespaces that this apply did not touch, and narrow the parent to what this apply holds.
 */
import type { PlatformClient } from '../../client.js';
import type { ApplyManifestsOptions, ApplyResult } from '../apply-manifests.js';
import { KindMapper } from '../kind-mapper.js';
import type { Manifest } from '../manifests.js';
import { deletePruned, type PruneDeleteOptions, type PruneResult } from '../prune.js';
import { placeObject } from '../resolve-manifest.js';
import { ApplySet, type ApplySetRef } from './applyset.js';

/** Options of an apply with an ApplySet (`applyManifests(..., { applySet })`). */
export interface ApplySetOptions extends ApplySetRef, Omit<PruneDeleteOptions, 'dryRun' | 'signal'> {
  /** The version written after the tool name in the parent's tooling annotation. */
  toolingVersion?: string | undefined;
  /** Told of each member pruned (or that failed to be). */
  onPruned?: ((result: PruneResult) => void) | undefined;
  /** Told of warnings (a forced update of the parent). */
  onWarning?: ((message: string) => void) | undefined;
}

type Apply = (client: PlatformClient, manifests: readonly Manifest[], options: ApplyManifestsOptions) => Promise<ApplyResult[]>;

/** Applies `manifests` as the members of the ApplySet `set` names, and prunes the members left behind. */
export async function applyWithApplySet(client: PlatformClient, manifests: readonly Manifest[], options: ApplyManifestsOptions, setOptions: ApplySetOptions, apply: Apply): Promise<ApplyResult[]> {
  const { signal, dryRun } = options;
  const set = await ApplySet.open(client, setOptions, setOptions.toolingVersion ?? 'v0', signal);
  const kinds = options.kinds ?? new KindMapper(client.discovery);
  const labelled = manifests.map((m) => ({ ...m, object: set.label(m.object) }));
  const placement = { namespace: options.namespace ?? client.namespace, enforceNamespace: options.enforceNamespace };
  for (const m of labelled) {
    // A kind a CRD of this apply defines is not served yet: it joins the parent after the apply.
    const mapping = await kinds.find(m.object.apiVersion ?? '', m.object.kind ?? '', signal);
    if (mapping === undefined) continue;
    try {
      set.add(mapping, placeObject(m.object, mapping, placement).namespace);
    } catch {
      // The apply reports the object's namespace error.
    }
  }
  const parentWrite = { dryRun, signal, onWarning: setOptions.onWarning };
  await set.writeParent('superset', parentWrite);
  const results = await apply(client, labelled, { ...options, applySet: undefined, kinds });
  for (const r of results) if (r.mapping !== undefined) set.add(r.mapping, r.namespace);
  // A failed apply keeps the wider parent, so that the next apply still prunes what this one left.
  if (results.some((r) => r.error !== undefined || r.action === undefined)) return results;

  const visited = new Set(results.map((r) => r.object?.metadata?.uid).filter((u): u is string => u !== undefined));
  let failed = false;
  for await (const result of set.staleMembers(visited, signal)) {
    await deletePruned(client.resource(result.mapping, result.namespace), result, { dryRun, signal, propagationPolicy: setOptions.propagationPolicy, gracePeriodSeconds: setOptions.gracePeriodSeconds });
    if (result.error !== undefined) failed = true;
    setOptions.onPruned?.(result);
  }
  if (!failed) await set.writeParent('latest', parentWrite);
  return results;
}
