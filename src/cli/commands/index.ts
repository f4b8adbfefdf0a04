/**
 * The top-level command table. Entries are lazy: a spec module is imported only when its command
 * runs, when help lists all commands, or when completions and man pages are generated.
 */
import type { CommandSpec } from '../framework/spec.js';
// `version` is the start-up benchmark and the lightest command: it lives in the main bundle chunk
// instead of its own lazily loaded chunks (each extra chunk costs about a millisecond to load).
import { spec as versionSpec } from './version/spec.js';

/** One top-level command. */
export interface CommandEntry {
  name: string;
  aliases?: string[];
  load: () => Promise<CommandSpec>;
}

/** All top-level commands, in the order root help shows them within their groups. */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'version', load: async () => versionSpec },
  { name: 'config', load: async () => (await import('./config/spec.js')).spec },
  { name: 'completion', load: async () => (await import('./completion/spec.js')).spec },
  { name: 'plugin', load: async () => (await import('./plugin/spec.js')).spec },
  { name: 'options', load: async () => (await import('./options/spec.js')).spec },
  { name: 'local', load: async () => (await import('./local/spec.js')).spec },
  { name: '__complete', aliases: ['__completeNoDesc'], load: async () => (await import('./complete/spec.js')).spec },
];

/** Finds a top-level command by name or alias. */
export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name || (c.aliases ?? []).includes(name));
}

/** Loads every top-level spec (for root help, completions, man pages). */
export async function loadAllSpecs(): Promise<CommandSpec[]> {
  return Promise.all(COMMANDS.map((c) => c.load()));
}
