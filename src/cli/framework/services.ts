/**
 * The glue from a command to the SDK: global flags become config overrides, the config files are
 * loaded once, and one client per command is created with the CLI's logging, warning and exec-plugin
 * wiring. Everything is lazy: a command that never talks to a server never loads any of it.
 */
import type { ConfigOverrides } from '../../sdk/config/overrides.js';
import type { ClientConfig } from '../../sdk/config/client-config.js';
import type { LoadedConfig } from '../../sdk/config/types.js';
import type { PlatformClient } from '../../sdk/client.js';
import { clientVersion } from '../build-info.js';
import type { GlobalOptions } from '../flags/global.js';
import type { CliIO } from '../io/io.js';

/**
 * client-go's `ConfigOverrides` from kubectl's global flags. `parseRequestTimeout` is passed in so
 * that this module (on every command's start-up path) does not import the config layer statically.
 */
export function overridesFromGlobals(g: GlobalOptions, parseRequestTimeout: (value: string) => number): ConfigOverrides {
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

/** Options of {@link Services.client}. */
export interface ClientRequestOptions {
  /** The command reads stdin itself (`-f -`), so exec plugins must not be interactive. */
  stdinInUse?: boolean;
}

/** Lazily created SDK services of one command invocation. */
export interface Services {
  /** The merged config files (`--kubeconfig`, `$PLATFORMCONFIG`, `~/.platform/config`). */
  loadedConfig(): Promise<LoadedConfig>;
  /** The resolved connection settings: files, global-flag overrides, in-cluster fallback. */
  clientConfig(): Promise<ClientConfig>;
  /** The client of this command (created once). */
  client(options?: ClientRequestOptions): Promise<PlatformClient>;
  /** The namespace of the command: `-n`, then the context's, then `default`; `explicit` when not the fallback. */
  namespace(): Promise<{ namespace: string; explicit: boolean }>;
  /** Number of distinct server warnings printed so far (for `--warnings-as-errors`). */
  readonly warningCount: number;
}

/** Creates the services of one invocation. `warn` prints `Warning: ...` once per text. */
export function createServices(io: CliIO, globals: GlobalOptions, warn: (text: string) => void): Services {
  let loaded: Promise<LoadedConfig> | undefined;
  let resolved: Promise<ClientConfig> | undefined;
  let client: Promise<PlatformClient> | undefined;
  let warnings = 0;
  const services: Services = {
    loadedConfig() {
      loaded ??= import('../../sdk/config/load.js').then(({ loadConfig }) =>
        loadConfig({ explicitPath: globals.kubeconfig, env: io.env, homedir: io.homedir, cwd: io.cwd }),
      );
      return loaded;
    },
    clientConfig() {
      resolved ??= (async () => {
        const [l, { resolveClientConfig }, { parseRequestTimeout }] = await Promise.all([
          services.loadedConfig(),
          import('../../sdk/config/resolve.js'),
          import('../../sdk/config/overrides.js'),
        ]);
        return resolveClientConfig(l, overridesFromGlobals(globals, parseRequestTimeout), { env: io.env, cwd: io.cwd });
      })();
      return resolved;
    },
    client(options: ClientRequestOptions = {}) {
      client ??= (async () => {
        const [config, { createClient }, { BINARY_NAME }] = await Promise.all([services.clientConfig(), import('../../sdk/client.js'), import('../../sdk/naming.js')]);
        return createClient(config, {
          env: io.env,
          verbosity: globals.verbosity,
          logger: (line: string) => io.stderr.write(`${line}\n`),
          onWarning: (text: string) => {
            warnings++;
            warn(text);
          },
          version: clientVersion().gitVersion,
          // The CLI is platformctl whatever script runs it (tests run it in-process).
          program: BINARY_NAME,
          exec: {
            stdin: 'inherit',
            stdinIsTTY: io.stdinIsTTY,
            ...(io.beforeInteractivePlugin === undefined ? {} : { beforeInteractive: io.beforeInteractivePlugin }),
            stdinInUse: options.stdinInUse === true,
            // kubectl's resource builder names itself as what holds stdin.
            ...(options.stdinInUse === true ? { stdinInUseMessage: 'used by stdin resource manifest reader' } : {}),
            stderr: { write: (chunk: string | Uint8Array) => io.stderr.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')) },
          },
        });
      })();
      return client;
    },
    async namespace() {
      const config = await services.clientConfig();
      return { namespace: config.namespace === '' ? 'default' : config.namespace, explicit: config.namespaceExplicit === true };
    },
    get warningCount() {
      return warnings;
    },
  };
  return services;
}
