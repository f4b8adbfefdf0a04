/**
 * One kustomization being built (kustomize's KustTarget): load → generate → transform, in
 * kustomize's order. Resources, other kustomizations and components are accumulated first, then
 * the transformer configuration is merged, the generators run, components add their own
 * resources, generators and transformers to the same accumulation, and finally this
 * kustomization's transformers run over everything accumulated.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfigurations } from './config/configurations.js';
import { loadCrdConfig } from './config/crds.js';
import { defaultTransformerConfig } from './config/defaults.js';
import { emptyTransformerConfig, mergeTransformerConfigs, sortTransformerConfig, type TransformerConfig } from './config/transformer-config.js';
import { KustomizeError, withContext, withFile } from './errors.js';
import { resolveVar, attachVars, VarSet } from './fixref/vars.js';
import { generateConfigMap, generateSecret, mergeGeneratorOptions } from './generate/generators.js';
import { COMPONENT_KIND, loadKustomization, type Kustomization, type LoadedKustomization } from './load/kustomization.js';
import type { FileLoader } from './load/loader.js';
import { looksLikeRemoteRepo, remoteNotSupported, isRemoteFileUrl } from './load/remote.js';
import { resourcesFromText } from './load/resources.js';
import { ResMap } from './model/resmap.js';
import type { Resource, ScopeOracle } from './model/resource.js';
import { transformImage } from './transform/images.js';
import { labelFieldSpecs, transformMapEntries } from './transform/labels-annotations.js';
import type { SchemaLookup } from './transform/merge2.js';
import { transformNamespace } from './transform/namespace.js';
import { applyJson6902, applyPatch, applyStrategicMergePatches, loadJson6902, loadPatch, loadStrategicMergePatches } from './transform/patches.js';
import { transformNameAffix } from './transform/prefix-suffix.js';
import { transformReplicas } from './transform/replicas.js';
import { loadReplacements, transformReplacements } from './transform/replacements.js';

/** What every target of one build shares. */
export interface BuildContext {
  scope: ScopeOracle;
  schemaLookup: SchemaLookup;
  /** Deprecation and other warnings, in the order kustomize prints them. */
  warnings: string[];
  /** Sets the `openapi` document when no kustomization before this one set it. */
  useOpenApi(k: Kustomization, loader: FileLoader, first: boolean): Promise<void>;
}

/** Resources, transformer configuration and vars accumulated while building. */
export class Accumulator {
  resources = new ResMap();
  config: TransformerConfig = emptyTransformerConfig();
  vars = new VarSet();

  merge(other: Accumulator): void {
    this.resources.appendAll(other.resources.resources());
    this.config = mergeTransformerConfigs(this.config, other.config);
    this.vars.addAll(other.vars);
  }
}

function notSupported(k: Kustomization, file: string): void {
  const unsupported: Array<[keyof Kustomization, string]> = [
    ['helmCharts', 'helm charts (helmCharts) are not supported'],
    ['helmChartInflationGenerator', 'helm charts (helmChartInflationGenerator) are not supported'],
    ['generators', 'generator plugins (generators) are not supported'],
    ['transformers', 'transformer plugins (transformers) are not supported'],
    ['validators', 'validator plugins (validators) are not supported'],
  ];
  for (const [field, message] of unsupported) {
    const value = k[field];
    if (Array.isArray(value) && value.length > 0) throw new KustomizeError(message, { file });
  }
  const build = (k.buildMetadata ?? []).filter((b) => b !== 'managedByLabel');
  if (build.length > 0) throw new KustomizeError(`buildMetadata ${build.map((b) => `'${b}'`).join(', ')} is not supported (only 'managedByLabel' is)`, { file });
}

/** One kustomization directory. */
export class KustTarget {
  private constructor(
    readonly loader: FileLoader,
    readonly loaded: LoadedKustomization,
    private readonly ctx: BuildContext,
  ) {}

  get kustomization(): Kustomization {
    return this.loaded.kustomization;
  }

  /** Reads the kustomization file of `loader`'s root. */
  static async load(loader: FileLoader, ctx: BuildContext): Promise<KustTarget> {
    const loaded = await loadKustomization(loader);
    ctx.warnings.push(...loaded.warnings);
    notSupported(loaded.kustomization, loaded.file);
    return new KustTarget(loader, loaded, ctx);
  }

  /** Builds this kustomization into `ra` (a fresh accumulator, or the parent's for a component). */
  async accumulate(ra: Accumulator): Promise<Accumulator> {
    const k = this.kustomization;
    try {
      await this.accumulateResources(ra, k.resources ?? []);
    } catch (err) {
      throw withContext(err, 'accumulating resources', this.loaded.file);
    }
    const configurations = await loadConfigurations(this.loader, k.configurations ?? []);
    ra.config = mergeTransformerConfigs(ra.config, mergeTransformerConfigs(sortTransformerConfig(defaultTransformerConfig()), configurations));
    if ((k.crds ?? []).length > 0) {
      try {
        ra.config = mergeTransformerConfigs(ra.config, await loadCrdConfig(this.loader, k.crds ?? []));
      } catch (err) {
        throw withContext(err, `loading CRDs [${(k.crds ?? []).join(' ')}]`, this.loaded.file);
      }
    }
    await this.runGenerators(ra);
    try {
      ra = await this.accumulateComponents(ra, k.components ?? []);
    } catch (err) {
      throw withContext(err, 'accumulating components', this.loaded.file);
    }
    await this.runTransformers(ra);
    attachVars(ra.resources, (k.vars ?? []).map((v) => resolveVar(v, this.ctx.scope)), ra.vars);
    return ra;
  }

  private async accumulateResources(ra: Accumulator, paths: readonly string[]): Promise<void> {
    for (const entry of paths) {
      if (isRemoteFileUrl(entry) || looksLikeRemoteRepo(entry)) throw remoteNotSupported(entry);
      const absolute = path.isAbsolute(entry) ? entry : path.join(this.loader.root, entry);
      const info = await stat(absolute).catch(() => undefined);
      if (info === undefined) throw new KustomizeError(`'${entry}': no such file or directory (${absolute})`, { file: this.loaded.file });
      if (info.isDirectory()) {
        const child = await this.loader.child(entry);
        await this.accumulateDirectory(ra, child, false);
        continue;
      }
      const text = (await this.loader.load(entry)).toString('utf8');
      const resources = await resourcesFromText(text, this.loader.display(entry), this.ctx.scope);
      const fromFile = new ResMap();
      fromFile.appendAll(resources);
      ra.resources.appendAll(fromFile.resources());
    }
  }

  private async accumulateComponents(ra: Accumulator, paths: readonly string[]): Promise<Accumulator> {
    let current = ra;
    for (const entry of paths) {
      if (isRemoteFileUrl(entry) || looksLikeRemoteRepo(entry)) throw remoteNotSupported(entry);
      const child = await this.loader.child(entry);
      current = await this.accumulateDirectory(current, child, true);
    }
    return current;
  }

  private async accumulateDirectory(ra: Accumulator, loader: FileLoader, isComponent: boolean): Promise<Accumulator> {
    const sub = await KustTarget.load(loader, this.ctx);
    await this.ctx.useOpenApi(sub.kustomization, loader, false);
    const kind = sub.kustomization.kind;
    if (isComponent && kind !== COMPONENT_KIND) throw new KustomizeError(`expected kind '${COMPONENT_KIND}' for path '${loader.root}' but got '${kind ?? ''}'`, { file: sub.loaded.file });
    if (!isComponent && kind === COMPONENT_KIND) throw new KustomizeError(`expected kind != '${COMPONENT_KIND}' for path '${loader.root}'`, { file: sub.loaded.file });
    let built: Accumulator;
    try {
      built = isComponent ? await sub.accumulate(ra) : await sub.accumulate(new Accumulator());
    } catch (err) {
      throw withContext(err, `recursed accumulation of path '${loader.root}'`);
    }
    const result = isComponent ? new Accumulator() : ra;
    try {
      result.merge(built);
    } catch (err) {
      throw withContext(err, `recursed merging from path '${loader.root}'`);
    }
    return result;
  }

  private async runGenerators(ra: Accumulator): Promise<void> {
    const k = this.kustomization;
    for (const args of k.configMapGenerator ?? []) {
      const options = mergeGeneratorOptions(args.options, k.generatorOptions);
      const res = await generateConfigMap(this.loader, options === undefined ? args : { ...args, options }, this.ctx.scope).catch((err: unknown) => {
        throw withContext(err, 'NewResMapFromConfigMapArgs', this.loaded.file);
      });
      absorb(ra, res, 'configMapGenerator', this.loaded.file);
    }
    for (const args of k.secretGenerator ?? []) {
      const options = mergeGeneratorOptions(args.options, k.generatorOptions);
      const res = await generateSecret(this.loader, options === undefined ? args : { ...args, options }, this.ctx.scope).catch((err: unknown) => {
        throw withContext(err, 'NewResMapFromSecretArgs', this.loaded.file);
      });
      absorb(ra, res, 'secretGenerator', this.loaded.file);
    }
  }

  private async runTransformers(ra: Accumulator): Promise<void> {
    const k = this.kustomization;
    const tc = ra.config;
    const lookup = this.ctx.schemaLookup;
    const scope = this.ctx.scope;
    const file = this.loaded.file;
    // kustomize configures every transformer (reading patch files) before running any.
    const smPatches = (k.patchesStrategicMerge ?? []).length > 0 ? await loadStrategicMergePatches(this.loader, k.patchesStrategicMerge ?? [], scope) : undefined;
    const patches = [];
    for (const p of k.patches ?? []) patches.push(await loadPatch(this.loader, p, scope).catch((err: unknown) => { throw withFile(err, file); }));
    const json6902 = [];
    for (const p of k.patchesJson6902 ?? []) json6902.push(await loadJson6902(this.loader, p).catch((err: unknown) => { throw withFile(err, file); }));
    // The names say which kustomize transformer each step is; kustomize's errors do not add them.
    const steps: Array<[string, () => void]> = [];
    if (smPatches !== undefined) steps.push(['PatchStrategicMergeTransformer', () => applyStrategicMergePatches(ra.resources, smPatches, lookup)]);
    for (const p of patches) steps.push(['PatchTransformer', () => applyPatch(ra.resources, p, lookup)]);
    if (k.namespace) steps.push(['NamespaceTransformer', () => transformNamespace(ra.resources, k.namespace ?? '', tc.namespace)]);
    if (k.namePrefix) steps.push(['PrefixTransformer', () => transformNameAffix(ra.resources, k.namePrefix ?? '', 'prefix', tc.namePrefix)]);
    if (k.nameSuffix) steps.push(['SuffixTransformer', () => transformNameAffix(ra.resources, k.nameSuffix ?? '', 'suffix', tc.nameSuffix)]);
    if ((k.labels ?? []).length > 0 || k.commonLabels !== undefined) {
      for (const label of k.labels ?? []) steps.push(['LabelTransformer', () => transformMapEntries(ra.resources, label.pairs, labelFieldSpecs(label, tc))]);
      steps.push(['LabelTransformer', () => transformMapEntries(ra.resources, k.commonLabels, tc.commonLabels)]);
    }
    if (k.commonAnnotations !== undefined && Object.keys(k.commonAnnotations).length > 0) {
      steps.push(['AnnotationsTransformer', () => transformMapEntries(ra.resources, k.commonAnnotations, tc.commonAnnotations)]);
    }
    for (const p of json6902) steps.push(['PatchJson6902Transformer', () => applyJson6902(ra.resources, p)]);
    for (const replica of k.replicas ?? []) steps.push(['ReplicaCountTransformer', () => transformReplicas(ra.resources, replica, tc.replicas)]);
    for (const image of k.images ?? []) steps.push(['ImageTagTransformer', () => transformImage(ra.resources, image, tc.images)]);
    if ((k.replacements ?? []).length > 0) {
      const replacements = await loadReplacements(this.loader, k.replacements ?? []).catch((err: unknown) => { throw withFile(err, file); });
      steps.push(['ReplacementTransformer', () => transformReplacements(ra.resources, replacements)]);
    }
    for (const [, run] of steps) {
      try {
        run();
      } catch (err) {
        throw withFile(err, file);
      }
      ra.resources.dropEmpties();
    }
  }

  /** Loads the kustomization at the root of `loader` as the one being built (never a component). */
  static async root(loader: FileLoader, ctx: BuildContext): Promise<KustTarget> {
    const target = await KustTarget.load(loader, ctx);
    await ctx.useOpenApi(target.kustomization, loader, true);
    return target;
  }
}

function absorb(ra: Accumulator, res: Resource, what: string, file: string): void {
  try {
    ra.resources.absorb(res);
  } catch (err) {
    throw withContext(err, `merging from generator ${what}`, file);
  }
}
