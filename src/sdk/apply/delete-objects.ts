/**
 * Deleting a set of objects and waiting until they are gone: each DELETE (several in flight),
 * not-found objects reported or ignored, then one watch per object until it has disappeared,
 * finalizers included.
 */
import type { PlatformClient } from '../client.js';
import type { ResourceMapping } from '../discovery/rest-mapper.js';
import { isStatusError } from '../errors.js';
import type { DeleteCallOptions } from '../rest/options.js';
import type { KubeObject } from '../types/meta.js';
import type { Status } from '../types/status.js';
import { withSource } from './apply-errors.js';
import type { DryRunMode } from './apply-object.js';
import { runLimited } from './run-limited.js';
import { waitForAllDeleted, WaitTimeoutError } from './wait-for.js';

/** One object to delete. */
export interface DeleteTarget {
  mapping: ResourceMapping;
  /** Namespace of namespaced kinds. */
  namespace: string | undefined;
  name: string;
  /** The manifest it came from (errors name it, as kubectl's do). */
  source?: string | undefined;
}

/** What happened to one target. */
export interface DeleteResult {
  target: DeleteTarget;
  /** The DELETE was accepted (or, in a client dry run, would have been sent). */
  deleted: boolean;
  /** The uid of the deleted object, for waiting. */
  uid?: string | undefined;
  /** The object when the server kept it to finalize (deletionTimestamp set). */
  object?: KubeObject | undefined;
  error?: unknown;
}

/** Options of {@link deleteObjects}. */
export interface DeleteObjectsOptions {
  propagationPolicy?: DeleteCallOptions['propagationPolicy'] | undefined;
  gracePeriodSeconds?: number | undefined;
  dryRun?: DryRunMode | undefined;
  /** Objects that do not exist are skipped silently. */
  ignoreNotFound?: boolean | undefined;
  concurrency?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called as each target finishes. */
  onResult?: ((result: DeleteResult, index: number) => void) | undefined;
}

function isStatusBody(value: unknown): value is Status {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}

/** Deletes every target; results are in target order and never throw for one object. */
export async function deleteObjects(client: PlatformClient, targets: readonly DeleteTarget[], options: DeleteObjectsOptions = {}): Promise<DeleteResult[]> {
  const results: DeleteResult[] = targets.map((target) => ({ target, deleted: false }));
  const indexed = results.map((result, index) => ({ result, index }));
  await runLimited(indexed, options.concurrency ?? 8, async ({ result, index }) => {
    const { target } = result;
    try {
      if (options.dryRun === 'client') {
        result.deleted = true;
        return;
      }
      const rc = client.resource(target.mapping, target.namespace);
      const call: DeleteCallOptions = {};
      if (options.propagationPolicy !== undefined) call.propagationPolicy = options.propagationPolicy;
      if (options.gracePeriodSeconds !== undefined) call.gracePeriodSeconds = options.gracePeriodSeconds;
      if (options.dryRun === 'server') call.dryRun = true;
      if (options.signal !== undefined) call.signal = options.signal;
      const answer = await rc.delete(target.name, call);
      result.deleted = true;
      if (isStatusBody(answer)) result.uid = answer.details?.uid;
      else {
        result.object = answer;
        result.uid = answer.metadata?.uid;
      }
    } catch (err) {
      if (isStatusError(err, 'NotFound') && options.ignoreNotFound === true) return;
      result.error = target.source === undefined ? err : withSource(err, 'deleting', target.source);
    } finally {
      options.onResult?.(result, index);
    }
  }, options.signal);
  return results;
}

/** `configmaps/foo`, `deployments.apps/web`: how waits name objects in their errors. */
export function waitName(target: DeleteTarget): string {
  const resource = target.mapping.group === '' ? target.mapping.resource : `${target.mapping.resource}.${target.mapping.group}`;
  return `${resource}/${target.name}`;
}

/**
 * Waits until every deleted object is gone (finalizers included). Returns the errors of the
 * objects that did not go away in time (kubectl's "timed out waiting for the condition on
 * configmaps/foo").
 */
export async function waitForDeleted(client: PlatformClient, results: readonly DeleteResult[], options: { timeoutMs?: number | undefined; signal?: AbortSignal | undefined }): Promise<unknown[]> {
  // One list and one watch per type and namespace, however many objects it holds.
  const groups = new Map<string, DeleteResult[]>();
  for (const r of results) {
    if (!r.deleted || r.error !== undefined) continue;
    const key = `${r.target.mapping.group}/${r.target.mapping.resource}/${r.target.namespace ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const errors: unknown[] = [];
  await Promise.all([...groups.values()].map(async (group) => {
    const first = group[0] as DeleteResult;
    const pending = new Map(group.map((r) => [r.target.name, r.uid] as const));
    try {
      await waitForAllDeleted(client.resource(first.target.mapping, first.target.namespace), pending, options);
    } catch (err) {
      if (!(err instanceof WaitTimeoutError)) {
        errors.push(err);
        return;
      }
      const name = /\/([^/]+)$/.exec(err.message)?.[1] ?? first.target.name;
      errors.push(new WaitTimeoutError(`timed out waiting for the condition on ${waitName({ ...first.target, name })}`, undefined));
    }
  }));
  return errors;
}
