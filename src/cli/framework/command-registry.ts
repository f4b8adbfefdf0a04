/**
 * What the commander tree keeps about the commands and options it built from specs: the spec of
 * each command (examples, usage) and the flag of each option (pflag heading, default), which the
 * kubectl help layout and the flag values read back. Held in weak maps so that a tree built for one
 * invocation (tests build many) is collected with it.
 */
import type { Command, Option } from 'commander';
import type { ExampleSpec, FlagSpec } from './spec.js';

const examples = new WeakMap<Command, readonly ExampleSpec[]>();
const flags = new WeakMap<Option, FlagSpec>();
const globals = new WeakSet<Option>();

/** Records the examples shown in the help of `cmd`. */
export function setExamples(cmd: Command, list: readonly ExampleSpec[]): void {
  examples.set(cmd, list);
}

/** The examples of `cmd` (none for stubs and the root). */
export function examplesOf(cmd: Command): readonly ExampleSpec[] {
  return examples.get(cmd) ?? [];
}

/** Records that `option` was built from `flag`; `global` marks the flags every command accepts. */
export function setFlag(option: Option, flag: FlagSpec, global: boolean): void {
  flags.set(option, flag);
  if (global) globals.add(option);
}

/** The flag `option` was built from; undefined for commander's own options (help, version). */
export function flagOf(option: Option): FlagSpec | undefined {
  return flags.get(option);
}

/** Whether `option` is one of the global flags (listed by `platformctl options`, not in each command's help). */
export function isGlobalOption(option: Option): boolean {
  return globals.has(option);
}

/** The words of a command's path from the binary name, e.g. `['platformctl', 'config', 'view']`. */
export function commandPath(cmd: Command): string[] {
  const words: string[] = [];
  for (let c: Command | null = cmd; c !== null; c = c.parent) words.unshift(c.name());
  return words;
}
