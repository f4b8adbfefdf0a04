/**
 * The specs of `cordon` and `uncordon`, which mark nodes unschedulable or schedulable again: one
 * declaration, worded by the mark they set.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand } from '../../../framework/define-command.js';
import type { CommandRunner } from '../../../framework/spec.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../../resource/selection.js';
import { DRY_RUN_FLAG } from '../../../writes/dry-run.js';

/** `cordon NODE` (`schedulable` false) or `uncordon NODE` (true). */
export function cordonCommand<R = CommandRunner<never>>(schedulable: boolean, load: () => Promise<R>) {
  const name = schedulable ? 'uncordon' : 'cordon';
  const mark = schedulable ? 'schedulable' : 'unschedulable';
  return defineCommand({
    name,
    usage: 'NODE',
    summary: `Mark node as ${mark}`,
    description: `Mark node as ${mark}.`,
    group: 'Cluster Management Commands',
    examples: [{ description: `Mark node "foo" as ${mark}`, command: `${BINARY_NAME} ${name} foo`, notRunnable: 'needs a node foo' }],
    flags: [DRY_RUN_FLAG, SELECTOR_FLAG_EQUALITY_HELP],
    args: { kind: 'values', values: [] },
    load,
  });
}
