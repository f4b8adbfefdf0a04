/**
 * Applying a set of manifests the way CI pipelines need it: Namespaces and
 * CustomResourceDefinitions first; objects of a kind a CRD in the same apply defines wait until the
 * CRD is established and discovery serves the kind; everything else with `concurrency` objects in
 * flight. Every object is attempted, and each one's outcome (or error) is reported.
 */
import type { PlatformClient } from '../client.js';
import type { ResourceMapping } from '../discovery/rest-mapper.js';
import { GROUPS } from '../naming.js';
import type { ResourceClient } from '../rest/resource-client.js';
import type { KubeObject } from '../types/meta.js';
import { applyObject, type ApplyAction, type ApplyObjectOptions } from './apply-object.js';
import { KindMapper } from './kind-mapper.js';
import type { Manifest } from './manifests.js';
import { describeObject, objectKey, splitApiVersion } from './object-ref.js';
import { clientFor, mappingNotFound, placeObject, type NamespaceOptions } from './resolve-manifest.js';
import { runLimited } from './run-limited.js';
import { waitForObject } from './wait-for.js';
import type { ApplySetOptions } from './applyset/apply-with-set.js';

/** Default number of objects applied at the same time. */
export const DEFAULT_APPLY_CONCURRENCY = 8;

/** How long an apply waits for one of its CRDs to be established. */
export const DEFAULT_CRD_TIMEOUT_MS = 60_000;

/**
 * What to do with each object (default: {@link applyObject} with the options): `create` and
 * `replace` use the same ordering and concurrency with their own operation.
 */
export type ObjectOperation = (client: ResourceClient, object: KubeObject, context: { source: string }) => Promise<{ action: string; object: KubeObject; notes?: string[] }>;

/** The outcome of one manifest object. */
export interface ApplyResult {
  /** Position of the manifest in the input. */
  index: number;
  manifest: Manifest;
  /** `configmap/foo`. */
  description: string;
  mapping?: ResourceMapping | undefined;
  /** Namespace the object went to (undefined for cluster-scoped kinds or when it failed early). */
  namespace?: string | undefined;
  /** What happened, when it succeeded (an {@link ApplyAction} for apply). */
  action?: ApplyAction | string | undefined;
  /** The resulting object, when it succeeded. */
  object?: KubeObject | undefined;
  /** Steps an operation reports before its result (`replace --force`: the deletion). */
  notes?: string[] | undefined;
  /** Why it failed. */
  error?: unknown;
}

/** Options of {@link applyManifests}. */
export interface ApplyManifestsOptions extends Omit<ApplyObjectOptions, 'source'>, Omit<NamespaceOptions, 'namespace'> {
  /** The namespace for objects that name none (default: the client's, as `apply` without `-n`). */
  namespace?: string | undefined;
  /** Objects in flight at once (default {@link DEFAULT_APPLY_CONCURRENCY}). */
  concurrency?: number | undefined;
  /** Called as each object finishes (in completion order). */
  onResult?: ((result: ApplyResult) => void) | undefined;
  /** Time to wait for each CRD of the apply to be established (default {@link DEFAULT_CRD_TIMEOUT_MS}). */
  crdTimeoutMs?: number | undefined;
  /** Kind lookups to share with other steps (pruning); one is created when absent. */
  kinds?: KindMapper | undefined;
  /** Replaces the apply of each object (create, replace). */
  operation?: ObjectOperation | undefined;
  /**
   * Apply the manifests as the members of an ApplySet (kubectl's `--applyset=PARENT --prune`), and
   * delete the set's members this apply no longer holds once every object has applied.
   */
  applySet?: ApplySetOptions | undefined;
}

const CRD_DESCRIPTOR = { group: GROUPS.apiextensions, version: 'v1', resource: 'customresourcedefinitions', namespaced: false, kind: 'CustomResourceDefinition' } as const;

function isNamespace(object: KubeObject): boolean {
  return object.kind === 'Namespace' && splitApiVersion(object.apiVersion ?? '').group === '';
}

function isCrd(object: KubeObject): boolean {
  return object.kind === 'CustomResourceDefinition' && splitApiVersion(object.apiVersion ?? '').group === GROUPS.apiextensions;
}

/** `group\0kind` of the kind a CRD defines. */
function definedKind(crd: KubeObject): string | undefined {
  const spec = crd.spec as { group?: unknown; names?: { kind?: unknown } } | undefined;
  if (typeof spec?.group !== 'string' || typeof spec.names?.kind !== 'string') return undefined;
  return `${spec.group}\u0000${spec.names.kind}`;
}

function conditionStatus(object: KubeObject | undefined, type: string): string | undefined {
  const conditions = (object?.status as { conditions?: unknown } | undefined)?.conditions;
  if (!Array.isArray(conditions)) return undefined;
  const hit = conditions.find((c: unknown) => typeof c === 'object' && c !== null && (c as { type?: unknown }).type === type) as { status?: unknown } | undefined;
  return typeof hit?.status === 'string' ? hit.status : undefined;
}

/**
 * Applies `manifests` (client-side by default, server-side with `serverSide`) and returns one
 * result per manifest, in input order. Never throws for a single object's failure: it is recorded
 * in that object's result. After `signal` aborts, objects not yet started keep a result with
 * neither `action` nor `error`. With `applySet`, rejects when the ApplySet's parent cannot be
 * read or written (before any object is applied, or after all of them).
 */
export async function applyManifests(client: PlatformClient, manifests: readonly Manifest[], options: ApplyManifestsOptions = {}): Promise<ApplyResult[]> {
  if (options.applySet !== undefined) {
    const { applyWithApplySet } = await import('./applyset/apply-with-set.js');
    return applyWithApplySet(client, manifests, options, options.applySet, applyManifests);
  }
  const kinds = options.kinds ?? new KindMapper(client.discovery);
  const placement: NamespaceOptions = { namespace: options.namespace ?? client.namespace, enforceNamespace: options.enforceNamespace };
  const results: ApplyResult[] = manifests.map((manifest, index) => ({ index, manifest, description: describeObject(manifest.object) }));
  const limit = options.concurrency ?? DEFAULT_APPLY_CONCURRENCY;
  const crdsByKind = new Map<string, string>();
  const crdReady = new Map<string, Promise<void>>();
  // Objects that appear more than once are applied one after the other, in input order.
  const lastOfKey = new Map<string, Promise<void>>();

  const waitForCrd = (name: string): Promise<void> => {
    let ready = crdReady.get(name);
    if (ready === undefined) {
      ready = (async () => {
        const crds = client.resource(CRD_DESCRIPTOR);
        await waitForObject(crds, name, (crd) => crd === undefined || conditionStatus(crd, 'Established') === 'True' || conditionStatus(crd, 'NamesAccepted') === 'False', {
          signal: options.signal,
          timeoutMs: options.crdTimeoutMs ?? DEFAULT_CRD_TIMEOUT_MS,
        });
        await kinds.refresh(options.signal);
      })();
      crdReady.set(name, ready);
    }
    return ready;
  };

  const mappingOf = async (object: KubeObject): Promise<ResourceMapping> => {
    const apiVersion = object.apiVersion ?? '';
    const kind = object.kind ?? '';
    const found = await kinds.find(apiVersion, kind, options.signal);
    if (found !== undefined) return found;
    const crd = crdsByKind.get(`${splitApiVersion(apiVersion).group}\u0000${kind}`);
    if (crd !== undefined) {
      await waitForCrd(crd);
      const now = await kinds.find(apiVersion, kind, options.signal);
      if (now !== undefined) return now;
    }
    return kinds.require(apiVersion, kind, options.signal);
  };

  const applyOne = async (result: ApplyResult): Promise<void> => {
    const { manifest } = result;
    let release: () => void = () => undefined;
    try {
      let mapping: ResourceMapping;
      try {
        mapping = await mappingOf(manifest.object);
      } catch (err) {
        throw mappingNotFound(manifest, err);
      }
      result.mapping = mapping;
      const placed = placeObject(manifest.object, mapping, placement);
      result.namespace = placed.namespace;
      // Objects named by generateName are always distinct; named ones are serialized per name.
      if (placed.object.metadata?.name !== undefined && placed.object.metadata.name !== '') {
        const key = objectKey(placed.object, placed.namespace);
        const previous = lastOfKey.get(key);
        lastOfKey.set(key, new Promise<void>((resolve) => { release = resolve; }));
        if (previous !== undefined) await previous;
      }
      const rc = clientFor(client, placed);
      const applied = options.operation !== undefined
        ? await options.operation(rc, placed.object, { source: manifest.source })
        : await applyObject(rc, placed.object, { ...options, source: manifest.source });
      result.action = applied.action;
      result.object = applied.object;
      if ('notes' in applied && applied.notes !== undefined) result.notes = applied.notes;
      if (isCrd(manifest.object) && options.dryRun !== 'client' && options.dryRun !== 'server') {
        const defined = definedKind(applied.object);
        const name = applied.object.metadata?.name;
        if (defined !== undefined && name !== undefined) crdsByKind.set(defined, name);
      }
    } catch (err) {
      result.error = err;
    } finally {
      release();
      options.onResult?.(result);
    }
  };

  const first = results.filter((r) => isNamespace(r.manifest.object) || isCrd(r.manifest.object));
  const rest = results.filter((r) => !isNamespace(r.manifest.object) && !isCrd(r.manifest.object));
  // After an abort no new object starts: the caller reports how far the run got, not one
  // cancellation error per remaining object.
  await runLimited(first, limit, applyOne, options.signal);
  await runLimited(rest, limit, applyOne, options.signal);
  return results;
}
