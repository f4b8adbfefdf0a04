/**
 * Reads a partial command line the way the parser would, but without ever failing: which command
 * it names, which flags were given (and with what values), which positional arguments follow, and
 * whether the word being completed is the value of a flag. Unknown flags are skipped as booleans,
 * as cobra does while completing.
 */
import { COMMANDS, findCommand, loadAllSpecs } from '../commands/index.js';
import { COMMAND_INDEX } from './command-index.js';
import type { CommandSpec, FlagSpec } from '../framework/spec.js';
import { GLOBAL_FLAGS } from '../flags/global.js';

/** A command's name and one-line summary. */
export interface CommandSummary {
  name: string;
  summary: string;
  /** Its group on the root help page, e.g. `Basic Commands (Beginner)`. */
  group?: string;
  hidden?: boolean;
}

/** The top-level commands, as the completion engine sees them (tests pass their own). */
export interface CommandTable {
  /** The top-level command named `name` (or an alias of it). */
  find(name: string): Promise<CommandSpec | undefined>;
  /** Every top-level command, with its summary. */
  all(): Promise<CommandSummary[]>;
}

/**
 * The built-in commands. Listing them uses the generated index (command-index.ts) instead of
 * importing every spec, which costs a module load per command on the most frequent <TAB>; when the
 * index does not name exactly the registered commands (not regenerated yet), the specs are loaded.
 */
export const BUILTIN_COMMANDS: CommandTable = {
  find: async (name) => {
    const entry = findCommand(name);
    return entry === undefined ? undefined : entry.load();
  },
  all: async () => {
    const registered = new Set(COMMANDS.map((c) => c.name));
    const indexed = new Set(COMMAND_INDEX.map((c) => c.name));
    const current = registered.size === indexed.size && [...registered].every((n) => indexed.has(n));
    return current ? [...COMMAND_INDEX] : loadAllSpecs();
  },
};

/** What the words before the one being completed say. */
export interface PartialCommandLine {
  /** The deepest command named; undefined for the root. */
  spec: CommandSpec | undefined;
  /** The command path, e.g. `['config', 'view']`. */
  path: string[];
  /** Flags the command accepts: its own, then the global ones. */
  flags: FlagSpec[];
  /** Positional arguments after the command path. */
  args: string[];
  /** Values given so far, by long flag name (every occurrence). */
  values: Map<string, string[]>;
  /** The flag whose value is the word being completed (`-n <TAB>`), if any. */
  pendingFlag: FlagSpec | undefined;
  /** True once `--` was seen: everything after it is positional. */
  afterDashDash: boolean;
  /** A top-level word that names no built-in command (perhaps a plugin). */
  unknownCommand: string | undefined;
  /** Where {@link unknownCommand} is in the words. */
  unknownCommandIndex: number;
}

/** Splits `--name=value`, `--name`, `-n=value`, `-nvalue`, `-abc` into flag uses. */
function lookup(flags: readonly FlagSpec[]): { long: Map<string, FlagSpec>; short: Map<string, FlagSpec> } {
  const long = new Map<string, FlagSpec>();
  const short = new Map<string, FlagSpec>();
  for (const f of flags) {
    long.set(f.name, f);
    if (f.short !== undefined) short.set(f.short, f);
  }
  return { long, short };
}

/** Reads `words` (every word before the one being completed). */
export async function readCommandLine(words: readonly string[], commands: CommandTable = BUILTIN_COMMANDS): Promise<PartialCommandLine> {
  const line: PartialCommandLine = {
    spec: undefined,
    path: [],
    flags: [...GLOBAL_FLAGS],
    args: [],
    values: new Map(),
    pendingFlag: undefined,
    afterDashDash: false,
    unknownCommand: undefined,
    unknownCommandIndex: -1,
  };
  let table = lookup(line.flags);
  const record = (flag: FlagSpec, value: string): void => {
    line.values.set(flag.name, [...(line.values.get(flag.name) ?? []), value]);
  };

  for (let i = 0; i < words.length; i++) {
    const tok = words[i] as string;
    const last = i === words.length - 1;
    if (line.afterDashDash) {
      line.args.push(tok);
      continue;
    }
    if (tok === '--') {
      line.afterDashDash = true;
      continue;
    }
    if (tok.startsWith('--')) {
      const eq = tok.indexOf('=');
      const flag = table.long.get(eq < 0 ? tok.slice(2) : tok.slice(2, eq));
      if (flag === undefined) continue;
      if (eq >= 0) record(flag, tok.slice(eq + 1));
      else if (flag.type === 'bool') record(flag, 'true');
      else if (last) line.pendingFlag = flag;
      else record(flag, words[++i] as string);
      continue;
    }
    if (tok.startsWith('-') && tok.length > 1) {
      for (let j = 1; j < tok.length; j++) {
        const flag = table.short.get(tok[j] as string);
        if (flag === undefined) break;
        const rest = tok.slice(j + 1);
        if (flag.type === 'bool') {
          if (rest.startsWith('=')) {
            record(flag, rest.slice(1));
            break;
          }
          record(flag, 'true');
          continue;
        }
        if (rest !== '') record(flag, rest.startsWith('=') ? rest.slice(1) : rest);
        else if (last) line.pendingFlag = flag;
        else record(flag, words[++i] as string);
        break;
      }
      continue;
    }
    // A positional word: a (sub)command name while the command still has subcommands and no
    // argument was given yet, an argument otherwise.
    const next = line.args.length === 0 && line.unknownCommand === undefined ? await subcommand(commands, line.spec, tok) : undefined;
    if (next === undefined) {
      if (line.spec === undefined && line.unknownCommand === undefined) {
        line.unknownCommand = tok;
        line.unknownCommandIndex = i;
      } else line.args.push(tok);
      continue;
    }
    line.spec = next;
    line.path.push(next.name);
    line.flags = [...next.flags, ...GLOBAL_FLAGS];
    table = lookup(line.flags);
  }
  return line;
}

/** The subcommand of `parent` (the root when undefined) named `word`. */
async function subcommand(commands: CommandTable, parent: CommandSpec | undefined, word: string): Promise<CommandSpec | undefined> {
  if (parent === undefined) return commands.find(word);
  return (parent.subcommands ?? []).find((s) => s.name === word || (s.aliases ?? []).includes(word));
}
