/** `platformctl cordon NODE`. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';

/** `platformctl cordon`. */
export const spec = defineCommand({
  name: 'cordon',
  usage: 'NODE',
  summary: 'Mark node as unschedulable',
  description: 'Mark node as unschedulable.',
  group: 'Cluster Management Commands',
  examples: [{ description: 'Mark node "foo" as unschedulable', command: `${BINARY_NAME} cordon foo`, notRunnable: 'needs a node foo' }],
  flags: [DRY_RUN_FLAG, SELECTOR_FLAG_EQUALITY_HELP],
  args: { kind: 'values', values: [] },
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
