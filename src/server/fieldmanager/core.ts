/**
 * The ownership bookkeeping shared by apply and update (structured-merge-diff's `Updater`):
 * comparing versions, taking fields away from other managers, and pruning what an applier stopped
 * applying.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { TypeSchema } from '../../sdk/types/schema/index.js';
import type { FieldSet } from './field-set.js';
import type { ManagerState, Managers } from './managers.js';
import { managerId } from './managers.js';
import { STRIPPED_FIELDS } from './object-fields.js';
import type { Comparison } from './typed/compare.js';
import { compareObjectsAt } from './typed/compare.js';
import { ensureNamedFieldsAreMembers } from './typed/ensure-named.js';
import { reconcileWithSchema } from './typed/reconcile.js';
import { removeItems } from './typed/remove.js';
import { toFieldSet } from './typed/to-field-set.js';
import { withZeroValues } from './typed/zero-values.js';

/** What every step needs: the object's schema and the fields the endpoint resets (owned by nobody). */
export interface Context {
  schema: TypeSchema;
  reset: FieldSet;
}

/** Compares two versions of an object as a typed server sees them, without the reset fields. */
export function compareVersions(before: JsonObject, after: JsonObject, ctx: Context): Comparison {
  const cmp = compareObjectsAt(withZeroValues(before, ctx.schema), withZeroValues(after, ctx.schema), ctx.schema);
  if (ctx.reset.isEmpty()) return cmp;
  return {
    added: cmp.added.recursiveDifference(ctx.reset),
    modified: cmp.modified.recursiveDifference(ctx.reset),
    removed: cmp.removed.recursiveDifference(ctx.reset),
  };
}

/** Adapts every manager's set to schema changes since it was written (granular became atomic). */
export function reconcileManagers(managers: Managers, ctx: Context): void {
  for (const [id, state] of managers) {
    const set = reconcileWithSchema(state.set, ctx.schema);
    if (set !== state.set) managers.set(id, { ...state, set });
  }
}

/**
 * Every manager but `self` loses the fields the change removed; the fields it modified or added
 * are conflicts. Without `force`, conflicts are returned and nothing changes; with it, they are
 * taken away too. Managers left without fields disappear.
 */
export function takeOwnership(managers: Managers, cmp: Comparison, self: string | undefined, force: boolean): [string, ManagerState, FieldSet][] {
  if (managers.size === 0 || (managers.size === 1 && self !== undefined && managers.has(self))) return [];
  const changed = cmp.modified.union(cmp.added);
  const conflicts: [string, ManagerState, FieldSet][] = [];
  for (const [id, state] of managers) {
    if (id === self) continue;
    const conflict = state.set.intersection(changed);
    if (!conflict.isEmpty()) conflicts.push([id, state, conflict]);
  }
  if (!force && conflicts.length > 0) return conflicts;
  for (const [id, state] of [...managers]) {
    if (id === self) continue;
    const set = state.set.difference(changed).difference(cmp.removed);
    if (set.isEmpty()) managers.delete(id);
    else if (set !== state.set) managers.set(id, { ...state, set });
  }
  return [];
}

/**
 * Removes from `merged` what the applier owned last time (`lastSet`) and no longer applies, unless
 * some manager (the applier's new configuration included) still owns it.
 */
export function prune(merged: JsonObject, managers: Managers, lastSet: FieldSet | undefined, appliedSet: FieldSet, ctx: Context): JsonObject {
  if (lastSet === undefined || lastSet.isEmpty()) return merged;
  // An applier that still applies everything it applied before has nothing to prune.
  if (lastSet.difference(appliedSet).isEmpty()) return merged;
  const { schema } = ctx;
  const ensure = (set: FieldSet): FieldSet => ensureNamedFieldsAreMembers(set, schema);
  const last = ensure(lastSet);
  const pruned = removeItems(merged, last, schema);
  let managed: FieldSet | undefined;
  for (const state of managers.values()) managed = managed === undefined ? state.set : managed.union(state.set);
  const mergedSet = ensure(toFieldSet(merged, schema));
  // Add back whatever someone still owns.
  const prunedSet = ensure(toFieldSet(pruned, schema));
  const ownedBack = managed === undefined ? prunedSet : prunedSet.union(ensure(managed));
  const withOwned = removeItems(merged, mergedSet.difference(ownedBack), schema);
  // Only remove what the applier owned before: add back the rest (unowned or owned by updaters).
  const withOwnedSet = ensure(toFieldSet(withOwned, schema));
  return removeItems(merged, mergedSet.difference(withOwnedSet).intersection(last), schema);
}

/**
 * An `Update` by `manager`: its entry gains the fields the change added or modified and did not
 * remove (less the reset fields and those the server owns), stamped `now`; no entry for none.
 */
export function recordUpdate(managers: Managers, manager: string, cmp: Comparison, args: { apiVersion: string; subresource?: string | undefined; now: string }, ctx: Context): void {
  const taken = cmp.modified.union(cmp.added).difference(cmp.removed).recursiveDifference(ctx.reset).difference(STRIPPED_FIELDS);
  if (taken.isEmpty()) return;
  const subresource = args.subresource ?? '';
  const id = managerId(manager, 'Update', args.apiVersion, subresource);
  const previous = managers.get(id);
  managers.set(id, {
    manager,
    operation: 'Update',
    apiVersion: args.apiVersion,
    subresource,
    time: args.now,
    set: previous === undefined ? taken : previous.set.union(taken),
  });
}
