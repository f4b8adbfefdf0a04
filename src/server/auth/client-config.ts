/**
 * Client-config files (kubeconfig format) naming a remote service the server calls (the token and
 * authorization webhooks), read as kube-apiserver reads them (client-go's clientcmd, strictly the
 * file given): the current context's cluster and user, paths relative to the file, `*-data` before
 * the file it replaces, and the token file (trimmed) before the token, which stands in only when
 * the file cannot be read.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { jsonObjectOrEmpty as obj, stringOrEmpty as str } from '../../machinery/json/values.js';
import { goDecode } from '../../machinery/schema/go-decode.js';
import { CONFIG } from '../../sdk/types/schema/kubeconfig.js';
import { parseYaml } from '../http/body.js';
import type { RemoteTls } from './authn/http-json.js';

/** The remote service of a client-config file. */
export interface RemoteService extends RemoteTls {
  server: string;
  token?: string;
}

/** client-go's `ErrEmptyCluster`, which alone means there is no configuration at all. */
const EMPTY_CLUSTER = 'cluster has no server defined';

/** The `inner` object of the entry of a named list (`contexts[].context`) called `name`. */
function entry(list: unknown, name: string, inner: string): Record<string, unknown> | undefined {
  const found = (Array.isArray(list) ? list : []).map(obj).find((e) => str(e.name) === name);
  return found === undefined ? undefined : obj(found[inner]);
}

/** The checks of client-go's `ConfirmUsable` that concern what the server reads. */
function problems(contextName: string, context: unknown, clusterName: string, cluster: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (contextName !== '' && context === undefined) out.push(`context was not found for specified context: ${contextName}`);
  if (Object.keys(cluster).length === 0) out.push(EMPTY_CLUSTER);
  else if (str(cluster.server) === '') out.push(clusterName === '' ? 'default cluster has no server defined' : `no server found for cluster "${clusterName}"`);
  if (cluster['insecure-skip-tls-verify'] === true && (str(cluster['certificate-authority']) !== '' || str(cluster['certificate-authority-data']) !== '')) {
    out.push('specifying a root certificates file with the insecure flag is not allowed');
  }
  return out;
}

/** Reads and decodes the file as clientcmd's loader does (bounded YAML, kubectl's decoding rules). */
async function load(path: string): Promise<Record<string, unknown>> {
  const text = await readFile(path, 'utf8');
  try {
    const result = goDecode(await parseYaml(text), CONFIG, { unknownFields: 'keep', foldCase: true, dropNullFields: true, canonicalBytes: true });
    if (result.error !== undefined) throw new Error(result.error);
    return obj(result.value);
  } catch (e) {
    throw new Error(`error loading config file "${path}": ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Reads the service of a client-config file: its current context's cluster and user. */
export async function readClientConfig(path: string): Promise<RemoteService> {
  const doc = await load(path);
  const dir = dirname(path);
  const local = (file: string): string => (isAbsolute(file) ? file : join(dir, file));
  const dataOrFile = async (data: unknown, file: unknown): Promise<string | undefined> => {
    if (str(data) !== '') return Buffer.from(str(data), 'base64').toString('utf8');
    return str(file) === '' ? undefined : readFile(local(str(file)), 'utf8');
  };

  const contextName = str(doc['current-context']);
  const context = entry(doc.contexts, contextName, 'context');
  const clusterName = str(context?.cluster);
  const cluster = entry(doc.clusters, clusterName, 'cluster') ?? {};
  const user = entry(doc.users, str(context?.user), 'user') ?? {};
  const found = problems(contextName, context, clusterName, cluster);
  if (found.length === 1 && found[0] === EMPTY_CLUSTER) {
    throw new Error(`${path}: invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable`);
  }
  if (found.length > 0) throw new Error(`${path}: invalid configuration: ${found.length === 1 ? found[0] : `[${found.join(', ')}]`}`);

  const out: RemoteService = { server: str(cluster.server) };
  const ca = await dataOrFile(cluster['certificate-authority-data'], cluster['certificate-authority']);
  if (ca !== undefined) out.ca = ca;
  if (cluster['insecure-skip-tls-verify'] === true) out.insecureSkipTLSVerify = true;
  const cert = await dataOrFile(user['client-certificate-data'], user['client-certificate']);
  const key = await dataOrFile(user['client-key-data'], user['client-key']);
  if (cert !== undefined) out.cert = cert;
  if (key !== undefined) out.key = key;
  let token = str(user.token);
  if (str(user.tokenFile) !== '') {
    try {
      token = (await readFile(local(str(user.tokenFile)), 'utf8')).trim();
    } catch (e) {
      if (token === '') throw e;
    }
  }
  if (token !== '') out.token = token;
  return out;
}
