/**
 * `loadClient`: the usual case in one call. The config is found as the CLI finds it
 * (`$PLATFORMCONFIG`, else `~/.platform/config`, else the in-cluster service account), a context and
 * namespace are chosen, and a client is made for it.
 */
import { homedir } from 'node:os';
import { createClient, type ClientOptions, type PlatformClient } from './client.js';
import { loadConfig } from './config/load.js';
import type { ConfigOverrides } from './config/overrides.js';
import { resolveClientConfig } from './config/resolve.js';

/** Options of {@link loadClient}: what to pick from the config, and the client's own options. */
export interface LoadClientOptions extends ClientOptions {
  /** A config file to read instead of `$PLATFORMCONFIG` / `~/.platform/config` (as `--kubeconfig`). */
  kubeconfig?: string | undefined;
  /** The context to use instead of `current-context` (as `--context`). */
  context?: string | undefined;
  /** The default namespace instead of the context's (as `-n`). */
  namespace?: string | undefined;
  /** Other overrides, as the global flags give them (`server`, `user`, `token`, impersonation ...). */
  overrides?: ConfigOverrides | undefined;
  /** Home directory for `~/.platform/config` (default: the user's). */
  homedir?: string | undefined;
  /** Directory relative file names in the config resolve against (default: the process's). */
  cwd?: string | undefined;
}

/**
 * Loads the config as `platformctl` does and returns a client for its current (or the given)
 * context. Rejects with a `ConfigError` naming the file for a bad or missing config.
 *
 * ```ts
 * const client = await loadClient({ namespace: 'team-a' });
 * const cm = await client.configMaps().get('settings');
 * ```
 */
export async function loadClient(options: LoadClientOptions = {}): Promise<PlatformClient> {
  const { kubeconfig, context, namespace, overrides, homedir: home, cwd, ...clientOptions } = options;
  const env = clientOptions.env ?? process.env;
  const loaded = await loadConfig({ explicitPath: kubeconfig, env, homedir: home ?? homedir(), cwd });
  const picked: ConfigOverrides = { ...overrides };
  if (context !== undefined) picked.context = context;
  if (namespace !== undefined) picked.namespace = namespace;
  const config = await resolveClientConfig(loaded, picked, { env, cwd });
  return createClient(config, { ...clientOptions, env });
}
