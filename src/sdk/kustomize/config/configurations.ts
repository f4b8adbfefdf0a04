/**
 * `configurations:` files: transformer configuration in kustomize's format (`namePrefix:`,
 * `commonLabels:`, `nameReference:`, `images:` ... lists of field specs), read strictly and
 * merged onto the built-in configuration.
 */
import { KustomizeError } from '../errors.js';
import type { FileLoader } from '../load/loader.js';
import { FIELD_SPEC } from '../load/kustomization.js';
import { STRING, listOf, type TypeSchema } from '../../../machinery/schema/type-schema.js';
import { DecodeError, strictDecode, struct } from '../load/strict-decode.js';
import { parseConfigYaml } from '../load/yaml.js';
import type { FieldSpec } from './fieldspec.js';
import { FIELD_SPEC_LISTS, emptyTransformerConfig, mergeTransformerConfigs, sortTransformerConfig, type NameBackReference, type TransformerConfig } from './transformer-config.js';

const FS_LIST = listOf(FIELD_SPEC);
const CONFIG_SHAPE = struct('TransformerConfig', {
  ...Object.fromEntries(FIELD_SPEC_LISTS.map((name): [string, TypeSchema] => [name, FS_LIST])),
  nameReference: listOf(struct('NameBackReferences', { group: STRING, version: STRING, kind: STRING, fieldSpecs: FS_LIST })),
});

/** One configuration file's content. */
export function configFromValue(value: unknown): TransformerConfig {
  const decoded = strictDecode(value, CONFIG_SHAPE) as Partial<Record<string, unknown>>;
  const config = emptyTransformerConfig();
  for (const name of FIELD_SPEC_LISTS) config[name] = (decoded[name] as FieldSpec[] | undefined) ?? [];
  const refs = (decoded.nameReference as Array<{ group?: string; version?: string; kind?: string; fieldSpecs?: FieldSpec[] }> | undefined) ?? [];
  config.nameReference = refs.map((r): NameBackReference => ({ group: r.group ?? '', version: r.version ?? '', kind: r.kind ?? '', referrers: r.fieldSpecs ?? [] }));
  return sortTransformerConfig(config);
}

/** The configuration of a kustomization's `configurations` files, merged in order. */
export async function loadConfigurations(loader: FileLoader, paths: readonly string[]): Promise<TransformerConfig | undefined> {
  if (paths.length === 0) return undefined;
  let result = emptyTransformerConfig();
  for (const file of paths) {
    const display = loader.display(file);
    const value = await parseConfigYaml((await loader.load(file)).toString('utf8'), display);
    try {
      result = mergeTransformerConfigs(result, configFromValue(value));
    } catch (err) {
      if (err instanceof DecodeError) throw new KustomizeError(`error unmarshaling JSON: while decoding JSON: ${err.message}`, { file: display });
      throw err;
    }
  }
  return result;
}
