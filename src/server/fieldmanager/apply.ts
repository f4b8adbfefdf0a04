/** Server-side apply: merging an applied configuration into the live object with ownership. */
import type { JsonObject, KubeObject } from '../../sdk/types/meta.js';
import type { TypeSchema } from '../../sdk/types/schema/index.js';
import { PatchError } from '../patch/errors.js';
import { cloneJson } from '../../machinery/json/values.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import { ApplyConflictError, conflictError } from './conflicts.js';
import type { Context } from './core.js';
import { compareVersions, prune, reconcileManagers, recordUpdate, takeOwnership } from './core.js';
import type { FieldSet } from './field-set.js';
import type { Managers } from './managers.js';
import { BEFORE_FIRST_APPLY_MANAGER, decodeManagedFields, encodeManagedFields, managerId } from './managers.js';
import { allowedConflictsFromLastApplied, syncLastApplied, upgradesClientSideApply } from './last-applied.js';
import { STRIPPED_FIELDS, managedFieldsOf, subtreeSet, withManagedFields, withoutManagedFields } from './object-fields.js';
import { mergeValues } from './typed/merge.js';
import { toFieldSet } from './typed/to-field-set.js';
import { gvkString, validateAppliedObject } from './validate-applied.js';

/** Arguments of {@link applyObject}. */
export interface ApplyArgs {
  /** The stored object, or undefined when apply creates it. */
  live: KubeObject | undefined;
  /** The applied configuration (the request body, parsed). */
  applied: KubeObject;
  /** The `fieldManager` query parameter. */
  manager: string;
  /** apiVersion of the endpoint (recorded in the manager's entry). */
  apiVersion: string;
  /** The `force` query parameter: take conflicting fields from their owners. */
  force: boolean;
  /** Schema of the kind. */
  schema: TypeSchema;
  /** Current time, RFC 3339 with seconds (`2024-01-02T03:04:05Z`). */
  now: string;
  /** Subresource the request targets (`status`, `scale`), if any. */
  subresource?: string;
  /**
   * Fields the endpoint resets whatever the request says (the main resource resets `status`, the
   * status subresource everything but status): nobody gains ownership of them here.
   */
  resetFields?: readonly (readonly string[])[];
}

function formatTypeErrors(errors: string[]): string {
  return errors.length === 1 ? (errors[0] as string) : `errors:\n${errors.map((e) => `  ${e}`).join('\n')}`;
}

function describeObject(obj: KubeObject): string {
  const meta = (obj.metadata ?? {}) as { name?: unknown; namespace?: unknown };
  const name = typeof meta.name === 'string' ? meta.name : '';
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : '';
  return `${namespace}/${name}; ${gvkString(typeof obj.apiVersion === 'string' ? obj.apiVersion : '', typeof obj.kind === 'string' ? obj.kind : '')}`;
}

interface Attempt {
  object: JsonObject;
  managers: Managers;
}

function attempt(args: ApplyArgs, live: JsonObject, liveManagers: Managers, configSet: FieldSet, force: boolean, ctx: Context): Attempt | ApplyConflictError {
  const subresource = args.subresource ?? '';
  const id = managerId(args.manager, 'Apply', args.apiVersion, subresource);
  const managers: Managers = new Map(liveManagers);
  reconcileManagers(managers, ctx);
  const config = args.applied as JsonObject;
  const merged = mergeValues(live, config, ctx.schema) as JsonObject;
  const lastSet = managers.get(id)?.set.recursiveDifference(ctx.reset);
  const set = configSet.recursiveDifference(ctx.reset);
  managers.set(id, { manager: args.manager, operation: 'Apply', apiVersion: args.apiVersion, subresource, time: managers.get(id)?.time, set });
  const pruned = restoreStripped(prune(merged, managers, lastSet, set, ctx), merged);
  const others = [...managers.keys()].some((key) => key !== id);
  const conflicts = others ? takeOwnership(managers, compareVersions(live, pruned, ctx), id, force) : [];
  if (conflicts.length > 0) return conflictError(conflicts);
  const own = managers.get(id);
  if (own !== undefined) {
    const stripped = own.set.difference(STRIPPED_FIELDS);
    if (stripped.isEmpty()) managers.delete(id);
    else managers.set(id, { ...own, set: stripped });
  }
  const changed = !jsonEqual(live, pruned);
  const mine = managers.get(id);
  if (changed && mine !== undefined) managers.set(id, { ...mine, time: args.now });
  return { object: changed ? pruned : live, managers };
}

/** Pruning never removes the identity and type fields the server owns. */
function restoreStripped(pruned: JsonObject, merged: JsonObject): JsonObject {
  let out = pruned;
  for (const key of ['apiVersion', 'kind'] as const) {
    if (merged[key] !== undefined && out[key] === undefined) out = { ...out, [key]: merged[key] };
  }
  const mergedMeta = merged.metadata as JsonObject | undefined;
  if (mergedMeta === undefined) return out;
  let meta = (out.metadata as JsonObject | undefined) ?? {};
  let touched = out.metadata === undefined;
  for (const key of ['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'selfLink']) {
    if (mergedMeta[key] !== undefined && meta[key] === undefined) {
      meta = { ...meta, [key]: mergedMeta[key] };
      touched = true;
    }
  }
  return touched ? { ...out, metadata: meta } : out;
}

/**
 * Applies `applied` to `live` as server-side apply does: merges the configuration, prunes what the
 * manager stopped applying, records the manager's fields in an `Apply` entry of managedFields, and
 * detects conflicts with other managers (thrown as {@link ApplyConflictError} unless `force`).
 * Returns a new object (sharing nothing with the arguments but the frozen `fieldsV1` values) with
 * its managedFields. Invalid configurations throw {@link PatchError}.
 */
export function applyObject(args: ApplyArgs): KubeObject {
  const problem = validateAppliedObject(args.applied);
  if (problem !== undefined) throw PatchError.badRequest(problem);
  const ctx: Context = { schema: args.schema, reset: subtreeSet(args.resetFields) };
  let liveManagers: Managers;
  try {
    liveManagers = decodeManagedFields(managedFieldsOf(args.live));
  } catch (error) {
    throw PatchError.internal(`failed to decode managed fields: ${error instanceof Error ? error.message : String(error)}`);
  }
  const errors: string[] = [];
  const configSet = toFieldSet(args.applied as JsonObject, args.schema, errors);
  // kube-apiserver answers a reason-less 500 here (a plain error of structured-merge-diff, with any
  // fieldValidation); the configuration is what is wrong, so this is 400 BadRequest with the same
  // text, as a fix proposed upstream makes it.
  if (errors.length > 0) throw PatchError.badRequest(`failed to create typed patch object (${describeObject(args.applied)}): ${formatTypeErrors(errors)}`);
  const live = withoutManagedFields(args.live);
  // An object without managedFields (created before tracking, or cleared) gets its existing fields
  // recorded as an update of the `before-first-apply` manager first, as the apiserver does, so that
  // an apply changing them conflicts instead of silently taking them.
  if (liveManagers.size === 0 && args.live !== undefined) recordUpdate(liveManagers, BEFORE_FIRST_APPLY_MANAGER, compareVersions({}, live, ctx), args, ctx);
  let result = attempt(args, live, liveManagers, configSet, args.force, ctx);
  if (result instanceof ApplyConflictError && upgradesClientSideApply(args.manager)) {
    const allowed = allowedConflictsFromLastApplied(live, args.apiVersion, ctx);
    if (allowed !== undefined) {
      const remaining = result.filter((path) => !allowed.has(path));
      result = remaining ?? attempt(args, live, liveManagers, configSet, true, ctx);
    }
  }
  if (result instanceof ApplyConflictError) throw result;
  // The merged object shares unchanged parts with the (possibly frozen) stored object: copy it so
  // that the caller may default and validate it in place.
  let out = withManagedFields(cloneJson(result.object), encodeManagedFields(result.managers));
  if (upgradesClientSideApply(args.manager)) out = syncLastApplied(out, args.applied);
  return out;
}
