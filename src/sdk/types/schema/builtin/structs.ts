/** Every named struct of the built-in schema tables, for the tools that walk them all. */
import type { StructSchema, TypeSchema } from '../../../../machinery/schema/type-schema.js';
import { META_TYPES, builtinListSchema, builtinSchema, builtinSchemaKinds } from './index.js';

/**
 * Every named struct that the built-in kinds, their list types and the meta kinds reach, once
 * each, in the order first reached. Copies made by `withPatchStrategy` and `atomicStruct` share
 * their original's name and fields and count as it; two different structs of one name throw.
 */
export function builtinStructs(): StructSchema[] {
  const found = new Map<string, StructSchema>();
  const visit = (schema: TypeSchema): void => {
    switch (schema.kind) {
      case 'struct': {
        const name = schema.name ?? '';
        const seen = found.get(name);
        if (seen !== undefined) {
          if (Object.keys(seen.fields).join() !== Object.keys(schema.fields).join()) throw new Error(`two different structs named ${name}`);
          return;
        }
        found.set(name, schema);
        for (const field of Object.values(schema.fields)) visit(field);
        return;
      }
      case 'map':
        visit(schema.values);
        return;
      case 'list':
        visit(schema.items);
        return;
      case 'untyped':
        if (schema.ref !== undefined) visit(schema.ref());
        return;
      default:
    }
  };
  for (const { group, version, kind } of builtinSchemaKinds()) {
    const schema = builtinSchema(group, version, kind);
    if (schema !== undefined) visit(schema);
    const list = builtinListSchema(group, version, `${kind}List`);
    if (list !== undefined) visit(list);
  }
  for (const schema of Object.values(META_TYPES)) visit(schema);
  return [...found.values()];
}
