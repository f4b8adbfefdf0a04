/**
 * `create -f FILE --edit`: each manifest object opened in the editor on its own (kubectl's
 * EditBeforeCreateMode), then created as saved (with `--save-config`'s annotation), printed as
 * `created`. As in kubectl, the objects are created even with `--dry-run`, by the field manager
 * `platformctl-create` whatever `--field-manager` says, and an unchanged save creates nothing.
 */
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { readCommandManifests } from '../../manifests/manifest-flags.js';
import { objectOutput } from '../../writes/object-output.js';
import { fieldValidation } from '../../writes/validate.js';
import { CREATE_FIELD_MANAGER } from '../../resource-builders/generated.js';
import { recordedCause, withChangeCause } from '../../flags/record.js';

/** Runs `create --edit`. */
export async function editOnCreate(ctx: CommandContext, flags: Flags): Promise<void> {
  const validation = fieldValidation(flags);
  const output = await objectOutput(ctx, flags);
  const manifests = await readCommandManifests(ctx, flags, { requireName: 'name-or-generate' });
  const [client, { namespace }, { KindMapper }, { resolveManifest, placeObject, namespaceMismatchError }, { withLastApplied }, { describeObject }, { runEditSession }, { withoutResourceVersion }] = await Promise.all([
    ctx.client(),
    ctx.namespace(),
    import('../../../sdk/apply/kind-mapper.js'),
    import('../../../sdk/apply/resolve-manifest.js'),
    import('../../../sdk/apply/last-applied.js'),
    import('../../../sdk/apply/object-ref.js'),
    import('../edit/session.js'),
    import('../../../sdk/apply/apply-object.js'),
  ]);
  const kinds = new KindMapper(client.discovery);
  const { checkEditOutput } = await import('../edit/session.js');
  if (manifests.length > 0) checkEditOutput(flags.string('output') ?? '');
  const enforceNamespace = ctx.globals.namespace !== undefined;
  const format = flags.string('output') === 'json' ? 'json' : 'yaml';
  for (const manifest of manifests) {
    const placed = await resolveManifest(kinds, manifest, { namespace, enforceNamespace, signal: ctx.io.signal });
    await runEditSession(ctx, [placed.object], {
      header: 'object',
      format,
      windowsLineEndings: flags.bool('windows-line-endings'),
      commit: async (edited) => {
        for (const object of edited) {
          const mapping = await kinds.require(object.apiVersion ?? '', object.kind ?? '', ctx.io.signal);
          // The saved object must stay in the command's namespace (kubectl's RequireNamespace).
          const own = object.metadata?.namespace;
          if (mapping.namespaced && own !== undefined && own !== '' && own !== namespace) throw namespaceMismatchError(own, namespace);
          const target = placeObject(object, mapping, { namespace });
          const body: KubeObject = withChangeCause(flags.bool('save-config') ? withLastApplied(target.object) : target.object, recordedCause(ctx, flags));
          const created = await client.resource(mapping, target.namespace).create(withoutResourceVersion(body), { fieldManager: CREATE_FIELD_MANAGER, fieldValidation: validation, signal: ctx.io.signal });
          if (output.printsObjects) output.printOne(created);
          else ctx.io.stdout.write(output.resultLine(describeObject(created), 'created'));
        }
      },
    });
  }
}
