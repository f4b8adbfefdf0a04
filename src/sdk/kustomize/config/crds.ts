/**
 * `crds:` (kustomize's LoadConfigFromCRDs): OpenAPI definitions of custom kinds (a map from type
 * name to `{Schema, Dependencies}`) whose vendor extensions say which fields are annotations,
 * label selectors, identities (names to prefix) and references to other kinds by name. Each
 * becomes transformer configuration for the custom kind.
 */
import { OPENAPI_EXTENSION_PREFIX } from '../../naming.js';
import { KustomizeError } from '../errors.js';
import type { FileLoader } from '../load/loader.js';
import { parseConfigYaml } from '../load/yaml.js';
import { getKey, isMap, type JsonMap } from '../model/json.js';
import { mergeOne, type FieldSpec } from './fieldspec.js';
import { emptyTransformerConfig, mergeTransformerConfigs, type TransformerConfig } from './transformer-config.js';

const X = OPENAPI_EXTENSION_PREFIX;

function fieldOf(map: JsonMap, name: string): unknown {
  if (Object.hasOwn(map, name)) return getKey(map, name);
  const lower = name.toLowerCase();
  const key = Object.keys(map).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : getKey(map, key);
}

function isK8sType(schema: JsonMap): boolean {
  const properties = getKey(schema, 'properties');
  return isMap(properties) && ['kind', 'apiVersion', 'metadata'].every((p) => Object.hasOwn(properties, p));
}

function loadInto(config: TransformerConfig, kind: string, definitions: JsonMap, typeName: string, path: string[], depth: number): void {
  if (depth > 64) throw new KustomizeError(`definition ${typeName} nests references too deeply`);
  const definition = getKey(definitions, typeName);
  if (!isMap(definition)) return;
  const schema = fieldOf(definition, 'Schema');
  if (!isMap(schema)) return;
  const properties = getKey(schema, 'properties');
  if (!isMap(properties)) return;
  for (const [name, property] of Object.entries(properties)) {
    if (!isMap(property)) continue;
    const fieldPath = [...path, name];
    const fs = (p: string[]): FieldSpec => ({ kind, path: p.join('/') });
    if (typeof getKey(property, `${X}annotation`) === 'string') config.commonAnnotations = mergeOne(config.commonAnnotations, fs(fieldPath));
    if (typeof getKey(property, `${X}label-selector`) === 'string') config.commonLabels = mergeOne(config.commonLabels, fs(fieldPath));
    if (typeof getKey(property, `${X}identity`) === 'string') config.namePrefix = mergeOne(config.namePrefix, fs(fieldPath));
    const version = getKey(property, `${X}object-ref-api-version`);
    const refKind = getKey(property, `${X}object-ref-kind`);
    if (typeof version === 'string' && typeof refKind === 'string') {
      const nameKey = getKey(property, `${X}object-ref-name-key`);
      const referrer = fs([...fieldPath, typeof nameKey === 'string' ? nameKey : 'name']);
      config.nameReference = mergeTransformerConfigs(config, { ...emptyTransformerConfig(), nameReference: [{ group: '', version, kind: refKind, referrers: [referrer] }] }).nameReference;
    }
    const ref = getKey(property, '$ref');
    if (typeof ref === 'string' && ref !== '') loadInto(config, kind, definitions, ref, fieldPath, depth + 1);
  }
}

/** The transformer configuration the `crds` files of a kustomization add. */
export async function loadCrdConfig(loader: FileLoader, paths: readonly string[]): Promise<TransformerConfig> {
  let config = emptyTransformerConfig();
  for (const file of paths) {
    const text = (await loader.load(file)).toString('utf8');
    let parsed: unknown;
    try {
      parsed = text.startsWith('{') ? (JSON.parse(text) as unknown) : await parseConfigYaml(text, loader.display(file));
    } catch (err) {
      throw new KustomizeError(`unable to parse open API definition from '${file}': ${(err as Error).message}`);
    }
    if (!isMap(parsed)) continue;
    let fileConfig = emptyTransformerConfig();
    for (const [typeName, definition] of Object.entries(parsed)) {
      if (!isMap(definition)) continue;
      const schema = fieldOf(definition, 'Schema');
      if (!isMap(schema) || !isK8sType(schema)) continue;
      const one = emptyTransformerConfig();
      const parts = typeName.split('.');
      loadInto(one, parts[parts.length - 1] ?? typeName, parsed, typeName, [], 0);
      fileConfig = mergeTransformerConfigs(fileConfig, one);
    }
    config = mergeTransformerConfigs(config, fileConfig);
  }
  return config;
}
