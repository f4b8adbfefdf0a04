/**
 * `scale`: for each object, a merge patch of `spec.replicas` on its `scale` sub-resource (or, with
 * `--current-replicas` / `--resource-version`, a read, the precondition check and an update,
 * retried on conflicts), then `deployment.apps/web scaled`; with `--timeout`, waits until the
 * Scale's status reaches the new size.
 */
import { StatusError } from '../../../sdk/errors.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { throwFailures } from '../../writes/error-list.js';
import { liveObjects, withType } from '../../manifests/live-objects.js';
import { hasManifestInput, readsStdin } from '../../manifests/manifest-flags.js';
import { NO_RESOURCES_MESSAGE } from '../../manifests/no-resources.js';
import { objectOutput } from '../../writes/object-output.js';
import { ANNOTATIONS } from '../../../sdk/naming.js';
import { recordedCause } from '../../flags/record.js';
import { sleepUnlessAborted } from '../../../machinery/sleep.js';

interface Scale extends KubeObject {
  spec?: { replicas?: number };
  status?: { replicas?: number };
}

/** Runs `scale`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (!flags.changed('replicas')) throw new UsageError('required flag(s) "replicas" not set');
  const replicas = flags.int('replicas') ?? 0;
  if (replicas < 0) throw new UsageError('The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0', false);
  const current = flags.int('current-replicas') ?? -1;
  if (current < -1) throw new UsageError('The --current-replicas must specify an integer of -1 or greater', false);
  const resourceVersion = flags.string('resource-version') ?? '';
  const timeoutMs = flags.durationMs('timeout') ?? 0;
  const dryRun = dryRunMode(flags);
  const output = await objectOutput(ctx, flags);
  if (args.length === 0 && !hasManifestInput(flags)) throw new UsageError(NO_RESOURCES_MESSAGE, false);
  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  const live = await liveObjects(ctx, flags, client, args, { fromFilesAsWritten: true });
  if (resourceVersion !== '' && live.objects.length > 1) throw new UsageError('cannot use --resource-version with multiple resources', false);
  if (live.objects.length === 0) {
    const first = live.errors[0];
    if (first !== undefined) throw new UsageError(`no objects passed to scale ${first instanceof Error ? first.message : String(first)}`, false);
    throw new UsageError('no objects passed to scale', false);
  }
  const suffix = dryRunSuffix(dryRun);
  const printed: KubeObject[] = [];
  const cause = recordedCause(ctx, flags);
  for (const o of live.objects) {
    const object = withType(o.object, o.mapping);
    if (dryRun === 'client') {
      if (output.printsObjects) printed.push(object);
      else ctx.io.stdout.write(output.resultLine(describe(object), `scaled${suffix}`));
      continue;
    }
    const rc = client.resource<Scale>(o.mapping, o.namespace);
    const opts = { subresource: 'scale', signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}) };
    if (current !== -1 || resourceVersion !== '') {
      const deadline = Date.now() + 5 * 60_000;
      for (;;) {
        const scale = await rc.get(o.name, { subresource: 'scale', signal: ctx.io.signal });
        if (current !== -1 && (scale.spec?.replicas ?? 0) !== current) throw new UsageError(`Expected replicas to be ${current}, was ${scale.spec?.replicas ?? 0}`, false);
        if (resourceVersion !== '' && scale.metadata?.resourceVersion !== resourceVersion) {
          throw new UsageError(`Expected resource version to be ${resourceVersion}, was ${scale.metadata?.resourceVersion ?? ''}`, false);
        }
        try {
          await rc.update({ ...scale, spec: { ...scale.spec, replicas } }, opts);
          break;
        } catch (err) {
          if (!(err instanceof StatusError && err.code === 409) || Date.now() > deadline) throw err;
          await sleepUnlessAborted(1000, ctx.io.signal);
        }
      }
    } else {
      await rc.patch(o.name, { spec: { replicas } }, { type: 'merge', ...opts });
    }
    // --record: kubectl then patches the change cause into the object itself (not its scale).
    if (cause !== undefined && dryRun === 'none' && object.metadata?.annotations?.[ANNOTATIONS.changeCause] !== cause) {
      await client.resource(o.mapping, o.namespace).patch(o.name, { metadata: { annotations: { [ANNOTATIONS.changeCause]: cause } } }, { type: 'merge', signal: ctx.io.signal });
    }
    if (timeoutMs > 0 && dryRun === 'none') {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const scale = await rc.get(o.name, { subresource: 'scale', signal: ctx.io.signal });
        if ((scale.spec?.replicas ?? 0) !== replicas || (scale.status?.replicas ?? 0) === replicas) break;
        if (Date.now() >= until || ctx.io.signal.aborted) throw new UsageError(`timed out waiting for ${JSON.stringify(o.name)} to be synced`, false);
        await sleepUnlessAborted(1000, ctx.io.signal);
      }
    }
    if (output.printsObjects) printed.push(object);
    else ctx.io.stdout.write(output.resultLine(describe(object), `scaled${suffix}`));
  }
  for (const p of printed) output.printOne(p);
  await throwFailures(live.errors, ctx.commandPath);
}

function describe(object: KubeObject): string {
  const kind = (object.kind ?? '').toLowerCase();
  const av = object.apiVersion ?? '';
  const group = av.includes('/') ? av.slice(0, av.lastIndexOf('/')) : '';
  return `${group === '' ? kind : `${kind}.${group}`}/${object.metadata?.name ?? ''}`;
}
