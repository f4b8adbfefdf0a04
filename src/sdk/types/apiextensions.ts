/**
 * Kinds of the `apiextensions.platform.io` group (`v1`): CustomResourceDefinition.
 */
import type { JsonValue, ObjectBase } from './meta.js';

/** A structural OpenAPI v3 schema of a custom resource version (validation, pruning, defaults). */
export interface JSONSchemaProps {
  id?: string;
  $schema?: string;
  $ref?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | string;
  format?: string;
  title?: string;
  default?: JsonValue;
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maxItems?: number;
  minItems?: number;
  uniqueItems?: boolean;
  multipleOf?: number;
  enum?: JsonValue[];
  maxProperties?: number;
  minProperties?: number;
  required?: string[];
  items?: JSONSchemaProps | JSONSchemaProps[];
  allOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: JSONSchemaProps | boolean;
  patternProperties?: Record<string, JSONSchemaProps>;
  dependencies?: Record<string, JSONSchemaProps | string[]>;
  additionalItems?: JSONSchemaProps | boolean;
  definitions?: Record<string, JSONSchemaProps>;
  externalDocs?: { description?: string; url?: string };
  example?: JsonValue;
  nullable?: boolean;
  'x-platform-preserve-unknown-fields'?: boolean;
  'x-platform-embedded-resource'?: boolean;
  'x-platform-int-or-string'?: boolean;
  'x-platform-list-map-keys'?: string[];
  'x-platform-list-type'?: 'atomic' | 'set' | 'map' | string;
  'x-platform-map-type'?: 'granular' | 'atomic' | string;
  'x-platform-validations'?: { rule: string; message?: string; messageExpression?: string; reason?: string; fieldPath?: string; optionalOldSelf?: boolean }[];
}

/** The names of a custom resource. */
export interface CustomResourceDefinitionNames {
  plural: string;
  singular?: string;
  shortNames?: string[];
  kind: string;
  listKind?: string;
  categories?: string[];
}

/** One served version of a custom resource. */
export interface CustomResourceDefinitionVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: {
    status?: Record<string, never>;
    scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
  };
  additionalPrinterColumns?: { name: string; type: string; format?: string; description?: string; priority?: number; jsonPath: string }[];
  selectableFields?: { jsonPath: string }[];
}

/** A custom resource type (cluster-scoped). */
export interface CustomResourceDefinition extends ObjectBase {
  kind?: 'CustomResourceDefinition';
  spec?: {
    group: string;
    names: CustomResourceDefinitionNames;
    scope: 'Namespaced' | 'Cluster' | string;
    versions: CustomResourceDefinitionVersion[];
    conversion?: {
      strategy: 'None' | 'Webhook' | string;
      webhook?: {
        clientConfig?: { url?: string; service?: { namespace: string; name: string; path?: string; port?: number }; caBundle?: string };
        conversionReviewVersions: string[];
      };
    };
    preserveUnknownFields?: boolean;
  };
  status?: {
    conditions?: { type: string; status: string; lastTransitionTime?: string; reason?: string; message?: string }[];
    acceptedNames?: CustomResourceDefinitionNames;
    storedVersions?: string[];
  };
}
