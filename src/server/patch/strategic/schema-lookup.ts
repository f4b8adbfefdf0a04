/**
 * Strategic-merge-patch metadata of a field: the sub-schema, the patch strategy and the merge key,
 * read from the {@link TypeSchema} (which carries the Go types' `patchStrategy`/`patchMergeKey` tags).
 * Fields the schema does not know have no strategy: objects merge, lists are replaced.
 */
import type { TypeSchema } from '../../../sdk/types/schema/index.js';
import { UNTYPED_SCHEMA, childType } from '../../../sdk/types/schema/index.js';
import { PatchError } from '../errors.js';

/** What strategic merge patch knows about one field. */
export interface PatchMeta {
  /** Schema of the field's value (for a list: of its items). */
  schema: TypeSchema;
  /** `merge`, `replace` or empty. */
  strategy: string;
  /** The field's strategy includes `retainKeys`. */
  retainKeys: boolean;
  /** Merge key of a list of objects. */
  mergeKey: string;
}

/** Splits a `patchStrategy` tag into the main strategy and the retainKeys flag, as apimachinery does. */
export function splitStrategy(tag: string | undefined): { strategy: string; retainKeys: boolean } {
  if (tag === undefined || tag === '') return { strategy: '', retainKeys: false };
  const parts = tag.split(',');
  if (parts.length === 1) return parts[0] === 'retainKeys' ? { strategy: '', retainKeys: true } : { strategy: parts[0] ?? '', retainKeys: false };
  if (parts.length === 2) {
    if (parts[0] === 'retainKeys') return { strategy: parts[1] ?? '', retainKeys: true };
    if (parts[1] === 'retainKeys') return { strategy: parts[0] ?? '', retainKeys: true };
  }
  throw PatchError.internal(`unexpected patch strategy: [${parts.join(' ')}]`);
}

/** The patch metadata of field `key` of an object typed by `parent`. */
export function lookupPatchMeta(parent: TypeSchema, key: string): PatchMeta {
  const field = childType(parent, key).schema;
  switch (field.kind) {
    case 'list': {
      const { strategy, retainKeys } = splitStrategy(field.patchStrategy);
      return { schema: field.items, strategy, retainKeys, mergeKey: field.patchMergeKey ?? '' };
    }
    case 'struct':
    case 'map': {
      const { strategy, retainKeys } = splitStrategy(field.patchStrategy);
      return { schema: field, strategy, retainKeys, mergeKey: '' };
    }
    case 'untyped':
      return { schema: field, strategy: '', retainKeys: false, mergeKey: '' };
    default:
      return { schema: UNTYPED_SCHEMA, strategy: '', retainKeys: false, mergeKey: '' };
  }
}
