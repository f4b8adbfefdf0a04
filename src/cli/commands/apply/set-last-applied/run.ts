/**
 * `apply set-last-applied -f FILE`: records each file object as the last-applied configuration of
 * its live object with a JSON merge patch of that annotation only, as though `apply -f` had run.
 * As in kubectl every object is checked first (it must exist, and have the annotation unless
 * `--create-annotation`); objects whose recorded configuration already matches are reported as
 * needing no change; then the others are patched (not with `--dry-run=client`) and printed.
 */
import type { ResourceClient } from '../../../../sdk/rest/resource-client.js';
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { dryRunMode, dryRunSuffix } from '../../../writes/dry-run.js';
import { readCommandManifests, readsStdin } from '../../../manifests/manifest-flags.js';
import { NO_RESOURCES_MESSAGE } from '../../../manifests/no-resources.js';
import { objectOutput } from '../../../writes/object-output.js';

interface PendingPatch {
  rc: ResourceClient;
  name: string;
  live: KubeObject;
  configuration: string;
}

/** Runs `apply set-last-applied`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  // Arguments are ignored, as kubectl's leaf command without an argument check does.
  void args;
  const dryRun = dryRunMode(flags);
  const output = await objectOutput(ctx, flags);
  if (flags.strings('filename').length === 0) throw new UsageError(NO_RESOURCES_MESSAGE, false);
  const manifests = await readCommandManifests(ctx, flags);
  const [client, { namespace }, { KindMapper }, { resolveManifest }, { recordedConfiguration, lastAppliedPatch, sameConfiguration }, { withSource }, { describeObject }, { isStatusError }] = await Promise.all([
    ctx.client({ stdinInUse: readsStdin(flags) }),
    ctx.namespace(),
    import('../../../../sdk/apply/kind-mapper.js'),
    import('../../../../sdk/apply/resolve-manifest.js'),
    import('../../../../sdk/apply/last-applied.js'),
    import('../../../../sdk/apply/apply-errors.js'),
    import('../../../../sdk/apply/object-ref.js'),
    import('../../../../sdk/errors.js'),
  ]);
  const kinds = new KindMapper(client.discovery);
  const pending: PendingPatch[] = [];
  for (const manifest of manifests) {
    const placed = await resolveManifest(kinds, manifest, { namespace, enforceNamespace: ctx.globals.namespace !== undefined, signal: ctx.io.signal });
    const configuration = recordedConfiguration(placed.object);
    const name = placed.object.metadata?.name ?? '';
    const rc = client.resource(placed.mapping, placed.namespace);
    let live: KubeObject;
    try {
      live = await rc.get(name, { signal: ctx.io.signal });
    } catch (err) {
      if (isStatusError(err, 'NotFound')) throw err;
      throw withSource(err, `retrieving current configuration of:\n${describeObject(placed.object)}\nfrom server for:`, manifest.source);
    }
    const recorded = live.metadata?.annotations?.[ANNOTATIONS.lastApplied];
    if (recorded === undefined && !flags.bool('create-annotation')) {
      throw new UsageError(`no last-applied-configuration annotation found on resource: ${name}, to create the annotation, run the command with --create-annotation`, false);
    }
    if (sameConfiguration(recorded, configuration)) ctx.io.stdout.write(`set-last-applied ${name}: no changes required.\n`);
    else pending.push({ rc, name, live, configuration });
  }
  for (const p of pending) {
    const result = dryRun === 'client'
      ? p.live
      : await p.rc.patch(p.name, lastAppliedPatch(p.configuration), { type: 'merge', signal: ctx.io.signal, ...(dryRun === 'server' ? { dryRun: true } : {}) });
    if (output.printsObjects) output.printOne(result);
    else ctx.io.stdout.write(output.resultLine(describeObject(result), `configured${dryRunSuffix(dryRun)}`));
  }
}
