/**
 * Converts a CRD's structural OpenAPI v3 schema into a {@link TypeSchema}, honouring the
 * `x-platform-*` merge markers the way the apiextensions server builds its structured-merge-diff
 * schema: list types and keys, map/struct types, preserved unknown fields, embedded resources and
 * int-or-string. The root's `metadata` is always ObjectMeta.
 */
import type { JsonObject, JsonValue } from '../meta.js';
import type { ListSchema, StructSchema, TypeSchema } from '../../../machinery/schema/type-schema.js';
import { SCALAR_SCHEMA, UNTYPED_SCHEMA } from '../../../machinery/schema/type-schema.js';
import { OBJECT_META } from './builtin/meta.js';
import { asJsonObject } from '../../../machinery/json/values.js';

/** The OpenAPI vendor extensions (`x-kubernetes-*` in Kubernetes): a structural schema's, and those the served documents carry. */
export const SCHEMA_EXTENSIONS = {
  gvk: 'x-platform-group-version-kind',
  patchStrategy: 'x-platform-patch-strategy',
  patchMergeKey: 'x-platform-patch-merge-key',
  action: 'x-platform-action',
  listType: 'x-platform-list-type',
  listMapKeys: 'x-platform-list-map-keys',
  mapType: 'x-platform-map-type',
  preserveUnknownFields: 'x-platform-preserve-unknown-fields',
  embeddedResource: 'x-platform-embedded-resource',
  intOrString: 'x-platform-int-or-string',
  validations: 'x-platform-validations',
} as const;

function ownProperties(schema: JsonObject): [string, JsonObject][] {
  const properties = asJsonObject(schema.properties);
  if (properties === undefined) return [];
  const out: [string, JsonObject][] = [];
  for (const [name, value] of Object.entries(properties)) {
    const property = asJsonObject(value);
    if (property !== undefined) out.push([name, property]);
  }
  return out;
}

function convert(schema: JsonObject): TypeSchema {
  if (schema[SCHEMA_EXTENSIONS.intOrString] === true) return SCALAR_SCHEMA;
  const type = schema.type;
  const preserve = schema[SCHEMA_EXTENSIONS.preserveUnknownFields] === true;
  const embedded = schema[SCHEMA_EXTENSIONS.embeddedResource] === true;
  if (type === 'array') return convertList(schema);
  if (type === 'object' || embedded || (type === undefined && asJsonObject(schema.properties) !== undefined)) return convertObject(schema, preserve, embedded);
  if (type === undefined) return UNTYPED_SCHEMA;
  return SCALAR_SCHEMA;
}

function convertObject(schema: JsonObject, preserve: boolean, embedded: boolean): TypeSchema {
  const atomic = schema[SCHEMA_EXTENSIONS.mapType] === 'atomic';
  const properties = ownProperties(schema);
  const additional = schema.additionalProperties;
  if (properties.length === 0 && !embedded && additional !== undefined && additional !== false) {
    const values = asJsonObject(additional);
    return { kind: 'map', values: values === undefined ? UNTYPED_SCHEMA : convert(values), ...(atomic ? { mapType: 'atomic' as const } : {}) };
  }
  const fields: Record<string, TypeSchema> = Object.create(null) as Record<string, TypeSchema>;
  if (embedded) {
    fields.apiVersion = SCALAR_SCHEMA;
    fields.kind = SCALAR_SCHEMA;
    fields.metadata = OBJECT_META;
  }
  for (const [name, property] of properties) {
    if (embedded && name === 'metadata') continue;
    fields[name] = convert(property);
  }
  const out: StructSchema = { kind: 'struct', fields };
  if (atomic) out.elementRelationship = 'atomic';
  if (preserve) {
    out.open = true;
    out.rest = UNTYPED_SCHEMA;
  } else if (additional !== undefined && additional !== false) {
    const values = asJsonObject(additional);
    out.open = true;
    out.rest = values === undefined ? UNTYPED_SCHEMA : convert(values);
  }
  return out;
}

function convertList(schema: JsonObject): ListSchema {
  const itemsSchema = asJsonObject(schema.items);
  const items = itemsSchema === undefined ? UNTYPED_SCHEMA : convert(itemsSchema);
  const listType = schema[SCHEMA_EXTENSIONS.listType];
  if (listType === 'set') return { kind: 'list', items, listType: 'set' };
  if (listType === 'map') {
    const rawKeys = schema[SCHEMA_EXTENSIONS.listMapKeys];
    const keys = Array.isArray(rawKeys) ? rawKeys.filter((key): key is string => typeof key === 'string') : [];
    const out: ListSchema = { kind: 'list', items, listType: 'map', listMapKeys: keys };
    const keyDefaults: Record<string, JsonValue> = {};
    let hasDefaults = false;
    for (const key of keys) {
      const property = itemsSchema === undefined ? undefined : asJsonObject(asJsonObject(itemsSchema.properties)?.[key]);
      const value = property?.default;
      if (value !== undefined) {
        keyDefaults[key] = value;
        hasDefaults = true;
      }
    }
    if (hasDefaults) out.keyDefaults = keyDefaults;
    return out;
  }
  return { kind: 'list', items, listType: 'atomic' };
}

/**
 * The type schema of a custom resource from its version's `openAPIV3Schema`: the root is a struct
 * with `apiVersion`, `kind` and ObjectMeta `metadata` whatever the schema says about them.
 */
export function schemaFromOpenAPI(openAPIV3Schema: JsonObject): TypeSchema {
  const root = convert(openAPIV3Schema);
  const fields: Record<string, TypeSchema> = Object.create(null) as Record<string, TypeSchema>;
  const out: StructSchema = { kind: 'struct', fields };
  if (root.kind === 'struct') {
    Object.assign(fields, root.fields);
    if (root.open === true) {
      out.open = true;
      out.rest = root.rest ?? UNTYPED_SCHEMA;
    }
  } else {
    // A root without a usable object schema keeps whatever it is sent (unstructured).
    out.open = true;
    out.rest = UNTYPED_SCHEMA;
  }
  fields.apiVersion = SCALAR_SCHEMA;
  fields.kind = SCALAR_SCHEMA;
  fields.metadata = OBJECT_META;
  return out;
}

/** Custom resources without a usable schema: ObjectMeta metadata, every other field deduced. */
export const UNSTRUCTURED: TypeSchema = Object.freeze(schemaFromOpenAPI({ type: 'object', [SCHEMA_EXTENSIONS.preserveUnknownFields]: true }));
