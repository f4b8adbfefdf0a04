/**
 * Compact constructors for the built-in type schemas. Each Go struct of the API is one
 * {@link message}: its fields with their protobuf numbers (from the published generated.proto),
 * types, descriptions and presence flags, so that one table serves merging, validation, OpenAPI,
 * `explain` and protobuf alike.
 */
import type { JsonValue } from '../../meta.js';
import { SCHEMA_NAME_PREFIX } from '../../../naming.js';
import type { FieldFacts, InlinedMessage, ListSchema, MapSchema, ScalarSchema, SchemaGVK, StructSchema, TypeSchema } from '../../../../machinery/schema/type-schema.js';
import { STRING } from './scalars.js';

/**
 * Presence flags of a field, as letters: `r` required (no `omitempty` and not `+optional`), `p` the
 * Go field is a pointer, `e` serialized even when empty (no `omitempty`).
 */
export type FieldFlags = '' | 'r' | 'p' | 'e' | 're' | 'rp' | 'pe' | 'rpe';

/** One field: protobuf number (0: not on the wire), type, description and presence flags. */
export type FieldSpec = readonly [proto: number, schema: TypeSchema, description: string, flags?: FieldFlags];

/** Options of {@link message}. */
export interface MessageOptions {
  /** `+structType=atomic`: one value with one owner. */
  atomic?: boolean;
  /** Inline-embedded structs (`json:",inline"`) with their protobuf field numbers. */
  inline?: readonly (readonly [proto: number, schema: StructSchema])[];
}

/** The definition name of a type of a package path (`api.core.v1` → `io.platform.api.core.v1.PodSpec`). */
export function definitionName(pkg: string, type: string): string {
  return `${SCHEMA_NAME_PREFIX}.${pkg}.${type}`;
}

function emitsWhenEmpty(schema: TypeSchema, facts: FieldFacts): boolean {
  if (facts.emitEmpty === true) return true;
  if (facts.pointer === true) return false;
  // Go never omits a non-pointer struct (`omitempty` does not apply to structs), nor the struct-backed scalars.
  if (schema.kind === 'struct') return true;
  return schema.kind === 'scalar' && schema.wire !== undefined && ['time', 'microTime', 'quantity', 'intOrString', 'duration'].includes(schema.wire);
}

/** A Go struct: `pkg` is its package path below the prefix (`api.core.v1`), `type` its Go name. */
export function message(pkg: string, type: string, description: string, fields: Readonly<Record<string, FieldSpec>>, options: MessageOptions = {}): StructSchema {
  const schemaFields: Record<string, TypeSchema> = Object.create(null) as Record<string, TypeSchema>;
  const members: Record<string, FieldFacts> = Object.create(null) as Record<string, FieldFacts>;
  const present: string[] = [];
  const inlined: InlinedMessage[] = [];
  for (const [proto, schema] of options.inline ?? []) {
    inlined.push({ proto, schema });
    Object.assign(schemaFields, schema.fields);
    present.push(...(schema.alwaysPresent ?? []));
  }
  for (const [name, [proto, schema, text, flags = '']] of Object.entries(fields)) {
    const facts: FieldFacts = { proto, description: text };
    if (flags.includes('r')) facts.required = true;
    if (flags.includes('p')) facts.pointer = true;
    if (flags.includes('e')) facts.emitEmpty = true;
    schemaFields[name] = schema;
    members[name] = facts;
    if (emitsWhenEmpty(schema, facts)) present.push(name);
  }
  const out: StructSchema = { kind: 'struct', fields: schemaFields, name: definitionName(pkg, type), description, members };
  if (inlined.length > 0) out.inlined = inlined;
  if (present.length > 0) out.alwaysPresent = present;
  if (options.atomic === true) out.elementRelationship = 'atomic';
  return out;
}

/** The root type of a kind: `apiVersion` and `kind` (not on the wire) before the given fields. */
export function kind(pkg: string, type: string, kinds: readonly SchemaGVK[], description: string, fields: Readonly<Record<string, FieldSpec>>): StructSchema {
  const out = message(pkg, type, description, {
    apiVersion: [0, STRING, 'The schema version of this object, `group/version` (just `version` for the core group).'],
    kind: [0, STRING, 'The type of this object, in CamelCase; servers infer it from the endpoint when omitted.'],
    ...fields,
  });
  if (kinds.length > 0) out.kinds = kinds;
  return out;
}

/** A shallow copy of a struct with a strategic-merge-patch strategy for one field (`retainKeys`). */
export function withPatchStrategy(schema: StructSchema, patchStrategy: string): StructSchema {
  return { ...schema, patchStrategy };
}

/** A struct used atomically by one field (`+structType=atomic` on the field). */
export function atomicStruct(schema: StructSchema): StructSchema {
  return { ...schema, elementRelationship: 'atomic' };
}

/** A named Go string type (`types.UID`), optionally with the values the API fixes (`+enum`). */
export function named(base: ScalarSchema, go: string, values?: readonly string[]): ScalarSchema {
  const out: ScalarSchema = { ...base, go };
  if (values !== undefined) out.enum = values;
  return out;
}

/**
 * A scalar whose values validation closes although the Go type is no `+enum`: OpenAPI and
 * validation see `base` unchanged; the SDK's interfaces allow only `values`.
 */
export function closedValues(base: ScalarSchema, values: readonly string[]): ScalarSchema {
  return { ...base, closedValues: values };
}

/** A granular (or atomic) map of the given values; strings by default. */
export function mapOf(values: TypeSchema = STRING, options: { atomic?: boolean; go?: string } = {}): MapSchema {
  const schema: MapSchema = { kind: 'map', values };
  if (options.atomic === true) schema.mapType = 'atomic';
  if (options.go !== undefined) schema.go = options.go;
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
export function setList(options: { merge?: boolean } = {}, items: TypeSchema = STRING): ListSchema {
  const schema: ListSchema = { kind: 'list', items, listType: 'set' };
  if (options.merge === true) schema.patchStrategy = 'merge';
  return schema;
}

/** A list replaced whole (`+listType=atomic`, or no marker), optionally merged by strategic merge patch. */
export function atomicList(items: TypeSchema, patch?: PatchMeta, go?: string): ListSchema {
  const schema: ListSchema = { kind: 'list', items, listType: 'atomic' };
  if (patch !== undefined) {
    schema.patchStrategy = patch.strategy ?? 'merge';
    if (patch.key !== undefined) schema.patchMergeKey = patch.key;
  }
  if (go !== undefined) schema.go = go;
  return schema;
}

/** A granular map of strings (labels, annotations, data). */
export const STRING_MAP: MapSchema = mapOf();
