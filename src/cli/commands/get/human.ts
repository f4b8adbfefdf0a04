/**
 * Human output of `get`: the server's Tables (the Table media type; a client-side NAME/AGE table
 * when a server sends objects), one table per resource type with `kind/name` names when several
 * types are printed, NAMESPACE with `-A`, label columns, sorting; lists are printed chunk by
 * chunk, so memory holds one chunk whatever the list length.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { ResourceMapping } from '../../../sdk/discovery/rest-mapper.js';
import type { ListOptions, TableOptions } from '../../../sdk/rest/options.js';
import { isTable } from '../../../sdk/rest/resource-client.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { ObjectList } from '../../../sdk/types/list.js';
import type { Table } from '../../../sdk/types/table.js';
import { sortTableRows } from '../../../printers/sort/sorter.js';
import { buildDefaultTable } from '../../../printers/table/default-table.js';
import { TableOutput } from '../../../printers/table/table-output.js';
import type { CommandContext } from '../../framework/context.js';
import type { Printer } from '../../output/printer.js';
import { clientForQuery, isNotFound, listOptionsFor, withTypeMeta } from '../../resource/fetch.js';
import type { ResolvedResources, ResourceQuery } from '../../resource/resolve.js';
import type { ResourceSelection } from '../../resource/selection.js';

/** What the human output of one `get` needs besides the queries. */
export interface HumanGetOptions {
  printer: Printer;
  selection: ResourceSelection;
  /** The command's namespace (for `No resources found in X namespace.`). */
  namespace: string;
  chunkSize: number;
  ignoreNotFound: boolean;
  subresource: string | undefined;
  /** `--server-print` (default true): ask for the server's Tables; false prints NAME/AGE from objects. */
  serverPrint?: boolean;
}

function sameMapping(a: ResourceMapping | undefined, b: ResourceMapping): boolean {
  return a !== undefined && a.group === b.group && a.version === b.version && a.resource === b.resource;
}

/** A Table of what the server sent: its Table, or NAME/AGE rows built from objects. */
function asTable(value: Table | KubeObject | ObjectList, mapping: ResourceMapping, now: Date): Table {
  if (isTable(value)) return value;
  const objects = 'items' in value && Array.isArray(value.items) ? value.items.map((o) => withTypeMeta(o, mapping)) : [withTypeMeta(value as KubeObject, mapping)];
  return buildDefaultTable(objects, now);
}

/**
 * Prints the queries as tables and returns the errors of single objects (printed by the caller
 * after the output, as kubectl prints them).
 */
export async function printHuman(ctx: CommandContext, client: PlatformClient, resolved: ResolvedResources, options: HumanGetOptions): Promise<unknown[]> {
  const { printer, selection } = options;
  const errors: unknown[] = [];
  const out = new TableOutput();
  const emit = (): void => {
    const text = out.take();
    if (text !== '') ctx.io.stdout.write(text);
  };
  const sortBy = printer.sortBy;
  // kubectl asks for whole objects only to sort by their fields, and sorts a list in one piece.
  const tableOpts: TableOptions = sortBy === undefined ? {} : { includeObject: 'Object' };
  const chunkSize = sortBy === undefined ? options.chunkSize : 0;
  const signal = ctx.io.signal;
  const serverPrint = options.serverPrint ?? true;

  // Named objects are read first (they are few), so "several kinds" counts only what was found, as kubectl's does.
  const named = new Map<ResourceQuery, Table[]>();
  for (const query of resolved.queries) {
    if (query.names === undefined) continue;
    const rc = clientForQuery(client, query);
    const tables: Table[] = [];
    for (const name of query.names) {
      try {
        const opts: Parameters<typeof rc.getTable>[1] = { signal, ...tableOpts };
        if (options.subresource !== undefined) opts.subresource = options.subresource;
        tables.push(asTable(serverPrint ? await rc.getTable(name, opts) : await rc.get(name, opts), query.mapping, ctx.io.now()));
      } catch (err) {
        if (options.ignoreNotFound && isNotFound(err)) continue;
        errors.push(err);
      }
    }
    named.set(query, tables);
  }
  const kinds = new Set(resolved.queries.filter((q) => q.names === undefined || (named.get(q)?.length ?? 0) > 0).map((q) => `${q.mapping.group}/${q.mapping.kind}`));
  const withKind = printer.table.withKind === true || kinds.size > 1;

  let last: ResourceMapping | undefined;
  let allNamespaced = !selection.allNamespaces;
  for (const query of resolved.queries) {
    const { mapping } = query;
    const tables = named.get(query);
    if (tables !== undefined && tables.length === 0) continue;
    allNamespaced &&= mapping.namespaced;
    if (!sameMapping(last, mapping)) {
      out.startType({ ...printer.table, withNamespace: selection.allNamespaces && mapping.namespaced, withKind, kind: { group: mapping.group, kind: mapping.kind } });
      last = mapping;
    }
    if (tables !== undefined) {
      for (const table of tables) out.printTable(sortBy === undefined ? table : sortTableRows(table, sortBy));
      continue;
    }
    const rc = clientForQuery(client, query);
    const listOpts: ListOptions & TableOptions = { ...listOptionsFor(selection, chunkSize, signal), ...tableOpts };
    if (chunkSize <= 0) {
      delete listOpts.limit;
      const table = asTable(serverPrint ? await rc.listTable(listOpts) : await rc.list(listOpts), mapping, ctx.io.now());
      out.printTable(sortBy === undefined ? table : sortTableRows(table, sortBy));
      emit();
      continue;
    }
    for await (const page of serverPrint ? rc.listTablePages(listOpts) : rc.listPages(listOpts)) {
      out.printTable(asTable(page, mapping, ctx.io.now()));
      // Each chunk goes out before the next is read: memory holds one chunk (later chunks keep the
      // column widths of earlier ones, they never shrink).
      out.flush();
      emit();
      await ctx.io.stdout.flush();
    }
  }
  out.flush();
  emit();
  if (!out.wroteOutput && !options.ignoreNotFound && errors.length === 0) {
    ctx.io.stderr.write(allNamespaced ? `No resources found in ${options.namespace} namespace.\n` : 'No resources found\n');
  }
  return errors;
}
