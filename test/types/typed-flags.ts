/**
 * Type tests of typed flags: a command's `run` reads its flags through the `Flags` type its spec
 * exports, so that a misspelled flag, a flag the command does not declare, or a read with the
 * wrong accessor does not compile; a helper's slice of flags and the spec's `load` are checked
 * the same way. Compiled by test/unit/cli/framework/typed-flags.test.ts with the repository's
 * settings, never run. Every `@ts-expect-error` line must fail to compile.
 */
import type { Flags } from '../../src/cli/commands/scale/spec.js';
import type { FlagReader } from '../../src/cli/framework/flag-reader.js';
import type { CommandSpec, FlagSpec } from '../../src/cli/framework/spec.js';
import { dryRunMode } from '../../src/cli/writes/dry-run.js';

/** `scale`'s flags, read as its `run` reads them. */
export function scaleReads(flags: Flags): unknown[] {
  return [
    flags.changed('replicas'),
    flags.int('replicas'),
    flags.string('resource-version'),
    flags.string('timeout'),
    flags.durationMs('timeout'),
    flags.strings('filename'),
    flags.bool('all'),
    dryRunMode(flags),
    // @ts-expect-error a misspelled flag
    flags.int('replica'),
    // @ts-expect-error a misspelled flag asked whether it was given
    flags.changed('replica'),
    // @ts-expect-error a bool flag read as a string
    flags.string('all'),
    // @ts-expect-error an int flag read as a list
    flags.strings('replicas'),
    // @ts-expect-error a string flag read as a duration
    flags.durationMs('resource-version'),
    // @ts-expect-error a flag `scale` does not declare
    flags.bool('overwrite'),
  ];
}

/** A helper that reads `--watch`, as a shared helper declares the slice of flags it reads. */
function watches(flags: FlagReader<{ name: 'watch'; type: 'bool' }>): boolean {
  return flags.bool('watch');
}

/** A helper that reads `--replicas` as a string. */
function replicasText(flags: FlagReader<{ name: 'replicas'; type: 'string' }>): string {
  return flags.string('replicas') ?? '';
}

/** Handing `scale`'s flags to helpers: only those whose flags `scale` declares, with their types. */
export function scaleHelpers(flags: Flags): unknown[] {
  return [
    dryRunMode(flags),
    // @ts-expect-error `scale` has no `--watch`
    watches(flags),
    // @ts-expect-error `scale`'s `--replicas` is an int
    replicasText(flags),
  ];
}

const flags = [
  { name: 'watch', short: 'w', type: 'bool', default: false, description: 'Watch.' },
  { name: 'replicas', type: 'int', default: 0, description: 'Replicas.' },
] as const satisfies readonly FlagSpec[];

async function watchRunner(_ctx: unknown, _args: string[], f: FlagReader<{ name: 'watch'; type: 'bool' }>): Promise<void> {
  watches(f);
}

async function namespaceRunner(_ctx: unknown, _args: string[], f: FlagReader<{ name: 'namespace'; type: 'string' }>): Promise<void> {
  void f.string('namespace');
}

/** A spec whose runner reads a subset of its flags. */
export const good: CommandSpec<typeof flags> = {
  name: 'good', usage: '', summary: '', description: '', examples: [], flags,
  load: async () => watchRunner,
};

/** A spec whose runner reads a flag the spec does not declare. */
export const bad: CommandSpec<typeof flags> = {
  name: 'bad', usage: '', summary: '', description: '', examples: [], flags,
  // @ts-expect-error the runner reads `--namespace`, which the spec does not declare
  load: async () => namespaceRunner,
};

const watchOnly = [flags[0]] as const satisfies readonly FlagSpec[];

async function watchAndReplicasRunner(_ctx: unknown, _args: string[], f: FlagReader<(typeof flags)[number]>): Promise<void> {
  watches(f);
  void f.int('replicas');
}

/**
 * A spec whose runner reads one flag more than the spec declares. With accessors compared
 * bivariantly (methods), a reader of fewer flags would pass for one of more: these must fail.
 */
export const fewer: CommandSpec<typeof watchOnly> = {
  name: 'fewer', usage: '', summary: '', description: '', examples: [], flags: watchOnly,
  // @ts-expect-error the runner also reads `--replicas`
  load: async () => watchAndReplicasRunner,
};

/** A command's flags handed to a helper that reads one flag more. */
export function fewerFlags(f: FlagReader<(typeof watchOnly)[number]>): Promise<void> {
  // @ts-expect-error the command has no `--replicas`
  return watchAndReplicasRunner(undefined, [], f);
}

/** Any command's spec is a `CommandSpec`, as the command tree takes it. */
export const tree: CommandSpec[] = [good, bad, fewer];
