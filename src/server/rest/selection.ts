/**
 * The selection predicate of list, watch and deletecollection: label selector, field selector and
 * the kind's selectable fields. Parsing errors are 400s with the API machinery's texts.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { badRequest } from '../errors.js';
import type { ResourceDef } from '../registry/types.js';
import { parseLabelSelector, SelectorParseError } from '../../machinery/labels/parse.js';
import { isEverything, labelsOf, matchesLabels, type LabelSelector } from '../../machinery/labels/selector.js';
import { matchesFields, parseFieldSelector, type FieldSelector } from '../../machinery/fields/selector.js';
import { asObject, asString } from '../util/json.js';

/** A compiled selection. */
export interface Selection {
  labels: LabelSelector;
  fields: FieldSelector;
  /** True when neither selector restricts anything. */
  empty: boolean;
  matches(obj: JsonObject): boolean;
}

/** Parses and checks `labelSelector` and `fieldSelector` for a kind. */
export function compileSelection(def: ResourceDef, labelSelector: string | null | undefined, fieldSelector: string | null | undefined): Selection {
  let labels: LabelSelector;
  let fields: FieldSelector;
  try {
    labels = parseLabelSelector(labelSelector ?? '');
    fields = parseFieldSelector(fieldSelector ?? '');
  } catch (e) {
    if (e instanceof SelectorParseError) throw badRequest(e.message);
    throw e;
  }
  const supported = new Set(['metadata.name', 'metadata.namespace', ...Object.keys(def.fieldSelectors)]);
  for (const r of fields.requirements) {
    if (!supported.has(r.field)) throw badRequest(`field label not supported: ${r.field}`);
  }
  const fieldValue = (obj: JsonObject) => (name: string): string => {
    if (name === 'metadata.name') return asString(asObject(obj.metadata)?.name) ?? '';
    if (name === 'metadata.namespace') return asString(asObject(obj.metadata)?.namespace) ?? '';
    const f = def.fieldSelectors[name];
    return f === undefined ? '' : f(obj);
  };
  const empty = isEverything(labels) && fields.requirements.length === 0;
  return {
    labels,
    fields,
    empty,
    matches(obj: JsonObject): boolean {
      if (empty) return true;
      return matchesLabels(labels, labelsOf(obj)) && matchesFields(fields, fieldValue(obj));
    },
  };
}
