/**
 * `configMapGenerator` and `secretGenerator`: a ConfigMap or Secret per entry, built from its
 * key/value sources, with the generator options (labels, annotations, `immutable`, the name
 * hash suffix) merged from the entry and the kustomization's `generatorOptions`.
 */
import { KustomizeError } from '../errors.js';
import type { FileLoader } from '../load/loader.js';
import type { GeneratorArgs, GeneratorOptions } from '../load/kustomization.js';
import { lookupCreateMap, newMap, setKey, type JsonMap } from '../model/json.js';
import { parseBehavior, Resource, type ScopeOracle } from '../model/resource.js';
import { encodeBase64Lines, isTextValue, loadPairs, type KvPair } from './kv.js';

/**
 * kustomize's `MergeGlobalOptionsIntoLocal`: labels and annotations of the entry win over the
 * global ones; a global `true` for the booleans wins over anything.
 */
export function mergeGeneratorOptions(local: GeneratorOptions | undefined, global: GeneratorOptions | undefined): GeneratorOptions | undefined {
  if (global === undefined) return local;
  const out: GeneratorOptions = { ...(local ?? {}) };
  const overlay = (own: Record<string, string> | undefined, other: Record<string, string> | undefined): Record<string, string> | undefined => {
    if (own === undefined) return other === undefined ? undefined : { ...other };
    const merged = { ...own };
    for (const [k, v] of Object.entries(other ?? {})) if (!Object.hasOwn(merged, k)) setKey(merged, k, v);
    return merged;
  };
  const labels = overlay(local?.labels, global.labels);
  const annotations = overlay(local?.annotations, global.annotations);
  if (labels !== undefined) out.labels = labels;
  if (annotations !== undefined) out.annotations = annotations;
  if (global.disableNameSuffixHash === true) out.disableNameSuffixHash = true;
  if (global.immutable === true) out.immutable = true;
  return out;
}

function baseObject(kind: string, args: GeneratorArgs): JsonMap {
  if (args.name === undefined || args.name === '') throw new KustomizeError('a configmap must have a name');
  const object: JsonMap = { apiVersion: 'v1', kind };
  const metadata = lookupCreateMap(object, ['metadata']);
  setKey(metadata, 'name', args.name);
  if (args.namespace !== undefined && args.namespace !== '') setKey(metadata, 'namespace', args.namespace);
  return object;
}

function uniquePairs(pairs: KvPair[], name: string): Map<string, KvPair> {
  const known = new Map<string, KvPair>();
  for (const pair of pairs) {
    if (known.has(pair.key)) throw new KustomizeError(`configmap ${name} illegally repeats the key \`${pair.key}\``);
    known.set(pair.key, pair);
  }
  return known;
}

function sortedKeys(map: Map<string, unknown>): string[] {
  return [...map.keys()].sort((a, b) => (Buffer.compare(Buffer.from(a), Buffer.from(b))));
}

function applyOptions(object: JsonMap, options: GeneratorOptions | undefined): void {
  if (options === undefined) return;
  for (const k of Object.keys(options.labels ?? {}).sort()) setKey(lookupCreateMap(object, ['metadata', 'labels']), k, options.labels?.[k]);
  for (const k of Object.keys(options.annotations ?? {}).sort()) setKey(lookupCreateMap(object, ['metadata', 'annotations']), k, options.annotations?.[k]);
  if (options.immutable === true) setKey(object, 'immutable', true);
}

function finish(object: JsonMap, args: GeneratorArgs, scope: ScopeOracle): Resource {
  const res = new Resource(object, scope);
  if (args.options?.disableNameSuffixHash !== true) res.enableHashSuffix();
  res.setBehavior(parseBehavior(args.behavior ?? ''));
  return res;
}

/** The ConfigMap of one `configMapGenerator` entry (text values in `data`, others base64 in `binaryData`). */
export async function generateConfigMap(loader: FileLoader, args: GeneratorArgs, scope: ScopeOracle): Promise<Resource> {
  const object = baseObject('ConfigMap', args);
  const pairs = uniquePairs(await loadPairs(loader, args), args.name ?? '');
  for (const key of sortedKeys(pairs)) {
    const pair = pairs.get(key) as KvPair;
    if (isTextValue(pair)) setKey(lookupCreateMap(object, ['data']), key, pair.value);
    else setKey(lookupCreateMap(object, ['binaryData']), key, encodeBase64Lines(pair.bytes ?? Buffer.alloc(0)));
  }
  applyOptions(object, args.options);
  return finish(object, args, scope);
}

/** The Secret of one `secretGenerator` entry (every value base64 in `data`). */
export async function generateSecret(loader: FileLoader, args: GeneratorArgs, scope: ScopeOracle): Promise<Resource> {
  const object = baseObject('Secret', args);
  setKey(object, 'type', args.type !== undefined && args.type !== '' ? args.type : 'Opaque');
  const pairs = uniquePairs(await loadPairs(loader, args), args.name ?? '');
  const data = newMap();
  setKey(object, 'data', data);
  for (const key of sortedKeys(pairs)) {
    const pair = pairs.get(key) as KvPair;
    setKey(data, key, encodeBase64Lines(pair.bytes ?? Buffer.from(pair.value, 'utf8')));
  }
  applyOptions(object, args.options);
  return finish(object, args, scope);
}
