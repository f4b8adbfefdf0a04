/**
 * The strategic-merge-patch metadata of the type schemas (machinery/schema: the `patchStrategy`
 * and `patchMergeKey` tags of the Go types they carry) as a {@link PatchSchema}. The local server
 * applies patches with it and the client builds them with it, so both read the tags the same way.
 */
import { childType, type TypeSchema } from '../../schema/type-schema.js';
import { UNTYPED_PATCH_SCHEMA, splitStrategy, type PatchMeta, type PatchSchema } from './schema.js';

const adapters = new WeakMap<TypeSchema, PatchSchema>();

/** The patch metadata of `schema`'s fields; a missing schema has none (objects merge, lists are replaced). */
export function patchSchemaOf(schema: TypeSchema | undefined): PatchSchema {
  if (schema === undefined) return UNTYPED_PATCH_SCHEMA;
  let adapter = adapters.get(schema);
  if (adapter === undefined) {
    adapter = { field: (key) => fieldMeta(schema, key) };
    adapters.set(schema, adapter);
  }
  return adapter;
}

/** apimachinery's `LookupPatchMetadataForStruct` / `ForSlice` on field `key` of a value typed by `parent`. */
function fieldMeta(parent: TypeSchema, key: string): PatchMeta {
  const field = childType(parent, key).schema;
  const value = field.kind === 'list' ? field.items : field;
  // The values of a Go map carry no patch tags of their own; nor do scalars.
  const tagged = parent.kind !== 'map' && (field.kind === 'list' || field.kind === 'struct' || field.kind === 'map');
  if (!tagged) return { schema: patchSchemaOf(value), strategy: '', retainKeys: false, mergeKey: '' };
  const { strategy, retainKeys } = splitStrategy(field.patchStrategy);
  return { schema: patchSchemaOf(value), strategy, retainKeys, mergeKey: field.kind === 'list' ? (field.patchMergeKey ?? '') : '' };
}
