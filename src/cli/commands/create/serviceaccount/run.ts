/**
 * `create serviceaccount NAME`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { createGenerated } from '../../../resource-builders/generated.js';
import { objectMeta } from '../../../resource-builders/typed.js';

/** Runs `create serviceaccount`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await createGenerated(ctx, args, flags, { group: '', version: 'v1', resource: 'serviceaccounts', namespaced: true, kind: 'ServiceAccount' }, 'failed to create serviceaccount: ', ({ name, enforcedNamespace }) => ({
    kind: 'ServiceAccount',
    apiVersion: 'v1',
    metadata: objectMeta({ name, namespace: enforcedNamespace }),
  }));
}
