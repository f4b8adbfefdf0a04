/**
 * The resource builder, step one: turns the parsed resource arguments and the selection into
 * {@link ResourceQuery}s, one per resource type and namespace, through the client's RestMapper
 * (short names, kinds, `resource.group`, categories such as `all`). Nothing is fetched here; see
 * `fetch.ts`.
 */
import type { PlatformClient } from '../../sdk/client.js';
import type { ResourceMapping } from '../../sdk/discovery/rest-mapper.js';
import { UsageError } from '../framework/usage-error.js';
import type { ResourceArguments } from './arguments.js';
import type { ResourceSelection } from './selection.js';

/** One resource type to read, and which of its objects. */
export interface ResourceQuery {
  mapping: ResourceMapping;
  /**
   * The namespace to read in: the command's namespace for namespaced types, undefined for
   * cluster-scoped types and with `-A` (all namespaces).
   */
  namespace: string | undefined;
  /** The names asked for, in order; undefined to list the objects the selection selects. */
  names: string[] | undefined;
}

/** The queries of one command line. */
export interface ResolvedResources {
  /** In command-line order: by type, then by name (`TYPE/NAME` pairs one query each). */
  queries: ResourceQuery[];
  /**
   * kubectl's "single item implied": exactly one object named (`get cm foo`, `get cm/foo`), so
   * `-o json|yaml` prints the object itself rather than a `kind: List`.
   */
  singleItemImplied: boolean;
  /** Whether objects are named (true) or listed (false). */
  named: boolean;
}

/** Options of {@link resolveResources}. */
export interface ResolveOptions {
  /** The command's namespace (`-n`, the context's, or `default`). */
  namespace: string;
  signal?: AbortSignal;
  /**
   * Whether a type alone, with no name, selector or `--all`, is allowed (get, describe: yes;
   * delete, label, annotate: no, kubectl's `resource(s) were provided, but no name was specified`).
   */
  allowBareTypes: boolean;
}

function sameType(a: ResourceMapping, b: ResourceMapping): boolean {
  return a.group === b.group && a.resource === b.resource;
}

/**
 * Resolves the resource arguments to queries.
 *
 * @throws UsageError for kubectl's invalid combinations (names with `-l` or `--all`, names with `-A`,
 *   a bare type where names are required)
 * @throws ResourceTypeError for unknown or ambiguous types (`the server doesn't have a resource type "x"`)
 */
export async function resolveResources(client: PlatformClient, args: ResourceArguments, selection: ResourceSelection, options: ResolveOptions): Promise<ResolvedResources> {
  const signalOption = options.signal === undefined ? {} : { signal: options.signal };
  const namespaceOf = (mapping: ResourceMapping): string | undefined =>
    mapping.namespaced && !selection.allNamespaces ? options.namespace : undefined;

  if (args.form === 'names') {
    if (selection.labelSelector !== '' || selection.all) {
      throw new UsageError('name cannot be provided when a selector is specified', false);
    }
    if (selection.allNamespaces) throw new UsageError('a resource cannot be retrieved by name across all namespaces', false);
    const queries: ResourceQuery[] = [];
    const mappings = new Map<string, ResourceMapping>();
    for (const { type, name } of args.pairs) {
      let mapping = mappings.get(type);
      if (mapping === undefined) {
        mapping = await client.mapper.resourceFor(type, signalOption);
        mappings.set(type, mapping);
      }
      const last = queries.at(-1);
      // `cm a b` and `cm/a cm/b` read as one query, so they print as one table.
      if (last !== undefined && sameType(last.mapping, mapping) && last.names !== undefined) last.names.push(name);
      else queries.push({ mapping, namespace: namespaceOf(mapping), names: [name] });
    }
    return { queries, singleItemImplied: args.pairs.length === 1, named: true };
  }

  const selecting = selection.labelSelector !== '' || selection.fieldSelector !== '' || selection.all;
  if (!options.allowBareTypes && !selecting) throw new UsageError('resource(s) were provided, but no name was specified', false);
  const queries: ResourceQuery[] = [];
  for (const type of args.types) {
    for (const mapping of await client.mapper.resourcesFor(type, signalOption)) {
      // `pods,po` or `all,pods` name a type twice; kubectl lists it once.
      if (queries.some((q) => sameType(q.mapping, mapping))) continue;
      queries.push({ mapping, namespace: namespaceOf(mapping), names: undefined });
    }
  }
  return { queries, singleItemImplied: false, named: false };
}
