/** `platformctl explain`: documentation of a resource type and its fields, from the server's OpenAPI. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';

/** `platformctl explain`. */
export const spec = defineCommand({
  name: 'explain',
  usage: 'TYPE [--recursive=FALSE|TRUE] [--api-version=api-version-group] [-o|--output=plaintext|plaintext-openapiv2]',
  summary: 'Get documentation for a resource',
  description: [
    'Describe fields and structure of various resources.',
    '',
    ' This command describes the fields associated with each supported API resource. Fields are identified via a simple JSONPath identifier:',
    '',
    '        <type>.<fieldName>[.<fieldName>]',
    '',
    ' Information about each field is retrieved from the server in OpenAPI format.',
    '',
    `Use "${BINARY_NAME} api-resources" for a complete list of supported resources.`,
  ].join('\n'),
  group: 'Basic Commands (Intermediate)',
  examples: [
    { description: 'Get the documentation of the resource and its fields', command: `${BINARY_NAME} explain pods` },
    { description: 'Get all the fields in the resource', command: `${BINARY_NAME} explain pods --recursive` },
    { description: 'Get the explanation for deployment in supported api versions', command: `${BINARY_NAME} explain deployments --api-version=apps/v1` },
    { description: 'Get the documentation of a specific field of a resource', command: `${BINARY_NAME} explain pods.spec.containers` },
    { description: 'Get the documentation of resources in different format', command: `${BINARY_NAME} explain deployment --output=plaintext-openapiv2` },
  ],
  flags: [
    { name: 'api-version', type: 'string', default: '', description: 'Use given api-version (group/version) of the resource.' },
    { name: 'output', short: 'o', type: 'string', default: 'plaintext', description: 'Format in which to render the schema. Valid values are: (plaintext, plaintext-openapiv2).', complete: { kind: 'values', values: ['plaintext', 'plaintext-openapiv2'] } },
    { name: 'recursive', type: 'bool', default: false, description: 'When true, print the name of all the fields recursively. Otherwise, print the available fields with their description.' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
