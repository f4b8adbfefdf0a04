import type { CommandRunner } from '../../framework/spec.js';

/**
 * Runs `__complete` when it was reached through the ordinary parser (global flags before it). The
 * words after it were parsed as flags then, so only the positional ones remain; run.ts's fast
 * path, which handles every call from the scripts, keeps them all.
 */
export const run: CommandRunner<never> = async (ctx, args) => {
  // Imported lazily, like run.ts does, so that the completion code stays in one bundle chunk.
  const { runComplete } = await import('../../completion/run-complete.js');
  return runComplete(args, ctx.io);
};
