/**
 * `platformctl create priorityclass NAME --value=VALUE --global-default=BOOL`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

/** `create priorityclass`. */
export const spec = defineCommand({
  name: 'priorityclass',
  aliases: ['pc'],
  usage: 'NAME --value=VALUE --global-default=BOOL [--dry-run=server|client|none] [options]',
  summary: 'Create a priority class with the specified name',
  description: 'Create a priority class with the specified name, value, globalDefault and description.',
  examples: [
    { description: 'Create a priority class named high-priority', command: `${BINARY_NAME} create priorityclass high-priority --value=1000 --description="high priority"` },
    { description: 'Create a priority class named default-priority that is considered as the global default priority', command: `${BINARY_NAME} create priorityclass default-priority --value=1000 --global-default=true --description="default priority"` },
    { description: 'Create a priority class named high-priority-no-preempt that cannot preempt pods with lower priority', command: `${BINARY_NAME} create priorityclass high-priority-no-preempt --value=1000 --description="high priority" --preemption-policy="Never"` },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'description', type: 'string', default: '', description: 'description is an arbitrary string that usually provides guidelines on when this priority class should be used.' },
    { name: 'global-default', type: 'bool', default: false, description: 'global-default specifies whether this PriorityClass should be considered as the default priority.' },
    { name: 'preemption-policy', type: 'string', default: 'PreemptLowerPriority', description: 'preemption-policy is the policy for preempting pods with lower priority.', complete: { kind: 'values', values: ['PreemptLowerPriority', 'Never'] } },
    { name: 'value', type: 'int', default: 0, description: 'the value of this priority class.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
