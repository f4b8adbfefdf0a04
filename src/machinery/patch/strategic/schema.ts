/**
 * What strategic merge patch needs to know about types: for each field of an object, the type of
 * its value, its patch strategy and its merge key (apimachinery's `LookupPatchMeta`, which reads
 * the `patchStrategy` and `patchMergeKey` tags of the Go structs). Machinery knows no type tables:
 * callers hand in a {@link PatchSchema} over theirs.
 */
import { PatchFailure } from '../errors.js';

/** What strategic merge patch knows about one field. */
export interface PatchMeta {
  /** Type of the field's value (for a list: of its items). */
  schema: PatchSchema;
  /** `merge`, `replace` or empty (no strategy: objects merge, lists are replaced). */
  strategy: string;
  /** The field's strategy includes `retainKeys`. */
  retainKeys: boolean;
  /** Merge key of a merged list of objects; empty otherwise. */
  mergeKey: string;
}

/** The patch metadata of the fields of one type. */
export interface PatchSchema {
  /** The metadata of field `key` of an object of this type. */
  field(key: string): PatchMeta;
}

/** A type with no patch metadata: objects merge key by key, lists are replaced whole. */
export const UNTYPED_PATCH_SCHEMA: PatchSchema = Object.freeze({
  field: (): PatchMeta => UNTYPED_FIELD,
});

const UNTYPED_FIELD: PatchMeta = Object.freeze({ schema: UNTYPED_PATCH_SCHEMA, strategy: '', retainKeys: false, mergeKey: '' });

/** Splits a `patchStrategy` tag (`merge`, `retainKeys`, `merge,retainKeys` ...) as apimachinery does. */
export function splitStrategy(tag: string | undefined): { strategy: string; retainKeys: boolean } {
  if (tag === undefined || tag === '') return { strategy: '', retainKeys: false };
  const parts = tag.split(',');
  if (parts.length === 1) return parts[0] === 'retainKeys' ? { strategy: '', retainKeys: true } : { strategy: parts[0] ?? '', retainKeys: false };
  if (parts.length === 2) {
    if (parts[0] === 'retainKeys') return { strategy: parts[1] ?? '', retainKeys: true };
    if (parts[1] === 'retainKeys') return { strategy: parts[0] ?? '', retainKeys: true };
  }
  throw new PatchFailure('internal', `unexpected patch strategy: [${parts.join(' ')}]`);
}
