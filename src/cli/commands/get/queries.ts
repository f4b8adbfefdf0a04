/**
 * The queries of `get` and `describe`: from `-f`/`-k` manifests (loaded only then), or from
 * `TYPE NAME` / `-l` arguments.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { CommandContext } from '../../framework/context.js';
import type { FlagReader } from '../../framework/flag-reader.js';
import type { FilenameFlag } from '../../manifests/manifest-flags.js';
import { resourcesFromCommandLine, type SelectionFlag } from '../../resource/index.js';
import type { ResolvedResources } from '../../resource/resolve.js';
import { throwCollected } from './errors.js';

/**
 * The resolved queries, the namespace and the manifests that could not be read (thrown at once
 * when no query is left, reported after the objects otherwise, as kubectl's builder does).
 */
export async function queriesFromInput(
  ctx: CommandContext, flags: FlagReader<SelectionFlag | FilenameFlag>, client: PlatformClient, args: readonly string[], fromFiles: boolean,
): Promise<{ resolved: ResolvedResources; namespace: string; readErrors: unknown[] }> {
  if (!fromFiles) {
    const { resolved, namespace } = await resourcesFromCommandLine(ctx, client, args, flags, { allowBareTypes: true });
    return { resolved, namespace, readErrors: [] };
  }
  const { queriesFromManifests } = await import('./manifests.js');
  const { readErrors, ...resolved } = await queriesFromManifests(ctx, flags, client);
  if (resolved.queries.length === 0 && readErrors.length > 0) throwCollected(readErrors, ctx.commandPath);
  return { resolved, namespace: (await ctx.namespace()).namespace, readErrors };
}
