/**
 * A watch source that reads the server's Tables (the Table media type, for `get -w` without
 * `-o`): list pages and watch events carry one-row Tables, so watched rows print with the same
 * columns as `get`. Each item is one row: its metadata (for resuming and comparing) and the
 * one-row Table to print.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { ResourceMapping } from '../../../sdk/discovery/rest-mapper.js';
import { TABLE_ACCEPT } from '../../../sdk/rest/media-types.js';
import { resourcePath } from '../../../sdk/rest/paths.js';
import { isTable } from '../../../sdk/rest/resource-client.js';
import type { QueryParams } from '../../../sdk/transport/http-types.js';
import type { ObjectList } from '../../../sdk/types/list.js';
import type { KubeObject, ObjectMeta } from '../../../sdk/types/meta.js';
import type { Table } from '../../../sdk/types/table.js';
import type { WatchEvent } from '../../../sdk/types/watch.js';
import { decodeWatchEvents } from '../../../sdk/watch/decoder.js';
import type { WatchSource } from '../../../sdk/watch/source.js';
import { buildDefaultTable } from '../../../printers/table/default-table.js';
import { withTypeMeta } from '../../resource/fetch.js';

/** One row of a server Table as a watch item. */
export interface TableRowItem extends KubeObject {
  metadata: ObjectMeta;
  /** The one-row Table to print (column definitions may be empty on watch events after the first). */
  table: Table;
}

function rowMetadata(row: Table['rows'][number]): ObjectMeta {
  const object = row.object as KubeObject | undefined;
  return object?.metadata ?? {};
}

function itemsOf(value: Table | ObjectList, mapping: ResourceMapping, now: Date): TableRowItem[] {
  const table = isTable(value) ? value : buildDefaultTable(value.items.map((o) => withTypeMeta(o, mapping)), now);
  return table.rows.map((row) => ({ metadata: rowMetadata(row), table: { ...table, rows: [row] } }));
}

/** The Table watch source of one resource type in one namespace (undefined: all or cluster scope). */
export function tableWatchSource(client: PlatformClient, mapping: ResourceMapping, namespace: string | undefined, now: () => Date, serverPrint = true): WatchSource<TableRowItem> {
  const rc = client.resource(mapping, namespace);
  return {
    async listPage(options) {
      // Without --server-print the objects come as they are and print as NAME/AGE rows.
      const page = serverPrint ? await rc.listTable(options) : await rc.list(options);
      return { items: itemsOf(page, mapping, now()), resourceVersion: page.metadata?.resourceVersion, continue: page.metadata?.continue };
    },
    watch(options) {
      const query: QueryParams = { watch: 'true' };
      if (options.labelSelector !== undefined && options.labelSelector !== '') query.labelSelector = options.labelSelector;
      if (options.fieldSelector !== undefined && options.fieldSelector !== '') query.fieldSelector = options.fieldSelector;
      if (options.resourceVersion !== undefined) query.resourceVersion = options.resourceVersion;
      if (options.allowWatchBookmarks === true) query.allowWatchBookmarks = 'true';
      if (options.timeoutSeconds !== undefined) query.timeoutSeconds = options.timeoutSeconds;
      const path = resourcePath({ group: mapping.group, version: mapping.version, resource: mapping.resource, namespace });
      const request = {
        method: 'GET' as const, path, query, accept: serverPrint ? TABLE_ACCEPT : 'application/json',
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      };
      return {
        async *[Symbol.asyncIterator](): AsyncGenerator<WatchEvent<TableRowItem>> {
          const res = await client.rest.stream(request);
          try {
            for await (const event of decodeWatchEvents(res.body)) {
              const object = event.object as unknown;
              if (event.type === 'ERROR') {
                yield event as WatchEvent<TableRowItem>;
              } else if (isTable(object)) {
                for (const item of itemsOf(object, mapping, now())) yield { type: event.type, object: item };
              } else {
                // Bookmarks (and servers without Tables) send objects.
                for (const item of itemsOf({ items: [object as KubeObject] }, mapping, now())) yield { type: event.type, object: item };
              }
            }
          } finally {
            res.cancel();
          }
        },
      };
    },
    metadataOf: (item) => item.metadata,
  };
}
