/**
 * The objects a `delete` (or `wait`) acts on: from manifests (`-f`), placed in their namespaces as
 * apply would place them, or from `TYPE NAME...`, `TYPE/NAME`, `-l`, `--field-selector`, `--all`
 * and `-A` through the shared resource builder.
 */
import type { DeleteTarget } from '../../../../sdk/apply/delete-objects.js';
import type { PlatformClient } from '../../../../sdk/client.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagReader } from '../../../framework/flag-reader.js';
import { readCommandManifests, type FilenameFlag } from '../../../manifests/manifest-flags.js';
import type { ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG } from '../../../resource/selection.js';

/** The flags that select objects by arguments. */
type SelectionFlag = typeof SELECTOR_FLAG | typeof FIELD_SELECTOR_FLAG | typeof ALL_NAMESPACES_FLAG | { name: 'all'; type: 'bool' };
import type { ProgressLine } from '../../../writes/progress.js';

/**
 * Targets of the manifests named by `-f`, the errors of those that cannot be placed, and those of
 * documents that could not be read (reported last, as kubectl does).
 */
export async function targetsFromManifests(ctx: CommandContext, flags: FlagReader<FilenameFlag | typeof SELECTOR_FLAG>, client: PlatformClient, progress?: ProgressLine): Promise<{ targets: DeleteTarget[]; errors: unknown[]; readErrors: unknown[] }> {
  const errors: unknown[] = [];
  const readErrors: unknown[] = [];
  let manifests = await readCommandManifests(ctx, flags, progress === undefined ? { errors: readErrors } : { errors: readErrors, progress });
  const selector = flags.string('selector') ?? '';
  if (selector !== '') manifests = (await import('../../../../sdk/apply/label-selector.js')).selectManifests(manifests, selector);
  const [{ namespace }, { KindMapper }, { resolveManifest }] = await Promise.all([
    ctx.namespace(),
    import('../../../../sdk/apply/kind-mapper.js'),
    import('../../../../sdk/apply/resolve-manifest.js'),
  ]);
  const kinds = new KindMapper(client.discovery);
  const targets: DeleteTarget[] = [];
  for (const manifest of manifests) {
    try {
      const placed = await resolveManifest(kinds, manifest, { namespace, enforceNamespace: ctx.globals.namespace !== undefined, signal: ctx.io.signal });
      targets.push({ mapping: placed.mapping, namespace: placed.namespace, name: placed.object.metadata?.name ?? '', source: manifest.source });
    } catch (err) {
      errors.push(err);
    }
  }
  return { targets, errors, readErrors };
}

/** Targets of `TYPE NAME...`, `TYPE/NAME...` or a type with `-l`, `--field-selector`, `--all`. */
export async function targetsFromArguments(ctx: CommandContext, flags: FlagReader<SelectionFlag>, client: PlatformClient, args: readonly string[]): Promise<DeleteTarget[]> {
  const { resolveArguments } = await import('./arguments.js');
  return resolveArguments(ctx, client, args, {
    selector: flags.string('selector') ?? '',
    fieldSelector: flags.string('field-selector') ?? '',
    all: flags.bool('all'),
    allNamespaces: flags.bool('all-namespaces'),
  });
}
