/**
 * `wait --local -f FILE`: the conditions checked once against the objects of the files, without
 * contacting the server (kubectl's builder reads them locally and then crashes on every condition
 * but `create`; here each is decided on the file's object). `create` holds for every object there
 * is; `delete` never does (the object is there); a condition or JSONPath holds or fails at once,
 * as a `--timeout=0` check does.
 */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { throwFailures } from '../../writes/error-list.js';
import { hasManifestInput, readCommandManifests } from '../../manifests/manifest-flags.js';
import { LOCAL_RESOURCE_MESSAGE, NO_RESOURCES_MESSAGE } from '../../manifests/no-resources.js';
import { objectOutput } from '../../writes/object-output.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { WaitCondition } from './conditions.js';

/** Runs `wait --local`. */
export async function waitLocally(ctx: CommandContext, args: readonly string[], flags: Flags, conditions: readonly WaitCondition[], failureOf: (object: KubeObject) => string | undefined): Promise<void> {
  if (args.length > 0) throw new UsageError(LOCAL_RESOURCE_MESSAGE, false);
  if (!hasManifestInput(flags)) throw new UsageError(NO_RESOURCES_MESSAGE, false);
  const output = await objectOutput(ctx, flags);
  const errors: unknown[] = [];
  const manifests = await readCommandManifests(ctx, flags, { errors });
  const { describeObject } = await import('../../../sdk/apply/object-ref.js');
  for (const { object } of manifests) {
    const failedOn = failureOf(object);
    if (failedOn !== undefined) throw new UsageError(`${describeObject(object)} failed: ${failedOn}`, false);
    const met = conditions.every((c) => c.kind === 'create' || (c.kind === 'check' && c.test(object)));
    const description = describeObject(object);
    if (!met) {
      errors.push(new UsageError(`timed out waiting for the condition on ${description}`, false));
      continue;
    }
    if (output.printsObjects) output.printOne(object);
    else ctx.io.stdout.write(output.resultLine(description, 'condition met'));
  }
  await throwFailures(errors, ctx.commandPath);
}
