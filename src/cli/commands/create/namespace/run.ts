/**
 * `create namespace NAME`: a Namespace with an empty spec and status, as kubectl generates it.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import { createGenerated, generatedMetadata, nameArgument } from '../shared/generated.js';

/** Runs `create namespace`. */
export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<void> {
  const name = nameArgument(args);
  await createGenerated(ctx, flags, { group: '', version: 'v1', resource: 'namespaces', namespaced: false, kind: 'Namespace' }, undefined, () => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: generatedMetadata(name, undefined),
    spec: {},
    status: {},
  }));
}
