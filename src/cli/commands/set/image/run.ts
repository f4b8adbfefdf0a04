/** `set image`: `CONTAINER=IMAGE` (or `*=IMAGE`) on containers and init containers. */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { containersOf, podSpecOf } from '../shared/pod-spec.js';
import { runSetCommand, splitPairs } from '../shared/set-command.js';

/** Runs `set image`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const { resources, pairs } = splitPairs(args, 'image');
  const images = new Map<string, string>();
  const invalid: string[] = [];
  for (const p of pairs) {
    const eq = p.indexOf('=');
    if (eq <= 0) invalid.push(p);
    else images.set(p.slice(0, eq), p.slice(eq + 1));
  }
  if (invalid.length > 0) throw new UsageError(`invalid image format: ${invalid.join(', ')}`, false);
  if (images.size === 0) throw new UsageError('at least one image update is required', false);
  if (images.has('*') && images.size > 1) throw new UsageError('all containers are already specified by *, but saw more than one container_name=container_image pairs', false);
  await runSetCommand(ctx, resources, flags, 'image updated', (object, errors) => {
    const spec = podSpecOf(object);
    if (spec === undefined) {
      errors.push(`${(object.kind ?? '').toLowerCase()}/${object.metadata?.name ?? ''} the object is not a pod or does not have a pod template: ${object.kind ?? ''}`);
      return;
    }
    for (const [name, image] of images) {
      let found = false;
      for (const field of ['initContainers', 'containers'] as const) {
        for (const c of containersOf(spec, field)) {
          if (c.name === name || name === '*') {
            c.image = image;
            found = true;
          }
        }
      }
      if (!found) errors.push(`unable to find container named ${JSON.stringify(name)}`);
    }
  });
}
