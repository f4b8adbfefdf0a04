/**
 * The kustomization file: its fields, and reading one as kustomize does (one of the recognised
 * file names, strict field checking, deprecation warnings, the fix-ups that fold deprecated
 * fields into their replacements, the empty-file and kind/apiVersion checks).
 */
import path from 'node:path';
import { KUSTOMIZE } from '../../naming.js';
import type { FieldSpec } from '../config/fieldspec.js';
import { KustomizeError } from '../errors.js';
import type { Selector } from '../model/resmap.js';
import type { ReplacementField } from '../transform/replacements.js';
import type { FileLoader } from './loader.js';
import { BOOLEAN as BOOL, INT64 as INT, STRING, UNTYPED_SCHEMA as ANY, listOf, mapOf, type TypeSchema } from '../../../machinery/schema/type-schema.js';
import { DecodeError, strictDecode, struct } from './strict-decode.js';
import { parseConfigYaml } from './yaml.js';

export interface GeneratorOptions {
  labels?: Record<string, string> | undefined;
  annotations?: Record<string, string> | undefined;
  disableNameSuffixHash?: boolean | undefined;
  immutable?: boolean | undefined;
}

export interface GeneratorArgs {
  namespace?: string;
  name?: string;
  behavior?: string;
  literals?: string[];
  files?: string[];
  envs?: string[];
  env?: string;
  options?: GeneratorOptions;
  /** Secrets only. */
  type?: string;
}

export interface Patch {
  path?: string;
  patch?: string;
  target?: Selector;
  options?: Record<string, boolean>;
}

export interface Label {
  pairs?: Record<string, string>;
  includeSelectors?: boolean;
  includeTemplates?: boolean;
  fields?: FieldSpec[];
}

export interface Image {
  name?: string;
  newName?: string;
  tagSuffix?: string;
  newTag?: string;
  digest?: string;
}

export interface Replica {
  name?: string;
  count?: number;
}

export interface Var {
  name?: string;
  objref?: { apiVersion?: string; group?: string; version?: string; kind?: string; name?: string; namespace?: string };
  fieldref?: { fieldPath?: string };
}

export interface SortOptions {
  order?: string | undefined;
  legacySortOptions?: { orderFirst?: string[]; orderLast?: string[] } | undefined;
}

/** A decoded kustomization (or component). */
export interface Kustomization {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  openapi?: Record<string, string>;
  namePrefix?: string;
  nameSuffix?: string;
  namespace?: string;
  commonLabels?: Record<string, string>;
  labels?: Label[];
  commonAnnotations?: Record<string, string>;
  patchesStrategicMerge?: string[];
  patchesJson6902?: Patch[];
  patches?: Patch[];
  images?: Image[];
  imageTags?: Image[];
  replacements?: ReplacementField[];
  replicas?: Replica[];
  vars?: Var[];
  sortOptions?: SortOptions;
  resources?: string[];
  components?: string[];
  crds?: string[];
  bases?: string[];
  configMapGenerator?: GeneratorArgs[];
  secretGenerator?: GeneratorArgs[];
  helmGlobals?: unknown;
  helmCharts?: unknown[];
  helmChartInflationGenerator?: unknown[];
  generatorOptions?: GeneratorOptions;
  configurations?: string[];
  generators?: string[];
  transformers?: string[];
  validators?: string[];
  buildMetadata?: string[];
}

const STRING_LIST = listOf(STRING);
const STRING_MAP = mapOf(STRING);
const GENERATOR_OPTIONS = struct('GeneratorOptions', { labels: STRING_MAP, annotations: STRING_MAP, disableNameSuffixHash: BOOL, immutable: BOOL });
const GENERATOR_FIELDS: Record<string, TypeSchema> = {
  namespace: STRING, name: STRING, behavior: STRING, literals: STRING_LIST, files: STRING_LIST, envs: STRING_LIST, env: STRING, options: GENERATOR_OPTIONS,
};
const SELECTOR = struct('Selector', { group: STRING, version: STRING, kind: STRING, name: STRING, namespace: STRING, annotationSelector: STRING, labelSelector: STRING });
const PATCH = struct('Patch', { path: STRING, patch: STRING, target: SELECTOR, options: mapOf(BOOL) });
/** A field spec, as `labels[].fields` and `configurations` files write them. */
export const FIELD_SPEC = struct('FieldSpec', { group: STRING, version: STRING, kind: STRING, path: STRING, create: BOOL });
const FIELD_OPTIONS = struct('FieldOptions', { delimiter: STRING, index: INT, encoding: STRING, create: BOOL });
const IMAGE = struct('Image', { name: STRING, newName: STRING, tagSuffix: STRING, newTag: STRING, digest: STRING });

/** The fields of a kustomization file. */
export const KUSTOMIZATION = struct('Kustomization', {
  apiVersion: STRING,
  kind: STRING,
  metadata: struct('ObjectMeta', { name: STRING, namespace: STRING, labels: STRING_MAP, annotations: STRING_MAP }),
  openapi: STRING_MAP,
  namePrefix: STRING,
  nameSuffix: STRING,
  namespace: STRING,
  commonLabels: STRING_MAP,
  labels: listOf(struct('Label', { pairs: STRING_MAP, includeSelectors: BOOL, includeTemplates: BOOL, fields: listOf(FIELD_SPEC) })),
  commonAnnotations: STRING_MAP,
  patchesStrategicMerge: STRING_LIST,
  patchesJson6902: listOf(PATCH),
  patches: listOf(PATCH),
  images: listOf(IMAGE),
  imageTags: listOf(IMAGE),
  replacements: listOf(struct('ReplacementField', {
    path: STRING,
    source: struct('SourceSelector', { ...SELECTOR.fields, fieldPath: STRING, options: FIELD_OPTIONS }),
    targets: listOf(struct('TargetSelector', { select: SELECTOR, reject: listOf(SELECTOR), fieldPaths: STRING_LIST, options: FIELD_OPTIONS })),
  })),
  replicas: listOf(struct('Replica', { name: STRING, count: INT })),
  vars: listOf(struct('Var', {
    name: STRING,
    objref: struct('Target', { apiVersion: STRING, group: STRING, version: STRING, kind: STRING, name: STRING, namespace: STRING }),
    fieldref: struct('FieldSelector', { fieldPath: STRING }),
  })),
  sortOptions: struct('SortOptions', { order: STRING, legacySortOptions: struct('LegacySortOptions', { orderFirst: STRING_LIST, orderLast: STRING_LIST }) }),
  resources: STRING_LIST,
  components: STRING_LIST,
  crds: STRING_LIST,
  bases: STRING_LIST,
  configMapGenerator: listOf(struct('ConfigMapArgs', GENERATOR_FIELDS)),
  secretGenerator: listOf(struct('SecretArgs', { ...GENERATOR_FIELDS, type: STRING })),
  helmGlobals: ANY,
  helmCharts: listOf(ANY, '[]types.HelmChart'),
  helmChartInflationGenerator: listOf(ANY, '[]types.HelmChartArgs'),
  generatorOptions: GENERATOR_OPTIONS,
  configurations: STRING_LIST,
  generators: STRING_LIST,
  transformers: STRING_LIST,
  validators: STRING_LIST,
  buildMetadata: STRING_LIST,
});

const RUN_EDIT_FIX = "Run 'kustomize edit fix' to update your Kustomization automatically.";
const DEPRECATIONS: ReadonlyArray<readonly [keyof Kustomization, string]> = [
  ['bases', `# Warning: 'bases' is deprecated. Please use 'resources' instead. ${RUN_EDIT_FIX}`],
  ['commonLabels', `# Warning: 'commonLabels' is deprecated. Please use 'labels' instead. ${RUN_EDIT_FIX}`],
  ['imageTags', `# Warning: 'imageTags' is deprecated. Please use 'images' instead. ${RUN_EDIT_FIX}`],
  ['patchesJson6902', `# Warning: 'patchesJson6902' is deprecated. Please use 'patches' instead. ${RUN_EDIT_FIX}`],
  ['patchesStrategicMerge', `# Warning: 'patchesStrategicMerge' is deprecated. Please use 'patches' instead. ${RUN_EDIT_FIX}`],
  ['vars', `# Warning: 'vars' is deprecated. Please use 'replacements' instead. [EXPERIMENTAL] ${RUN_EDIT_FIX}`],
];

export const KUSTOMIZATION_KIND = 'Kustomization';
export const COMPONENT_KIND = 'Component';

/** A kustomization read from a root. */
export interface LoadedKustomization {
  kustomization: Kustomization;
  /** The file's name inside the root. */
  fileName: string;
  /** The file's path, for messages. */
  file: string;
  /** Deprecation warnings, as kustomize prints them. */
  warnings: string[];
}

/** Which recognised kustomization file names exist in `dir` (kustomize accepts exactly one). */
export async function findKustomizationFiles(loader: FileLoader): Promise<string[]> {
  const found: string[] = [];
  for (const name of KUSTOMIZE.fileNames) if (await loader.isFile(name)) found.push(name);
  return found;
}

/** kustomize's `FixKustomization` and the checks after it. */
function fix(k: Kustomization, root: string, file: string): void {
  if (!k.kind) k.kind = KUSTOMIZATION_KIND;
  if (!k.apiVersion) k.apiVersion = k.kind === COMPONENT_KIND ? KUSTOMIZE.componentApiVersion : KUSTOMIZE.kustomizationApiVersion;
  if (k.bases !== undefined) {
    if (k.resources !== undefined || k.bases.length > 0) k.resources = [...(k.resources ?? []), ...k.bases];
    delete k.bases;
  }
  if (k.imageTags !== undefined) {
    if (k.images !== undefined || k.imageTags.length > 0) k.images = [...(k.images ?? []), ...k.imageTags];
    delete k.imageTags;
  }
  for (const g of [...(k.configMapGenerator ?? []), ...(k.secretGenerator ?? [])]) {
    if (g.env !== undefined && g.env !== '') g.envs = [...(g.envs ?? []), g.env];
    delete g.env;
  }
  const meaningful = Object.keys(k).filter((key) => key !== 'apiVersion' && key !== 'kind');
  if (meaningful.length === 0) throw new KustomizeError('kustomization.yaml is empty', { file });
  const errors: string[] = [];
  if (k.kind !== KUSTOMIZATION_KIND && k.kind !== COMPONENT_KIND) errors.push(`kind should be ${KUSTOMIZATION_KIND} or ${COMPONENT_KIND}`);
  const required = k.kind === COMPONENT_KIND ? KUSTOMIZE.componentApiVersion : KUSTOMIZE.kustomizationApiVersion;
  if (k.apiVersion !== required) errors.push(`apiVersion for ${k.kind} should be ${required}`);
  if (errors.length > 0) throw new KustomizeError(`Failed to read kustomization file under ${root}: ${errors.join('; ')}`, { file });
}

/** Reads and checks the kustomization file of a root. */
export async function loadKustomization(loader: FileLoader): Promise<LoadedKustomization> {
  const found = await findKustomizationFiles(loader);
  if (found.length === 0) {
    const quoted = KUSTOMIZE.fileNames.map((n) => `'${n}'`);
    throw new KustomizeError(`unable to find one of ${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1] ?? ''} in directory '${loader.root}'`);
  }
  if (found.length > 1) throw new KustomizeError(`Found multiple kustomization files under: ${loader.root}`);
  const fileName = found[0] as string;
  const file = path.join(loader.root, fileName);
  const text = (await loader.load(fileName)).toString('utf8');
  const parsed = await parseConfigYaml(text, file);
  let k: Kustomization;
  try {
    k = strictDecode(parsed, KUSTOMIZATION) as Kustomization;
  } catch (err) {
    if (err instanceof DecodeError) throw new KustomizeError(`invalid Kustomization: ${err.message}`, { file });
    throw err;
  }
  const warnings = DEPRECATIONS.filter(([field]) => k[field] !== undefined).map(([, message]) => message);
  fix(k, loader.root, file);
  return { kustomization: k, fileName, file, warnings };
}
