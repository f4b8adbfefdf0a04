/**
 * YAML for library users: manifests in, objects out, and objects back to YAML as kubectl writes it.
 */
import { parseManifestText, type Manifest } from './apply/manifests.js';

/** Options of {@link parseManifests}. */
export interface ParseManifestsOptions {
  /** Where the text came from, for error messages and {@link Manifest.source} (default `manifest`). */
  source?: string | undefined;
  /** `name` (default) requires `metadata.name`, `name-or-generate` also takes `generateName`, `none` checks nothing. */
  requireName?: 'name' | 'name-or-generate' | 'none' | undefined;
}

/**
 * Parses manifest text (multi-document YAML or a JSON stream) as `platformctl apply -f` reads a
 * file: `kind: List` flattened, empty documents skipped, each document checked for `apiVersion`
 * and `kind`. The result feeds {@link applyManifests} and {@link diffManifests}; `.object` of each
 * is the parsed object. Rejects with an `InputError` naming the document and line.
 *
 * ```ts
 * const manifests = await parseManifests(await readFile('app.yaml', 'utf8'), { source: 'app.yaml' });
 * ```
 */
export function parseManifests(text: string, options: ParseManifestsOptions = {}): Promise<Manifest[]> {
  return parseManifestText(text, options.source ?? 'manifest', { requireName: options.requireName ?? 'name' });
}

// `value` as YAML the way kubectl prints `-o yaml` (keys sorted, go-yaml's quoting): machinery's writer.
export { toYaml } from '../machinery/yaml/emit.js';
