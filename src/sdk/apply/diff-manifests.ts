/**
 * What `diff` compares: for each manifest object, the live object and the object an apply would
 * produce, computed by the server with a dry run (server-side apply, or client-side apply's
 * create/patch), with the fields that change on every write removed and Secret values masked.
 */
import { setOwn } from '../../machinery/json/own-keys.js';
import type { PlatformClient } from '../client.js';
import { parseFieldPath, withoutPaths } from '../../machinery/json/path-removal.js';
import { InputError, isStatusError } from '../errors.js';
import { ANNOTATIONS } from '../naming.js';
import type { KubeObject } from '../types/meta.js';
import { ApplyConflictError } from './apply-errors.js';
import type { ApplyResult } from './apply-manifests.js';
import { applyObject, type ApplyObjectOptions } from './apply-object.js';
import { KindMapper } from './kind-mapper.js';
import type { Manifest } from './manifests.js';
import { describeObject } from './object-ref.js';
import { clientFor, resolveManifest, type NamespaceOptions } from './resolve-manifest.js';
import { runLimited } from './run-limited.js';

/** One object of a diff. */
export interface DiffEntry extends Pick<ApplyResult, 'index' | 'manifest' | 'description' | 'mapping' | 'namespace' | 'error'> {
  /** The object now (undefined when it does not exist). */
  live?: KubeObject | undefined;
  /** The object after the apply (from a server dry run). */
  merged?: KubeObject | undefined;
}

/** Options of {@link diffManifests}. */
export interface DiffManifestsOptions extends Omit<NamespaceOptions, 'namespace'>, Pick<ApplyObjectOptions, 'serverSide' | 'fieldManager' | 'forceConflicts' | 'force'> {
  /** The namespace for objects that name none (default: the client's, as `diff` without `-n`). */
  namespace?: string | undefined;
  /** Objects compared at once (default 8). */
  concurrency?: number | undefined;
  /**
   * Fields left out of the comparison on both sides (`diff --ignore-path`): JSONPaths such as
   * `.status`, `.metadata.annotations['sidecar.example.io/status']` or
   * `.spec.template.spec.containers[?(@.name=="proxy")]`.
   */
  ignorePaths?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
}

async function liveObject(client: ReturnType<typeof clientFor>, name: string, signal: AbortSignal | undefined): Promise<KubeObject | undefined> {
  try {
    return await client.get(name, signal === undefined ? {} : { signal });
  } catch (err) {
    if (isStatusError(err, 'NotFound')) return undefined;
    throw err;
  }
}

/** Computes live and merged objects for every manifest (errors are recorded per entry). */
export async function diffManifests(client: PlatformClient, manifests: readonly Manifest[], options: DiffManifestsOptions = {}): Promise<DiffEntry[]> {
  const ignored = (options.ignorePaths ?? []).map((p) => {
    try {
      return parseFieldPath(p);
    } catch (e) {
      throw new InputError(e instanceof Error ? e.message : String(e));
    }
  });
  const kinds = new KindMapper(client.discovery);
  const placement = { namespace: options.namespace ?? client.namespace, enforceNamespace: options.enforceNamespace, signal: options.signal };
  const entries: DiffEntry[] = manifests.map((manifest, index) => ({ index, manifest, description: describeObject(manifest.object) }));
  await runLimited(entries, options.concurrency ?? 8, async (entry) => {
    try {
      const placed = await resolveManifest(kinds, entry.manifest, placement);
      entry.mapping = placed.mapping;
      entry.namespace = placed.namespace;
      const rc = clientFor(client, placed);
      if (options.serverSide === true) {
        entry.live = await liveObject(rc, placed.object.metadata?.name ?? '', options.signal);
        const applyOptions: Parameters<typeof rc.apply>[1] = { dryRun: true, fieldManager: options.fieldManager ?? rc.fieldManager };
        if (options.forceConflicts === true || options.force === true) applyOptions.forceConflicts = true;
        if (options.signal !== undefined) applyOptions.signal = options.signal;
        try {
          entry.merged = await rc.apply(placed.object, applyOptions);
        } catch (err) {
          throw isStatusError(err, 'Conflict') && err.causes.some((c) => c.reason === 'FieldManagerConflict') ? new ApplyConflictError(err) : err;
        }
      } else {
        const result = await applyObject(rc, placed.object, { dryRun: 'server', fieldManager: options.fieldManager, source: entry.manifest.source, signal: options.signal });
        entry.live = result.live;
        entry.merged = result.object;
      }
      if (ignored.length > 0) {
        if (entry.live !== undefined) entry.live = withoutPaths(entry.live, ignored);
        if (entry.merged !== undefined) entry.merged = withoutPaths(entry.merged, ignored);
      }
    } catch (err) {
      entry.error = err;
    }
  });
  return entries;
}

/** The object without the fields that change on every write (managedFields, generation, resourceVersion). */
export function withoutDiffNoise(object: KubeObject): KubeObject {
  if (object.metadata === undefined) return object;
  const metadata = { ...object.metadata };
  delete metadata.managedFields;
  delete metadata.generation;
  delete metadata.resourceVersion;
  return { ...object, metadata };
}

/**
 * Masks the values of a Secret's `data` and `stringData` as kubectl diff does: `***` when both
 * sides hold the same value, `*** (before)` and `*** (after)` when it changes; the same for the
 * last-applied annotation, which holds the manifest and so the values.
 */
export function maskSecrets(live: KubeObject | undefined, merged: KubeObject | undefined): [KubeObject | undefined, KubeObject | undefined] {
  const isSecret = (o: KubeObject | undefined): boolean => o?.kind === 'Secret' && (o.apiVersion ?? 'v1') === 'v1';
  if (!isSecret(live) && !isSecret(merged)) return [live, merged];
  let a = live;
  let b = merged;
  for (const field of ['data', 'stringData'] as const) {
    const before = (a?.[field] ?? undefined) as Record<string, unknown> | undefined;
    const after = (b?.[field] ?? undefined) as Record<string, unknown> | undefined;
    if ((before !== undefined && typeof before !== 'object') || (after !== undefined && typeof after !== 'object')) continue;
    const maskedBefore: Record<string, string> = {};
    const maskedAfter: Record<string, string> = {};
    for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
      const inBefore = before !== undefined && Object.hasOwn(before, key);
      const inAfter = after !== undefined && Object.hasOwn(after, key);
      if (inBefore && inAfter && before[key] === after[key]) {
        setOwn(maskedBefore, key, '***');
        setOwn(maskedAfter, key, '***');
      } else {
        if (inBefore) setOwn(maskedBefore, key, '*** (before)');
        if (inAfter) setOwn(maskedAfter, key, '*** (after)');
      }
    }
    if (a !== undefined && before !== undefined) a = { ...a, [field]: maskedBefore };
    if (b !== undefined && after !== undefined) b = { ...b, [field]: maskedAfter };
  }
  // The last-applied annotation holds the manifest, values included (kubectl shows it; we don't).
  const beforeConfig = a?.metadata?.annotations?.[ANNOTATIONS.lastApplied];
  const afterConfig = b?.metadata?.annotations?.[ANNOTATIONS.lastApplied];
  const same = beforeConfig === afterConfig;
  if (a !== undefined && beforeConfig !== undefined) a = withAnnotation(a, ANNOTATIONS.lastApplied, same ? '***' : '*** (before)');
  if (b !== undefined && afterConfig !== undefined) b = withAnnotation(b, ANNOTATIONS.lastApplied, same ? '***' : '*** (after)');
  return [a, b];
}

function withAnnotation(object: KubeObject, key: string, value: string): KubeObject {
  return { ...object, metadata: { ...object.metadata, annotations: { ...object.metadata?.annotations, [key]: value } } };
}
