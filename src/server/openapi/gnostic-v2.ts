/**
 * The protobuf messages of an OpenAPI v2 document as clients of `/openapi/v2` read it with
 * `Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf`: gnostic's `openapi.v2`
 * package (`Document`, `Schema`, `NamedAny`, ...). The field numbers are wire facts of that
 * package; only the messages (and fields) a document of this server can contain are defined here.
 * Field names are ours (camelCase); they never reach the wire.
 */
import protobuf from 'protobufjs/light.js';

type FieldSpec = readonly [name: string, id: number, type: string, rule?: 'repeated'];

interface MessageSpec {
  fields: readonly FieldSpec[];
  /** One `oneof` group named `oneof` (gnostic's name), over these fields. */
  oneof?: readonly string[];
}

/**
 * The fields that the primitive-typed parameter kinds and `PrimitivesItems` share, in their wire
 * order; each message numbers them from its own first id.
 */
const PRIMITIVE_TAIL: readonly (readonly [string, string, 'repeated'?])[] = [
  ['type', 'string'], ['format', 'string'], ['items', 'PrimitivesItems'], ['collectionFormat', 'string'],
  ['default', 'Any'], ['maximum', 'double'], ['exclusiveMaximum', 'bool'], ['minimum', 'double'],
  ['exclusiveMinimum', 'bool'], ['maxLength', 'int64'], ['minLength', 'int64'], ['pattern', 'string'],
  ['maxItems', 'int64'], ['minItems', 'int64'], ['uniqueItems', 'bool'], ['enum', 'Any', 'repeated'],
  ['multipleOf', 'double'], ['vendorExtension', 'NamedAny', 'repeated'],
];

function primitiveTail(firstId: number): FieldSpec[] {
  return PRIMITIVE_TAIL.map(([name, type, rule], i) => (rule === undefined ? [name, firstId + i, type] : [name, firstId + i, type, rule]));
}

const PARAMETER_HEAD: FieldSpec[] = [['required', 1, 'bool'], ['in', 2, 'string'], ['description', 3, 'string'], ['name', 4, 'string']];

const MESSAGES: Record<string, MessageSpec> = {
  Document: {
    fields: [
      ['swagger', 1, 'string'], ['info', 2, 'Info'], ['host', 3, 'string'], ['basePath', 4, 'string'],
      ['schemes', 5, 'string', 'repeated'], ['consumes', 6, 'string', 'repeated'], ['produces', 7, 'string', 'repeated'],
      ['paths', 8, 'Paths'], ['definitions', 9, 'Definitions'], ['security', 12, 'SecurityRequirement', 'repeated'],
      ['securityDefinitions', 13, 'SecurityDefinitions'], ['vendorExtension', 16, 'NamedAny', 'repeated'],
    ],
  },
  Info: { fields: [['title', 1, 'string'], ['version', 2, 'string'], ['description', 3, 'string'], ['vendorExtension', 7, 'NamedAny', 'repeated']] },
  Any: { fields: [['yaml', 2, 'string']] },
  NamedAny: { fields: [['name', 1, 'string'], ['value', 2, 'Any']] },
  Paths: { fields: [['vendorExtension', 1, 'NamedAny', 'repeated'], ['path', 2, 'NamedPathItem', 'repeated']] },
  NamedPathItem: { fields: [['name', 1, 'string'], ['value', 2, 'PathItem']] },
  PathItem: {
    fields: [
      ['ref', 1, 'string'], ['get', 2, 'Operation'], ['put', 3, 'Operation'], ['post', 4, 'Operation'], ['delete', 5, 'Operation'],
      ['options', 6, 'Operation'], ['head', 7, 'Operation'], ['patch', 8, 'Operation'],
      ['parameters', 9, 'ParametersItem', 'repeated'], ['vendorExtension', 10, 'NamedAny', 'repeated'],
    ],
  },
  Operation: {
    fields: [
      ['tags', 1, 'string', 'repeated'], ['summary', 2, 'string'], ['description', 3, 'string'], ['operationId', 5, 'string'],
      ['produces', 6, 'string', 'repeated'], ['consumes', 7, 'string', 'repeated'], ['parameters', 8, 'ParametersItem', 'repeated'],
      ['responses', 9, 'Responses'], ['schemes', 10, 'string', 'repeated'], ['deprecated', 11, 'bool'],
      ['vendorExtension', 13, 'NamedAny', 'repeated'],
    ],
  },
  ParametersItem: { fields: [['parameter', 1, 'Parameter'], ['jsonReference', 2, 'JsonReference']], oneof: ['parameter', 'jsonReference'] },
  JsonReference: { fields: [['ref', 1, 'string'], ['description', 2, 'string']] },
  Parameter: { fields: [['bodyParameter', 1, 'BodyParameter'], ['nonBodyParameter', 2, 'NonBodyParameter']], oneof: ['bodyParameter', 'nonBodyParameter'] },
  BodyParameter: {
    fields: [['description', 1, 'string'], ['name', 2, 'string'], ['in', 3, 'string'], ['required', 4, 'bool'], ['schema', 5, 'Schema'], ['vendorExtension', 6, 'NamedAny', 'repeated']],
  },
  NonBodyParameter: {
    fields: [['header', 1, 'HeaderParameterSubSchema'], ['formData', 2, 'FormDataParameterSubSchema'], ['query', 3, 'QueryParameterSubSchema'], ['path', 4, 'PathParameterSubSchema']],
    oneof: ['header', 'formData', 'query', 'path'],
  },
  HeaderParameterSubSchema: { fields: [...PARAMETER_HEAD, ...primitiveTail(5)] },
  PathParameterSubSchema: { fields: [...PARAMETER_HEAD, ...primitiveTail(5)] },
  QueryParameterSubSchema: { fields: [...PARAMETER_HEAD, ['allowEmptyValue', 5, 'bool'], ...primitiveTail(6)] },
  FormDataParameterSubSchema: { fields: [...PARAMETER_HEAD, ['allowEmptyValue', 5, 'bool'], ...primitiveTail(6)] },
  PrimitivesItems: { fields: primitiveTail(1) },
  Responses: { fields: [['responseCode', 1, 'NamedResponseValue', 'repeated'], ['vendorExtension', 2, 'NamedAny', 'repeated']] },
  NamedResponseValue: { fields: [['name', 1, 'string'], ['value', 2, 'ResponseValue']] },
  ResponseValue: { fields: [['response', 1, 'Response'], ['jsonReference', 2, 'JsonReference']], oneof: ['response', 'jsonReference'] },
  Response: { fields: [['description', 1, 'string'], ['schema', 2, 'SchemaItem'], ['vendorExtension', 5, 'NamedAny', 'repeated']] },
  SchemaItem: { fields: [['schema', 1, 'Schema']], oneof: ['schema'] },
  Definitions: { fields: [['additionalProperties', 1, 'NamedSchema', 'repeated']] },
  NamedSchema: { fields: [['name', 1, 'string'], ['value', 2, 'Schema']] },
  Properties: { fields: [['additionalProperties', 1, 'NamedSchema', 'repeated']] },
  TypeItem: { fields: [['value', 1, 'string', 'repeated']] },
  ItemsItem: { fields: [['schema', 1, 'Schema', 'repeated']] },
  AdditionalPropertiesItem: { fields: [['schema', 1, 'Schema'], ['boolean', 2, 'bool']], oneof: ['schema', 'boolean'] },
  ExternalDocs: { fields: [['description', 1, 'string'], ['url', 2, 'string'], ['vendorExtension', 3, 'NamedAny', 'repeated']] },
  Schema: {
    fields: [
      ['ref', 1, 'string'], ['format', 2, 'string'], ['title', 3, 'string'], ['description', 4, 'string'], ['default', 5, 'Any'],
      ['multipleOf', 6, 'double'], ['maximum', 7, 'double'], ['exclusiveMaximum', 8, 'bool'], ['minimum', 9, 'double'],
      ['exclusiveMinimum', 10, 'bool'], ['maxLength', 11, 'int64'], ['minLength', 12, 'int64'], ['pattern', 13, 'string'],
      ['maxItems', 14, 'int64'], ['minItems', 15, 'int64'], ['uniqueItems', 16, 'bool'], ['maxProperties', 17, 'int64'],
      ['minProperties', 18, 'int64'], ['required', 19, 'string', 'repeated'], ['enum', 20, 'Any', 'repeated'],
      ['additionalProperties', 21, 'AdditionalPropertiesItem'], ['type', 22, 'TypeItem'], ['items', 23, 'ItemsItem'],
      ['allOf', 24, 'Schema', 'repeated'], ['properties', 25, 'Properties'], ['discriminator', 26, 'string'], ['readOnly', 27, 'bool'],
      ['externalDocs', 29, 'ExternalDocs'], ['example', 30, 'Any'], ['vendorExtension', 31, 'NamedAny', 'repeated'],
    ],
  },
  SecurityRequirement: { fields: [['additionalProperties', 1, 'NamedStringArray', 'repeated']] },
  NamedStringArray: { fields: [['name', 1, 'string'], ['value', 2, 'StringArray']] },
  StringArray: { fields: [['value', 1, 'string', 'repeated']] },
  SecurityDefinitions: { fields: [['additionalProperties', 1, 'NamedSecurityDefinitionsItem', 'repeated']] },
  NamedSecurityDefinitionsItem: { fields: [['name', 1, 'string'], ['value', 2, 'SecurityDefinitionsItem']] },
  SecurityDefinitionsItem: {
    fields: [['basicAuthenticationSecurity', 1, 'BasicAuthenticationSecurity'], ['apiKeySecurity', 2, 'ApiKeySecurity']],
    oneof: ['basicAuthenticationSecurity', 'apiKeySecurity'],
  },
  BasicAuthenticationSecurity: { fields: [['type', 1, 'string'], ['description', 2, 'string'], ['vendorExtension', 3, 'NamedAny', 'repeated']] },
  ApiKeySecurity: {
    fields: [['type', 1, 'string'], ['name', 2, 'string'], ['in', 3, 'string'], ['description', 4, 'string'], ['vendorExtension', 5, 'NamedAny', 'repeated']],
  },
};

/** The package of the messages (gnostic's `openapi.v2`). */
export const GNOSTIC_V2_PACKAGE = 'openapi.v2';

function buildRoot(): protobuf.Root {
  const root = new protobuf.Root();
  const pkg = root.define(GNOSTIC_V2_PACKAGE);
  for (const [name, spec] of Object.entries(MESSAGES)) {
    const type = new protobuf.Type(name);
    for (const [field, id, fieldType, rule] of spec.fields) type.add(new protobuf.Field(field, id, fieldType, rule));
    if (spec.oneof !== undefined) type.add(new protobuf.OneOf('oneof', [...spec.oneof]));
    pkg.add(type);
  }
  root.resolveAll();
  return root;
}

let cachedRoot: protobuf.Root | undefined;

/** A message type of gnostic's `openapi.v2` package (`Document`, `Schema`, ...). */
export function gnosticV2Type(name: string): protobuf.Type {
  cachedRoot ??= buildRoot();
  return cachedRoot.lookupType(`${GNOSTIC_V2_PACKAGE}.${name}`);
}
