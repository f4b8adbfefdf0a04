/** Schemas of the metadata types every kind shares (apimachinery `meta/v1`). */
import type { StructSchema, TypeSchema } from '../type-schema.js';
import { SCALAR_SCHEMA } from '../type-schema.js';
import { STRING_MAP, atomicList, keyedList, mapOf, setList, struct } from './build.js';

/** `metadata`: labels and annotations are granular maps, finalizers a merged set, owner references keyed by uid. */
export const OBJECT_META: StructSchema = struct({
  labels: STRING_MAP,
  annotations: STRING_MAP,
  finalizers: setList({ merge: true }),
  ownerReferences: keyedList(['uid'], struct({}, { atomic: true }), { key: 'uid' }),
  managedFields: atomicList(),
}, { present: ['creationTimestamp'] });

/** A label selector is one atomic value (`+structType=atomic`). */
export const LABEL_SELECTOR: StructSchema = struct({ matchLabels: STRING_MAP, matchExpressions: atomicList() }, { atomic: true });

/** The root of an object of a kind: apiVersion, kind and metadata, plus the given fields. */
export function kindSchema(fields: Record<string, TypeSchema>, present: readonly string[] = []): StructSchema {
  return struct({ apiVersion: SCALAR_SCHEMA, kind: SCALAR_SCHEMA, metadata: OBJECT_META, ...fields }, { present: ['metadata', ...present] });
}

/** A map whose values are string lists (`extra` of user info). */
export const STRING_LIST_MAP = mapOf(atomicList(SCALAR_SCHEMA));
