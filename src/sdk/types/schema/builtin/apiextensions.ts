/**
 * Schemas of apiextensions/v1: CustomResourceDefinitions and the JSON schemas inside them.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema, UntypedSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, definitionName, keyedList, kind, mapOf, message, named } from './build.js';
import { UNTYPED_SCHEMA } from '../../../../machinery/schema/type-schema.js';
import { OBJECT_META } from './meta.js';
import { BOOLEAN, BYTES, DOUBLE, INT32, INT64, STRING, TIME } from './scalars.js';

const EXT = definitionName('apiextensions-apiserver.pkg.apis.apiextensions.v1', '');

/** Any JSON value (a default, an enum member, an example). */
export const JSON_VALUE: UntypedSchema = { kind: 'untyped', wire: 'json', name: `${EXT}JSON`, description: 'Any JSON value: an object, array, string, number, boolean or null.' };

/** A schema, or a list of schemas (`items` of a tuple). */
export const JSON_SCHEMA_PROPS_OR_ARRAY: UntypedSchema = {
  kind: 'untyped', wire: 'schemaOrArray', name: `${EXT}JSONSchemaPropsOrArray`, ref: () => JSON_SCHEMA_PROPS,
  description: 'Either one schema, or a list of schemas.',
};

/** A schema, or a boolean (`additionalProperties: false`). */
export const JSON_SCHEMA_PROPS_OR_BOOL: UntypedSchema = {
  kind: 'untyped', wire: 'schemaOrBool', name: `${EXT}JSONSchemaPropsOrBool`, ref: () => JSON_SCHEMA_PROPS,
  description: 'Either a schema, or a boolean that allows (true) or forbids (false) every value.',
};

/** A schema, or a list of property names (`dependencies`). */
export const JSON_SCHEMA_PROPS_OR_STRING_ARRAY: UntypedSchema = {
  kind: 'untyped', wire: 'schemaOrStringArray', name: `${EXT}JSONSchemaPropsOrStringArray`, ref: () => JSON_SCHEMA_PROPS,
  description: 'Either a schema, or a list of property names.',
};

/** `v1.ResourceScope`. */
export const RESOURCE_SCOPE = named(STRING, 'v1.ResourceScope');
/** `v1.JSONSchemaURL`. */
export const JSON_SCHEMA_URL = named(STRING, 'v1.JSONSchemaURL');
/** Values of `v1.FieldValueErrorReason`. */
export const FIELD_VALUE_ERROR_REASON = named(STRING, 'v1.FieldValueErrorReason', ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired']);
/** `v1.ConversionStrategyType`. */
export const CONVERSION_STRATEGY_TYPE = named(STRING, 'v1.ConversionStrategyType');
/** `v1.CustomResourceDefinitionConditionType`. */
export const CUSTOM_RESOURCE_DEFINITION_CONDITION_TYPE = named(STRING, 'v1.CustomResourceDefinitionConditionType');
/** `v1.ConditionStatus`. */
export const CONDITION_STATUS_V1 = named(STRING, 'v1.ConditionStatus');

/** CustomResourceDefinitionNames (apiextensions/v1). */
export const CUSTOM_RESOURCE_DEFINITION_NAMES: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceDefinitionNames', 'The names of a custom resource.', {
  plural: [1, STRING, 'Plural name used in URLs, lowercase (`widgets`).', 're'],
  singular: [2, STRING, 'Singular name, lowercase; the lowercased kind by default.'],
  shortNames: [3, atomicList(STRING), 'Short names for the command line (`wd`).'],
  kind: [4, STRING, 'The kind, in CamelCase (`Widget`).', 're'],
  listKind: [5, STRING, 'Kind of the lists; `<kind>List` by default.'],
  categories: [6, atomicList(STRING), 'Groups of resources this one belongs to (`all` ...), for `get <category>`.'],
});

/** ExternalDocumentation (apiextensions/v1). */
export const EXTERNAL_DOCUMENTATION: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'ExternalDocumentation', 'A link to more documentation.', {
  description: [1, STRING, 'What the link is about.'],
  url: [2, STRING, 'The link.'],
});

/** ValidationRule (apiextensions/v1). */
export const VALIDATION_RULE: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'ValidationRule', 'A CEL validation rule of a schema node.', {
  rule: [1, STRING, 'CEL expression that must be true; `self` is the value, `oldSelf` the previous value on update.', 're'],
  message: [2, STRING, 'Message when the rule fails; a default one otherwise.'],
  messageExpression: [3, STRING, 'CEL expression producing the message when the rule fails; wins over message.'],
  reason: [4, FIELD_VALUE_ERROR_REASON, 'Reason reported when the rule fails: FieldValueInvalid (the default), FieldValueForbidden, FieldValueRequired or FieldValueDuplicate.', 'p'],
  fieldPath: [5, STRING, 'Path of the field reported when the rule fails, relative to the node (`.spec.replicas`).'],
  optionalOldSelf: [6, BOOLEAN, 'Evaluate the transition rule also on create and when the old value is missing, with oldSelf as an optional.', 'p'],
});

/** JSONSchemaProps (apiextensions/v1). */
export const JSON_SCHEMA_PROPS: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'JSONSchemaProps', 'A JSON schema (the structural subset of OpenAPI v3 that custom resources use).', {
  id: [1, STRING, 'Schema identifier; not used.'],
  '$schema': [2, JSON_SCHEMA_URL, 'URL of the meta-schema; not used.'],
  '$ref': [3, STRING, 'Reference to another schema; not allowed in custom resource schemas.', 'p'],
  description: [4, STRING, 'What the value is, shown by explain.'],
  type: [5, STRING, 'object, array, string, integer, number or boolean.'],
  format: [6, STRING, 'Format of strings or numbers (date-time, int32, byte, uri ...).'],
  title: [7, STRING, 'A short title.'],
  default: [8, JSON_VALUE, 'Value set when the field is missing; must itself be valid and is pruned.', 'p'],
  maximum: [9, DOUBLE, 'Largest allowed number.', 'p'],
  exclusiveMaximum: [10, BOOLEAN, 'The maximum itself is not allowed.'],
  minimum: [11, DOUBLE, 'Smallest allowed number.', 'p'],
  exclusiveMinimum: [12, BOOLEAN, 'The minimum itself is not allowed.'],
  maxLength: [13, INT64, 'Longest allowed string, in characters.', 'p'],
  minLength: [14, INT64, 'Shortest allowed string, in characters.', 'p'],
  pattern: [15, STRING, 'Regular expression strings must match (ECMA 262 syntax).'],
  maxItems: [16, INT64, 'Most items an array may have.', 'p'],
  minItems: [17, INT64, 'Fewest items an array may have.', 'p'],
  uniqueItems: [18, BOOLEAN, 'Items must be unique; not allowed in custom resource schemas (use x-platform-list-type set or map).'],
  multipleOf: [19, DOUBLE, 'Numbers must be multiples of this.', 'p'],
  enum: [20, atomicList(JSON_VALUE), 'The allowed values.'],
  maxProperties: [21, INT64, 'Most properties an object may have.', 'p'],
  minProperties: [22, INT64, 'Fewest properties an object may have.', 'p'],
  required: [23, atomicList(STRING), 'Properties that must be present.'],
  items: [24, JSON_SCHEMA_PROPS_OR_ARRAY, 'Schema of the items of an array.', 'p'],
  allOf: [25, UNTYPED_SCHEMA, 'The value must be valid against every one of these.'],
  oneOf: [26, UNTYPED_SCHEMA, 'The value must be valid against exactly one of these.'],
  anyOf: [27, UNTYPED_SCHEMA, 'The value must be valid against at least one of these.'],
  not: [28, UNTYPED_SCHEMA, 'The value must not be valid against this.', 'p'],
  properties: [29, UNTYPED_SCHEMA, 'Schemas of the properties of an object.'],
  additionalProperties: [30, JSON_SCHEMA_PROPS_OR_BOOL, 'Schema of the properties not named in properties (a map), or false to forbid them.', 'p'],
  patternProperties: [31, UNTYPED_SCHEMA, 'Schemas of properties whose names match a pattern; not allowed in custom resource schemas.'],
  dependencies: [32, mapOf(JSON_SCHEMA_PROPS_OR_STRING_ARRAY, { go: 'v1.JSONSchemaDependencies' }), 'Properties or schemas required when a property is present; not allowed in custom resource schemas.'],
  additionalItems: [33, JSON_SCHEMA_PROPS_OR_BOOL, 'Schema of tuple items beyond items; not allowed in custom resource schemas.', 'p'],
  definitions: [34, UNTYPED_SCHEMA, 'Named schemas for $ref; not allowed in custom resource schemas.'],
  externalDocs: [35, EXTERNAL_DOCUMENTATION, 'Where to read more.', 'p'],
  example: [36, JSON_VALUE, 'An example value.', 'p'],
  nullable: [37, BOOLEAN, 'null is an allowed value (otherwise a null field is pruned or refused).'],
  'x-platform-preserve-unknown-fields': [38, BOOLEAN, 'Keep fields the schema does not declare instead of pruning them.', 'p'],
  'x-platform-embedded-resource': [39, BOOLEAN, 'The value is an object of some kind, with apiVersion, kind and metadata validated as such.'],
  'x-platform-int-or-string': [40, BOOLEAN, 'The value is an integer or a string.'],
  'x-platform-list-map-keys': [41, atomicList(STRING), 'For list type `map`: the item fields that together identify an item.'],
  'x-platform-list-type': [42, STRING, 'How the list merges: atomic (replaced whole), set (unique scalars) or map (items identified by their keys).', 'p'],
  'x-platform-map-type': [43, STRING, 'How the object merges: granular (field by field, the default) or atomic (replaced whole).', 'p'],
  'x-platform-validations': [44, atomicList(VALIDATION_RULE, undefined, 'v1.ValidationRules'), 'CEL rules the value must satisfy.'],
});

/** CustomResourceValidation (apiextensions/v1). */
export const CUSTOM_RESOURCE_VALIDATION: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceValidation', 'The schema of a version.', {
  openAPIV3Schema: [1, JSON_SCHEMA_PROPS, 'The OpenAPI v3 schema; it must be structural.', 'p'],
});

/** CustomResourceSubresourceStatus (apiextensions/v1). */
export const CUSTOM_RESOURCE_SUBRESOURCE_STATUS: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceSubresourceStatus', 'The status sub-resource, which has no settings.', {});

/** CustomResourceSubresourceScale (apiextensions/v1). */
export const CUSTOM_RESOURCE_SUBRESOURCE_SCALE: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceSubresourceScale', 'Where the scale sub-resource finds its values.', {
  specReplicasPath: [1, STRING, 'JSON path of the desired replicas under spec (`.spec.replicas`).', 're'],
  statusReplicasPath: [2, STRING, 'JSON path of the observed replicas under status (`.status.replicas`).', 're'],
  labelSelectorPath: [3, STRING, 'JSON path of the label selector, as a string, under spec or status; for autoscalers.', 'p'],
});

/** CustomResourceSubresources (apiextensions/v1). */
export const CUSTOM_RESOURCE_SUBRESOURCES: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceSubresources', 'Sub-resources of a custom resource version.', {
  status: [1, CUSTOM_RESOURCE_SUBRESOURCE_STATUS, 'Serve a status sub-resource: writes to the main resource then ignore status, and spec changes bump the generation.', 'p'],
  scale: [2, CUSTOM_RESOURCE_SUBRESOURCE_SCALE, 'Serve a scale sub-resource.', 'p'],
});

/** CustomResourceColumnDefinition (apiextensions/v1). */
export const CUSTOM_RESOURCE_COLUMN_DEFINITION: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceColumnDefinition', 'A column of the table of a custom resource.', {
  name: [1, STRING, 'Column heading.', 're'],
  type: [2, STRING, 'Type of the values: integer, number, string, boolean or date.', 're'],
  format: [3, STRING, 'Optional format of the values (int32, date-time, name ...).'],
  description: [4, STRING, 'What the column shows.'],
  priority: [5, INT32, '0 shows the column always; higher numbers only in wide output.'],
  jsonPath: [6, STRING, 'Simple JSON path to the value (`.spec.replicas`).', 're'],
});

/** SelectableField (apiextensions/v1). */
export const SELECTABLE_FIELD: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'SelectableField', 'A field usable in field selectors.', {
  jsonPath: [1, STRING, 'Simple JSON path to the field (`.spec.color`); must be a string, integer or boolean.', 're'],
});

/** CustomResourceDefinitionVersion (apiextensions/v1). */
export const CUSTOM_RESOURCE_DEFINITION_VERSION: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceDefinitionVersion', 'One version of a custom resource.', {
  name: [1, STRING, 'The version name (`v1`, `v2beta1` ...).', 're'],
  served: [2, BOOLEAN, 'Serve this version through the REST API.', 're'],
  storage: [3, BOOLEAN, 'Objects are stored in this version; exactly one version has it.', 're'],
  deprecated: [7, BOOLEAN, 'The version is deprecated; clients get a warning.'],
  deprecationWarning: [8, STRING, 'Text of that warning, replacing the default one.', 'p'],
  schema: [4, CUSTOM_RESOURCE_VALIDATION, 'Schema objects of this version are validated, pruned and defaulted with.', 'p'],
  subresources: [5, CUSTOM_RESOURCE_SUBRESOURCES, 'The status and scale sub-resources of this version.', 'p'],
  additionalPrinterColumns: [6, atomicList(CUSTOM_RESOURCE_COLUMN_DEFINITION), 'Columns of the table `get` prints; name and age only when empty.'],
  selectableFields: [9, atomicList(SELECTABLE_FIELD), 'Fields that field selectors may use, besides metadata.name and metadata.namespace.'],
});

/** ServiceReference (apiextensions/v1). */
export const SERVICE_REFERENCE_V1: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'ServiceReference', 'A reference to a service serving a webhook.', {
  namespace: [1, STRING, 'Namespace of the service.', 're'],
  name: [2, STRING, 'Name of the service.', 're'],
  path: [3, STRING, 'URL path of requests to the service.', 'p'],
  port: [4, INT32, 'Port of the service; 443 by default.', 'p'],
});

/** WebhookClientConfig (apiextensions/v1). */
export const WEBHOOK_CLIENT_CONFIG_V1: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'WebhookClientConfig', 'How to reach a webhook: a URL or a service, and the CA to trust.', {
  url: [3, STRING, 'URL of the webhook, `https://host[:port]/path`; no user, query or fragment. Set this or service.', 'p'],
  service: [1, SERVICE_REFERENCE_V1, 'A service in the cluster that serves the webhook. Set this or url.', 'p'],
  caBundle: [2, BYTES, 'PEM certificates to verify the webhook\'s serving certificate (base64 in JSON); the system roots when empty.'],
});

/** WebhookConversion (apiextensions/v1). */
export const WEBHOOK_CONVERSION: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'WebhookConversion', 'A conversion webhook.', {
  clientConfig: [2, WEBHOOK_CLIENT_CONFIG_V1, 'How to reach the webhook.', 'p'],
  conversionReviewVersions: [3, atomicList(STRING), 'ConversionReview versions the webhook understands, preferred first.', 're'],
});

/** CustomResourceConversion (apiextensions/v1). */
export const CUSTOM_RESOURCE_CONVERSION: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceConversion', 'How objects are converted between versions.', {
  strategy: [1, CONVERSION_STRATEGY_TYPE, 'None (only apiVersion changes) or Webhook.', 're'],
  webhook: [2, WEBHOOK_CONVERSION, 'The conversion webhook, for strategy Webhook.', 'p'],
});

/** CustomResourceDefinitionSpec (apiextensions/v1). */
export const CUSTOM_RESOURCE_DEFINITION_SPEC: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceDefinitionSpec', 'The definition of a custom resource type.', {
  group: [1, STRING, 'API group of the resources (`/apis/<group>/...`); must match the name of the definition (`<plural>.<group>`).', 're'],
  names: [3, CUSTOM_RESOURCE_DEFINITION_NAMES, 'Names of the resource and kind.', 're'],
  scope: [4, RESOURCE_SCOPE, 'Cluster or Namespaced.', 're'],
  versions: [7, atomicList(CUSTOM_RESOURCE_DEFINITION_VERSION), 'Versions served, each with its schema; exactly one is the storage version.', 're'],
  conversion: [9, CUSTOM_RESOURCE_CONVERSION, 'How objects are converted between versions.', 'p'],
  preserveUnknownFields: [10, BOOLEAN, 'Deprecated, must be false in v1: keep fields the schema does not declare. Use x-platform-preserve-unknown-fields in the schema instead.'],
});

/** CustomResourceDefinitionCondition (apiextensions/v1). */
export const CUSTOM_RESOURCE_DEFINITION_CONDITION: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceDefinitionCondition', 'A condition of a definition.', {
  type: [1, CUSTOM_RESOURCE_DEFINITION_CONDITION_TYPE, 'Established, NamesAccepted, NonStructuralSchema, Terminating or KubernetesAPIApprovalPolicyConformant.', 're'],
  status: [2, CONDITION_STATUS_V1, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastTransitionTime: [3, TIME, 'When the status last changed.'],
  reason: [4, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [5, STRING, 'A human-readable explanation of the condition.'],
});

/** CustomResourceDefinitionStatus (apiextensions/v1). */
export const CUSTOM_RESOURCE_DEFINITION_STATUS: StructSchema = message('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceDefinitionStatus', 'The observed state of a definition.', {
  conditions: [1, keyedList(['type'], CUSTOM_RESOURCE_DEFINITION_CONDITION), 'Conditions (Established, NamesAccepted, Terminating ...).', 'e'],
  acceptedNames: [2, CUSTOM_RESOURCE_DEFINITION_NAMES, 'The names actually served; they can differ from the spec when names conflict.', 'e'],
  storedVersions: [3, atomicList(STRING), 'Every version objects have been stored in; a version leaves the spec only after it left this list.', 'e'],
});

/** CustomResourceDefinition (apiextensions/v1). */
export const CUSTOM_RESOURCE_DEFINITION: StructSchema = kind('apiextensions-apiserver.pkg.apis.apiextensions.v1', 'CustomResourceDefinition', [{ group: GROUPS.apiextensions, version: 'v1', kind: 'CustomResourceDefinition' }], 'Adds a resource type to the API, served by the API server itself.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, CUSTOM_RESOURCE_DEFINITION_SPEC, 'The resource type: group, names, versions and schemas.', 're'],
  status: [3, CUSTOM_RESOURCE_DEFINITION_STATUS, 'The observed state of the definition. Read-only.'],
});

// Recursive fields refer to the type itself.
JSON_SCHEMA_PROPS.fields['allOf'] = atomicList(JSON_SCHEMA_PROPS);
JSON_SCHEMA_PROPS.fields['oneOf'] = atomicList(JSON_SCHEMA_PROPS);
JSON_SCHEMA_PROPS.fields['anyOf'] = atomicList(JSON_SCHEMA_PROPS);
JSON_SCHEMA_PROPS.fields['not'] = JSON_SCHEMA_PROPS;
JSON_SCHEMA_PROPS.fields['properties'] = mapOf(JSON_SCHEMA_PROPS);
JSON_SCHEMA_PROPS.fields['patternProperties'] = mapOf(JSON_SCHEMA_PROPS);
JSON_SCHEMA_PROPS.fields['definitions'] = mapOf(JSON_SCHEMA_PROPS, { go: 'v1.JSONSchemaDefinitions' });
