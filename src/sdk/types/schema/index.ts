/**
 * Type schemas of API objects: the structural model ({@link TypeSchema}), the schemas of the
 * built-in kinds ({@link builtinSchema}) and the conversion of CRD schemas ({@link schemaFromOpenAPI}).
 * Shared by the client and the local server; depends only on sdk/types and sdk/naming.
 *
 * @packageDocumentation
 */
export type { ChildType, ListSchema, MapSchema, ScalarSchema, StructSchema, TypeSchema, UntypedSchema } from './type-schema.js';
export { SCALAR_SCHEMA, UNTYPED_SCHEMA, UNTYPED_STRUCT_SCHEMA, childType, isAtomic, structField } from './type-schema.js';
export { builtinSchema, builtinSchemaKinds } from './builtin/index.js';
export { SCHEMA_EXTENSIONS, UNSTRUCTURED, schemaFromOpenAPI } from './openapi.js';
export { LABEL_SELECTOR, OBJECT_META } from './builtin/meta.js';
