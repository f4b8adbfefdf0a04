/**
 * kubectl-style help text outside a command line: the help of a command given by its spec (for
 * `help COMMAND` and for runners that print their help with a usage error), the root page, and the
 * global flags of `platformctl options`. Commands are built into a commander tree and rendered
 * by commander with kubectl's layout (kubectl-help.ts), as `--help` renders them.
 */
import type { Command } from 'commander';
import { clientVersion } from '../build-info.js';
import { GLOBAL_FLAGS } from '../flags/global.js';
import { addStub, buildChain, createRoot, type CommandStub } from './command-tree.js';
import { renderFlagBlock, sortFlags } from './flag-text.js';
import type { CommandSpec, FlagSpec } from './spec.js';

export { flagHeading, formatDefault } from './flag-text.js';

/** A root whose help and version output is discarded (these trees only render help). */
function quietRoot(): Command {
  return createRoot({ writeOut: () => undefined, writeErr: () => undefined }, clientVersion().gitVersion);
}

/** Full help for a command at `path` (e.g. `['config', 'view']`). */
export function renderCommandHelp(spec: CommandSpec, path: readonly string[]): string {
  let parent = quietRoot();
  for (const word of path.slice(0, -1)) parent = addStub(parent, { name: word, summary: '' });
  // Help lists the command's own flags only: the global ones need no options here.
  return buildChain(parent, [spec], GLOBAL_FLAGS, async () => undefined, new Set()).command.helpInformation();
}

/** Help for the root command: the top-level commands by group. */
export function renderRootHelp(commands: readonly CommandStub[]): string {
  const root = quietRoot();
  for (const c of commands) addStub(root, c);
  return root.helpInformation();
}

/** The text of `platformctl options`: every global flag with its default and description, as `kubectl options`. */
export function renderGlobalOptions(flags: readonly FlagSpec[]): string {
  return `The following options can be passed to any command:\n\n${renderFlagBlock(sortFlags(flags.filter((f) => f.hidden !== true)))}\n`;
}
