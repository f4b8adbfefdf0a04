/**
 * `create priorityclass NAME`: a `scheduling.platform.io/v1` PriorityClass.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { int32Flag } from '../shared/int-flags.js';
import { nonEmpty, objectMeta, struct } from '../../../resource-builders/typed.js';

/** Runs `create priorityclass`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const value = int32Flag(flags, 'value', 0);
  const invocation = await startGenerator(ctx, args, flags);
  await sendGenerated(ctx, flags, invocation, {
    descriptor: { group: GROUPS.scheduling, version: 'v1', resource: 'priorityclasses', namespaced: false, kind: 'PriorityClass' },
    failurePrefix: 'failed to create priorityclass: ',
    object: struct({
      kind: 'PriorityClass',
      apiVersion: `${GROUPS.scheduling}/v1`,
      metadata: objectMeta({ name: invocation.name }),
      value,
      globalDefault: flags.bool('global-default') ? true : undefined,
      description: nonEmpty(flags.string('description') ?? ''),
      preemptionPolicy: flags.string('preemption-policy') ?? '',
    }),
  });
}
