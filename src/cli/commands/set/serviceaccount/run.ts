/** `set serviceaccount`: the last argument is the service account; the pod spec gets it. */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { podSpecOf } from '../shared/pod-spec.js';
import { runSetCommand } from '../shared/set-command.js';

/** Runs `set serviceaccount`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length === 0) throw new UsageError('serviceaccount is required', false);
  const account = args[args.length - 1] ?? '';
  await runSetCommand(ctx, args.slice(0, -1), flags, 'serviceaccount updated', (object, errors) => {
    const spec = podSpecOf(object);
    if (spec === undefined) {
      errors.push(`${(object.kind ?? '').toLowerCase()}/${object.metadata?.name ?? ''} the object is not a pod or does not have a pod template: ${object.kind ?? ''}`);
      return;
    }
    // As kubectl: only the name. The server keeps `serviceAccount` (the deprecated alias) equal to
    // it, so clearing the alias here would be a change on every run.
    spec.serviceAccountName = account;
  });
}
