/**
 * `create priorityclass NAME`: a `scheduling.platform.io/v1` PriorityClass.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { int32Flag } from '../shared/int-flags.js';
import { nonEmpty, typedObject } from '../../../resource-builders/typed.js';

const PRIORITYCLASSES = { group: GROUPS.scheduling, version: 'v1', resource: 'priorityclasses', namespaced: false, kind: 'PriorityClass' } as const;

/** Runs `create priorityclass`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const value = int32Flag(flags, 'value', 0);
  const invocation = await startGenerator(ctx, args, flags);
  await sendGenerated(ctx, flags, invocation, {
    descriptor: PRIORITYCLASSES,
    failurePrefix: 'failed to create priorityclass: ',
    object: typedObject(PRIORITYCLASSES, { name: invocation.name }, {
      value,
      globalDefault: flags.bool('global-default') ? true : undefined,
      description: nonEmpty(flags.string('description') ?? ''),
      preemptionPolicy: flags.string('preemption-policy') ?? '',
    }),
  });
}
