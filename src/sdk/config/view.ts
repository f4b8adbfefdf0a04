/**
 * The transformations behind `config view`: `--minify` (only what the current context uses),
 * `--flatten` (files inlined as data) and the default redaction of secrets.
 */
import { CREDENTIAL_FILE_LIMIT, readFileLimited } from '../bounded-read.js';
import { ConfigError } from '../errors.js';
import { goPathError } from './fs-errors.js';
import { originDir, resolveAgainst } from './paths.js';
import type { ConfigModel, LoadedConfig } from './types.js';

/** What kubectl prints instead of certificate and key data. */
export const DATA_OMITTED = 'DATA+OMITTED';
/** What kubectl prints instead of tokens and passwords. */
export const REDACTED = 'REDACTED';

/**
 * Keeps only the current context and the cluster and user it names (kubectl's `MinifyConfig`).
 * `config.currentContext` must be set.
 */
export function minifyConfig(config: ConfigModel): void {
  const name = config.currentContext;
  if (name === '') throw new ConfigError('current-context must exist in order to minify');
  const context = config.contexts.get(name);
  if (context === undefined) throw new ConfigError(`cannot locate context ${name}`);
  const clusterName = context.cluster ?? '';
  const userName = context.user ?? '';
  const clusters = new Map<string, NonNullable<ReturnType<typeof config.clusters.get>>>();
  if (clusterName !== '') {
    const cluster = config.clusters.get(clusterName);
    if (cluster === undefined) throw new ConfigError(`cannot locate cluster ${clusterName}`);
    clusters.set(clusterName, cluster);
  }
  const users = new Map<string, NonNullable<ReturnType<typeof config.users.get>>>();
  if (userName !== '') {
    const user = config.users.get(userName);
    if (user === undefined) throw new ConfigError(`cannot locate user ${userName}`);
    users.set(userName, user);
  }
  config.contexts = new Map([[name, context]]);
  config.clusters = clusters;
  config.users = users;
}

/** Replaces secrets with `DATA+OMITTED` / `REDACTED` (kubectl's `ShortenConfig`). */
export function redactConfig(config: ConfigModel): void {
  for (const user of config.users.values()) {
    if ((user['client-certificate-data'] ?? '') !== '') user['client-certificate-data'] = DATA_OMITTED;
    if ((user['client-key-data'] ?? '') !== '') user['client-key-data'] = DATA_OMITTED;
    if ((user.token ?? '') !== '') user.token = REDACTED;
    if ((user.password ?? '') !== '') user.password = REDACTED;
  }
  for (const cluster of config.clusters.values()) {
    if ((cluster['certificate-authority-data'] ?? '') !== '') cluster['certificate-authority-data'] = DATA_OMITTED;
  }
}

async function inline(file: string | undefined, data: string | undefined, baseDir: string): Promise<string | undefined> {
  if (file === undefined || file === '') return data;
  if (data !== undefined && data !== '') throw new ConfigError('cannot have values for both path and contents');
  const resolved = resolveAgainst(file, baseDir);
  try {
    return (await readFileLimited(resolved, CREDENTIAL_FILE_LIMIT)).toString('base64');
  } catch (err) {
    throw new ConfigError(goPathError('open', resolved, err), { file: resolved, cause: err });
  }
}

/**
 * Inlines the CA, client certificate and client key files as data (kubectl's `FlattenConfig`),
 * resolving relative paths against the file each entry came from.
 */
export async function flattenConfig(config: ConfigModel, loaded: LoadedConfig): Promise<void> {
  const dirFor = (origin: string | undefined): string => (origin === undefined ? (loaded.access.cwd ?? '.') : originDir(loaded.access, origin));
  for (const [name, user] of config.users) {
    const base = dirFor(loaded.origins.users.get(name));
    const cert = await inline(user['client-certificate'], user['client-certificate-data'], base);
    const key = await inline(user['client-key'], user['client-key-data'], base);
    delete user['client-certificate'];
    delete user['client-key'];
    if (cert !== undefined) user['client-certificate-data'] = cert;
    if (key !== undefined) user['client-key-data'] = key;
  }
  for (const [name, cluster] of config.clusters) {
    const base = dirFor(loaded.origins.clusters.get(name));
    const ca = await inline(cluster['certificate-authority'], cluster['certificate-authority-data'], base);
    delete cluster['certificate-authority'];
    if (ca !== undefined) cluster['certificate-authority-data'] = ca;
  }
}
