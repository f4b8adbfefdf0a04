/**
 * Turning YAML text into resources, as kustomize's resource factory does: documents split and
 * parsed, a lone `kind: List` unwrapped, every object checked for a kind and a name, and
 * `*List` objects with `items` replaced by their items (appended after the other objects).
 */
import { KustomizeError } from '../errors.js';
import { deepCopy, getKey, isMap, lookup, scalarText, type JsonMap } from '../model/json.js';
import { Resource, type ScopeOracle } from '../model/resource.js';
import { parseResourceDocuments } from './yaml.js';

function describe(object: JsonMap): string {
  const apiVersion = scalarText(getKey(object, 'apiVersion'));
  const kind = scalarText(getKey(object, 'kind'));
  return `{apiVersion: ${JSON.stringify(apiVersion)}, kind: ${JSON.stringify(kind)}, name: ${JSON.stringify(scalarText(lookup(object, ['metadata', 'name'])))}}`;
}

/** kyaml's `GetValidatedMetadata`: a kind, and a name unless the kind is a list. */
function validate(value: unknown, source: string): JsonMap {
  if (!isMap(value)) throw new KustomizeError(`expected an object, not ${Array.isArray(value) ? 'a list' : typeof value}`, { file: source });
  const metadata = getKey(value, 'metadata');
  if (metadata !== undefined && metadata !== null && !isMap(metadata)) throw new KustomizeError(`metadata must be an object in object ${describe(value)}`, { file: source });
  const kind = scalarText(getKey(value, 'kind'));
  if (kind === '') throw new KustomizeError(`missing kind in object ${describe(value)}`, { file: source });
  if (kind.endsWith('List')) return value;
  if (scalarText(lookup(value, ['metadata', 'name'])) === '') throw new KustomizeError(`missing metadata.name in object ${describe(value)}`, { file: source });
  return value;
}

/** The objects of a text, lists expanded, each validated. */
export async function objectsFromText(text: string, source: string): Promise<JsonMap[]> {
  let docs = await parseResourceDocuments(text, source);
  // kio unwraps a file that is exactly one `kind: List` (a ResourceList too).
  if (docs.length === 1 && isMap(docs[0])) {
    const only = docs[0];
    const kind = getKey(only, 'kind');
    if ((kind === 'List' || kind === 'ResourceList') && (Object.hasOwn(only, 'items') || Object.hasOwn(only, 'functionConfig'))) {
      const items = getKey(only, 'items');
      docs = Array.isArray(items) ? items.filter((item) => item !== null && item !== undefined) : [];
    }
  }
  const queue = docs.map((doc) => validate(doc, source));
  const out: JsonMap[] = [];
  while (queue.length > 0) {
    const object = queue.shift() as JsonMap;
    const kind = scalarText(getKey(object, 'kind'));
    if (!kind.endsWith('List') || !Object.hasOwn(object, 'items')) {
      out.push(object);
      continue;
    }
    const items = getKey(object, 'items');
    if (items === null || items === undefined) continue;
    if (!Array.isArray(items)) throw new KustomizeError(`expected array in ${kind}/items, but found ${typeof items}`, { file: source });
    for (const item of items) {
      if (item === null || item === undefined) continue;
      queue.push(validate(deepCopy(item), source));
    }
  }
  return out;
}

/** Resources from a text. */
export async function resourcesFromText(text: string, source: string, scope: ScopeOracle): Promise<Resource[]> {
  return (await objectsFromText(text, source)).map((object) => new Resource(object, scope));
}
