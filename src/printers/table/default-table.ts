import type { KubeObject } from '../../sdk/types/meta.js';
import type { Table } from '../../sdk/types/table.js';
import { humanDuration } from '../../sdk/types/human-duration.js';
import { GROUPS } from '../../sdk/naming.js';

/**
 * The age kubectl shows for a timestamp: {@link humanDuration} of `now - timestamp`, or
 * `<unknown>` when the timestamp is missing or unreadable.
 */
export function translateTimestampSince(timestamp: string | undefined, now: Date): string {
  if (!timestamp) return '<unknown>';
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return '<unknown>';
  return humanDuration(now.getTime() - t);
}

/**
 * The table kubectl builds itself when a server sends objects instead of a Table: NAME and
 * AGE (from `metadata.creationTimestamp`), with the object kept on each row for the NAMESPACE
 * and label columns.
 *
 * @param objects - the objects of a list (or one object)
 * @param now - the clock reading ages are computed against
 */
export function buildDefaultTable(objects: readonly KubeObject[], now: Date): Table {
  return {
    kind: 'Table',
    apiVersion: `${GROUPS.meta}/v1`,
    columnDefinitions: [
      { name: 'Name', type: 'string', format: 'name', description: 'Name must be unique within a namespace.' },
      { name: 'Age', type: 'string', description: 'CreationTimestamp is a timestamp representing the server time when this object was created.' },
    ],
    rows: objects.map((object) => ({
      cells: [object.metadata?.name ?? '', translateTimestampSince(object.metadata?.creationTimestamp, now)],
      object,
    })),
  };
}
