/**
 * A small structural type model of API objects, shared by the client (diffs, client-side apply) and
 * the local server (strategic merge patch, server-side apply). It carries exactly what merging needs:
 * which values are structs, maps and lists, how lists are keyed, and which parts are atomic. It is
 * the equivalent of the schemas that structured-merge-diff and strategic merge patch read from the
 * Go types' `+listType` / `patchStrategy` markers.
 */
import type { JsonValue } from '../meta.js';

/** A string, number, boolean or null: always replaced whole and owned whole. */
export interface ScalarSchema {
  kind: 'scalar';
}

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
}

/** An object whose keys are data (`map[string]T`, `additionalProperties`). */
export interface MapSchema {
  kind: 'map';
  values: TypeSchema;
  /** `atomic` (`+mapType=atomic`) makes the map one value; default `granular`. */
  mapType?: 'atomic' | 'granular';
  /** Strategic-merge-patch strategy of this field (`replace`). */
  patchStrategy?: string;
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
}

/** A value of unknown type: objects act as granular structs, arrays as atomic lists. */
export interface UntypedSchema {
  kind: 'untyped';
  /**
   * Keys of objects count as declared struct fields rather than map entries. Used for the parts of
   * a built-in type that its (partial) schema does not spell out, which are Go structs.
   */
  declaredFields?: boolean;
}

/** The structural type of a value. */
export type TypeSchema = ScalarSchema | StructSchema | MapSchema | ListSchema | UntypedSchema;

/** The deduced type: every object is a granular struct, every array atomic. */
export const UNTYPED_SCHEMA: UntypedSchema = Object.freeze({ kind: 'untyped' });

/** The scalar type. */
export const SCALAR_SCHEMA: ScalarSchema = Object.freeze({ kind: 'scalar' });

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
