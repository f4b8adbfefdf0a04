import { BINARY_NAME, GROUPS } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { NO_HEADERS_FLAG } from '../../output/flags.js';

/** `platformctl api-resources`. */
export const spec = defineCommand({
  name: 'api-resources',
  usage: '[flags] [options]',
  summary: 'Print the supported API resources on the server',
  description: 'Print the supported API resources on the server.',
  group: 'Other Commands',
  examples: [
    { description: 'Print the supported API resources', command: `${BINARY_NAME} api-resources` },
    { description: 'Print the supported API resources with more information', command: `${BINARY_NAME} api-resources -o wide` },
    { description: 'Print the supported API resources sorted by a column', command: `${BINARY_NAME} api-resources --sort-by=name` },
    { description: 'Print the supported namespaced resources', command: `${BINARY_NAME} api-resources --namespaced=true` },
    { description: 'Print the supported non-namespaced resources', command: `${BINARY_NAME} api-resources --namespaced=false` },
    { description: 'Print the supported API resources with a specific APIGroup', command: `${BINARY_NAME} api-resources --api-group=${GROUPS.rbac}` },
  ],
  flags: [
    { name: 'api-group', type: 'string', default: '', description: 'Limit to resources in the specified API group.' },
    { name: 'cached', type: 'bool', default: false, description: 'Use the cached list of resources if available.' },
    { name: 'categories', type: 'stringSlice', default: [], description: 'Limit to resources that belong to the specified categories.' },
    { name: 'namespaced', type: 'bool', default: true, description: 'If false, non-namespaced resources will be returned, otherwise returning namespaced resources by default.' },
    NO_HEADERS_FLAG,
    { name: 'output', short: 'o', type: 'string', default: '', description: 'Output format. One of: (wide, name).', complete: { kind: 'values', values: ['wide', 'name'] } },
    { name: 'sort-by', type: 'string', default: '', description: "If non-empty, sort list of resources using specified field. The field can be either 'name' or 'kind'.", complete: { kind: 'values', values: ['name', 'kind'] } },
    { name: 'verbs', type: 'stringSlice', default: [], description: 'Limit to resources that support the specified verbs.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
