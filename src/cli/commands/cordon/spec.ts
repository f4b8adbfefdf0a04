/** `platformctl cordon NODE`. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import type { CommandSpec, FlagSpec } from '../../framework/spec.js';
import type { FlagsOf } from '../../framework/flag-reader.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { NODE_SELECTOR_FLAG } from '../drain/shared/nodes.js';

const flags = [DRY_RUN_FLAG, NODE_SELECTOR_FLAG] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl cordon`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'cordon',
  usage: 'NODE',
  summary: 'Mark node as unschedulable',
  description: 'Mark node as unschedulable.',
  group: 'Cluster Management Commands',
  examples: [{ description: 'Mark node "foo" as unschedulable', command: `${BINARY_NAME} cordon foo`, notRunnable: 'needs a node foo' }],
  flags,
  args: { kind: 'values', values: [] },
  load: async () => (await import('./run.js')).run,
};
