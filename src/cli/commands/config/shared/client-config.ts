/**
 * The glue every server-talking command needs: global flags to {@link ConfigOverrides}, and the
 * resolved {@link ClientConfig} for the command's context. (Lives here until the CLI has a
 * services module; it has no dependency on the `config` commands.)
 */
import { loadConfig, parseRequestTimeout, resolveClientConfig } from '../../../../sdk/config/index.js';
import type { ClientConfig, ConfigOverrides, LoadedConfig } from '../../../../sdk/config/index.js';
import type { CommandContext } from '../../../framework/context.js';
import type { GlobalOptions } from '../../../flags/global.js';
import { loadOptions } from './access.js';

/** client-go's `ConfigOverrides` from kubectl's global flags. */
export function overridesFromGlobals(g: GlobalOptions): ConfigOverrides {
  const o: ConfigOverrides = {};
  const strings = {
    context: g.context, cluster: g.cluster, user: g.user, namespace: g.namespace, server: g.server,
    certificateAuthority: g.certificateAuthority, tlsServerName: g.tlsServerName, token: g.token, username: g.username,
    password: g.password, clientCertificate: g.clientCertificate, clientKey: g.clientKey, cacheDir: g.cacheDir,
  } as const;
  for (const [key, value] of Object.entries(strings)) {
    if (value !== undefined && value !== '') (o as Record<string, string>)[key] = value;
  }
  if (g.insecureSkipTlsVerifySet) o.insecureSkipTlsVerify = g.insecureSkipTlsVerify;
  if (g.disableCompression) o.disableCompression = true;
  const impersonate = {
    ...(g.as === undefined ? {} : { user: g.as }),
    ...(g.asGroups.length === 0 ? {} : { groups: [...g.asGroups] }),
    ...(g.asUid === undefined ? {} : { uid: g.asUid }),
  };
  if (Object.keys(impersonate).length > 0) o.impersonate = impersonate;
  const timeout = parseRequestTimeout(g.requestTimeout);
  if (timeout > 0) o.requestTimeoutMs = timeout;
  return o;
}

/** Loads the config files of the command's context (`--kubeconfig`, `$PLATFORMCONFIG`, home). */
export function loadCommandConfig(ctx: CommandContext): Promise<LoadedConfig> {
  return loadConfig(loadOptions(ctx));
}

/** The client configuration for the command: files, global-flag overrides, in-cluster fallback. */
export async function clientConfigFor(ctx: CommandContext, options: { inClusterDir?: string } = {}): Promise<ClientConfig> {
  const loaded = await loadCommandConfig(ctx);
  return resolveClientConfig(loaded, overridesFromGlobals(ctx.globals), { env: ctx.io.env, cwd: ctx.io.cwd, inClusterDir: options.inClusterDir });
}
