/**
 * The `-f`/`-R`/`-k` flags of the manifest-driven commands and reading the manifests they name,
 * with kubectl's messages for an empty or contradictory input.
 */
import type { Manifest, ReadManifestsOptions } from '../../sdk/apply/manifests.js';
import type { CommandContext } from '../framework/context.js';
import type { FlagReader } from '../framework/flag-reader.js';
import type { FlagSpec } from '../framework/spec.js';
import { UsageError } from '../framework/usage-error.js';
import { failuresError } from '../writes/error-list.js';
import type { ProgressLine } from '../writes/progress.js';
import type { fieldValidation } from '../writes/validate.js';

/** `-f, --filename` with kubectl's description for the given verb (`to apply`, `to create`, ...). */
export function filenameFlag(description: string) {
  return { name: 'filename', short: 'f', type: 'stringSlice', default: [], description, complete: { kind: 'file', extensions: ['json', 'yaml', 'yml'] } } as const satisfies FlagSpec;
}

/** `-f` as the helpers that read it name it. */
export type FilenameFlag = ReturnType<typeof filenameFlag>;

/** `-f` with kubectl's text for the commands that get the objects it names (`get`, `rollout`, `set`). */
export const FILENAME_TO_GET_FLAG = filenameFlag('Filename, directory, or URL to files identifying the resource to get from a server.');

/** `-f` with kubectl's text for `patch` and `certificate approve`/`deny`. */
export const FILENAME_TO_UPDATE_FLAG = filenameFlag('Filename, directory, or URL to files identifying the resource to update');

/** `-R, --recursive`. */
export const RECURSIVE_FLAG = { name: 'recursive', short: 'R', type: 'bool', default: false, description: 'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.' } as const satisfies FlagSpec;

/** `-k, --kustomize` (kubectl says "a" or "the" kustomization directory depending on the command). */
export function kustomizeFlag(article: 'a' | 'the' = 'the') {
  return { name: 'kustomize', short: 'k', type: 'string', default: '', description: `Process ${article} kustomization directory. This flag can't be used together with -f or -R.`, complete: { kind: 'dir' } } as const satisfies FlagSpec;
}

/** `-k` as the helpers read it (its name and type are those of every command's `-k`). */
const KUSTOMIZE_FLAG = kustomizeFlag();

/** The `-k` directory, or '' (commands without the flag read as ''). */
export function kustomizeDir(flags: FlagReader<never>): string {
  return flags.optional(KUSTOMIZE_FLAG) ?? '';
}

/** Whether `-f` or `-k` names any manifests. */
export function hasManifestInput(flags: FlagReader<FilenameFlag>): boolean {
  return flags.strings('filename').length > 0 || kustomizeDir(flags) !== '';
}

/** Whether any `-f` source is standard input (exec plugins must then not read it). */
export function readsStdin(flags: FlagReader<FilenameFlag>): boolean {
  return flags.strings('filename').includes('-');
}

/** kubectl's checks of `-f`, `-R` and `-k` together (`-k` and `-R` read as absent when the command has none). */
export function validateManifestFlags(flags: FlagReader<FilenameFlag>): void {
  const kustomize = kustomizeDir(flags);
  if (kustomize === '') return;
  if (flags.strings('filename').length > 0) throw new UsageError('only one of -f or -k can be specified', false);
  // Only an explicit -R: `wait` recurses by default (kubectl's resource builder flags) and still takes -k.
  if (flags.optionalChanged(RECURSIVE_FLAG) && flags.optional(RECURSIVE_FLAG) === true) throw new UsageError("the -k flag can't be used with -f or -R", false);
}

/** Builds the `-k` directory into manifests (kustomize's warnings go to stderr). */
async function kustomizeManifests(ctx: CommandContext, dir: string): Promise<Manifest[]> {
  const [{ buildKustomization }, path] = await Promise.all([import('../../sdk/kustomize/index.js'), import('node:path')]);
  const result = await buildKustomization(path.resolve(ctx.io.cwd, dir), { legacyReorder: true });
  for (const warning of result.warnings) ctx.io.stderr.write(`${warning}\n`);
  return result.objects.map((object, documentIndex) => ({ object, source: dir, documentIndex, line: 1 }));
}

/**
 * Reads the manifests named by `-f` (and `-R`), or built from `-k`, relative to the working
 * directory. Every broken manifest is reported (one line each, `file:line:col: ...`) before anything
 * is sent. `progress` shows `reading N/M files...` while a big directory is read.
 */
export async function readCommandManifests(
  ctx: CommandContext,
  flags: FlagReader<FilenameFlag>,
  options: Pick<ReadManifestsOptions, 'requireName'> & {
    /**
     * Collects the errors of documents and files that are not manifests (a kustomization file in a
     * `-f` directory, a document without a kind) instead of failing, so that the command writes
     * the others and reports these last, as kubectl does.
     */
    errors?: unknown[];
    progress?: ProgressLine;
    /**
     * The command's `--validate` (as {@link fieldValidation} reads it) when the command checks
     * manifests against a schema as it reads them (kubectl's create, apply and replace give their
     * builder one), so that it decides how a document without a type is reported (validated
     * unless `Ignore`); the others report kubectl's decoding error.
     */
    schemaValidation?: ReturnType<typeof fieldValidation>;
  } = {},
): Promise<Manifest[]> {
  validateManifestFlags(flags);
  // `-k` and `-R` are not flags of every command that reads manifests.
  const kustomize = kustomizeDir(flags);
  if (kustomize !== '') return kustomizeManifests(ctx, kustomize);
  const sources = flags.strings('filename');
  if (sources.length === 0) throw new UsageError('must specify one of -f and -k');
  const { readManifests, ManifestErrors } = await import('../../sdk/apply/manifests.js');
  const { progress } = options;
  let started = false;
  try {
    return await readManifests(sources, {
      cwd: ctx.io.cwd,
      recursive: flags.optional(RECURSIVE_FLAG) ?? false,
      stdin: () => ctx.io.stdin(),
      signal: ctx.io.signal,
      requireName: options.requireName,
      kustomizationErrors: options.errors,
      documentErrors: options.errors,
      validate: options.schemaValidation !== undefined && options.schemaValidation !== 'Ignore',
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
