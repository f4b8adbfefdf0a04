/**
 * `apply view-last-applied`: the last-applied annotation of each object named by the arguments or
 * files, as YAML (sorted keys) or as its JSON re-indented, one after another as kubectl prints
 * them (no separator). An object without the annotation is an error when it came from a file and
 * is skipped silently when named on the command line, as in kubectl.
 */
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { hasManifestInput, readsStdin } from '../../../manifests/manifest-flags.js';
import { NO_RESOURCES_MESSAGE } from '../../../manifests/no-resources.js';

/** Runs `apply view-last-applied`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length === 0 && !hasManifestInput(flags)) throw new UsageError(NO_RESOURCES_MESSAGE, false);
  const client = await ctx.client({ stdinInUse: readsStdin(flags) });
  const { recordedConfigurations } = await import('../shared/recorded-configurations.js');
  const configurations: string[] = [];
  for (const { live, text } of await recordedConfigurations(ctx, flags, client, args)) {
    if (text !== undefined) {
      configurations.push(text);
      continue;
    }
    // kubectl's AddSourceToErr wrapping a nil error: a file names the object in a broken message, an argument drops it.
    if (live.source !== undefined) throw new UsageError(`error when no last-applied-configuration annotation found on resource: ${live.name}\n ${JSON.stringify(live.source)}: <nil>`, false);
  }
  const format = flags.string('output') ?? 'yaml';
  const [{ jsonIndent }, { toYaml }] = await Promise.all([import('../../../../printers/encoding/json-indent.js'), import('../../../../machinery/yaml/emit.js')]);
  for (const text of configurations) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new UsageError((err as Error).message, false);
    }
    if (format === 'json') ctx.io.stdout.write(jsonIndent(text, '  '));
    else if (format === 'yaml') ctx.io.stdout.write(toYaml(parsed));
    else throw new UsageError(`Unexpected -o output mode: ${format}, the flag 'output' must be one of yaml|json`);
  }
}
