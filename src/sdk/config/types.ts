/**
 * What loading config files produces: the files, where they come from and their merge. The file
 * model itself lives in sdk/types (kubeconfig.ts), where the server may import it too.
 *
 * @packageDocumentation
 */
import type { ConfigModel } from '../types/kubeconfig.js';

export type { NamedExtension, ClusterEntry, ExecEnvEntry, ExecEntry, AuthProviderEntry, UserEntry, ContextEntry, Preferences, EntryKind, ConfigModel } from '../types/kubeconfig.js';

/** One config file as read from disk. */
export interface ConfigFile {
  /** The path as it was named (flag, environment variable or default). */
  readonly path: string;
  /** Whether the file existed when it was read. */
  readonly exists: boolean;
  /** Its content. */
  readonly model: ConfigModel;
  /** Top-level fields other than the known ones, kept when the file is rewritten. */
  readonly extra: Record<string, unknown>;
}

/** Which files a configuration is loaded from and written to (client-go's `ConfigAccess`). */
export interface ConfigAccess {
  /** `--kubeconfig`: the only file read and written when set. */
  readonly explicitPath?: string;
  /** The files read, first wins: the explicit file, else `$PLATFORMCONFIG` entries, else `~/.platform/config`. */
  readonly precedence: readonly string[];
  /** Whether the list came from `$PLATFORMCONFIG`. */
  readonly fromEnv: boolean;
  /** Directory relative paths (in the list and in flags) are relative to; absent: the process's. */
  readonly cwd?: string;
  /** Home directory (for the default cache dir). */
  readonly homedir: string;
}

/** Which file each merged entry came from. */
export interface ConfigOrigins {
  clusters: Map<string, string>;
  users: Map<string, string>;
  contexts: Map<string, string>;
  /** File that set `current-context` (the first with a non-empty value). */
  currentContext?: string;
}

/** The result of {@link loadConfig}: the merged configuration and where each part came from. */
export interface LoadedConfig {
  readonly access: ConfigAccess;
  /** Every file of the precedence list, in order, including missing ones (`exists: false`). */
  readonly files: readonly ConfigFile[];
  /** The merged configuration, paths as written in the files (not resolved). */
  readonly config: ConfigModel;
  readonly origins: ConfigOrigins;
}
