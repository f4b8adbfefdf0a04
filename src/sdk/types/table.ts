import type { KubeObject, ListMeta, TypeMeta } from './meta.js';

/** One column of a server-side Table (`meta.platform.io/v1`, kind `Table`). */
export interface TableColumnDefinition {
  name: string;
  /** `string`, `integer`, `number`, `boolean` or `date`. */
  type: string;
  format?: string;
  description?: string;
  /** 0 is shown by default; higher priorities only with `-o wide`. */
  priority?: number;
}

/** One row of a Table: cell values in column order, and the object as asked by `includeObject`. */
export interface TableRow {
  cells: unknown[];
  conditions?: { type: string; status: string; reason?: string; message?: string }[];
  /** The full object, a PartialObjectMetadata (`includeObject=Metadata`, the default), or absent (`None`). */
  object?: KubeObject;
}

/** The Table representation of a list or of one object. */
export interface Table extends TypeMeta {
  metadata?: ListMeta;
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}
