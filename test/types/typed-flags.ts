/**
 * Type tests of typed flags: a command's `run` reads its flags through the `Flags` type its spec
 * exports (`FlagsOfSpec<typeof spec>` of a `defineCommand` declaration), so that a misspelled
 * flag, a flag the command does not declare, or a read with the wrong accessor does not compile; a
 * helper's slice of flags, an inline flag and the runner a spec loads are checked the same way.
 * Compiled by test/unit/cli/framework/typed-flags.test.ts with the repository's settings, never
 * run. Every `@ts-expect-error` line must fail to compile.
 */
import type { Flags as DeploymentFlags } from '../../src/cli/commands/create/deployment/spec.js';
import { readOidcFlags } from '../../src/cli/commands/login/shared/oidc-flags.js';
import type { Flags } from '../../src/cli/commands/scale/spec.js';
import type { CommandContext } from '../../src/cli/framework/context.js';
import { defineCommand, type FlagsOfSpec } from '../../src/cli/framework/define-command.js';
import type { FlagReader } from '../../src/cli/framework/flag-reader.js';
import { FlagValues } from '../../src/cli/framework/flag-values.js';
import type { CommandSpec } from '../../src/cli/framework/spec.js';
import { LABEL_COLUMNS_FLAG } from '../../src/cli/output/flags.js';
import { requireFlags, startGenerator } from '../../src/cli/resource-builders/generated.js';
import { ALL_FLAG, SELECTOR_FLAG, selectionFromFlags, type SelectionFlag } from '../../src/cli/resource/selection.js';
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

/**
 * A helper serving commands of which only some declare `--all`: it reads the flags every caller
 * declares by name, checked against its slice, and `--all` through the flag's constant, typed by
 * the constant's type (and undefined where the running command lacks it).
 */
export function selects(flags: FlagReader<SelectionFlag>): unknown[] {
  const all: boolean | undefined = flags.optional(ALL_FLAG);
  const selector: string | undefined = flags.optional(SELECTOR_FLAG);
  const labels: string[] | undefined = flags.optional(LABEL_COLUMNS_FLAG);
  return [
    all, selector, labels,
    flags.string('selector'),
    flags.bool('all-namespaces'),
    // @ts-expect-error a helper's misspelled flag
    flags.string('selectr'),
    // @ts-expect-error a flag outside the helper's slice, read by name
    flags.bool('all'),
    // @ts-expect-error an optional read takes the flag's spec, not a name
    flags.optional('all'),
    // @ts-expect-error an optional read's value has the spec's type: `--all` is a bool
    ((): string | undefined => flags.optional(ALL_FLAG))(),
    // @ts-expect-error an optional read takes a flag spec, which has a description
    flags.optional({ name: 'all', type: 'bool' }),
  ];
}

/** Values of some flags, keyed by their specs: each value of its flag's type. */
export function someFlags(): unknown[] {
  return [
    FlagValues.of([SELECTOR_FLAG, ALL_FLAG], ['app=web', true]),
    // @ts-expect-error `--all` is a bool
    FlagValues.of([SELECTOR_FLAG, ALL_FLAG], ['app=web', 'true']),
  ];
}

/** Handing commands' flags to the shared helpers: each compiles only with the flags it reads. */
export async function sharedHelpers(ctx: CommandContext, scale: Flags, deployment: DeploymentFlags): Promise<unknown[]> {
  requireFlags(scale, ['replicas']);
  await startGenerator(ctx, [], deployment, ['image']);
  await startGenerator(ctx, [], deployment);
  return [
    // @ts-expect-error `scale` has no `-A`, which every caller of the selection declares
    selectionFromFlags(scale),
    // @ts-expect-error `scale` has no `--issuer` or `--client-id`
    readOidcFlags(scale, ''),
    // @ts-expect-error a misspelled required flag
    requireFlags(scale, ['replica']),
    // @ts-expect-error a required flag the generator does not declare
    await startGenerator(ctx, [], deployment, ['schedule']),
  ];
}

/** A helper that reads `--namespace`. */
async function namespaceRunner(_ctx: unknown, _args: string[], f: FlagReader<{ name: 'namespace'; type: 'string' }>): Promise<void> {
  void f.string('namespace');
}

/**
 * A command declared with its flags inline, whose runner reads them as `FlagsOfSpec<typeof spec>`
 * (the runner's type depends on the spec and the spec's `load` on the runner, as `run.ts` and
 * `spec.ts` do: this must compile).
 */
export const good = defineCommand({
  name: 'good', usage: '', summary: '', description: '', examples: [],
  flags: [
    { name: 'watch', short: 'w', type: 'bool', default: false, description: 'Watch.' },
    { name: 'replicas', type: 'int', default: 0, description: 'Replicas.' },
  ],
  load: async () => goodRunner,
});

async function goodRunner(_ctx: unknown, _args: string[], f: FlagsOfSpec<typeof good>): Promise<void> {
  watches(f);
  void f.int('replicas');
  // @ts-expect-error a misspelled flag of an inline declaration
  void f.int('replica');
  // @ts-expect-error an int flag read as a bool
  void f.bool('replicas');
}

/** An inline flag must be a `FlagSpec`. */
export const mistyped = defineCommand({
  name: 'mistyped', usage: '', summary: '', description: '', examples: [],
  flags: [
    // @ts-expect-error a flag type that does not exist
    { name: 'watch', type: 'boolean', default: false, description: 'Watch.' },
  ],
});

/** A spec whose runner reads a flag the spec does not declare. */
export const bad = defineCommand({
  name: 'bad', usage: '', summary: '', description: '', examples: [],
  flags: [{ name: 'watch', short: 'w', type: 'bool', default: false, description: 'Watch.' }],
  load: async () => namespaceRunner,
});

async function watchAndReplicasRunner(_ctx: unknown, _args: string[], f: FlagsOfSpec<typeof good>): Promise<void> {
  watches(f);
  void f.int('replicas');
}

/**
 * A spec whose runner reads one flag more than the spec declares. With accessors compared
 * bivariantly (methods), a reader of fewer flags would pass for one of more: these must fail.
 */
export const fewer = defineCommand({
  name: 'fewer', usage: '', summary: '', description: '', examples: [],
  flags: [{ name: 'watch', short: 'w', type: 'bool', default: false, description: 'Watch.' }],
  load: async () => watchAndReplicasRunner,
});

/** A command's flags handed to a helper that reads one flag more. */
export function fewerFlags(f: FlagsOfSpec<typeof fewer>): Promise<void> {
  // @ts-expect-error the command has no `--replicas`
  return watchAndReplicasRunner(undefined, [], f);
}

/** A group: no flags, subcommands. */
export const group = defineCommand({
  name: 'group', usage: '', summary: '', description: '', examples: [], flags: [], subcommands: [good],
});

/**
 * Any command's spec is a `CommandSpec`, as the command tree takes it, unless its runner reads a
 * flag the spec does not declare: the runner is checked where the spec is listed, because a check
 * in `defineCommand` itself would make the type of a spec depend on itself.
 */
export const tree: CommandSpec[] = [
  good,
  group,
  // @ts-expect-error the runner reads `--namespace`, which the spec does not declare
  bad,
  // @ts-expect-error the runner also reads `--replicas`
  fewer,
];
