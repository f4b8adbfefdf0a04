import type { CommandSpec, FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';

const flags = [] as const satisfies readonly FlagSpec[];

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOf<typeof flags>;

/** `platformctl config current-context`. */
export const spec: CommandSpec<typeof flags> = {
  name: 'current-context',
  usage: '[flags] [options]',
  summary: 'Display the current-context',
  description: 'Display the current-context.',
  examples: [{ description: 'Display the current-context', command: 'platformctl config current-context' }],
  flags,
  args: 'none',
  load: async () => (await import('./run.js')).run,
};
