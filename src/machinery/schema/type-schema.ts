/**
 * The structural type model of API objects, shared by the client (diffs, client-side apply) and the
 * local server. It is the one source of truth about the built-in types: merging reads which values
 * are structs, maps and lists, how lists are keyed and which parts are atomic (the Go types'
 * `+listType` / `patchStrategy` markers); field validation reads the field names, types and formats;
 * OpenAPI and `explain` read the descriptions, required fields, enums and group-version-kinds; the
 * protobuf codec reads the field numbers and wire forms. Custom resources get the same model from
 * their CRD's structural schema (without documentation and field numbers).
 */
import type { JsonValue } from '../json-numbers.js';

/**
 * How a scalar travels in protobuf: the plain wire types, and the apimachinery types that are
 * scalars in JSON but small messages on the wire (`Time`, `Quantity`, `IntOrString` ...).
 */
export type ScalarWire = 'string' | 'bytes' | 'int32' | 'int64' | 'bool' | 'double' | 'time' | 'microTime' | 'duration' | 'quantity' | 'intOrString';

/** A string, number, boolean or null: always replaced whole and owned whole. */
export interface ScalarSchema {
  kind: 'scalar';
  /** OpenAPI type; absent when the value may be of several (int-or-string, quantities, CRD scalars). */
  type?: 'string' | 'integer' | 'number' | 'boolean';
  /** OpenAPI format (`int32`, `int64`, `double`, `byte`, `date-time`, `int-or-string` ...). */
  format?: string;
  /** The values the API allows (the Go type's `+enum` constants). */
  enum?: readonly string[];
  /**
   * The only values the server accepts where the Go type is no `+enum` (so OpenAPI lists none)
   * but validation rejects any other: the SDK's generated interfaces allow just these.
   */
  closedValues?: readonly string[];
  /** Protobuf form; by default derived from {@link type} and {@link format}. */
  wire?: ScalarWire;
  /** Go type name as decoding errors spell it (`v1.Protocol`); by default the primitive's. */
  go?: string;
  /** Definition name when the type has its own OpenAPI definition (`Time`, `Quantity`). */
  name?: string;
  /** What the type is, when it has a definition of its own. */
  description?: string;
}

/** A group, version and kind (`x-platform-group-version-kind`). */
export interface SchemaGVK {
  group: string;
  version: string;
  kind: string;
}

/** The facts of one declared field of a built-in struct besides its type. */
export interface FieldFacts {
  /** Protobuf field number (the published generated.proto); 0 for fields not on the wire (apiVersion, kind). */
  proto: number;
  /** A short description in our own words. */
  description: string;
  /** The field must be set (no `omitempty` and not `+optional`). */
  required?: boolean;
  /** The Go field is a pointer: unset and zero differ (`replicas: 0` is kept). */
  pointer?: boolean;
  /** The Go field has no `omitempty`: it is serialized even when empty (`""`, `0`, `null`). */
  emitEmpty?: boolean;
}

/**
 * A Go struct embedded with `json:",inline"` whose fields appear in the parent's JSON but which
 * protobuf carries as one nested message (a Volume's VolumeSource, a Probe's handler).
 */
export interface InlinedMessage {
  proto: number;
  schema: StructSchema;
}

/**
 * The custom JSON forms of a few types that are not plain structs: raw JSON payloads and the
 * apiextensions schema unions (`JSONSchemaPropsOrBool` is a boolean or a schema ...).
 */
export type UntypedWire = 'rawExtension' | 'json' | 'fieldsV1' | 'schemaOrBool' | 'schemaOrArray' | 'schemaOrStringArray';

/** An object with named fields (a Go struct, or a CRD schema with `properties`). */
export interface StructSchema {
  kind: 'struct';
  /** The declared fields. Look fields up with {@link structField}, never by plain indexing. */
  fields: Record<string, TypeSchema>;
  /** `atomic` (`+structType=atomic`) makes the struct one value with one owner; default `granular`. */
  elementRelationship?: 'atomic' | 'granular';
  /** Unknown fields are kept (x-platform-preserve-unknown-fields / unstructured) as map entries of type {@link rest}. */
  open?: boolean;
  /** Type of fields not named in {@link fields} when {@link open}; default {@link UNTYPED_SCHEMA}. */
  rest?: TypeSchema;
  /**
   * The schema names only some of the fields the type has (the built-in kinds). Fields it does not
   * name behave as declared fields of a deduced type instead of being rejected.
   */
  partial?: boolean;
  /**
   * Fields a typed (Go) API server always serializes even when unset: non-pointer structs (`{}`)
   * and fields without `omitempty` (`null`). Their presence decides whether an update "adds" the
   * enclosing node, which is visible in managedFields as the `.` entry.
   */
  alwaysPresent?: readonly string[];
  /** Strategic-merge-patch strategy of this field (`retainKeys`, `replace`). */
  patchStrategy?: string;
  /** Definition name (`io.platform.api.core.v1.PodSpec`); the Go type name is its last segment. */
  name?: string;
  /** What the type is, in our own words. */
  description?: string;
  /** Field numbers, descriptions and presence of the declared fields (built-in types). */
  members?: Readonly<Record<string, FieldFacts>>;
  /** Inline-embedded structs, whose fields are also listed in {@link fields}. */
  inlined?: readonly InlinedMessage[];
  /** The kinds this type is the root of. */
  kinds?: readonly SchemaGVK[];
}

/** An object whose keys are data (`map[string]T`, `additionalProperties`). */
export interface MapSchema {
  kind: 'map';
  values: TypeSchema;
  /** `atomic` (`+mapType=atomic`) makes the map one value; default `granular`. */
  mapType?: 'atomic' | 'granular';
  /** Strategic-merge-patch strategy of this field (`replace`). */
  patchStrategy?: string;
  /** Go type name of a named map type (`v1.ResourceList`). */
  go?: string;
}

/** An array. */
export interface ListSchema {
  kind: 'list';
  items: TypeSchema;
  /** `atomic`: replaced whole; `set`: unique scalars; `map`: items keyed by {@link listMapKeys}. */
  listType: 'atomic' | 'set' | 'map';
  /** Key fields of a `map` list; together they identify an item. */
  listMapKeys?: string[];
  /** Defaults of key fields that items may omit (a port's `protocol` is `TCP`). */
  keyDefaults?: Record<string, JsonValue>;
  /** Strategic merge patch: `merge`, `replace`, `merge,retainKeys` ... (the Go `patchStrategy` tag). */
  patchStrategy?: string;
  /** Strategic merge patch: the field that identifies items of a merged list of objects. */
  patchMergeKey?: string;
  /** Go type name of a named slice type (`v1.ExtraValue`). */
  go?: string;
}

/** A value of unknown type: objects act as granular structs, arrays as atomic lists. */
export interface UntypedSchema {
  kind: 'untyped';
  /**
   * Keys of objects count as declared struct fields rather than map entries. Used for the parts of
   * a built-in type that its (partial) schema does not spell out, which are Go structs.
   */
  declaredFields?: boolean;
  /** The custom form of a built-in type (raw JSON, schema unions); absent for a free value. */
  wire?: UntypedWire;
  /** Definition name of a built-in type. */
  name?: string;
  /** What the type is, when it has a definition of its own. */
  description?: string;
  /** The schema type a schema union holds (apiextensions' JSONSchemaProps). */
  ref?: () => StructSchema;
}

/** The structural type of a value. */
export type TypeSchema = ScalarSchema | StructSchema | MapSchema | ListSchema | UntypedSchema;

/** An atomic list of `items` (`[]T`); `go` names a named slice type. */
export function listOf(items: TypeSchema, go?: string): ListSchema {
  return go === undefined ? { kind: 'list', items, listType: 'atomic' } : { kind: 'list', items, listType: 'atomic', go };
}

/** A map of `values` (`map[string]T`). */
export function mapOf(values: TypeSchema): MapSchema {
  return { kind: 'map', values };
}

/** The deduced type: every object is a granular struct, every array atomic. */
export const UNTYPED_SCHEMA: UntypedSchema = Object.freeze({ kind: 'untyped' });

/** The scalar type. */
export const SCALAR_SCHEMA: ScalarSchema = Object.freeze({ kind: 'scalar' });

/** A Go `string`. */
export const STRING: ScalarSchema = Object.freeze({ kind: 'scalar', type: 'string' });
/** A Go `int32`. */
export const INT32: ScalarSchema = Object.freeze({ kind: 'scalar', type: 'integer', format: 'int32' });
/** A Go `int64`. */
export const INT64: ScalarSchema = Object.freeze({ kind: 'scalar', type: 'integer', format: 'int64' });
/** A Go `bool`. */
export const BOOLEAN: ScalarSchema = Object.freeze({ kind: 'scalar', type: 'boolean' });
/** A Go `float64`. */
export const DOUBLE: ScalarSchema = Object.freeze({ kind: 'scalar', type: 'number', format: 'double' });
/** A Go `[]byte`: base64 in JSON, bytes in protobuf. */
export const BYTES: ScalarSchema = Object.freeze({ kind: 'scalar', type: 'string', format: 'byte' });

/** The declared type of field `name` of a struct, or undefined when the struct does not name it. */
export function structField(schema: StructSchema, name: string): TypeSchema | undefined {
  return Object.hasOwn(schema.fields, name) ? schema.fields[name] : undefined;
}

/** How a child of an object is typed: its schema and whether it is a declared field (not a map entry). */
export interface ChildType {
  schema: TypeSchema;
  /** True for struct fields (named or, in a partial schema, unnamed); false for map entries. */
  declared: boolean;
  /** True when the key is not allowed at all (a closed struct). The type is then deduced. */
  unknown: boolean;
}

/** The deduced type of the fields a partial schema does not name: nested objects are structs too. */
export const UNTYPED_STRUCT_SCHEMA: UntypedSchema = Object.freeze({ kind: 'untyped', declaredFields: true });

const UNTYPED_FIELD: ChildType = Object.freeze({ schema: UNTYPED_STRUCT_SCHEMA, declared: true, unknown: false });
const UNTYPED_ENTRY: ChildType = Object.freeze({ schema: UNTYPED_SCHEMA, declared: false, unknown: false });
const UNKNOWN_FIELD: ChildType = Object.freeze({ schema: UNTYPED_SCHEMA, declared: true, unknown: true });

/** The type of key `key` inside an object typed by `schema` (a struct, map or untyped value). */
export function childType(schema: TypeSchema, key: string): ChildType {
  switch (schema.kind) {
    case 'struct': {
      const field = structField(schema, key);
      if (field !== undefined) return { schema: field, declared: true, unknown: false };
      if (schema.open === true) return schema.rest === undefined ? UNTYPED_ENTRY : { schema: schema.rest, declared: false, unknown: false };
      return schema.partial === true ? UNTYPED_FIELD : UNKNOWN_FIELD;
    }
    case 'map':
      return { schema: schema.values, declared: false, unknown: false };
    case 'untyped':
      return schema.declaredFields === true ? UNTYPED_FIELD : UNTYPED_ENTRY;
    default:
      return UNTYPED_ENTRY;
  }
}

/** The facts of declared field `name` of a built-in struct (also of its inline-embedded structs). */
export function fieldFacts(schema: StructSchema, name: string): FieldFacts | undefined {
  const own = schema.members;
  if (own !== undefined && Object.hasOwn(own, name)) return own[name];
  for (const inlined of schema.inlined ?? []) {
    const facts = fieldFacts(inlined.schema, name);
    if (facts !== undefined) return facts;
  }
  return undefined;
}

/** The Go type name of a value of `schema`, as Go's JSON decoding errors spell it. */
export function goTypeName(schema: TypeSchema): string {
  switch (schema.kind) {
    case 'scalar':
      return schema.go ?? goScalarName(schema);
    case 'struct':
      return schema.name === undefined ? 'map[string]interface {}' : goQualifiedName(schema.name);
    case 'map':
      return schema.go ?? `map[string]${goTypeName(schema.values)}`;
    case 'list':
      return schema.go ?? `[]${goTypeName(schema.items)}`;
    default:
      return schema.name === undefined ? 'interface {}' : goQualifiedName(schema.name);
  }
}

function goScalarName(schema: ScalarSchema): string {
  switch (scalarWire(schema)) {
    case 'bytes': return '[]uint8';
    case 'int32': return 'int32';
    case 'int64': return 'int64';
    case 'bool': return 'bool';
    case 'double': return 'float64';
    case 'time': return 'v1.Time';
    case 'microTime': return 'v1.MicroTime';
    case 'duration': return 'v1.Duration';
    case 'quantity': return 'resource.Quantity';
    case 'intOrString': return 'intstr.IntOrString';
    default: return 'string';
  }
}

/** `io.platform.api.core.v1.PodSpec` → `v1.PodSpec` (package name and type name). */
function goQualifiedName(definition: string): string {
  const parts = definition.split('.');
  return parts.slice(-2).join('.');
}

/** The Go type name of a struct without its package (`PodSpec`), as decoding errors name the struct. */
export function goStructName(schema: StructSchema): string {
  return schema.name?.split('.').pop() ?? '';
}

/** The protobuf form of a scalar. */
export function scalarWire(schema: ScalarSchema): ScalarWire {
  if (schema.wire !== undefined) return schema.wire;
  switch (schema.type) {
    case 'integer': return schema.format === 'int32' ? 'int32' : 'int64';
    case 'number': return 'double';
    case 'boolean': return 'bool';
    default: return schema.format === 'byte' ? 'bytes' : 'string';
  }
}

/** True when a struct, map or list is replaced and owned as a whole. */
export function isAtomic(schema: TypeSchema): boolean {
  switch (schema.kind) {
    case 'struct':
      return schema.elementRelationship === 'atomic';
    case 'map':
      return schema.mapType === 'atomic';
    case 'list':
      return schema.listType === 'atomic';
    default:
      return false;
  }
}
