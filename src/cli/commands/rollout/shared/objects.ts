/**
 * The objects a `rollout` subcommand works on (`TYPE NAME`, `TYPE/NAME`, `-l`, `-f`), read from
 * the server as kubectl's builder does with `Latest()`, and how results name them.
 */
import type { PlatformClient } from '../../../../sdk/client.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagReader } from '../../../framework/flag-reader.js';
import { UsageError } from '../../../framework/usage-error.js';
import { liveObjects, type LiveObject } from '../../../manifests/live-objects.js';
import { hasManifestInput, readsStdin, type FilenameFlag } from '../../../manifests/manifest-flags.js';

/** The objects and the errors of those that could not be read. */
export async function rolloutObjects(ctx: CommandContext, args: string[], flags: FlagReader<FilenameFlag>): Promise<{ client: PlatformClient; objects: LiveObject[]; errors: unknown[] }> {
  if (args.length === 0 && !hasManifestInput(flags)) throw new UsageError('required resource not specified', false);
  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  // A type alone names every object of it, as kubectl's rollout builders allow.
  const live = await liveObjects(ctx, flags, client, args, { allowBareTypes: true });
  return { client, objects: live.objects, errors: live.errors };
}

/** `deployments.apps`: the resource string of errors. */
export function resourceString(o: LiveObject): string {
  return o.mapping.group === '' ? o.mapping.resource : `${o.mapping.resource}.${o.mapping.group}`;
}

/** `deployment.apps/web`. */
export function kindName(o: LiveObject): string {
  const kind = o.mapping.kind.toLowerCase();
  return `${o.mapping.group === '' ? kind : `${kind}.${o.mapping.group}`}/${o.name}`;
}

/** Which rollout kind an object is, if any. */
export function rolloutKind(o: LiveObject): 'Deployment' | 'DaemonSet' | 'StatefulSet' | undefined {
  if (o.mapping.group !== 'apps') return undefined;
  switch (o.mapping.resource) {
    case 'deployments': return 'Deployment';
    case 'daemonsets': return 'DaemonSet';
    case 'statefulsets': return 'StatefulSet';
    default: return undefined;
  }
}

/** `Deployment.apps`: the GroupKind as kubectl's errors print it. */
export function groupKind(o: LiveObject): string {
  return o.mapping.group === '' ? o.mapping.kind : `${o.mapping.kind}.${o.mapping.group}`;
}
