/**
 * From a loaded configuration and overrides to the {@link ClientConfig} the transport uses: pick
 * the context, user and cluster (client-go's `DirectClientConfig`), apply the overrides, validate
 * with client-go's rules and messages, read the files the entries point to, and fall back to the
 * in-cluster service account when nothing is configured.
 */
import { CREDENTIAL_FILE_LIMIT, readTextFileLimited } from '../bounded-read.js';
import * as path from 'node:path';
import { ConfigError } from '../errors.js';
import { CACHE_DIR_NAME, CONFIG_ENV, CONTEXT_ENV, EXEC_CLUSTER_EXTENSION, HOME_DIR_NAME, NAMESPACE_ENV, NAMESPACES } from '../naming.js';
import type { ClientConfig, ExecClusterInfo, ExecConfig } from './client-config.js';
import { goPathError } from './fs-errors.js';
import { inClusterConfig, inClusterPossible } from './in-cluster.js';
import type { ConfigOverrides } from './overrides.js';
import { isPathCommand, originDir, resolveAgainst } from './paths.js';
import type { ClusterEntry, ConfigModel, LoadedConfig, UserEntry } from './types.js';
import { EMPTY_CLUSTER, validateAuthInfo, validateClusterInfo } from './validate.js';

/** The UTF-8 text (PEM data) of a base64 `[]byte` field that decoding checked with Go's rules. */
function decodeBase64Text(text: string): string {
  return Buffer.from(text.replace(/[\r\n]/g, ''), 'base64').toString('utf8');
}

/** Options of {@link resolveClientConfig}. */
export interface ResolveOptions {
  /** Environment variables (for the in-cluster fallback); never read from `process.env` here. */
  env: Readonly<Record<string, string | undefined>>;
  /** Directory relative paths in overrides are relative to; absent: the process's. */
  cwd?: string | undefined;
  /** Directory of the in-cluster service-account files (tests point it at a temp dir). */
  inClusterDir?: string | undefined;
}

/** client-go's `ErrEmptyConfig`, as one line. */
export const EMPTY_CONFIG_MESSAGE =
  `no configuration has been provided: set --kubeconfig or $${CONFIG_ENV} to a config file, write ~/${HOME_DIR_NAME}/config, or give --server`;

/**
 * Why there is no configuration: when `$PLATFORMCONFIG` names only files that do not exist, they
 * are named with kubectl's wording for a missing config file (`stat /x: no such file or directory`),
 * since a typo in the variable is the likely cause.
 */
function emptyConfigMessage(loaded: LoadedConfig): string {
  const missing = loaded.access.fromEnv ? loaded.files.filter((f) => !f.exists).map((f) => f.path) : [];
  if (missing.length === 0 || missing.length !== loaded.files.length) return EMPTY_CONFIG_MESSAGE;
  return `no configuration has been provided: $${CONFIG_ENV} names no existing file (${missing.map((f) => `stat ${f}: no such file or directory`).join(', ')})`;
}

function given(v: string | undefined): string | undefined {
  return v === undefined || v === '' ? undefined : v;
}

/**
 * The context in use: `--context`, else `$PLATFORM_CONTEXT` (one shell's choice, which leaves the
 * file alone), else the file's `current-context` ('' when none).
 */
export function effectiveContextName(config: ConfigModel, contextOverride: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  return given(contextOverride) ?? given(env[CONTEXT_ENV]) ?? config.currentContext;
}

function isConfigEmpty(c: ConfigModel): boolean {
  return c.clusters.size === 0 && c.users.size === 0 && c.contexts.size === 0 && c.currentContext === '' &&
    c.preferences.colors !== true && (c.preferences.extensions ?? []).length === 0 && (c.extensions ?? []).length === 0;
}

function resolveUserPaths(user: UserEntry, baseDir: string | undefined): UserEntry {
  if (baseDir === undefined) return user;
  for (const key of ['client-certificate', 'client-key', 'tokenFile'] as const) {
    const v = user[key];
    if (typeof v === 'string') user[key] = resolveAgainst(v, baseDir);
  }
  if (user.exec !== undefined && typeof user.exec.command === 'string' && isPathCommand(user.exec.command)) {
    user.exec.command = resolveAgainst(user.exec.command, baseDir);
  }
  return user;
}

function resolveClusterPaths(cluster: ClusterEntry, baseDir: string | undefined): ClusterEntry {
  const ca = cluster['certificate-authority'];
  if (baseDir !== undefined && typeof ca === 'string') cluster['certificate-authority'] = resolveAgainst(ca, baseDir);
  return cluster;
}

function fromCwd(p: string, cwd: string | undefined): string {
  return cwd === undefined ? p : path.resolve(cwd, p);
}

/** The user entry with the overrides applied (client-go merges non-empty override fields). */
function applyUserOverrides(user: UserEntry, o: ConfigOverrides, cwd: string | undefined): void {
  if (given(o.token) !== undefined) user.token = o.token as string;
  if (given(o.username) !== undefined) user.username = o.username as string;
  if (given(o.password) !== undefined) user.password = o.password as string;
  if (given(o.clientCertificate) !== undefined) user['client-certificate'] = fromCwd(o.clientCertificate as string, cwd);
  if (given(o.clientKey) !== undefined) user['client-key'] = fromCwd(o.clientKey as string, cwd);
  const imp = o.impersonate;
  if (given(imp?.user) !== undefined) user.as = imp?.user as string;
  if ((imp?.groups ?? []).length > 0) user['as-groups'] = [...(imp?.groups ?? [])];
  if (given(imp?.uid) !== undefined) user['as-uid'] = imp?.uid as string;
}

/** The cluster entry with the overrides applied, including client-go's special cases. */
function applyClusterOverrides(cluster: ClusterEntry, o: ConfigOverrides, cwd: string | undefined): void {
  const server = given(o.server);
  const ca = given(o.certificateAuthority);
  const tlsServerName = given(o.tlsServerName);
  if (server !== undefined) cluster.server = server;
  if (o.disableCompression === true) cluster['disable-compression'] = true;
  // An insecure override without a CA drops the entry's CA (both together are an error), and a CA
  // override replaces the entry's CA data and insecure flag.
  if (o.insecureSkipTlsVerify === true || ca !== undefined) {
    cluster['insecure-skip-tls-verify'] = o.insecureSkipTlsVerify === true;
    delete cluster['certificate-authority-data'];
    if (ca === undefined) delete cluster['certificate-authority'];
    else cluster['certificate-authority'] = fromCwd(ca, cwd);
  } else if (o.insecureSkipTlsVerify === false) {
    cluster['insecure-skip-tls-verify'] = false;
  }
  // A --server from the command line makes the file's tls-server-name meaningless.
  if (tlsServerName !== undefined || server !== undefined) {
    if (tlsServerName === undefined) delete cluster['tls-server-name'];
    else cluster['tls-server-name'] = tlsServerName;
  }
}

async function readPem(file: string, what: string): Promise<string> {
  try {
    return await readTextFileLimited(file, CREDENTIAL_FILE_LIMIT);
  } catch (err) {
    throw new ConfigError(`unable to read ${what} ${file}: ${goPathError('open', file, err)}`, { file, cause: err });
  }
}

/** The server URL as client-go uses it: scheme added (`http` without TLS settings), query dropped. */
function normalizeServer(server: string): string {
  let s = server;
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]/.test(s)) s = `http://${s}`;
  try {
    const u = new URL(s);
    if (u.pathname.length > 1) {
      u.search = '';
      u.hash = '';
      return u.toString();
    }
  } catch {
    // client-go keeps a server it cannot parse; the transport reports it.
  }
  return s;
}

/** Replaces control characters other than whitespace with `U+XXXX`, as client-go does for install hints. */
function cleanAnsi(text: string): string {
  return text.replace(/[^\p{L}\p{M}\p{N}\p{P}\p{S}\p{Z}\t\n\v\f\r]/gu, (c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`);
}

function execConfig(user: UserEntry): ExecConfig | undefined {
  const e = user.exec;
  if (e === undefined) return undefined;
  const out: ExecConfig = { command: e.command ?? '', apiVersion: e.apiVersion ?? '' };
  if (e.args !== undefined && e.args.length > 0) out.args = [...e.args];
  if (e.env !== undefined && e.env.length > 0) out.env = e.env.map((v) => ({ name: v.name, value: v.value ?? '' }));
  if (given(e.installHint) !== undefined) out.installHint = cleanAnsi(e.installHint as string);
  if (e.provideClusterInfo === true) out.provideClusterInfo = true;
  const mode = e.interactiveMode;
  if (mode === 'Never' || mode === 'IfAvailable' || mode === 'Always') out.interactiveMode = mode;
  return out;
}

/**
 * Resolves the client configuration for the current (or overridden) context.
 *
 * - The context is `overrides.context` (which must exist), `$PLATFORM_CONTEXT`, or `current-context`;
 *   the user and cluster are the overrides' (which must exist) or the context's. The namespace is
 *   `overrides.namespace`, `$PLATFORM_NAMESPACE`, or the context's.
 * - Override fields replace the entry's (an override `server` also clears `tls-server-name`; an
 *   insecure or CA override replaces the entry's CA settings).
 * - The result is validated with client-go's messages (`context was not found for specified
 *   context: x`, `more than one authentication method found for u; found [token basicAuth], only
 *   one is allowed`, `cluster has no server defined`, ...).
 * - CA, client certificate and key files are read into PEM text; a token file is read and kept
 *   as `bearerTokenFile` so the transport can re-read it; exec plugins get their command resolved.
 * - As in client-go, a server without `https` gets neither credentials nor TLS settings; a server
 *   without a scheme is `http`.
 * - When nothing is configured and the in-cluster environment is present, the in-cluster service
 *   account is used.
 *
 * @throws {@link ConfigError} for every configuration problem, with a one-line message.
 */
export async function resolveClientConfig(loaded: LoadedConfig, overrides: ConfigOverrides = {}, options: ResolveOptions = { env: {} }): Promise<ClientConfig> {
  const access = loaded.access;
  if (access.explicitPath !== undefined && loaded.files[0]?.exists !== true) {
    throw new ConfigError(`stat ${access.explicitPath}: no such file or directory`, { file: access.explicitPath });
  }
  const cfg = loaded.config;
  const cwd = options.cwd ?? access.cwd;
  const contextName = effectiveContextName(cfg, overrides.context, options.env);
  const context = cfg.contexts.get(contextName);

  // kubectl checks that the configuration is usable (client-go's ConfirmUsable, as its first
  // Namespace() does) before it looks up the user it names: a missing context or cluster is
  // reported as a problem of the configuration, a missing user after that.
  const userOverride = given(overrides.user);
  const userName = userOverride ?? context?.user ?? '';
  const clusterOverride = given(overrides.cluster);
  const clusterName = clusterOverride ?? context?.cluster ?? '';
  const clusterMissing = clusterOverride !== undefined && !cfg.clusters.has(clusterName);

  const userOrigin = loaded.origins.users.get(userName);
  const clusterOrigin = loaded.origins.clusters.get(clusterName);
  const user = resolveUserPaths(structuredClone(cfg.users.get(userName) ?? {}), userOrigin === undefined ? undefined : originDir(access, userOrigin));
  const cluster = resolveClusterPaths(structuredClone(cfg.clusters.get(clusterName) ?? {}), clusterOrigin === undefined ? undefined : originDir(access, clusterOrigin));
  applyUserOverrides(user, overrides, cwd);
  applyClusterOverrides(cluster, overrides, cwd);

  const problems: string[] = [];
  const contextNotFound = `context was not found for specified context: ${contextName}`;
  if (contextName !== '' && context === undefined) problems.push(contextNotFound);
  problems.push(...(await validateAuthInfo(userName, user)));
  // A cluster that is not there is no empty cluster for client-go (its struct is not the default one).
  problems.push(...(clusterMissing ? [`no server found for cluster ${JSON.stringify(clusterName)}`] : await validateClusterInfo(clusterName, cluster)));
  if (problems.length === 1 && problems[0] === EMPTY_CLUSTER) {
    const inCluster = { env: options.env, dir: options.inClusterDir };
    if (await inClusterPossible(inCluster)) return inClusterConfig(inCluster, overrides, cwd);
    throw new ConfigError(isConfigEmpty(cfg) ? emptyConfigMessage(loaded) : EMPTY_CLUSTER);
  }
  // kubectl fills an empty cluster with its localhost default, so it never reports one next to a
  // real problem (a missing context leaves the cluster empty too).
  const real = [...new Set(problems.filter((p) => p !== EMPTY_CLUSTER))];
  if (real.length === 1) throw new ConfigError(real[0] as string, real[0] === contextNotFound ? { configurationProblems: real } : undefined);
  if (real.length > 1) throw new ConfigError(`invalid configuration: [${real.join(', ')}]`, { configurationProblems: real });
  if (userOverride !== undefined && !cfg.users.has(userName)) throw new ConfigError(`auth info ${JSON.stringify(userName)} does not exist`);

  const namespace = given(overrides.namespace) ?? given(options.env[NAMESPACE_ENV]) ?? given(context?.namespace);
  const result: ClientConfig = {
    server: normalizeServer(cluster.server as string),
    namespace: namespace ?? NAMESPACES.default,
    cacheDir: given(overrides.cacheDir) === undefined ? path.join(access.homedir, HOME_DIR_NAME, CACHE_DIR_NAME) : fromCwd(overrides.cacheDir as string, cwd),
  };
  if (namespace !== undefined) result.namespaceExplicit = true;
  if (contextName !== '') result.contextName = contextName;
  if (clusterName !== '') result.clusterName = clusterName;
  if (userName !== '') result.userName = userName;
  const contextOrigin = loaded.origins.contexts.get(contextName);
  if (contextOrigin !== undefined) result.configFile = contextOrigin;
  if (given(cluster['proxy-url']) !== undefined) result.proxyURL = cluster['proxy-url'] as string;
  if (cluster['disable-compression'] === true) result.disableCompression = true;
  if (overrides.requestTimeoutMs !== undefined && overrides.requestTimeoutMs > 0) result.timeoutMs = overrides.requestTimeoutMs;
  if (given(user.as) !== undefined) {
    result.impersonate = { user: user.as as string };
    if (given(user['as-uid']) !== undefined) result.impersonate.uid = user['as-uid'] as string;
    if ((user['as-groups'] ?? []).length > 0) result.impersonate.groups = [...(user['as-groups'] ?? [])];
    const extra = user['as-user-extra'];
    if (extra !== undefined && Object.keys(extra).length > 0) result.impersonate.extra = structuredClone(extra);
  }
  // client-go attaches credentials and TLS settings only to https servers.
  if (!result.server.startsWith('https://')) return result;

  if (given(cluster['tls-server-name']) !== undefined) result.tlsServerName = cluster['tls-server-name'] as string;
  if (cluster['insecure-skip-tls-verify'] === true) result.insecureSkipTLSVerify = true;
  const caData = cluster['certificate-authority-data'];
  const caFile = given(cluster['certificate-authority']);
  if (caData !== undefined && caData !== '') result.caData = decodeBase64Text(caData);
  else if (caFile !== undefined) {
    result.caData = await readPem(caFile, 'certificate-authority');
    result.caFile = caFile;
  }
  if (result.insecureSkipTLSVerify === true && result.caData !== undefined) {
    throw new ConfigError('specifying a root certificates file with the insecure flag is not allowed');
  }

  const token = given(user.token);
  const tokenFile = given(user.tokenFile);
  if (token !== undefined) {
    result.bearerToken = token;
    if (tokenFile !== undefined) result.bearerTokenFile = tokenFile;
  } else if (tokenFile !== undefined) {
    try {
      result.bearerToken = (await readTextFileLimited(tokenFile, CREDENTIAL_FILE_LIMIT)).trim();
    } catch (err) {
      throw new ConfigError(goPathError('open', tokenFile, err), { file: tokenFile, cause: err });
    }
    result.bearerTokenFile = tokenFile;
  }
  const certData = user['client-certificate-data'];
  const certFile = given(user['client-certificate']);
  if ((certData !== undefined && certData !== '') || certFile !== undefined) {
    result.certData = certData !== undefined && certData !== '' ? decodeBase64Text(certData) : await readPem(certFile as string, 'client-cert');
    const keyData = user['client-key-data'];
    result.keyData = keyData !== undefined && keyData !== '' ? decodeBase64Text(keyData) : await readPem(user['client-key'] as string, 'client-key');
  }
  if (given(user.username) !== undefined || given(user.password) !== undefined) {
    result.username = user.username ?? '';
    result.password = user.password ?? '';
  }
  const provider = user['auth-provider'];
  if (provider !== undefined) throw new ConfigError(`no Auth Provider found for name ${JSON.stringify(provider.name ?? '')}`);
  const exec = execConfig(user);
  if (exec !== undefined) {
    result.exec = exec;
    if (exec.provideClusterInfo === true) result.execClusterInfo = execClusterInfo(result, cluster);
  }
  return result;
}

function execClusterInfo(config: ClientConfig, cluster: ClusterEntry): ExecClusterInfo {
  const info: ExecClusterInfo = { server: config.server };
  if (config.tlsServerName !== undefined) info.tlsServerName = config.tlsServerName;
  if (config.insecureSkipTLSVerify === true) info.insecureSkipTLSVerify = true;
  if (config.caData !== undefined) info.certificateAuthorityData = config.caData;
  if (config.proxyURL !== undefined) info.proxyURL = config.proxyURL;
  if (config.disableCompression === true) info.disableCompression = true;
  const extension = (cluster.extensions ?? []).filter((e) => e.name === EXEC_CLUSTER_EXTENSION).pop();
  if (extension !== undefined) info.config = structuredClone(extension.extension);
  return info;
}
