import { BINARY_NAME, LABELS } from '../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../framework/spec.js';
import type { FlagsOf } from '../../framework/flag-reader.js';
import { spec as dump } from './dump/spec.js';

const flags = [] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl cluster-info`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'cluster-info',
  usage: '[flags] [options]',
  summary: 'Display cluster information',
  description: `Display addresses of the control plane and services with label ${LABELS.clusterService}=true. To further debug and diagnose cluster problems, use '${BINARY_NAME} cluster-info dump'.`,
  group: 'Cluster Management Commands',
  examples: [
    { description: 'Print the address of the control plane and cluster services', command: `${BINARY_NAME} cluster-info` },
  ],
  flags,
  args: 'none',
  subcommands: [dump],
  load: async () => (await import('./run.js')).run,
};
