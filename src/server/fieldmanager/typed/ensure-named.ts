/**
 * structured-merge-diff's `EnsureNamedFieldsAreMembers`: every declared struct field under which
 * the set holds paths becomes a member too, so that pruning can remove a struct field as a whole
 * when a manager that owned its parts stops applying it.
 */
import type { TypeSchema } from '../../../sdk/types/schema/index.js';
import { UNTYPED_SCHEMA, childType } from '../../../sdk/types/schema/index.js';
import { FieldSet } from '../field-set.js';

export function ensureNamedFieldsAreMembers(set: FieldSet, schema: TypeSchema): FieldSet {
  if (set.children.size === 0) return set;
  const out = new FieldSet();
  for (const pe of set.members.values()) out.addMember(pe);
  for (const child of set.children.values()) {
    let childSchema: TypeSchema = UNTYPED_SCHEMA;
    if (child.pe.type === 'f' && (schema.kind === 'struct' || schema.kind === 'map' || schema.kind === 'untyped')) {
      const type = childType(schema, child.pe.name);
      if (type.declared) out.addMember(child.pe);
      childSchema = type.schema;
    } else if (child.pe.type === 'k' && schema.kind === 'list') {
      childSchema = schema.items;
    }
    out.addChild(child.pe, ensureNamedFieldsAreMembers(child.set, childSchema));
  }
  return out;
}
