/**
 * `rollout status`: follows each object with the SDK's resumable watch and prints kubectl's status
 * line on every change until the rollout is done (or once, with `--watch=false`), within
 * `--timeout`.
 */
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { throwFailures } from '../../../writes/error-list.js';
import { groupKind, rolloutKind, rolloutObjects } from '../shared/objects.js';
import { rolloutStatus } from '../shared/status.js';
import { timeoutSignal } from '../../../../sdk/timeout-signal.js';
import { oneTermEqualSelector } from '../../../../machinery/fields/selector.js';

/** Runs `rollout status`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const revision = flags.int('revision') ?? 0;
  if (revision < 0) throw new UsageError(`revision must be a positive integer: ${revision}`, false);
  const timeoutMs = flags.durationMs('timeout') ?? 0;
  const keepWatching = flags.bool('watch');
  const { client, objects, errors } = await rolloutObjects(ctx, args, flags);
  if (objects.length === 0) {
    await throwFailures([], ctx.commandPath, errors);
    const { namespace } = await ctx.namespace();
    ctx.io.stderr.write(`No resources found in ${namespace} namespace.\n`);
    return;
  }
  const { watch } = await import('../../../../sdk/watch/watcher.js');
  // As kubectl's builder continues on error: the objects that could be read are watched, and the
  // manifests that could not be read are reported after them.
  const timedOut: unknown[] = [];
  for (const o of objects) {
    const kind = rolloutKind(o);
    if (kind === undefined) throw new UsageError(`no status viewer has been implemented for ${groupKind(o)}`, false);
    const timeout = timeoutMs > 0 ? timeoutSignal(timeoutMs) : undefined;
    const done = new AbortController();
    const signal = AbortSignal.any([ctx.io.signal, done.signal, ...(timeout === undefined ? [] : [timeout])]);
    const rc = client.resource(o.mapping, o.namespace);
    let finished = false;
    for await (const event of watch(rc, { fieldSelector: oneTermEqualSelector('metadata.name', o.name), signal })) {
      if (event.type === 'DELETED') throw new UsageError('object has been deleted', false);
      if (event.type !== 'ADDED' && event.type !== 'MODIFIED') continue;
      const status = rolloutStatus(kind, event.object as KubeObject, revision, ANNOTATIONS.deploymentRevision);
      ctx.io.stdout.write(status.message);
      if (status.done || !keepWatching) {
        finished = true;
        done.abort();
        break;
      }
    }
    if (!finished) {
      if (timeout?.aborted !== true) return;
      // Each object waits its own --timeout, as each of kubectl's visits does.
      timedOut.push(new UsageError('timed out waiting for the condition', false));
    }
  }
  await throwFailures(timedOut, ctx.commandPath, errors);
}
