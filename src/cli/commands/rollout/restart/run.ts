/**
 * `rollout restart`: stamps the pod template with the `restartedAt` annotation (RFC 3339, the
 * CLI's clock), which makes the controller roll every pod.
 */
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { rolloutKind } from '../shared/objects.js';
import { patchEach } from '../shared/patch-each.js';

/** Runs `rollout restart`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const stamp = ctx.io.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
  await patchEach(ctx, args, flags, (o) => {
    const kind = rolloutKind(o);
    if (kind === undefined) return { error: 'restarting is not supported' };
    const spec = (o.object as { spec?: { paused?: boolean; template?: { metadata?: { annotations?: Record<string, string> } } } }).spec;
    if (kind === 'Deployment' && spec?.paused === true) return { error: "can't restart paused deployment (run rollout resume first)" };
    if (spec?.template?.metadata?.annotations?.[ANNOTATIONS.restartedAt] === stamp) {
      return { error: 'failed to create patch: if restart has already been triggered within the past second, please wait before attempting to trigger another' };
    }
    return { patch: { spec: { template: { metadata: { annotations: { [ANNOTATIONS.restartedAt]: stamp } } } } } };
  }, 'restarted');
}
