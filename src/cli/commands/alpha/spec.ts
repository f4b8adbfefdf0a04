/**
 * `platformctl alpha`: kubectl's root of alpha features. kubectl 1.32 has none, so it hides the
 * command and answers any use of it with one line; scripts that probe `alpha` get the same.
 */
import { defineCommand } from '../../framework/define-command.js';

export const spec = defineCommand({
  name: 'alpha',
  usage: '[command]',
  summary: 'Commands for features in alpha',
  description: 'These commands correspond to alpha features that are not enabled in clusters by default.',
  examples: [{ description: 'Say which alpha commands this version has', command: 'platformctl alpha' }],
  flags: [],
  hidden: true,
  load: async () => (await import('./run.js')).run,
});
