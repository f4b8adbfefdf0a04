/**
 * `blame -o json`: the fields of an object with their owners, for scripts: one entry per field
 * (scalars, empty maps and lists, and the maps and lists a manager claimed as a whole), in
 * document order, with the same `--manager` and `--field` filters as the text.
 */
import type { FieldOwner, OwnedField } from '../../sdk/types/field-ownership.js';
import type { JsonValue } from '../../sdk/types/meta.js';
import { normalizeFieldPath, withinField } from './blame-yaml.js';

/** One field as `blame -o json` prints it. */
export interface BlamedField {
  path: string;
  /** The value, for scalars and empty maps and lists. */
  value?: JsonValue;
  owners: FieldOwner[];
}

/** The fields `blame -o json` prints, filtered as asked. */
export function blamedFields(fields: readonly OwnedField[], options: { manager?: string | undefined; field?: string | undefined } = {}): BlamedField[] {
  const wanted = options.field === undefined ? undefined : normalizeFieldPath(options.field);
  return fields
    .filter((f) => f.leaf || f.owners.length > 0)
    .filter((f) => wanted === undefined || withinField(f.pathText, wanted))
    .filter((f) => options.manager === undefined || f.owners.some((o) => o.manager === options.manager))
    .map((f) => (f.leaf ? { path: f.pathText, value: f.value, owners: f.owners } : { path: f.pathText, owners: f.owners }));
}
