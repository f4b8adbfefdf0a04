/**
 * `platformctl create poddisruptionbudget NAME --selector=SELECTOR --min-available=N`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

/** `create poddisruptionbudget`. */
export const spec = defineCommand({
  name: 'poddisruptionbudget',
  aliases: ['pdb'],
  usage: 'NAME --selector=SELECTOR --min-available=N [--dry-run=server|client|none] [options]',
  summary: 'Create a pod disruption budget with the specified name',
  description: 'Create a pod disruption budget with the specified name, selector, and desired minimum available pods.',
  examples: [
    {
      description: 'Create a pod disruption budget named my-pdb that will select all pods with the app=rails label and require at least one of them being available at any point in time',
      command: `${BINARY_NAME} create poddisruptionbudget my-pdb --selector=app=rails --min-available=1`,
    },
    {
      description: 'Create a pod disruption budget named my-pdb that will select all pods with the app=nginx label and require at least half of the pods selected to be available at any point in time',
      command: `${BINARY_NAME} create pdb my-pdb-nginx --selector=app=nginx --min-available=50%`,
    },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'max-unavailable', type: 'string', default: '', description: 'The maximum number or percentage of unavailable pods this budget requires.' },
    { name: 'min-available', type: 'string', default: '', description: 'The minimum number or percentage of available pods this budget requires.' },
    { name: 'selector', type: 'string', default: '', description: 'A label selector to use for this budget. Only equality-based selector requirements are supported.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
