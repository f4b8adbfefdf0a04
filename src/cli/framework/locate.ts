/**
 * Which command a command line names, found before commander parses it (cobra's `Find`): the
 * command words may sit anywhere among the flags (`platformctl -n ns get pods`), so the words are
 * located with the flags' arities, and the line is reordered to put them first. Only the specs
 * on that path are imported; commander then gets the reordered line and a tree holding just them.
 */
import { findCommand } from '../commands/index.js';
import type { CommandSpec, FlagSpec } from './spec.js';

/** The command a line names. */
export interface Located {
  /** The specs from the top-level command to the invoked one; empty for the root. */
  chain: CommandSpec[];
  /** The command words first, then every other word in its order. */
  argv: string[];
  /** A first word that names no built-in command (a plugin, or a typo), and its index in the line. */
  unknown?: { word: string; index: number };
}

/** Position of the next positional argument in `argv` from `start`, skipping flags and their values. */
export function nextPositional(argv: readonly string[], start: number, flags: readonly FlagSpec[]): number {
  const valued = new Set<string>();
  for (const f of flags) {
    if (f.type === 'bool') continue;
    valued.add(`--${f.name}`);
    if (f.short !== undefined) valued.add(`-${f.short}`);
  }
  for (let i = start; i < argv.length; i++) {
    const tok = argv[i] as string;
    if (tok === '--') return -1;
    if (!tok.startsWith('-') || tok === '-') return i;
    if (valued.has(tok)) i++;
  }
  return -1;
}

/**
 * Finds the command words of `argv`. A word that is not a subcommand ends the descent: it is an
 * argument of a runnable command, or an unknown subcommand that commander reports with suggestions.
 */
export async function locateCommand(argv: readonly string[], globals: readonly FlagSpec[]): Promise<Located> {
  const first = nextPositional(argv, 0, globals);
  if (first < 0) return { chain: [], argv: [...argv] };
  const word = argv[first] as string;
  const entry = findCommand(word);
  if (entry === undefined) return { chain: [], argv: [...argv], unknown: { word, index: first } };
  let spec = await entry.load();
  const chain = [spec];
  const words = [word];
  let rest = [...argv.slice(0, first), ...argv.slice(first + 1)];
  while (spec.subcommands !== undefined && spec.subcommands.length > 0) {
    const idx = nextPositional(rest, 0, [...globals, ...spec.flags]);
    if (idx < 0) break;
    const next = rest[idx] as string;
    const sub = spec.subcommands.find((s) => s.name === next || (s.aliases ?? []).includes(next));
    if (sub === undefined) break;
    spec = sub;
    chain.push(sub);
    words.push(next);
    rest = [...rest.slice(0, idx), ...rest.slice(idx + 1)];
  }
  return { chain, argv: [...words, ...rest] };
}
