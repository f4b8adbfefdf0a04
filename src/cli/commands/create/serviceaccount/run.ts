/**
 * `create serviceaccount NAME`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import { createGenerated, generatedMetadata, nameArgument } from '../shared/generated.js';

/** Runs `create serviceaccount`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<void> {
  const name = nameArgument(args);
  await createGenerated(ctx, flags, { group: '', version: 'v1', resource: 'serviceaccounts', namespaced: true, kind: 'ServiceAccount' }, 'failed to create serviceaccount: ', (namespace) => ({
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: generatedMetadata(name, namespace),
  }));
}
