/**
 * Managers and their field sets, decoded from and encoded to `metadata.managedFields`. A manager is
 * identified as the apiserver does it: by name, operation and subresource, plus the apiVersion for
 * `Update` entries (an applier keeps one entry whatever version it applies with).
 */
import type { JsonValue, ManagedFieldsEntry } from '../../sdk/types/meta.js';
import { FieldSet } from './field-set.js';
import { fromFieldsV1, toFieldsV1 } from './fields-v1.js';
import { compareStrings } from './go-json.js';
import { isJsonObject } from '../../machinery/json/values.js';

/** One manager's state. */
export interface ManagerState {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  subresource: string;
  /** RFC 3339 time of its last change, when known. */
  time: string | undefined;
  set: FieldSet;
}

/** Managers by identity. */
export type Managers = Map<string, ManagerState>;

/** The manager name the apiserver gives old update entries merged together when there are too many. */
export const ANCIENT_CHANGES_MANAGER = 'ancient-changes';
/** The manager that owns the fields of an object without managedFields when it is first applied to. */
export const BEFORE_FIRST_APPLY_MANAGER = 'before-first-apply';
/** At most this many `Update` entries are kept; older ones are merged per apiVersion. */
export const MAX_UPDATE_MANAGERS = 10;

/** The identity of a manager (the apiserver's `BuildManagerIdentifier`: the entry's JSON without fields and time). */
export function managerId(manager: string, operation: 'Apply' | 'Update', apiVersion: string, subresource: string): string {
  const entry: Record<string, string> = {};
  if (manager !== '') entry.manager = manager;
  entry.operation = operation;
  if (operation === 'Update' && apiVersion !== '') entry.apiVersion = apiVersion;
  if (subresource !== '') entry.subresource = subresource;
  return JSON.stringify(entry);
}

/** Decodes `metadata.managedFields`; throws with the apiserver's message when an entry is invalid. */
export function decodeManagedFields(entries: unknown): Managers {
  const managers: Managers = new Map();
  if (entries === undefined || entries === null) return managers;
  if (!Array.isArray(entries)) throw new Error('managedFields must be a list');
  entries.forEach((entry: unknown, index) => {
    if (!isJsonObject(entry)) throw new Error(`managed fields entry ${index} is not an object`);
    const operation = entry.operation;
    if (operation !== 'Apply' && operation !== 'Update') throw new Error('operation must be `Apply` or `Update`');
    const apiVersion = typeof entry.apiVersion === 'string' ? entry.apiVersion : '';
    if (apiVersion === '') throw new Error('apiVersion must not be empty');
    if (entry.fieldsType === undefined || entry.fieldsType === '') throw new Error(`missing fieldsType in managed fields entry ${index}`);
    if (entry.fieldsType !== 'FieldsV1') throw new Error(`invalid fieldsType ${JSON.stringify(entry.fieldsType)} in managed fields entry ${index}`);
    const manager = typeof entry.manager === 'string' ? entry.manager : '';
    const subresource = typeof entry.subresource === 'string' ? entry.subresource : '';
    let set: FieldSet;
    try {
      set = fromFieldsV1(entry.fieldsV1 as JsonValue | undefined);
    } catch (error) {
      throw new Error(`error decoding versioned set from entry ${index}: ${error instanceof Error ? error.message : String(error)}`);
    }
    managers.set(managerId(manager, operation, apiVersion, subresource), {
      manager,
      operation,
      apiVersion,
      subresource,
      time: typeof entry.time === 'string' ? entry.time : undefined,
      set,
    });
  });
  return managers;
}

function seconds(time: string | undefined): number {
  if (time === undefined) return 0;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}

/** Encodes managers into `metadata.managedFields`, in the apiserver's order (operation, time, manager, apiVersion, subresource). */
export function encodeManagedFields(managers: Managers): ManagedFieldsEntry[] {
  const states = [...managers.values()].filter((state) => !state.set.isEmpty());
  states.sort((p, q) => {
    if (p.operation !== q.operation) return compareStrings(p.operation, q.operation);
    const ps = seconds(p.time);
    const qs = seconds(q.time);
    if (ps !== qs) return ps - qs;
    if (p.manager !== q.manager) return compareStrings(p.manager, q.manager);
    if (p.apiVersion !== q.apiVersion) return compareStrings(p.apiVersion, q.apiVersion);
    return compareStrings(p.subresource, q.subresource);
  });
  return states.map((state) => {
    const entry: ManagedFieldsEntry = {};
    if (state.manager !== '') entry.manager = state.manager;
    entry.operation = state.operation;
    if (state.apiVersion !== '') entry.apiVersion = state.apiVersion;
    if (state.time !== undefined) entry.time = state.time;
    entry.fieldsType = 'FieldsV1';
    entry.fieldsV1 = toFieldsV1(state.set);
    if (state.subresource !== '') entry.subresource = state.subresource;
    return entry;
  });
}

/**
 * Keeps at most `max` Update entries: beyond that, the oldest entries are merged into one
 * `ancient-changes` entry per apiVersion.
 */
export function capUpdateManagers(managers: Managers, max = MAX_UPDATE_MANAGERS): void {
  const updaters = [...managers.entries()].filter(([, state]) => state.operation === 'Update');
  if (updaters.length <= max) return;
  updaters.sort(([ia, a], [ib, b]) => {
    const d = seconds(a.time) - seconds(b.time);
    return d !== 0 ? d : compareStrings(ia, ib);
  });
  const firstOfVersion = new Map<string, string>();
  let length = updaters.length;
  for (let i = 0; i < updaters.length && length > max; i++) {
    const [id, state] = updaters[i] as [string, ManagerState];
    const version = state.apiVersion;
    const first = firstOfVersion.get(version);
    if (first === undefined) {
      firstOfVersion.set(version, id);
      continue;
    }
    const bucketId = managerId(ANCIENT_CHANGES_MANAGER, 'Update', version, '');
    let bucketSet = managers.get(bucketId)?.set;
    if (bucketSet === undefined) {
      // The bucket starts with the first (oldest) entry of that version, which it replaces.
      bucketSet = managers.get(first)?.set ?? new FieldSet();
      managers.delete(first);
    }
    managers.set(bucketId, { manager: ANCIENT_CHANGES_MANAGER, operation: 'Update', apiVersion: version, subresource: '', time: state.time, set: state.set.union(bucketSet) });
    managers.delete(id);
    length--;
  }
}

/** A human description of a manager for conflict messages: `"kubectl"`, `"x" using apps/v1`, `... with subresource "status"`. */
export function describeManager(state: Pick<ManagerState, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  let out = JSON.stringify(state.manager);
  if (state.subresource !== '') out += ` with subresource ${JSON.stringify(state.subresource)}`;
  if (state.operation === 'Update') out += ` using ${state.apiVersion}`;
  return out;
}
