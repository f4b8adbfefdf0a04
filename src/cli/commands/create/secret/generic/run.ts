/**
 * `create secret generic NAME`: every value base64-encoded in `data`.
 */
import type { CommandContext } from '../../../../framework/context.js';
import type { FlagValues } from '../../../../framework/flag-values.js';
import { collectData } from '../../shared/data-sources.js';
import { dataSourcesFrom } from '../../shared/data-flags.js';
import { createGenerated, generatedMetadata, nameArgument } from '../../shared/generated.js';

/** Runs `create secret generic`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<void> {
  const name = nameArgument(args);
  const entries = await collectData({ kind: 'Secret', name }, dataSourcesFrom(ctx, flags));
  const type = flags.string('type') ?? '';
  await createGenerated(ctx, flags, { group: '', version: 'v1', resource: 'secrets', namespaced: true, kind: 'Secret' }, 'failed to create secret ', (namespace) => {
    const object: Record<string, unknown> = { apiVersion: 'v1', kind: 'Secret', metadata: generatedMetadata(name, namespace) };
    const data: [string, Buffer][] = [...[...entries.text].map(([k, v]): [string, Buffer] => [k, Buffer.from(v, 'utf8')]), ...entries.binary];
    if (data.length > 0) object.data = Object.fromEntries(data.map(([k, v]) => [k, v.toString('base64')]));
    if (type !== '') object.type = type;
    return object;
  });
}
