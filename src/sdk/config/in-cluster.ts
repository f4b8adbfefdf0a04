/**
 * The in-cluster fallback: inside a pod, with `PLATFORM_SERVICE_HOST`/`PLATFORM_SERVICE_PORT` set
 * and a service-account token mounted, talk to the cluster's API service with that token.
 */
import { CREDENTIAL_FILE_LIMIT, readTextFileLimited } from '../bounded-read.js';
import { stat } from '../fs-async.js';
import * as path from 'node:path';
import { ConfigError } from '../errors.js';
import { IN_CLUSTER_DIR, IN_CLUSTER_HOST_ENV, IN_CLUSTER_PORT_ENV, NAMESPACES } from '../naming.js';
import type { ClientConfig } from './client-config.js';
import { goPathError } from './fs-errors.js';
import type { ConfigOverrides } from './overrides.js';

/** Where to look for the in-cluster environment. */
export interface InClusterOptions {
  /** Environment variables (never read from `process.env` here). */
  env: Readonly<Record<string, string | undefined>>;
  /** Directory holding `token`, `ca.crt` and `namespace` (default `/var/run/secrets/platform.io/serviceaccount`). */
  dir?: string | undefined;
}

function dirOf(options: InClusterOptions): string {
  return options.dir ?? IN_CLUSTER_DIR;
}

/** Whether the in-cluster configuration can be used: host and port set, token file present. */
export async function inClusterPossible(options: InClusterOptions): Promise<boolean> {
  const host = options.env[IN_CLUSTER_HOST_ENV] ?? '';
  const port = options.env[IN_CLUSTER_PORT_ENV] ?? '';
  if (host === '' || port === '') return false;
  try {
    return !(await stat(path.join(dirOf(options), 'token'))).isDirectory();
  } catch {
    return false;
  }
}

/** `host:port`, with IPv6 addresses bracketed (Go's `net.JoinHostPort`). */
export function joinHostPort(host: string, port: string): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readTextFileLimited(file, CREDENTIAL_FILE_LIMIT);
  } catch {
    return undefined;
  }
}

/**
 * The in-cluster client configuration: `https://host:port`, the token (its file is re-read by the
 * transport, as tokens are rotated), `ca.crt` when present, and the namespace from `-n`, then
 * `POD_NAMESPACE`, then the `namespace` file, then `default`. `--server`, `--token` and
 * `--certificate-authority` override the mounted values, as in client-go.
 */
export async function inClusterConfig(options: InClusterOptions, overrides: ConfigOverrides = {}, cwd?: string): Promise<ClientConfig> {
  const dir = dirOf(options);
  const host = options.env[IN_CLUSTER_HOST_ENV] ?? '';
  const port = options.env[IN_CLUSTER_PORT_ENV] ?? '';
  if (host === '' || port === '') {
    throw new ConfigError(`unable to load in-cluster configuration, ${IN_CLUSTER_HOST_ENV} and ${IN_CLUSTER_PORT_ENV} must be defined`);
  }
  const tokenFile = path.join(dir, 'token');
  let token: string;
  try {
    token = await readTextFileLimited(tokenFile, CREDENTIAL_FILE_LIMIT);
  } catch (err) {
    throw new ConfigError(goPathError('open', tokenFile, err), { cause: err });
  }
  const config: ClientConfig = {
    server: `https://${joinHostPort(host, port)}`,
    namespace: NAMESPACES.default,
    inCluster: true,
    bearerToken: token.trim(),
    bearerTokenFile: tokenFile,
  };
  const caFile = path.join(dir, 'ca.crt');
  const ca = await readOptional(caFile);
  if (ca !== undefined && ca.includes('-----BEGIN CERTIFICATE-----')) {
    config.caData = ca;
    config.caFile = caFile;
  }
  if ((overrides.server ?? '') !== '') config.server = overrides.server as string;
  if ((overrides.token ?? '') !== '') {
    config.bearerToken = overrides.token as string;
    delete config.bearerTokenFile;
  }
  const caOverride = overrides.certificateAuthority ?? '';
  if (caOverride !== '') {
    const file = cwd === undefined ? caOverride : path.resolve(cwd, caOverride);
    try {
      config.caData = await readTextFileLimited(file, CREDENTIAL_FILE_LIMIT);
    } catch (err) {
      throw new ConfigError(`unable to read certificate-authority ${caOverride} due to ${goPathError('open', caOverride, err)}`, { cause: err });
    }
    config.caFile = file;
  }
  const ns = overrides.namespace ?? '';
  if (ns !== '') {
    config.namespace = ns;
    config.namespaceExplicit = true;
  } else {
    const fromEnv = options.env.POD_NAMESPACE ?? '';
    const fromFile = ((await readOptional(path.join(dir, 'namespace'))) ?? '').trim();
    const found = fromEnv !== '' ? fromEnv : fromFile;
    if (found !== '') {
      config.namespace = found;
      config.namespaceExplicit = true;
    }
  }
  if (overrides.requestTimeoutMs !== undefined && overrides.requestTimeoutMs > 0) config.timeoutMs = overrides.requestTimeoutMs;
  const imp = overrides.impersonate;
  if ((imp?.user ?? '') !== '') {
    config.impersonate = {
      user: imp?.user as string,
      ...((imp?.groups ?? []).length > 0 ? { groups: [...(imp?.groups ?? [])] } : {}),
      ...((imp?.uid ?? '') !== '' ? { uid: imp?.uid as string } : {}),
    };
  }
  return config;
}
