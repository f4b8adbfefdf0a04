/**
 * The live objects a command works on (label, annotate, patch, edit): named by manifests (`-f`,
 * read back from the server as kubectl's builder does with `Latest()`, or taken as written for
 * the commands whose builder has no `Latest()`: expose, autoscale, scale), or by `TYPE NAME`,
 * `TYPE/NAME`, `-l`, `--field-selector`, `--all`, `-A`. Objects that cannot be read are reported
 * one by one; the others are still returned.
 */
import type { ResourceMapping } from '../../sdk/discovery/rest-mapper.js';
import type { PlatformClient } from '../../sdk/client.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import type { CommandContext } from '../framework/context.js';
import type { FlagReader } from '../framework/flag-reader.js';
import { UsageError } from '../framework/usage-error.js';
import { resolveArgumentsWithShape } from '../commands/delete/shared/arguments.js';
import { ALL_FLAG, ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG } from '../resource/selection.js';
import { hasManifestInput, readCommandManifests, type FilenameFlag } from './manifest-flags.js';
import { apiVersionOf } from '../../machinery/group-version.js';

/** One object with where it lives. */
export interface LiveObject {
  mapping: ResourceMapping;
  namespace: string | undefined;
  name: string;
  object: KubeObject;
  /** The manifest it was named by. */
  source?: string | undefined;
}

/** The objects, the errors of those that could not be read, and kubectl's single-item flag. */
export interface LiveObjects {
  objects: LiveObject[];
  errors: unknown[];
  singleItemImplied: boolean;
}

/** Fills in apiVersion and kind (list items and some answers lack them). */
export function withType(object: KubeObject, mapping: ResourceMapping): KubeObject {
  if (object.apiVersion !== undefined && object.kind !== undefined) return object;
  return { ...object, apiVersion: apiVersionOf(mapping), kind: mapping.kind };
}

/** Options of {@link liveObjects}. */
export interface LiveObjectsOptions {
  /**
   * The objects of `-f` are those of the manifests, not read back from the server: kubectl's
   * `expose`, `autoscale` and `scale` build from the file (their builder has no `Latest()`), so
   * `--dry-run=client` works without the object on the server.
   */
  fromFilesAsWritten?: boolean;
  /** A type alone names every object of it (kubectl's builders for `rollout` and `edit`). */
  allowBareTypes?: boolean;
}

/** Reads the objects named by `-f` or by the arguments (not both). */
export async function liveObjects(ctx: CommandContext, flags: FlagReader<FilenameFlag>, client: PlatformClient, args: readonly string[], options: LiveObjectsOptions = {}): Promise<LiveObjects> {
  const fromFiles = hasManifestInput(flags);
  if (fromFiles && args.length > 0) throw new UsageError('when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well', false);
  const errors: unknown[] = [];
  const named: { mapping: ResourceMapping; namespace: string | undefined; name: string; object?: KubeObject; source?: string }[] = [];
  let singleItemImplied: boolean;
  if (fromFiles) {
    const manifests = await readCommandManifests(ctx, flags, { errors });
    const [{ namespace }, { KindMapper }, { resolveManifest }] = await Promise.all([
      ctx.namespace(),
      import('../../sdk/apply/kind-mapper.js'),
      import('../../sdk/apply/resolve-manifest.js'),
    ]);
    const kinds = new KindMapper(client.discovery);
    for (const manifest of manifests) {
      try {
        const placed = await resolveManifest(kinds, manifest, { namespace, enforceNamespace: ctx.globals.namespace !== undefined, signal: ctx.io.signal });
        const entry = { mapping: placed.mapping, namespace: placed.namespace, name: placed.object.metadata?.name ?? '', source: manifest.source };
        named.push(options.fromFilesAsWritten === true ? { ...entry, object: placed.object } : entry);
      } catch (err) {
        errors.push(err);
      }
    }
    singleItemImplied = flags.strings('filename').length === 1 && manifests.length === 1;
  } else {
    // Commands without `-l`, `--field-selector`, `--all` or `-A` read them as absent.
    const resolved = await resolveArgumentsWithShape(ctx, client, args, {
      selector: flags.optional(SELECTOR_FLAG) ?? '',
      fieldSelector: flags.optional(FIELD_SELECTOR_FLAG) ?? '',
      all: flags.optional(ALL_FLAG) ?? false,
      allNamespaces: flags.optional(ALL_NAMESPACES_FLAG) ?? false,
      allowBareTypes: options.allowBareTypes === true,
    });
    named.push(...resolved.objects);
    singleItemImplied = resolved.singleItemImplied;
  }
  const objects: (LiveObject | undefined)[] = await Promise.all(named.map(async (n) => {
    if (n.object !== undefined) return { ...n, object: withType(n.object, n.mapping) };
    try {
      const object = await client.resource(n.mapping, n.namespace).get(n.name, { signal: ctx.io.signal });
      return { ...n, object: withType(object, n.mapping) };
    } catch (err) {
      errors.push(err);
      return undefined;
    }
  }));
  return { objects: objects.filter((o): o is LiveObject => o !== undefined), errors, singleItemImplied };
}
