import { GLOBAL_FLAGS } from '../../flags/global.js';
import type { CommandRunner } from '../../framework/spec.js';
import { renderGlobalOptions } from '../../framework/help.js';

/** Prints the global flags, as `kubectl options` does. */
export const run: CommandRunner<never> = async (ctx) => {
  ctx.io.stdout.write(renderGlobalOptions(GLOBAL_FLAGS));
};
