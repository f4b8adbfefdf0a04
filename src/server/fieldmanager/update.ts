/** Field ownership of non-apply writes (create, update, patch): the writer takes what it changed. */
import type { JsonValue, KubeObject } from '../../sdk/types/meta.js';
import type { TypeSchema } from '../../sdk/types/schema/index.js';
import type { Context } from './core.js';
import { compareVersions, reconcileManagers, recordUpdate, takeOwnership } from './core.js';
import type { Managers } from './managers.js';
import { capUpdateManagers, decodeManagedFields, encodeManagedFields } from './managers.js';
import { managedFieldsOf, subtreeSet, withManagedFields, withoutManagedFields } from './object-fields.js';

/** Arguments of {@link updateManagedFields}. */
export interface UpdateArgs {
  /** The stored object, or undefined for a create. */
  live: KubeObject | undefined;
  /** The object about to be stored (after the patch or update is applied). */
  updated: KubeObject;
  /** The `fieldManager` query parameter, or {@link defaultManager} of the user agent. */
  manager: string;
  /** apiVersion of the endpoint. */
  apiVersion: string;
  /** Schema of the kind. */
  schema: TypeSchema;
  /** Current time, RFC 3339 with seconds. */
  now: string;
  /** Subresource the request targets (`status`, `scale`), if any. */
  subresource?: string;
  /** Always `Update` (apply goes through {@link applyObject}). */
  operation?: 'Update';
  /** Fields the endpoint resets whatever the request says (see {@link ApplyArgs.resetFields}). */
  resetFields?: readonly (readonly string[])[];
}

/** True for `[{}]`: the request asks to clear managedFields. An empty list does not. */
function isReset(value: JsonValue | undefined): boolean {
  if (!Array.isArray(value) || value.length !== 1) return false;
  const only = value[0];
  return only !== null && typeof only === 'object' && !Array.isArray(only) && Object.keys(only).every((key) => only[key] === undefined);
}

function decodeOrEmpty(value: JsonValue | undefined): Managers {
  try {
    return decodeManagedFields(value);
  } catch {
    return new Map();
  }
}

/** The managers a write starts from: the request's own valid managedFields, a reset, or the live ones. */
function startingManagers(args: UpdateArgs): Managers {
  const live = decodeOrEmpty(managedFieldsOf(args.live));
  if ((args.subresource ?? '') !== '') return live; // subresources cannot change managedFields
  const sent = managedFieldsOf(args.updated);
  if (isReset(sent)) return new Map();
  try {
    const decoded = decodeManagedFields(sent);
    return decoded.size === 0 ? live : decoded;
  } catch {
    return live;
  }
}

/**
 * Records a create, update or patch in managedFields: the manager's `Update` entry gains the fields
 * the write added or changed (other managers lose them, without conflict) and every manager loses
 * removed fields; managers left with nothing disappear; the entry's time is `now` when it changed.
 * managedFields sent by the request are used as the starting point when they are valid, `[{}]`
 * clears them, an empty list or invalid entries keep the stored ones. Returns `updated` with the
 * resulting managedFields.
 */
export function updateManagedFields(args: UpdateArgs): KubeObject {
  const ctx: Context = { schema: args.schema, reset: subtreeSet(args.resetFields) };
  const managers = startingManagers(args);
  reconcileManagers(managers, ctx);
  const live = withoutManagedFields(args.live);
  const updated = withoutManagedFields(args.updated);
  const cmp = compareVersions(live, updated, ctx);
  takeOwnership(managers, cmp, undefined, true);
  recordUpdate(managers, args.manager, cmp, args, ctx);
  capUpdateManagers(managers);
  return withManagedFields(updated, encodeManagedFields(managers));
}
