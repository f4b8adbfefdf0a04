/**
 * `create namespace NAME`: a Namespace with an empty spec and status, as kubectl generates it.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { createGenerated } from '../../../resource-builders/generated.js';
import { typedObject } from '../../../resource-builders/typed.js';

const NAMESPACES = { group: '', version: 'v1', resource: 'namespaces', namespaced: false, kind: 'Namespace' } as const;

/** Runs `create namespace`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await createGenerated(ctx, args, flags, NAMESPACES, undefined, ({ name }) => typedObject(NAMESPACES, { name }, { spec: {}, status: {} }));
}
