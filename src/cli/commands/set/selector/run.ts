/**
 * `set selector`: the last argument replaces a Service's `spec.selector` (other kinds are refused,
 * as kubectl refuses them); the object is printed even when nothing changed.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { runSetCommand } from '../shared/set-command.js';
import { parseSelectorArgument } from './parse.js';

type Json = Record<string, unknown>;

/** Runs `set selector`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length === 0) throw new UsageError('one selector is required', false);
  const selector = parseSelectorArgument(args[args.length - 1] ?? '');
  const resourceVersion = flags.string('resource-version') ?? '';
  await runSetCommand(ctx, args.slice(0, -1), flags, 'selector updated', (object, errors) => {
    if (object.kind !== 'Service') {
      errors.push('setting a selector is only supported for Services');
      return;
    }
    if (selector.expressions.length > 0) {
      errors.push(`match expression [${selector.expressions.join(' ')}] not supported on this object`);
      return;
    }
    if (resourceVersion !== '' && object.metadata !== undefined) object.metadata.resourceVersion = resourceVersion;
    const spec = ((object as Json).spec !== null && typeof (object as Json).spec === 'object' ? (object as Json).spec : {}) as Json;
    if (Object.keys(selector.matchLabels).length > 0) spec.selector = { ...selector.matchLabels };
    else delete spec.selector;
    (object as Json).spec = spec;
  }, { printUnchanged: true, skipOnError: true, stopOnError: true, patchError: 'as-is' });
}
