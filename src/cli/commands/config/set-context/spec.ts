import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** `platformctl config set-context`. */
export const spec = defineCommand({
  name: 'set-context',
  usage: '[NAME | --current] [--cluster=cluster_nickname] [--user=user_nickname] [--namespace=namespace] [options]',
  summary: 'Set a context entry in kubeconfig',
  description: 'Set a context entry in kubeconfig.\n\n Specifying a name that already exists will merge new fields on top of existing values for those fields.',
  examples: [{ description: 'Set the user field on the gce context entry without touching other values', command: 'platformctl config set-context gce --user=cluster-admin' }],
  flags: [
    { name: 'cluster', type: 'string', default: '', description: 'cluster for the context entry in kubeconfig', complete: { kind: 'cluster' } },
    { name: 'current', type: 'bool', default: false, description: 'Modify the current context' },
    { name: 'namespace', type: 'string', default: '', description: 'namespace for the context entry in kubeconfig', complete: { kind: 'namespace' } },
    { name: 'user', type: 'string', default: '', description: 'user for the context entry in kubeconfig', complete: { kind: 'user' } },
  ],
  args: 'contexts',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
