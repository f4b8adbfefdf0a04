/**
 * Reconciles a manager's field set with the current schema (structured-merge-diff's
 * `ReconcileFieldSetWithSchema`): when a struct, map or list became atomic since the set was
 * written, whoever owned parts of it now owns it whole. The opposite change (atomic to granular)
 * infers nothing: the owner keeps owning the node, no one owns its parts.
 */
import type { TypeSchema } from '../../../sdk/types/schema/index.js';
import { childType, isAtomic } from '../../../sdk/types/schema/index.js';
import { FieldSet } from '../field-set.js';

/** The reconciled set, or the same set when nothing changed. */
export function reconcileWithSchema(set: FieldSet, schema: TypeSchema): FieldSet {
  if (set.children.size === 0) return set;
  let out: FieldSet | undefined;
  for (const child of set.children.values()) {
    let childSchema: TypeSchema | undefined;
    if (child.pe.type === 'f') {
      if (schema.kind === 'struct' || schema.kind === 'map' || schema.kind === 'untyped') childSchema = childType(schema, child.pe.name).schema;
    } else if (schema.kind === 'list') {
      childSchema = schema.items;
    }
    if (childSchema === undefined || childSchema.kind === 'untyped') continue;
    if (isAtomic(childSchema)) {
      out ??= set.copy();
      out.setChild(child.pe, new FieldSet());
      out.addMember(child.pe);
      continue;
    }
    const next = reconcileWithSchema(child.set, childSchema);
    if (next !== child.set) {
      out ??= set.copy();
      out.setChild(child.pe, next);
    }
  }
  return out ?? set;
}
