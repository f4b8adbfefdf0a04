/**
 * Strict decoding of a parsed YAML/JSON value into a typed structure, as Go's encoding/json does
 * with `DisallowUnknownFields` (kustomize reads kustomization files that way): field names match
 * exactly or case-insensitively, unknown fields and mistyped values are errors worded as Go words
 * them, and `null` leaves a field unset.
 */
import { isMap, setKey, type JsonMap } from '../model/json.js';

/** The shape of a value. */
export type Shape =
  | { t: 'string' }
  | { t: 'bool' }
  | { t: 'int' }
  | { t: 'list'; of: Shape; goType: string }
  | { t: 'map'; of: Shape; goType: string }
  | { t: 'struct'; name: string; goType: string; fields: Record<string, Shape> }
  | { t: 'any' };

export const STRING: Shape = { t: 'string' };
export const BOOL: Shape = { t: 'bool' };
export const INT: Shape = { t: 'int' };
export const ANY: Shape = { t: 'any' };
export const STRING_LIST: Shape = { t: 'list', of: STRING, goType: '[]string' };
export const STRING_MAP: Shape = { t: 'map', of: STRING, goType: 'map[string]string' };

export function listOf(of: Shape & { goType: string }): Shape {
  return { t: 'list', of, goType: `[]${of.goType}` };
}

export function struct(name: string, fields: Record<string, Shape>): Shape & { t: 'struct' } {
  return { t: 'struct', name, goType: `types.${name}`, fields };
}

/** A decoding failure, worded as Go's encoding/json. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

function jsonKindName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (isMap(value)) return 'object';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  return 'string';
}

function goTypeOf(shape: Shape): string {
  switch (shape.t) {
    case 'string':
      return 'string';
    case 'bool':
      return 'bool';
    case 'int':
      return 'int64';
    case 'any':
      return 'interface {}';
    default:
      return shape.goType;
  }
}

interface Context {
  struct: string;
  fields: string[];
}

function mismatch(value: unknown, shape: Shape, ctx: Context): DecodeError {
  const what = typeof value === 'number' && shape.t === 'int' ? `number ${String(value)}` : jsonKindName(value);
  if (ctx.fields.length === 0) return new DecodeError(`json: cannot unmarshal ${what} into Go value of type ${goTypeOf(shape)}`);
  return new DecodeError(`json: cannot unmarshal ${what} into Go struct field ${ctx.struct}.${ctx.fields.join('.')} of type ${goTypeOf(shape)}`);
}

function findField(fields: Record<string, Shape>, key: string): string | undefined {
  if (Object.hasOwn(fields, key)) return key;
  const lower = key.toLowerCase();
  return Object.keys(fields).find((name) => name.toLowerCase() === lower);
}

function decodeValue(value: unknown, shape: Shape, ctx: Context): unknown {
  if (value === null || value === undefined) return undefined;
  switch (shape.t) {
    case 'any':
      return value;
    case 'string':
      if (typeof value !== 'string') throw mismatch(value, shape, ctx);
      return value;
    case 'bool':
      if (typeof value !== 'boolean') throw mismatch(value, shape, ctx);
      return value;
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw mismatch(value, shape, ctx);
      return value;
    case 'list': {
      if (!Array.isArray(value)) throw mismatch(value, shape, ctx);
      return value.map((item) => decodeValue(item, shape.of, ctx) ?? zeroOf(shape.of));
    }
    case 'map': {
      if (!isMap(value)) throw mismatch(value, shape, ctx);
      const out: JsonMap = {};
      for (const [k, v] of Object.entries(value)) setKey(out, k, decodeValue(v, shape.of, ctx) ?? zeroOf(shape.of));
      return out;
    }
    case 'struct': {
      if (!isMap(value)) throw mismatch(value, shape, ctx);
      const out: JsonMap = {};
      for (const [k, v] of Object.entries(value)) {
        const name = findField(shape.fields, k);
        if (name === undefined) throw new DecodeError(`json: unknown field ${JSON.stringify(k)}`);
        const fieldShape = shape.fields[name] as Shape;
        const decoded = decodeValue(v, fieldShape, { struct: shape.name, fields: [...ctx.fields, name] });
        if (decoded !== undefined) setKey(out, name, decoded);
      }
      return out;
    }
  }
}

function zeroOf(shape: Shape): unknown {
  switch (shape.t) {
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'int':
      return 0;
    case 'struct':
    case 'map':
      return {};
    case 'list':
      return [];
    default:
      return null;
  }
}

/**
 * Decodes `value` into `shape` (a struct at the top). Absent and `null` fields are left out of
 * the result. Throws {@link DecodeError}.
 */
export function strictDecode(value: unknown, shape: Shape & { t: 'struct' }): JsonMap {
  if (value === null || value === undefined) return {};
  return decodeValue(value, shape, { struct: shape.name, fields: [] }) as JsonMap;
}
