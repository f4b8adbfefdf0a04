/**
 * OpenAPI definitions of the built-in types, rendered from their type schemas (the one source of
 * truth): one definition per named Go type, properties with their descriptions, types, formats and
 * enums, required fields, the merge markers (`x-platform-list-type`, `x-platform-list-map-keys`,
 * `x-platform-map-type`, `x-platform-patch-strategy`, `x-platform-patch-merge-key`) and
 * `x-platform-group-version-kind` on kinds. Version 2 (`#/definitions/...`, `$ref` beside a
 * description) and version 3 (`#/components/schemas/...`, `allOf` around a `$ref` that has
 * siblings) differ only in how references and a few scalars are written.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import type { FieldFacts, ListSchema, ScalarSchema, StructSchema, TypeSchema } from '../../sdk/types/schema/index.js';
import { SCHEMA_EXTENSIONS, fieldFacts, scalarWire } from '../../sdk/types/schema/index.js';

/** The OpenAPI version being written. */
export type Flavor = 'v2' | 'v3';

/** The vendor extensions, renamed as every `x-kubernetes-*` name is. */
export const X = SCHEMA_EXTENSIONS;

/** The reference to a definition in a document of `flavor`. */
export function refTo(name: string, flavor: Flavor): string {
  return flavor === 'v2' ? `#/definitions/${name}` : `#/components/schemas/${name}`;
}

/** Collects the definitions reachable from some root types. */
export class DefinitionSet {
  private readonly defs = new Map<string, JsonObject>();
  private readonly pending: TypeSchema[] = [];

  constructor(private readonly flavor: Flavor) {}

  /** Adds a root type (and, when the set is completed, everything it refers to); returns its name. */
  add(schema: TypeSchema): string | undefined {
    const name = nameOf(schema);
    if (name !== undefined && !this.defs.has(name)) {
      this.defs.set(name, {});
      this.pending.push(schema);
    }
    return name;
  }

  /** Adds a hand-written definition (custom resources, the Patch body type). */
  put(name: string, definition: JsonObject): void {
    this.defs.set(name, definition);
  }

  /** The definitions by name, sorted, with every referenced type rendered. */
  complete(): JsonObject {
    while (this.pending.length > 0) {
      const schema = this.pending.pop();
      if (schema === undefined) break;
      const name = nameOf(schema);
      if (name !== undefined) this.defs.set(name, this.definition(schema));
    }
    const out: JsonObject = {};
    for (const name of [...this.defs.keys()].sort()) out[name] = this.defs.get(name) ?? {};
    return out;
  }

  private definition(schema: TypeSchema): JsonObject {
    switch (schema.kind) {
      case 'struct': return this.structDefinition(schema);
      case 'scalar': return this.scalarDefinition(schema);
      case 'untyped': {
        const out: JsonObject = {};
        if (schema.description !== undefined) out.description = schema.description;
        if (schema.wire === 'rawExtension' || schema.wire === 'fieldsV1') out.type = 'object';
        return out;
      }
      default:
        return {};
    }
  }

  private scalarDefinition(schema: ScalarSchema): JsonObject {
    const out: JsonObject = {};
    if (schema.description !== undefined) out.description = schema.description;
    if (scalarWire(schema) === 'quantity') {
      if (this.flavor === 'v3') out.oneOf = [{ type: 'string' }, { type: 'number' }];
      else out.type = 'string';
      return out;
    }
    if (scalarWire(schema) === 'intOrString' && this.flavor === 'v3') {
      out.format = 'int-or-string';
      out.oneOf = [{ type: 'integer' }, { type: 'string' }];
      return out;
    }
    out.type = 'string';
    if (schema.format !== undefined) out.format = schema.format;
    return out;
  }

  private structDefinition(schema: StructSchema): JsonObject {
    const out: JsonObject = {};
    if (schema.description !== undefined) out.description = schema.description;
    out.type = 'object';
    const required: string[] = [];
    const properties: JsonObject = {};
    for (const name of Object.keys(schema.fields).sort()) {
      const field = schema.fields[name];
      if (field === undefined) continue;
      const facts = fieldFacts(schema, name);
      if (facts?.required === true) required.push(name);
      properties[name] = this.property(field, facts);
    }
    if (required.length > 0) out.required = required;
    out.properties = properties;
    if (schema.kinds !== undefined && schema.kinds.length > 0) {
      out[X.gvk] = schema.kinds.map((k) => ({ group: k.group, kind: k.kind, version: k.version }));
    }
    if (schema.elementRelationship === 'atomic') out[X.mapType] = 'atomic';
    return out;
  }

  /** A property: the field's type with its description and merge markers. */
  private property(field: TypeSchema, facts: FieldFacts | undefined): JsonObject {
    const description = facts?.description;
    const named = nameOf(field);
    let out: JsonObject;
    if (named !== undefined) {
      this.add(field);
      out = this.reference(named, description, facts?.pointer !== true && field.kind !== 'untyped');
    } else {
      out = {};
      if (description !== undefined && description !== '') out.description = description;
      Object.assign(out, this.inline(field));
    }
    if (field.kind === 'list') Object.assign(out, listMarkers(field));
    if (field.kind === 'map' && field.mapType === 'atomic') out[X.mapType] = 'atomic';
    if (field.kind === 'struct' && field.patchStrategy !== undefined) out[X.patchStrategy] = field.patchStrategy;
    return out;
  }

  /** A reference to a named type, as a property or a list item / map value. */
  private reference(name: string, description: string | undefined, zeroDefault: boolean): JsonObject {
    const out: JsonObject = {};
    if (description !== undefined && description !== '') out.description = description;
    if (this.flavor === 'v2') {
      out.$ref = refTo(name, 'v2');
      return out;
    }
    if (zeroDefault) out.default = {};
    if (Object.keys(out).length === 0) return { $ref: refTo(name, 'v3') };
    out.allOf = [{ $ref: refTo(name, 'v3') }];
    return out;
  }

  /** An unnamed type written in place: a scalar, a list or a map. */
  private inline(schema: TypeSchema): JsonObject {
    switch (schema.kind) {
      case 'scalar': {
        const out: JsonObject = {};
        if (schema.type !== undefined) out.type = schema.type;
        if (schema.format !== undefined) out.format = schema.format;
        if (schema.enum !== undefined) out.enum = [...schema.enum];
        return out;
      }
      case 'list':
        return { type: 'array', items: this.element(schema.items) };
      case 'map':
        return { type: 'object', additionalProperties: this.element(schema.values) };
      case 'struct':
        return { type: 'object' };
      default:
        return {};
    }
  }

  /** The schema of a list item or map value. */
  private element(schema: TypeSchema): JsonValue {
    const named = nameOf(schema);
    if (named !== undefined) {
      this.add(schema);
      return this.reference(named, undefined, this.flavor === 'v3' && schema.kind === 'struct');
    }
    const out = this.inline(schema);
    if (this.flavor === 'v3' && schema.kind === 'scalar') {
      const zero = scalarZero(schema);
      if (zero !== undefined) out.default = zero;
    }
    return out;
  }
}

function scalarZero(schema: ScalarSchema): JsonValue | undefined {
  switch (schema.type) {
    case 'string': return '';
    case 'integer': case 'number': return 0;
    case 'boolean': return false;
    default: return undefined;
  }
}

function listMarkers(list: ListSchema): JsonObject {
  const out: JsonObject = { [X.listType]: list.listType };
  if (list.listType === 'map' && list.listMapKeys !== undefined) out[X.listMapKeys] = [...list.listMapKeys];
  if (list.patchStrategy !== undefined) out[X.patchStrategy] = list.patchStrategy;
  if (list.patchMergeKey !== undefined) out[X.patchMergeKey] = list.patchMergeKey;
  return out;
}

/** The definition name of a type that has one (structs of the API, Time, Quantity, RawExtension ...). */
export function nameOf(schema: TypeSchema): string | undefined {
  switch (schema.kind) {
    case 'struct': case 'scalar': case 'untyped': return schema.name;
    default: return undefined;
  }
}
