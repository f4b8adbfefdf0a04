/**
 * `create secret generic NAME`: every value base64-encoded in `data`.
 */
import type { CommandContext } from '../../../../framework/context.js';
import type { Flags } from './spec.js';
import { collectData } from '../../shared/data-sources.js';
import { dataSourcesFrom } from '../../shared/data-flags.js';
import { createGenerated } from '../../../../resource-builders/generated.js';
import { SECRETS, secretObject } from '../../shared/secret-object.js';

/** Runs `create secret generic`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await createGenerated(ctx, args, flags, SECRETS, 'failed to create secret ', async ({ name, enforcedNamespace }) => {
    const entries = await collectData({ kind: 'Secret', name }, dataSourcesFrom(ctx, flags));
    const data = new Map<string, Buffer>([...[...entries.text].map(([k, v]): [string, Buffer] => [k, Buffer.from(v, 'utf8')]), ...entries.binary]);
    return secretObject({ name, namespace: enforcedNamespace, type: flags.string('type') ?? '', data, appendHash: flags.bool('append-hash') });
  });
}
