/**
 * kubectl's `helpErrorf`: for some argument mistakes the `config` subcommands print their whole
 * help on stdout, then the error.
 */
import { renderCommandHelp } from '../../../framework/help.js';
import type { CommandContext } from '../../../framework/context.js';
import type { CommandSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';

/** Prints the help of `spec` and returns the error to throw (`error: <message>`, no hint line). */
export function helpError(ctx: CommandContext, spec: CommandSpec, message: string): UsageError {
  ctx.io.stdout.write(renderCommandHelp(spec, ctx.commandPath));
  return new UsageError(message, false);
}

/** An error printed as `error: <message>` alone. */
export function plainError(message: string): UsageError {
  return new UsageError(message, false);
}
