import { BINARY_NAME } from '../../../sdk/naming.js';
import { completionScript } from '../../completion/scripts/index.js';
import { isShell } from '../../completion/shells.js';
import type { CommandRunner } from '../../framework/spec.js';
import { UsageError } from '../../framework/usage-error.js';

/** Prints the completion script of the shell named by the only argument. */
export const run: CommandRunner<never> = async (ctx, args) => {
  const hint = `See '${BINARY_NAME} completion -h' for help and examples`;
  if (args.length === 0) throw new UsageError(`Shell not specified.\n${hint}`, false);
  if (args.length > 1) throw new UsageError(`Too many arguments. Expected only the shell type.\n${hint}`, false);
  const shell = args[0] as string;
  if (!isShell(shell)) throw new UsageError(`Unsupported shell type "${shell}".\n${hint}`, false);
  ctx.io.stdout.write(completionScript(shell, BINARY_NAME));
};
