/**
 * The objects named on the command line of the write commands (delete, label, annotate, patch,
 * wait), through the shared resource builder (src/cli/resource): `TYPE NAME...`, `TYPE/NAME...`,
 * or `TYPE` with `-l`, `--field-selector` or `--all` (listed, in the namespace or with `-A` in all
 * of them). Named objects are not fetched (a missing one fails when it is acted on).
 */
import type { ResourceMapping } from '../../../../sdk/discovery/rest-mapper.js';
import type { PlatformClient } from '../../../../sdk/client.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import { UsageError } from '../../../framework/usage-error.js';
import { fetchObjects, parseResourceArguments, resolveResources } from '../../../resource/index.js';

/** One object named (or selected) on the command line. */
export interface NamedObject {
  mapping: ResourceMapping;
  namespace: string | undefined;
  name: string;
  /** The object as listed, for selections (named objects are not fetched). */
  object?: KubeObject;
}

/** How the objects are selected besides the arguments. */
export interface Selection {
  selector: string;
  fieldSelector: string;
  all: boolean;
  allNamespaces: boolean;
  /** A type alone names every object of it (kubectl's `ResourceTypeOrNameArgs(true, ...)`: get, describe, edit, rollout). */
  allowBareTypes?: boolean;
}

/** Resolves the command line to objects. */
export async function resolveArguments(ctx: CommandContext, client: PlatformClient, args: readonly string[], selection: Selection): Promise<NamedObject[]> {
  return (await resolveArgumentsWithShape(ctx, client, args, selection)).objects;
}

/**
 * {@link resolveArguments}, also saying whether the command line names exactly one object by name
 * (kubectl's "single item implied": `-o` then prints that object rather than a list).
 */
export async function resolveArgumentsWithShape(ctx: CommandContext, client: PlatformClient, args: readonly string[], selection: Selection): Promise<{ objects: NamedObject[]; singleItemImplied: boolean }> {
  const parsed = parseResourceArguments(args);
  if (parsed === undefined) throw new UsageError('Required resource not specified.');
  const { namespace } = await ctx.namespace();
  const resolved = await resolveResources(client, parsed, {
    labelSelector: selection.selector, fieldSelector: selection.fieldSelector, allNamespaces: selection.allNamespaces, all: selection.all,
  }, { namespace, signal: ctx.io.signal, allowBareTypes: selection.allowBareTypes === true });
  const objects: NamedObject[] = [];
  for (const query of resolved.queries) {
    if (query.names !== undefined) {
      for (const name of query.names) objects.push({ mapping: query.mapping, namespace: query.namespace, name });
      continue;
    }
    const fetchOptions = { selection: { labelSelector: selection.selector, fieldSelector: selection.fieldSelector }, signal: ctx.io.signal };
    for await (const chunk of fetchObjects(client, query, fetchOptions)) {
      for (const object of chunk) {
        const ns = query.mapping.namespaced ? (object.metadata?.namespace ?? query.namespace) : undefined;
        objects.push({ mapping: query.mapping, namespace: ns, name: object.metadata?.name ?? '', object });
      }
    }
  }
  return { objects, singleItemImplied: resolved.singleItemImplied };
}
