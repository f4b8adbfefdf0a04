/**
 * Compact constructors for the built-in schemas. Built-in structs are partial: only the fields
 * whose merge behaviour differs from the deduced default are spelled out (maps, keyed lists, sets,
 * atomic structs, and the structs leading to them). Everything else behaves as in the Go types by
 * default: nested objects are granular structs, lists without markers are atomic, scalars are leaves.
 */
import type { JsonValue } from '../../meta.js';
import type { ListSchema, MapSchema, StructSchema, TypeSchema } from '../type-schema.js';
import { SCALAR_SCHEMA, UNTYPED_STRUCT_SCHEMA } from '../type-schema.js';

/** Options of {@link struct}. */
export interface StructOptions {
  /** `+structType=atomic`. */
  atomic?: boolean;
  /** Fields the Go type always serializes (non-pointer structs, no `omitempty`). */
  present?: readonly string[];
  /** Strategic merge patch strategy (`retainKeys`). */
  patchStrategy?: string;
}

/** A partial struct: named fields typed as given, other fields deduced. */
export function struct(fields: Record<string, TypeSchema>, options: StructOptions = {}): StructSchema {
  const schema: StructSchema = { kind: 'struct', fields: Object.assign(Object.create(null) as Record<string, TypeSchema>, fields), partial: true };
  if (options.atomic === true) schema.elementRelationship = 'atomic';
  if (options.present !== undefined) schema.alwaysPresent = options.present;
  if (options.patchStrategy !== undefined) schema.patchStrategy = options.patchStrategy;
  return schema;
}

/** A granular (or atomic) map of the given values; strings by default. */
export function mapOf(values: TypeSchema = SCALAR_SCHEMA, options: { atomic?: boolean } = {}): MapSchema {
  const schema: MapSchema = { kind: 'map', values };
  if (options.atomic === true) schema.mapType = 'atomic';
  return schema;
}

/** Strategic merge patch metadata of a list: the merge key (and strategy, default `merge`). */
export interface PatchMeta {
  key?: string;
  strategy?: string;
}

/** A list keyed by `keys` (`+listType=map`), with the strategic-merge metadata of its Go tags. */
export function keyedList(keys: string[], items: TypeSchema, patch?: PatchMeta, keyDefaults?: Record<string, JsonValue>): ListSchema {
  const schema: ListSchema = { kind: 'list', items, listType: 'map', listMapKeys: keys };
  if (keyDefaults !== undefined) schema.keyDefaults = keyDefaults;
  if (patch !== undefined) {
    schema.patchStrategy = patch.strategy ?? 'merge';
    if (patch.key !== undefined) schema.patchMergeKey = patch.key;
  }
  return schema;
}

/** A list of unique scalars (`+listType=set`), merged by strategic merge patch when `merge` is set. */
export function setList(options: { merge?: boolean } = {}): ListSchema {
  const schema: ListSchema = { kind: 'list', items: SCALAR_SCHEMA, listType: 'set' };
  if (options.merge === true) schema.patchStrategy = 'merge';
  return schema;
}

/** A list replaced whole (`+listType=atomic`), optionally merged by strategic merge patch. */
export function atomicList(items: TypeSchema = UNTYPED_STRUCT_SCHEMA, patch?: PatchMeta): ListSchema {
  const schema: ListSchema = { kind: 'list', items, listType: 'atomic' };
  if (patch !== undefined) {
    schema.patchStrategy = patch.strategy ?? 'merge';
    if (patch.key !== undefined) schema.patchMergeKey = patch.key;
  }
  return schema;
}

/** `status.conditions` of most kinds: keyed by `type`, merged by `type`. */
export function conditions(options: { patch?: boolean; atomic?: boolean } = {}): ListSchema {
  const patch = options.patch === false ? undefined : { key: 'type' };
  if (options.atomic === true) return atomicList(UNTYPED_STRUCT_SCHEMA, patch);
  return keyedList(['type'], UNTYPED_STRUCT_SCHEMA, patch);
}

/** A string map (labels, data, resource lists). */
export const STRING_MAP: MapSchema = mapOf();
