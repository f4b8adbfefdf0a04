/**
 * `platformctl create quota NAME [--hard=key1=value1,key2=value2] [--scopes=Scope1,Scope2]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

/** `create quota`. */
export const spec = defineCommand({
  name: 'quota',
  aliases: ['resourcequota'],
  usage: 'NAME [--hard=key1=value1,key2=value2] [--scopes=Scope1,Scope2] [--dry-run=server|client|none] [options]',
  summary: 'Create a quota with the specified name',
  description: 'Create a resource quota with the specified name, hard limits, and optional scopes.',
  examples: [
    { description: 'Create a new resource quota named my-quota in the namespace myns', command: `${BINARY_NAME} create quota my-quota --namespace=myns --hard=cpu=1,memory=1G,pods=2,services=3,replicationcontrollers=2,resourcequotas=1,secrets=5,persistentvolumeclaims=10` },
    { description: 'Create a new resource quota named best-effort', command: `${BINARY_NAME} create quota best-effort --hard=pods=100 --scopes=BestEffort` },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'hard', type: 'string', default: '', description: 'A comma-delimited set of resource=quantity pairs that define a hard limit.' },
    { name: 'scopes', type: 'string', default: '', description: 'A comma-delimited set of quota scopes that must all match each object tracked by the quota.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
