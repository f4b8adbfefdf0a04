/**
 * Client-config files (kubeconfig format) the server reads: the remote services it calls (the
 * token and authorization webhooks) and the credentials it presents to admission webhooks. Read
 * as kube-apiserver reads them (client-go's clientcmd, strictly the file given): the current
 * context's cluster and user, paths relative to the file, `*-data` before the file it replaces.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import type { ClusterEntry, ConfigModel, UserEntry } from '../../sdk/types/kubeconfig.js';
import { decodeConfig } from '../../sdk/types/kubeconfig-decode.js';
import { loadYaml } from '../../machinery/yaml/read.js';
import type { OutboundCall } from '../http/outbound.js';

/** What the server presents as a user of a client-config file. */
export interface UserCredentials {
  /** `Authorization` header value: the bearer token, else basic auth. */
  authorization?: string;
  /** Client certificate and key (PEM). */
  cert?: string;
  key?: string;
}

/** The remote service of a client-config file. */
export interface RemoteService extends Pick<OutboundCall, 'ca' | 'insecureSkipTLSVerify'>, UserCredentials {
  server: string;
}

/** A decoded client-config file. */
export interface ClientConfigFile {
  model: ConfigModel;
  /** A path the file names, made relative to the file's directory (clientcmd's `ResolveLocalPaths`). */
  local(file: string): string;
}

/** client-go's `ErrEmptyCluster`, which alone means there is no configuration at all. */
const EMPTY_CLUSTER = 'cluster has no server defined';

/** The checks of client-go's `ConfirmUsable` that concern what the server reads. */
function problems(contextName: string, context: unknown, clusterName: string, cluster: ClusterEntry): string[] {
  const out: string[] = [];
  if (contextName !== '' && context === undefined) out.push(`context was not found for specified context: ${contextName}`);
  if (Object.keys(cluster).length === 0) out.push(EMPTY_CLUSTER);
  else if ((cluster.server ?? '') === '') out.push(clusterName === '' ? 'default cluster has no server defined' : `no server found for cluster "${clusterName}"`);
  return out;
}

/** Reads and decodes a client-config file as clientcmd's loader does (bounded YAML, kubectl's decoding rules). */
export async function loadClientConfigFile(path: string): Promise<ClientConfigFile> {
  const text = await readFile(path, 'utf8');
  let model: ConfigModel;
  try {
    // Read as kubectl reads a kubeconfig: go-yaml's scalars, the first document.
    model = decodeConfig(await loadYaml(text, { firstDocument: true })).model;
  } catch (e) {
    throw new Error(`error loading config file "${path}": ${e instanceof Error ? e.message : String(e)}`);
  }
  const dir = dirname(path);
  return { model, local: (file) => (isAbsolute(file) ? file : join(dir, file)) };
}

/** The text of a `*-data` field, else of the file the other field names. */
async function dataOrFile(file: ClientConfigFile, data = '', path = ''): Promise<string | undefined> {
  if (data !== '') return Buffer.from(data, 'base64').toString('utf8');
  return path === '' ? undefined : readFile(file.local(path), 'utf8');
}

/**
 * A user's credentials as client-go's transport uses them: the token file (trimmed; read once,
 * where the transport re-reads it every minute) wins over the token, which stands in only when the
 * file cannot be read; basic auth without a token; the client key with a client certificate.
 */
export async function userCredentials(file: ClientConfigFile, user: UserEntry): Promise<UserCredentials> {
  const out: UserCredentials = {};
  let token = user.token ?? '';
  if ((user.tokenFile ?? '') !== '') {
    try {
      token = (await readFile(file.local(user.tokenFile ?? ''), 'utf8')).trim();
    } catch (e) {
      if (token === '') throw e;
    }
  }
  if (token !== '') out.authorization = `Bearer ${token}`;
  else if ((user.username ?? '') !== '' || (user.password ?? '') !== '') out.authorization = `Basic ${Buffer.from(`${user.username ?? ''}:${user.password ?? ''}`).toString('base64')}`;
  const cert = await dataOrFile(file, user['client-certificate-data'], user['client-certificate']);
  if (cert === undefined) return out;
  out.cert = cert;
  const key = await dataOrFile(file, user['client-key-data'], user['client-key']);
  if (key !== undefined) out.key = key;
  return out;
}

/** Reads the service of a client-config file: its current context's cluster and user. */
export async function readClientConfig(path: string): Promise<RemoteService> {
  const file = await loadClientConfigFile(path);
  const { model } = file;
  const contextName = model.currentContext;
  const context = model.contexts.get(contextName);
  const clusterName = context?.cluster ?? '';
  const cluster = model.clusters.get(clusterName) ?? {};
  const found = problems(contextName, context, clusterName, cluster);
  if (found.length === 1 && found[0] === EMPTY_CLUSTER) {
    // client-go adds a hint about an environment variable of its own; a server's file has no such fallback.
    throw new Error(`${path}: invalid configuration: no configuration has been provided (its current-context names no cluster)`);
  }
  if (found.length > 0) throw new Error(`${path}: invalid configuration: ${found.length === 1 ? found[0] : `[${found.join(', ')}]`}`);

  const server = cluster.server ?? '';
  // client-go reads the credentials and TLS settings for an https server only.
  if (!/^https:\/\//i.test(server)) return { server };
  const out: RemoteService = { server, ...(await userCredentials(file, model.users.get(context?.user ?? '') ?? {})) };
  const ca = await dataOrFile(file, cluster['certificate-authority-data'], cluster['certificate-authority']);
  if (ca !== undefined) out.ca = ca;
  if (cluster['insecure-skip-tls-verify'] === true) {
    if (ca !== undefined) throw new Error(`${path}: specifying a root certificates file with the insecure flag is not allowed`);
    out.insecureSkipTLSVerify = true;
  }
  return out;
}
