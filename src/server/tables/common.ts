/**
 * Pieces shared by every kind's table: the Name and Age columns and the layout most tables put them
 * in, age cells, the container name/image layout of workload tables, and list cells cut after the
 * first few items.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { PodSpec } from '../../sdk/types/generated/core-v1.js';
import type { TableColumnDefinition } from '../../sdk/types/table.js';
import type { TableDef } from '../registry/types.js';
import { timestampAge } from '../../sdk/types/human-duration.js';
import { asObject, nameOf } from '../util/json.js';

/** Description texts of ObjectMeta fields, as the API server's column definitions carry them. */
export const NAME_DESCRIPTION = 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://platform.io/docs/concepts/overview/working-with-objects/names#names';
export const CREATION_DESCRIPTION = 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.platform.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

/** A column definition (`format` only when given, `priority` always). */
export function column(name: string, type: string, description: string, priority = 0, format = ''): TableColumnDefinition {
  return { name, type, format, description, priority };
}

/** The Name column. */
export const NAME_COLUMN = column('Name', 'string', NAME_DESCRIPTION, 0, 'name');
/** The Age column. */
export const AGE_COLUMN = column('Age', 'string', CREATION_DESCRIPTION);

/** Age of the object from `metadata.creationTimestamp`. */
export function ageOf(obj: JsonObject, now: number): string {
  return timestampAge(asObject(obj.metadata)?.creationTimestamp, now);
}

/** Columns and the cells that fill them, in column order. */
export interface ColumnRun<T> {
  columns: TableColumnDefinition[];
  cells(o: T, now: number): unknown[];
}

/**
 * The layout of most kinds' tables, as the API server's printers lay them out: Name, the kind's own
 * columns, Age, then the columns that follow Age (mostly wide ones), if any.
 */
export function nameAgeTable<T extends JsonObject>(own: ColumnRun<T>, afterAge?: ColumnRun<T>): TableDef<T> {
  return {
    columns: [NAME_COLUMN, ...own.columns, AGE_COLUMN, ...(afterAge?.columns ?? [])],
    cells: (o, now) => [nameOf(o), ...own.cells(o, now), ageOf(o, now), ...(afterAge?.cells(o, now) ?? [])],
  };
}

/** Comma-joined container names and images of a pod spec. */
export function containerCells(podSpec: PodSpec | undefined): [string, string] {
  const containers = podSpec?.containers ?? [];
  return [containers.map((c) => c.name).join(','), containers.map((c) => c.image ?? '').join(',')];
}

/** A number field as an integer cell (0 when absent). */
export function int(v: unknown): number {
  return typeof v === 'number' ? Math.trunc(v) : 0;
}

/** The first `max` items joined, then ` + N more...` for the rest, as kubectl's list cells end. */
export function firstWithMore(items: readonly string[], max: number, separator = ','): string {
  const shown = items.slice(0, max).join(separator);
  return items.length > max ? `${shown} + ${items.length - max} more...` : shown;
}

/** `<none>` for empty strings. */
export function orNone(s: string | undefined): string {
  return s === undefined || s === '' ? '<none>' : s;
}

/** `<unset>` for empty strings. */
export function orUnset(s: string): string {
  return s === '' ? '<unset>' : s;
}
