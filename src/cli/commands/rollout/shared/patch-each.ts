/**
 * `rollout pause`, `resume` and `restart`: a strategic merge patch per object (or an error naming
 * the object, as kubectl's `CalculatePatches`), then `deployment.apps/web paused` per object.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagReader } from '../../../framework/flag-reader.js';
import type { FilenameFlag } from '../../../manifests/manifest-flags.js';
import { throwFailures } from '../../../writes/error-list.js';
import { objectOutput, OUTPUT_FLAGS } from '../../../writes/object-output.js';
import { withType, type LiveObject } from '../../../manifests/live-objects.js';
import { kindName, resourceString, rolloutObjects } from './objects.js';

export { OUTPUT_FLAGS };

/** The patch of one object, or why it cannot be patched. */
export type PatchFor = (o: LiveObject) => { patch: Record<string, unknown> } | { error: string };

/** Patches each object and prints `<kind>/<name> <done>`. */
export async function patchEach(ctx: CommandContext, args: string[], flags: FlagReader<FilenameFlag | (typeof OUTPUT_FLAGS)[number] | { name: 'field-manager'; type: 'string' }>, patchFor: PatchFor, done: string): Promise<void> {
  const output = await objectOutput(ctx, flags);
  const { client, objects, errors } = await rolloutObjects(ctx, args, flags);
  if (objects.length === 0 && errors.length === 0) {
    const { namespace } = await ctx.namespace();
    ctx.io.stderr.write(`No resources found in ${namespace} namespace.\n`);
    return;
  }
  for (const o of objects) {
    const p = patchFor(o);
    if ('error' in p) {
      errors.push(new Error(`${resourceString(o)} ${JSON.stringify(o.name)} ${p.error}`));
      continue;
    }
    try {
      const result: KubeObject = await client.resource(o.mapping, o.namespace).patch(o.name, p.patch, { type: 'strategic', fieldManager: flags.string('field-manager') ?? '', signal: ctx.io.signal });
      if (output.printsObjects) output.printOne(withType(result, o.mapping));
      else ctx.io.stdout.write(output.resultLine(kindName(o), done));
    } catch (err) {
      errors.push(err instanceof Error ? new Error(`failed to patch: ${err.message}`) : err);
    }
  }
  await throwFailures(errors, ctx.commandPath);
}
