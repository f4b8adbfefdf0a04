/** `rollout pause`: sets a Deployment's spec.paused. */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { rolloutKind } from '../shared/objects.js';
import { patchEach } from '../shared/patch-each.js';

/** Runs `rollout pause`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await patchEach(ctx, args, flags, (o) => {
    if (rolloutKind(o) !== 'Deployment') return { error: 'pausing is not supported' };
    if ((o.object as { spec?: { paused?: boolean } }).spec?.paused === true) return { error: 'is already paused' };
    return { patch: { spec: { paused: true } } };
  }, 'paused');
}
