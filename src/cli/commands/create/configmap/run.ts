/**
 * `create configmap NAME`: text values in `data`, values that are not UTF-8 in `binaryData`.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { collectData } from '../shared/data-sources.js';
import { dataSourcesFrom } from '../shared/data-flags.js';
import { createGenerated } from '../../../resource-builders/generated.js';
import { configMapHash } from '../shared/name-hash.js';
import { goMap, typedObject } from '../../../resource-builders/typed.js';

const CONFIGMAPS = { group: '', version: 'v1', resource: 'configmaps', namespaced: true, kind: 'ConfigMap' } as const;

/** Runs `create configmap`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  await createGenerated(ctx, args, flags, CONFIGMAPS, 'failed to create configmap: ', async ({ name, enforcedNamespace }) => {
    const entries = await collectData({ kind: 'ConfigMap', name }, dataSourcesFrom(ctx, flags));
    const finalName = flags.bool('append-hash') ? `${name}-${configMapHash(name, entries.text, entries.binary)}` : name;
    return typedObject(CONFIGMAPS, { name: finalName, namespace: enforcedNamespace }, {
      data: goMap(entries.text),
      binaryData: goMap(new Map([...entries.binary].map(([k, v]) => [k, v.toString('base64')]))),
    });
  });
}
