/**
 * How the `config` commands find their files: `--kubeconfig`, `$PLATFORMCONFIG` and the home
 * directory, all taken from the command context (never from `process`).
 */
// Imported module by module (not through the SDK index) so that read-only commands load only the reader.
import { loadConfig } from '../../../../sdk/config/load.js';
import type { LoadConfigOptions } from '../../../../sdk/config/load.js';
import { defaultFilename } from '../../../../sdk/config/paths.js';
import type { LoadedConfig } from '../../../../sdk/config/types.js';
import type { CommandContext } from '../../../framework/context.js';

/** Loading options for the command's context. */
export function loadOptions(ctx: CommandContext): LoadConfigOptions {
  return { explicitPath: ctx.globals.kubeconfig, env: ctx.io.env, homedir: ctx.io.homedir, cwd: ctx.io.cwd };
}

/** The merged configuration the `config` commands start from (kubectl's `GetStartingConfig`). */
export function startingConfig(ctx: CommandContext): Promise<LoadedConfig> {
  return loadConfig(loadOptions(ctx));
}

/** The file kubectl names in `deleted context x from FILE` and similar messages. */
export function messageFile(loaded: LoadedConfig): string {
  return loaded.access.explicitPath ?? defaultFilename(loaded.access);
}
