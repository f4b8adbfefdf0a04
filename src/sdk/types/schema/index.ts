/**
 * Type schemas of API objects: the structural model ({@link TypeSchema}), the schemas of the
 * built-in kinds ({@link builtinSchema}) and the conversion of CRD schemas ({@link schemaFromOpenAPI}).
 * Shared by the client and the local server. The engine (the structural model and its queries)
 * lives in machinery/schema and is re-exported here; the tables depend on sdk/types and sdk/naming.
 *
 * @packageDocumentation
 */
export type {
  ChildType, FieldFacts, InlinedMessage, ListSchema, MapSchema, ScalarSchema, ScalarWire, SchemaGVK, StructSchema, TypeSchema, UntypedSchema, UntypedWire,
} from '../../../machinery/schema/type-schema.js';
export {
  SCALAR_SCHEMA, UNTYPED_SCHEMA, UNTYPED_STRUCT_SCHEMA, childType, fieldFacts, goStructName, goTypeName, isAtomic, scalarWire, structField,
} from '../../../machinery/schema/type-schema.js';
export { META_TYPES, builtinListSchema, builtinSchema, builtinSchemaKinds } from './builtin/index.js';
export { SCHEMA_EXTENSIONS, UNSTRUCTURED, schemaFromOpenAPI } from './openapi.js';
export { LABEL_SELECTOR, LIST_META, OBJECT_META } from './builtin/meta.js';
