/**
 * The resource builder of the CLI (kubectl's `resource.Builder`), for commands that act on
 * objects named on the command line: get, describe, delete, label, annotate, patch, wait, edit.
 *
 * ```ts
 * const { resolved, selection } = await resourcesFromCommandLine(ctx, client, args, flags, { allowBareTypes: false });
 * for (const query of resolved.queries)
 *   for await (const chunk of fetchObjects(client, query, { selection, signal: ctx.io.signal })) ...
 * ```
 *
 * Steps, usable on their own: {@link parseResourceArguments} (no server), {@link resolveResources}
 * (types through the RestMapper), {@link fetchObjects} (GETs and chunked lists).
 */
import type { PlatformClient } from '../../sdk/client.js';
import type { CommandContext } from '../framework/context.js';
import type { FlagReader } from '../framework/flag-reader.js';
import { UsageError } from '../framework/usage-error.js';
import { parseResourceArguments } from './arguments.js';
import { resolveResources, type ResolvedResources } from './resolve.js';
import { selectionFromFlags, type ResourceSelection, type SelectionFlag } from './selection.js';

export { parseResourceArguments } from './arguments.js';
export type { ResourceArguments, TypeAndName } from './arguments.js';
export { resolveResources } from './resolve.js';
export type { ResolvedResources, ResourceQuery, ResolveOptions } from './resolve.js';
export { ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG, selectionFromFlags } from './selection.js';
export type { ResourceSelection, SelectionFlag } from './selection.js';
export { apiVersionOf, clientForQuery, fetchAllObjects, fetchObjects, isNotFound, listOptionsFor, withTypeMeta } from './fetch.js';
export type { FetchOptions } from './fetch.js';

/** Options of {@link resourcesFromCommandLine}. */
export interface CommandLineOptions {
  /** Whether `TYPE` alone lists every object (get, describe) or needs a name, `-l` or `--all`. */
  allowBareTypes: boolean;
}

/**
 * The resources of a command line: the arguments parsed, the selection flags (`-l`,
 * `--field-selector`, `-A`, `--all`; flags the command lacks count as unset) read, and the types
 * resolved in the command's namespace.
 *
 * @throws UsageError when there are no resource arguments, or for invalid combinations
 * @throws ResourceTypeError for unknown or ambiguous types
 */
export async function resourcesFromCommandLine(
  ctx: CommandContext, client: PlatformClient, args: readonly string[], flags: FlagReader<SelectionFlag>, options: CommandLineOptions,
): Promise<{ resolved: ResolvedResources; selection: ResourceSelection; namespace: string }> {
  const parsed = parseResourceArguments(args);
  if (parsed === undefined) throw new UsageError('Required resource not specified.');
  const selection = selectionFromFlags(flags);
  const { namespace } = await ctx.namespace();
  const resolved = await resolveResources(client, parsed, selection, { namespace, signal: ctx.io.signal, allowBareTypes: options.allowBareTypes });
  return { resolved, selection, namespace };
}
