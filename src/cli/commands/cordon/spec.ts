/** `platformctl cordon NODE`. */
import type { FlagsOfSpec } from '../../framework/define-command.js';
import { cordonCommand } from '../drain/shared/cordon-command.js';

/** `platformctl cordon`. */
export const spec = cordonCommand(false, async () => (await import('./run.js')).run);

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
