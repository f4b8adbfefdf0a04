/**
 * The content hash kustomize appends to generated names (`name-7gdc49gk6d`): the SHA-256 of the
 * Go JSON encoding of the kind, name and data (plus `binaryData`, or the Secret's type and
 * `stringData`), its first ten hex digits with `0 1 3 a e` replaced by `g h k m t` so that the
 * suffix has no vowels to spell words with and never looks like a number.
 *
 * The name is always empty: kustomize looks it up as the single field `metadata/name` (its path
 * lookup does not split on `/`), finds nothing and hashes `""`. Equal data therefore gets equal
 * suffixes whatever the names, and the hash is the same before and after a name prefix.
 */
import { createHash } from 'node:crypto';
import { goJsonCompact } from '../../apply/go-json.js';
import { KustomizeError } from '../errors.js';
import { getKey, isMap, lookup, scalarText, type JsonMap } from '../model/json.js';

const REPLACEMENTS: Readonly<Record<string, string>> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };

/** kustomize's `encode(hex256(s))`. */
export function hashString(text: string): string {
  const hex = createHash('sha256').update(text, 'utf8').digest('hex');
  return [...hex.slice(0, 10)].map((c) => REPLACEMENTS[c] ?? c).join('');
}

/** kustomize's `getNodeValues` for one field: "" when missing, the text of a scalar, else the value. */
function nodeValue(object: JsonMap, path: readonly string[]): unknown {
  const value = lookup(object, path);
  if (value === undefined) return '';
  if (value === null) return '';
  if (Array.isArray(value)) return null;
  if (isMap(value)) return value;
  return scalarText(value);
}

/** The hash suffix of a generated ConfigMap or Secret. */
export function contentHash(object: JsonMap): string {
  const kind = scalarText(getKey(object, 'kind'));
  const name = '';
  const data = nodeValue(object, ['data']);
  let encoded: Record<string, unknown>;
  if (kind === 'ConfigMap') {
    encoded = { kind: 'ConfigMap', name, data };
    const binaryData = nodeValue(object, ['binaryData']);
    if (isMap(binaryData)) encoded.binaryData = binaryData;
  } else if (kind === 'Secret') {
    encoded = { kind: 'Secret', type: nodeValue(object, ['type']), name, data };
    const stringData = nodeValue(object, ['stringData']);
    if (isMap(stringData)) encoded.stringData = stringData;
  } else {
    throw new KustomizeError(`cannot compute the name hash of a ${kind}: only ConfigMaps and Secrets are generated with one`);
  }
  return hashString(goJsonCompact(encoded));
}
