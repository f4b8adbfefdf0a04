/**
 * Building a kustomization: load → generate → transform (in {@link KustTarget}) → fix references
 * (hash suffixes, name references, vars) → emit (local-config objects dropped, sorted, build
 * annotations removed).
 */
import { KUSTOMIZE } from '../naming.js';
import type { KubeObject } from '../types/meta.js';
import { emitResources } from './emit/emit.js';
import { KustomizeError } from './errors.js';
import { fixNameReferences } from './fixref/name-reference.js';
import { resolveVars } from './fixref/vars.js';
import { contentHash } from './generate/hash.js';
import type { Kustomization } from './load/kustomization.js';
import { DEFAULT_KUSTOMIZE_LIMITS, FileLoader, type BuildLimits, type LoadRestrictor } from './load/loader.js';
import { parseConfigYaml } from './load/yaml.js';
import { isMap } from './model/json.js';
import { isCertainlyClusterScoped } from './model/scope.js';
import { Accumulator, KustTarget, type BuildContext } from './target.js';
import { OpenApiDocument, schemaForKind } from './transform/patch-schema.js';
import { loadRe2 } from '../../machinery/regex/re2.js';

/** Options of {@link buildKustomization}. */
export interface KustomizeOptions {
  /**
   * `LoadRestrictionsRootOnly` (default): files a kustomization names must be inside its
   * directory. `LoadRestrictionsNone` lifts that.
   */
  loadRestrictor?: LoadRestrictor | undefined;
  /** Bounds on what a build may read (file size, nesting depth, file count). */
  limits?: Partial<BuildLimits> | undefined;
  /**
   * The caller asks for kustomize's legacy order itself, as `kubectl -k` does (its `--reorder`
   * setting); a kustomization's own `sortOptions` then wins, with kustomize's warning.
   */
  legacyReorder?: boolean | undefined;
}

/** The result of a build. */
export interface KustomizeResult {
  /** The objects, in kustomize's output order, as `kubectl kustomize` prints them. */
  objects: KubeObject[];
  /** Warnings kustomize prints on stderr (deprecated fields, unused vars). */
  warnings: string[];
}

/** The built-in OpenAPI version kustomize v5 embeds (`openapi: {version: ...}`). */
const BUILTIN_OPENAPI_VERSION = 'v1.21.2';

/**
 * Builds the kustomization in directory `dir` as `kubectl kustomize DIR` does (kustomize v5.5):
 * resources, bases, overlays and components; namespace, name prefix and suffix with name
 * reference fix-up; labels, annotations, images, replicas; strategic merge and JSON patches;
 * ConfigMap and Secret generators with content hash suffixes; vars; legacy output order.
 * Remote resources, helm charts and plugins are refused with an error.
 *
 * @throws {@link KustomizeError} for every problem with the tree (the message names the file).
 */
export async function buildKustomization(dir: string, options: KustomizeOptions = {}): Promise<KustomizeResult> {
  const limits: BuildLimits = { ...DEFAULT_KUSTOMIZE_LIMITS, ...(options.limits ?? {}) };
  const [loader] = await Promise.all([FileLoader.at(dir, options.loadRestrictor ?? 'LoadRestrictionsRootOnly', limits), loadRe2()]);
  let custom: OpenApiDocument | undefined;
  let openApiSet = false;
  const ctx: BuildContext = {
    scope: (apiVersion, kind) => isCertainlyClusterScoped(apiVersion, kind, custom),
    schemaLookup: (apiVersion, kind) => schemaForKind(apiVersion, kind, custom),
    warnings: [],
    useOpenApi: async (k: Kustomization, at: FileLoader, first: boolean) => {
      if (openApiSet && !first) return;
      const version = k.openapi?.version ?? '';
      const file = k.openapi?.path;
      if (file !== undefined) {
        if (version !== '') throw new KustomizeError('builtin version and custom schema provided, cannot use both');
        const text = (await at.load(file)).toString('utf8');
        const document = text.startsWith('{') ? (JSON.parse(text) as unknown) : await parseConfigYaml(text, at.display(file));
        if (!isMap(document)) throw new KustomizeError('invalid schema file: not an OpenAPI document', { file: at.display(file) });
        custom = new OpenApiDocument(document);
        openApiSet = true;
        return;
      }
      if (version !== '' && version !== BUILTIN_OPENAPI_VERSION) throw new KustomizeError('the specified OpenAPI version is not built in');
      openApiSet = version !== '' || custom !== undefined;
    },
  };
  const target = await KustTarget.root(loader, ctx);
  if (options.legacyReorder === true && target.kustomization.sortOptions !== undefined) {
    ctx.warnings.push("Warning: Sorting order is set both in 'kustomization.yaml' ('sortOptions') and in a CLI flag ('--reorder'). Using the kustomization file over the CLI flag.");
  }
  const ra = await target.accumulate(new Accumulator());
  for (const res of ra.resources.resources()) {
    if (!res.needsHashSuffix()) continue;
    const hash = contentHash(res.obj);
    res.storePreviousId();
    res.setName(`${res.getName()}-${hash}`);
  }
  fixNameReferences(ra.resources, ra.config.nameReference);
  const unused = resolveVars(ra.resources, ra.vars, ra.config.varReference);
  if (unused.length > 0) ctx.warnings.push(`well-defined vars that were never replaced: ${unused.join(',')}`);
  const objects = emitResources(ra.resources.resources(), {
    sortOptions: target.kustomization.sortOptions,
    managedBy: (target.kustomization.buildMetadata ?? []).includes('managedByLabel') ? { label: KUSTOMIZE.managedByLabel, value: 'kustomize-(devel)' } : undefined,
  });
  return { objects, warnings: ctx.warnings };
}
