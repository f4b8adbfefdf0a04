import { BINARY_NAME, LABELS } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { spec as dump } from './dump/spec.js';

/** `platformctl cluster-info`. */
export const spec = defineCommand({
  name: 'cluster-info',
  usage: '[flags] [options]',
  summary: 'Display cluster information',
  description: `Display addresses of the control plane and services with label ${LABELS.clusterService}=true. To further debug and diagnose cluster problems, use '${BINARY_NAME} cluster-info dump'.`,
  group: 'Cluster Management Commands',
  examples: [
    { description: 'Print the address of the control plane and cluster services', command: `${BINARY_NAME} cluster-info` },
  ],
  flags: [],
  args: 'none',
  subcommands: [dump],
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
