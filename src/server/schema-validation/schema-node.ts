/** Typed access to the parts of an OpenAPI v3 schema object (plain JSON) that validation reads. */
import type { JsonObject } from '../../sdk/types/meta.js';
import { SCHEMA_EXTENSIONS } from '../../sdk/types/schema/index.js';

export const X = SCHEMA_EXTENSIONS;

import { asJsonObject as asObject } from '../../machinery/json/values.js';
export { asObject };

/** The `properties` of a schema, in key order. */
export function properties(schema: JsonObject): [string, JsonObject][] {
  const props = asObject(schema.properties);
  if (props === undefined) return [];
  const out: [string, JsonObject][] = [];
  for (const name of Object.keys(props)) {
    const value = asObject(props[name]);
    if (value !== undefined) out.push([name, value]);
  }
  return out;
}

/** A named property schema. */
export function property(schema: JsonObject, name: string): JsonObject | undefined {
  const props = asObject(schema.properties);
  return props !== undefined && Object.hasOwn(props, name) ? asObject(props[name]) : undefined;
}

/** The schema of `additionalProperties` when it is one (not a boolean). */
export function additional(schema: JsonObject): JsonObject | undefined {
  return asObject(schema.additionalProperties);
}

/** The `items` schema when it is a single schema. */
export function items(schema: JsonObject): JsonObject | undefined {
  return asObject(schema.items);
}

/** Schemas of a junctor (`allOf`, `anyOf`, `oneOf`). */
export function junctor(schema: JsonObject, name: 'allOf' | 'anyOf' | 'oneOf'): JsonObject[] {
  const list = schema[name];
  return Array.isArray(list) ? list.map((item) => asObject(item)).filter((item): item is JsonObject => item !== undefined) : [];
}

export function typeOf(schema: JsonObject): string {
  return typeof schema.type === 'string' ? schema.type : '';
}

export function flag(schema: JsonObject, name: string): boolean {
  return schema[name] === true;
}

export function numberOf(schema: JsonObject, name: string): number | undefined {
  const value = schema[name];
  return typeof value === 'number' ? value : undefined;
}

export { stringItems as stringList } from '../../machinery/json/values.js';
