/**
 * `create serviceaccount NAME`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { createGenerated } from '../../../resource-builders/generated.js';
import { typedObject } from '../../../resource-builders/typed.js';

const SERVICEACCOUNTS = { group: '', version: 'v1', resource: 'serviceaccounts', namespaced: true, kind: 'ServiceAccount' } as const;

/** Runs `create serviceaccount`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await createGenerated(ctx, args, flags, SERVICEACCOUNTS, 'failed to create serviceaccount: ', ({ name, enforcedNamespace }) =>
    typedObject(SERVICEACCOUNTS, { name, namespace: enforcedNamespace }, {}));
}
