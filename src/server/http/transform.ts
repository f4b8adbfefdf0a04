/**
 * The alternative representations of resource reads: Table (`meta.platform.io` v1 and v1beta1,
 * with `includeObject=None|Metadata|Object`) and PartialObjectMetadata(List).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { GROUPS } from '../../sdk/naming.js';
import { badRequest } from '../errors.js';
import type { ResourceDef } from '../registry/types.js';
import { asObject } from '../util/json.js';

/** What table rows carry of their object. */
export type IncludeObject = 'None' | 'Metadata' | 'Object';

/** Parses `includeObject` (default Metadata). */
export function parseIncludeObject(value: string | null): IncludeObject {
  if (value === null || value === '') return 'Metadata';
  if (value === 'None' || value === 'Metadata' || value === 'Object') return value;
  throw badRequest(`includeObject: Unsupported value: ${JSON.stringify(value)}: supported values: "Metadata", "None", "Object"`);
}

/** The PartialObjectMetadata of an object. */
export function partialMetadata(obj: JsonObject, version: string): JsonObject {
  return { kind: 'PartialObjectMetadata', apiVersion: `${GROUPS.meta}/${version}`, metadata: asObject(obj.metadata) ?? {} };
}

/** List metadata fields copied onto Tables and metadata lists. */
export interface ListMetaLike {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

/** Builds a Table of objects. */
export function toTable(def: ResourceDef, objects: JsonObject[], listMeta: ListMetaLike, version: string, include: IncludeObject, now: number,
  withColumns = true): JsonObject {
  const rows = objects.map((o) => {
    const row: JsonObject = { cells: def.table.cells(o, now) as JsonObject['cells'] };
    const conditions = def.table.conditions?.(o);
    if (conditions !== undefined) row.conditions = conditions as unknown as JsonObject['conditions'];
    if (include === 'Object') row.object = o;
    else if (include === 'Metadata') row.object = partialMetadata(o, version);
    return row;
  });
  const metadata: JsonObject = {};
  if (listMeta.resourceVersion !== undefined) metadata.resourceVersion = listMeta.resourceVersion;
  if (listMeta.continue !== undefined && listMeta.continue !== '') metadata.continue = listMeta.continue;
  if (listMeta.remainingItemCount !== undefined) metadata.remainingItemCount = listMeta.remainingItemCount;
  return {
    kind: 'Table',
    apiVersion: `${GROUPS.meta}/${version}`,
    metadata,
    columnDefinitions: (withColumns ? def.table.columns : []) as unknown as JsonObject['columnDefinitions'],
    rows,
  };
}

/** Builds a PartialObjectMetadataList. */
export function toMetadataList(objects: JsonObject[], listMeta: ListMetaLike, version: string): JsonObject {
  const metadata: JsonObject = {};
  if (listMeta.resourceVersion !== undefined) metadata.resourceVersion = listMeta.resourceVersion;
  if (listMeta.continue !== undefined && listMeta.continue !== '') metadata.continue = listMeta.continue;
  if (listMeta.remainingItemCount !== undefined) metadata.remainingItemCount = listMeta.remainingItemCount;
  return { kind: 'PartialObjectMetadataList', apiVersion: `${GROUPS.meta}/${version}`, metadata, items: objects.map((o) => partialMetadata(o, version)) };
}
