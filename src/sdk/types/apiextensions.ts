/**
 * Kinds of the `apiextensions.platform.io` group (`v1`): CustomResourceDefinition.
 */
export type { CustomResourceDefinition, CustomResourceDefinitionNames, CustomResourceDefinitionVersion, JSONSchemaProps } from './generated/apiextensions-v1.js';
