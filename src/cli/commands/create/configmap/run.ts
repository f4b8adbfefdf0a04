/**
 * `create configmap NAME`: text values in `data`, values that are not UTF-8 in `binaryData`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import { collectData } from '../shared/data-sources.js';
import { dataSourcesFrom } from '../shared/data-flags.js';
import { createGenerated, generatedMetadata, nameArgument } from '../shared/generated.js';

/** Runs `create configmap`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<void> {
  const name = nameArgument(args);
  const entries = await collectData({ kind: 'ConfigMap', name }, dataSourcesFrom(ctx, flags));
  await createGenerated(ctx, flags, { group: '', version: 'v1', resource: 'configmaps', namespaced: true, kind: 'ConfigMap' }, 'failed to create configmap: ', (namespace) => {
    const object: Record<string, unknown> = { apiVersion: 'v1', kind: 'ConfigMap', metadata: generatedMetadata(name, namespace) };
    if (entries.binary.size > 0) object.binaryData = Object.fromEntries([...entries.binary].map(([k, v]) => [k, v.toString('base64')]));
    if (entries.text.size > 0) object.data = Object.fromEntries(entries.text);
    return object;
  });
}
