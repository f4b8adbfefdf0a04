/**
 * `platformctl apply view-last-applied (TYPE [NAME | -l label] | TYPE/NAME | -f FILENAME)`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { examplePath } from '../../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { kustomizeFlag, RECURSIVE_FLAG } from '../../../manifests/manifest-flags.js';
import { ALL_FLAG, SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';
import { LAST_APPLIED_FILENAME_FLAG } from '../../../flags/apply-flags.js';

/** `apply view-last-applied`. */
export const spec = defineCommand({
  name: 'view-last-applied',
  usage: '(TYPE [NAME | -l label] | TYPE/NAME | -f FILENAME) [options]',
  summary: 'View the latest last-applied-configuration annotations of a resource/object',
  description: [
    'View the latest last-applied-configuration annotations by type/name or file.',
    '',
    ' The default output will be printed to stdout in YAML format. You can use the -o option to change the output format.',
  ].join('\n'),
  examples: [
    { description: 'View the last-applied-configuration annotations by type/name in YAML', command: `${BINARY_NAME} apply view-last-applied configmap/settings`, notRunnable: 'needs an object applied before' },
    { description: 'View the last-applied-configuration annotations by file in JSON', command: `${BINARY_NAME} apply view-last-applied -f ${examplePath('configmap.json')} -o json`, notRunnable: 'needs the object applied before' },
  ],
  flags: [
    ALL_FLAG,
    LAST_APPLIED_FILENAME_FLAG,
    kustomizeFlag('the'),
    { name: 'output', short: 'o', type: 'string', default: 'yaml', description: 'Output format. Must be one of (yaml, json)', complete: { kind: 'values', values: ['yaml', 'json'] } },
    RECURSIVE_FLAG,
    SELECTOR_FLAG_EQUALITY_HELP,
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
