/**
 * Strategic-merge-patch metadata of a field, read from the type schemas (the equivalent of
 * apimachinery's `LookupPatchMetadata` on the Go struct tags `patchStrategy` and `patchMergeKey`),
 * plus the small JSON helpers the patch builders share.
 */
import { childType, type TypeSchema } from '../../machinery/schema/type-schema.js';

/** A JSON object as the patch builders handle it. */
export type JsonMap = Record<string, unknown>;

/** The patch metadata of one field. */
export interface PatchMeta {
  /** The field's own type. */
  schema: TypeSchema | undefined;
  /** `merge`, `replace` or `''` (no strategy: maps recurse, lists are replaced). */
  strategy: string;
  /** The field also has the `retainKeys` strategy. */
  retainKeys: boolean;
  /** Merge key of a merged list of objects. */
  mergeKey: string;
}

const NONE: PatchMeta = Object.freeze({ schema: undefined, strategy: '', retainKeys: false, mergeKey: '' });

/** The metadata of field `key` of a value typed by `parent` (undefined: no type information). */
export function lookupPatchMeta(parent: TypeSchema | undefined, key: string): PatchMeta {
  if (parent === undefined) return NONE;
  const child = childType(parent, key).schema;
  // Values of a Go map carry no patch tags of their own.
  if (parent.kind === 'map') return { ...NONE, schema: child };
  let strategies: string[] = [];
  let mergeKey = '';
  if (child.kind === 'list') {
    strategies = (child.patchStrategy ?? '').split(',').filter((s) => s !== '');
    mergeKey = child.patchMergeKey ?? '';
  } else if (child.kind === 'struct' || child.kind === 'map') {
    strategies = (child.patchStrategy ?? '').split(',').filter((s) => s !== '');
  }
  const retainKeys = strategies.includes('retainKeys');
  const strategy = strategies.find((s) => s !== 'retainKeys') ?? '';
  return { schema: child, strategy, retainKeys, mergeKey };
}

/** The type of the items of a list field. */
export function itemSchema(list: TypeSchema | undefined): TypeSchema | undefined {
  return list?.kind === 'list' ? list.items : undefined;
}

/** A plain JSON object (not an array, not null). */
export function isJsonMap(value: unknown): value is JsonMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Go's reflect kind of a decoded JSON value, for the "type changed" checks. */
export function jsonKind(value: unknown): 'map' | 'list' | 'string' | 'number' | 'bool' | 'null' {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'map';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  return 'bool';
}

/** Go's `fmt.Sprintf("%v", v)` for the scalars that appear in lists and merge keys. */
export function goPrint(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
