/**
 * `apply edit-last-applied`: the last-applied configurations of the named objects in the editor
 * (kubectl's ApplyEditMode); each saved configuration is written back as the object's annotation
 * with a JSON merge patch and printed as `edited`, or `skipped` when it did not change.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { BINARY_NAME } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { hasManifestInput, readsStdin } from '../../../manifests/manifest-flags.js';
import { NO_RESOURCES_MESSAGE } from '../../../manifests/no-resources.js';
import { objectOutput } from '../../../writes/object-output.js';
import { fieldValidation } from '../../../writes/validate.js';

/** Runs `apply edit-last-applied`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length === 0 && !hasManifestInput(flags)) throw new UsageError(NO_RESOURCES_MESSAGE, false);
  fieldValidation(flags);
  const output = await objectOutput(ctx, flags);
  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  const [{ recordedConfigurations }, { KindMapper }, { namespaceMismatchError }, { recordedConfiguration, lastAppliedPatch }, { describeObject }, { runEditSession }, { namespace }] = await Promise.all([
    import('../shared/recorded-configurations.js'),
    import('../../../../sdk/apply/kind-mapper.js'),
    import('../../../../sdk/apply/resolve-manifest.js'),
    import('../../../../sdk/apply/last-applied.js'),
    import('../../../../sdk/apply/object-ref.js'),
    import('../../edit/session.js'),
    ctx.namespace(),
  ]);
  const originals: KubeObject[] = [];
  for (const { text } of await recordedConfigurations(ctx, flags, client, args)) {
    if (text === undefined) continue;
    try {
      originals.push(JSON.parse(text) as KubeObject);
    } catch (err) {
      throw new UsageError(`error converting YAML to JSON: ${(err as Error).message}`, false);
    }
  }
  if (originals.length === 0) {
    throw new UsageError(`no last-applied-configuration annotation found on resources, to create the annotation, use command \`${BINARY_NAME} apply set-last-applied --create-annotation\``, false);
  }
  const { checkEditOutput } = await import('../../edit/session.js');
  checkEditOutput(flags.string('output') ?? '');
  const kinds = new KindMapper(client.discovery);
  const fieldManager = flags.string('field-manager') ?? '';
  await runEditSession(ctx, originals, {
    header: 'last-applied',
    format: flags.string('output') === 'json' ? 'json' : 'yaml',
    windowsLineEndings: flags.bool('windows-line-endings'),
    commit: async (edited) => {
      for (const saved of edited) {
        // Saved configurations are matched to the shown ones by uid, as kubectl does (usually both have none).
        const original = originals.find((o) => (o.metadata?.uid ?? '') === (saved.metadata?.uid ?? ''));
        if (original === undefined) throw new UsageError(`no original object found for ${describeObject(saved)}`, false);
        const mapping = await kinds.require(saved.apiVersion ?? '', saved.kind ?? '', ctx.io.signal);
        // kubectl's RequireNamespace: the command's namespace is filled in, another one refused.
        const own = saved.metadata?.namespace ?? '';
        if (mapping.namespaced && own !== '' && own !== namespace) throw namespaceMismatchError(own, namespace);
        const object = mapping.namespaced && own === '' ? { ...saved, metadata: { ...saved.metadata, namespace } } : saved;
        const configuration = recordedConfiguration(object);
        const changed = configuration !== recordedConfiguration(original);
        if (changed) {
          await client.resource(mapping, mapping.namespaced ? namespace : undefined).patch(object.metadata?.name ?? '', lastAppliedPatch(configuration), { type: 'merge', fieldManager, signal: ctx.io.signal });
        }
        if (output.printsObjects) output.printOne(object);
        else ctx.io.stdout.write(output.resultLine(describeObject(object), changed ? 'edited' : 'skipped'));
      }
    },
  });
}
