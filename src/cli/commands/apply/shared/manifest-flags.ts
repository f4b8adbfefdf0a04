/**
 * The `-f`/`-R` flags of the manifest-driven commands and reading the manifests they name, with
 * kubectl's messages for an empty input.
 */
import type { Manifest, ReadManifestsOptions } from '../../../../sdk/apply/manifests.js';
import type { CommandContext } from '../../../framework/context.js';
import type { FlagValues } from '../../../framework/flag-values.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { failuresError } from './error-list.js';
import type { ProgressLine } from './progress.js';

/** `-f, --filename` with kubectl's description for the given verb (`to apply`, `to create`, ...). */
export function filenameFlag(description: string): FlagSpec {
  return { name: 'filename', short: 'f', type: 'stringSlice', default: [], description, complete: { kind: 'file', extensions: ['json', 'yaml', 'yml'] } };
}

/** `-R, --recursive`. */
export const RECURSIVE_FLAG: FlagSpec = {
  name: 'recursive', short: 'R', type: 'bool', default: false,
  description: 'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.',
};

/** Whether any `-f` source is standard input (exec plugins must then not read it). */
export function readsStdin(flags: FlagValues): boolean {
  return flags.strings('filename').includes('-');
}

/**
 * Reads the manifests named by `-f` (and `-R`) relative to the working directory. Every broken
 * manifest is reported (one line each, `file:line:col: ...`) before anything is sent. `progress`
 * shows `reading N/M files...` while a big directory is read.
 */
export async function readCommandManifests(
  ctx: CommandContext,
  flags: FlagValues,
  options: Pick<ReadManifestsOptions, 'requireName'> & { progress?: ProgressLine } = {},
): Promise<Manifest[]> {
  const sources = flags.strings('filename');
  if (sources.length === 0) throw new UsageError('must specify one of -f and -k');
  const { readManifests, ManifestErrors } = await import('../../../../sdk/apply/manifests.js');
  const { progress } = options;
  let started = false;
  try {
    return await readManifests(sources, {
      cwd: ctx.io.cwd,
      recursive: flags.bool('recursive'),
      stdin: () => ctx.io.stdin(),
      signal: ctx.io.signal,
      requireName: options.requireName,
      onRead: progress === undefined ? undefined : (read, total) => {
        if (!started) progress.start('reading', total, 'files');
        started = true;
        progress.update(read);
      },
    });
  } catch (err) {
    progress?.clear();
    if (err instanceof ManifestErrors && err.errors.length > 1) throw (await failuresError(err.errors, ctx.commandPath)) ?? err;
    throw err;
  }
}
