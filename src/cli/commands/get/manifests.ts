/**
 * `get -f FILE|DIR|-`: the objects named by manifests, each placed in its namespace as apply
 * would place it, as named queries of the resource builder.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { CommandContext } from '../../framework/context.js';
import type { FlagReader } from '../../framework/flag-reader.js';
import type { ResolvedResources, ResourceQuery } from '../../resource/resolve.js';
import { readCommandManifests, type FilenameFlag } from '../../manifests/manifest-flags.js';

function sameQuery(a: ResourceQuery, b: Omit<ResourceQuery, 'names'>): boolean {
  return a.mapping.group === b.mapping.group && a.mapping.resource === b.mapping.resource && a.namespace === b.namespace;
}

/**
 * The queries of the manifests named by `-f`. kubectl implies a single item when one file (not a
 * directory, not stdin) is named. Documents that are not manifests are `readErrors`, reported after
 * the objects of the others, as kubectl's builder goes on after them.
 */
export async function queriesFromManifests(ctx: CommandContext, flags: FlagReader<FilenameFlag>, client: PlatformClient): Promise<ResolvedResources & { readErrors: unknown[] }> {
  const readErrors: unknown[] = [];
  const manifests = await readCommandManifests(ctx, flags, { errors: readErrors });
  const [{ namespace }, { KindMapper }, { resolveManifest }, { stat }, { resolve }] = await Promise.all([
    ctx.namespace(),
    import('../../../sdk/apply/kind-mapper.js'),
    import('../../../sdk/apply/resolve-manifest.js'),
    import('node:fs/promises'),
    import('node:path'),
  ]);
  const kinds = new KindMapper(client.discovery);
  const queries: ResourceQuery[] = [];
  for (const manifest of manifests) {
    const placed = await resolveManifest(kinds, manifest, { namespace, enforceNamespace: ctx.globals.namespace !== undefined, signal: ctx.io.signal });
    const target = { mapping: placed.mapping, namespace: placed.namespace };
    const name = placed.object.metadata?.name ?? '';
    const last = queries.at(-1);
    if (last !== undefined && sameQuery(last, target)) last.names?.push(name);
    else queries.push({ ...target, names: [name] });
  }
  const sources = flags.strings('filename');
  let singleFile = false;
  if (sources.length === 1 && sources[0] !== '-' && !/^https?:\/\//.test(sources[0] ?? '')) {
    singleFile = (await stat(resolve(ctx.io.cwd, sources[0] ?? '')).catch(() => undefined))?.isFile() === true;
  }
  return { queries, singleItemImplied: singleFile, named: true, readErrors };
}
