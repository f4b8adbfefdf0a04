/** `platformctl uncordon NODE`. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';

/** `platformctl uncordon`. */
export const spec = defineCommand({
  name: 'uncordon',
  usage: 'NODE',
  summary: 'Mark node as schedulable',
  description: 'Mark node as schedulable.',
  group: 'Cluster Management Commands',
  examples: [{ description: 'Mark node "foo" as schedulable', command: `${BINARY_NAME} uncordon foo`, notRunnable: 'needs a node foo' }],
  flags: [DRY_RUN_FLAG, SELECTOR_FLAG_EQUALITY_HELP],
  args: { kind: 'values', values: [] },
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
