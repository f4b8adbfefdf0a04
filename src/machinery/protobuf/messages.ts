/**
 * protobufjs message definitions generated from the type schemas: one message per named struct
 * with the field numbers of the published generated.proto (fields are named `f<number>`, and maps
 * are lists of entries, so JSON names and map keys never become object keys of the codec), the
 * apimachinery messages of the types that are scalars in JSON (Time, Quantity, IntOrString ...),
 * wrappers for maps of lists, and the envelope.
 */
import protobuf from 'protobufjs/light.js';
import type { ListSchema, ScalarSchema, StructSchema, TypeSchema, UntypedSchema } from '../schema/type-schema.js';
import { scalarWire } from '../schema/type-schema.js';

const root = new protobuf.Root();

function defineFixed(name: string, fields: readonly (readonly [number, string, ('repeated' | undefined)?])[]): protobuf.Type {
  const type = new protobuf.Type(name);
  for (const [id, fieldType, rule] of fields) type.add(new protobuf.Field(`f${id}`, id, fieldType, rule));
  root.add(type);
  return type;
}

/** The fixed messages of apimachinery. */
export const FIXED = {
  time: defineFixed('Time', [[1, 'int64'], [2, 'int32']]),
  microTime: defineFixed('MicroTime', [[1, 'int64'], [2, 'int32']]),
  duration: defineFixed('Duration', [[1, 'int64']]),
  quantity: defineFixed('Quantity', [[1, 'string']]),
  intOrString: defineFixed('IntOrString', [[1, 'int64'], [2, 'int32'], [3, 'string']]),
  rawExtension: defineFixed('RawExtension', [[1, 'bytes']]),
  fieldsV1: defineFixed('FieldsV1', [[1, 'bytes']]),
  json: defineFixed('JSON', [[1, 'bytes']]),
  typeMeta: defineFixed('TypeMeta', [[1, 'string'], [2, 'string']]),
  unknown: defineFixed('Unknown', [[1, 'TypeMeta'], [2, 'bytes'], [3, 'string'], [4, 'string']]),
  watchEvent: defineFixed('WatchEvent', [[1, 'string'], [2, 'RawExtension']]),
} as const;

/** Message names of the scalar wires that are messages. */
const SCALAR_MESSAGES: Partial<Record<string, string>> = {
  time: 'Time', microTime: 'MicroTime', duration: 'Duration', quantity: 'Quantity', intOrString: 'IntOrString',
};

/** The protobuf type of a scalar (a primitive or an apimachinery message). */
function scalarType(schema: ScalarSchema): string {
  const wire = scalarWire(schema);
  return SCALAR_MESSAGES[wire] ?? wire;
}

/** The message name of a struct schema. */
export function messageName(schema: StructSchema): string {
  return (schema.name ?? 'Anonymous').replace(/[^A-Za-z0-9_]/g, '_');
}

const UNION_MESSAGES: Partial<Record<string, string>> = {
  schemaOrBool: 'JSONSchemaPropsOrBool', schemaOrArray: 'JSONSchemaPropsOrArray', schemaOrStringArray: 'JSONSchemaPropsOrStringArray',
};

function untypedType(schema: UntypedSchema, ensure: (s: StructSchema) => string): string {
  switch (schema.wire) {
    case 'fieldsV1': return 'FieldsV1';
    case 'json': return 'JSON';
    case 'schemaOrBool':
    case 'schemaOrArray':
    case 'schemaOrStringArray': {
      const name = UNION_MESSAGES[schema.wire] ?? '';
      if (root.lookup(name) === null) {
        const props = schema.ref?.();
        const propsName = props === undefined ? 'JSON' : ensure(props);
        if (schema.wire === 'schemaOrBool') defineFixed(name, [[1, 'bool'], [2, propsName]]);
        else if (schema.wire === 'schemaOrArray') defineFixed(name, [[1, propsName], [2, propsName, 'repeated']]);
        else defineFixed(name, [[1, propsName], [2, 'string', 'repeated']]);
      }
      return name;
    }
    default: return 'RawExtension';
  }
}

/** The message wrapping a list that is a map value (`map<string, ExtraValue>`, ExtraValue having `repeated items = 1`). */
function listWrapper(list: ListSchema, ensure: (s: StructSchema) => string): string {
  const item = elementType(list.items, ensure);
  const name = `List_${item}`;
  if (root.lookup(name) === null) defineFixed(name, [[1, item, 'repeated']]);
  return name;
}

/**
 * The entry message of a map field: a protobuf map is on the wire a repeated message with the key
 * in field 1 and the value in field 2. Declared so rather than as a protobufjs map, whose decoder
 * assigns each key to a plain object: the key `__proto__` would set its prototype and vanish.
 */
function mapEntry(values: TypeSchema, ensure: (s: StructSchema) => string): string {
  const value = elementType(values, ensure);
  const name = `MapEntry_${value}`;
  if (root.lookup(name) === null) defineFixed(name, [[1, 'string'], [2, value]]);
  return name;
}

/** The protobuf type of a value of `schema` as a field, list item or map value. */
function elementType(schema: TypeSchema, ensure: (s: StructSchema) => string): string {
  switch (schema.kind) {
    case 'struct': return ensure(schema);
    case 'scalar': return scalarType(schema);
    case 'list': return listWrapper(schema, ensure);
    case 'map': return 'RawExtension';
    default: return untypedType(schema, ensure);
  }
}

/** The protobufjs type of a struct schema, defined (with everything it refers to) on first use. */
export function messageType(schema: StructSchema): protobuf.Type {
  const name = ensureMessage(schema);
  const type = root.lookupType(name);
  return type;
}

function ensureMessage(schema: StructSchema): string {
  const name = messageName(schema);
  if (root.lookup(name) !== null) return name;
  const type = new protobuf.Type(name);
  // Added before its fields are typed: recursive types (JSON schemas) refer to themselves.
  root.add(type);
  for (const inlined of schema.inlined ?? []) type.add(new protobuf.Field(`f${inlined.proto}`, inlined.proto, ensureMessage(inlined.schema)));
  const members = schema.members ?? {};
  for (const [field, facts] of Object.entries(members)) {
    if (facts.proto <= 0) continue;
    const fieldSchema = schema.fields[field];
    if (fieldSchema === undefined) continue;
    const id = facts.proto;
    if (fieldSchema.kind === 'list') {
      type.add(new protobuf.Field(`f${id}`, id, elementType(fieldSchema.items, ensureMessage), 'repeated'));
    } else if (fieldSchema.kind === 'map') {
      type.add(new protobuf.Field(`f${id}`, id, mapEntry(fieldSchema.values, ensureMessage), 'repeated'));
    } else {
      type.add(new protobuf.Field(`f${id}`, id, elementType(fieldSchema, ensureMessage)));
    }
  }
  return name;
}
