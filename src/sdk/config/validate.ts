/**
 * The checks client-go runs before using a user and a cluster (`validateAuthInfo`,
 * `validateClusterInfo`), with its messages. Paths must already be resolved.
 */
import { openAndClose } from '../fs-async.js';
import { goPathError } from './fs-errors.js';
import { CLUSTER } from '../types/schema/kubeconfig.js';
import type { ClusterEntry, UserEntry } from './types.js';

/** client-go's `ErrEmptyCluster`. */
export const EMPTY_CLUSTER = 'cluster has no server defined';

const INTERACTIVE_MODES = new Set(['Never', 'IfAvailable', 'Always']);

/** Opens `file` to see that it is readable; returns the Go-style error text, if any. */
async function unreadable(file: string): Promise<string | undefined> {
  try {
    await openAndClose(file);
    return undefined;
  } catch (err) {
    return goPathError('open', file, err);
  }
}

function has(v: unknown): boolean {
  return typeof v === 'string' ? v !== '' : Array.isArray(v) ? v.length > 0 : typeof v === 'object' && v !== null ? Object.keys(v).length > 0 : v === true;
}

/** Problems of a user entry (empty when usable). */
export async function validateAuthInfo(name: string, user: UserEntry): Promise<string[]> {
  const problems: string[] = [];
  const methods: string[] = [];
  if (has(user.token)) methods.push('token');
  if (has(user.username) || has(user.password)) methods.push('basicAuth');
  const cert = user['client-certificate'] ?? '';
  const key = user['client-key'] ?? '';
  if (cert !== '' || has(user['client-certificate-data'])) {
    if (cert !== '' && has(user['client-certificate-data'])) {
      problems.push(`client-cert-data and client-cert are both specified for ${name}. client-cert-data will override.`);
    }
    if (key !== '' && has(user['client-key-data'])) {
      problems.push(`client-key-data and client-key are both specified for ${name}; client-key-data will override`);
    }
    if (key === '' && !has(user['client-key-data'])) {
      problems.push(`client-key-data or client-key must be specified for ${name} to use the clientCert authentication method.`);
    }
    if (cert !== '') {
      const why = await unreadable(cert);
      if (why !== undefined) problems.push(`unable to read client-cert ${cert} for ${name} due to ${why}`);
    }
    if (key !== '') {
      const why = await unreadable(key);
      if (why !== undefined) problems.push(`unable to read client-key ${key} for ${name} due to ${why}`);
    }
  }
  const exec = user.exec;
  if (exec !== undefined) {
    if (user['auth-provider'] !== undefined) problems.push(`authProvider cannot be provided in combination with an exec plugin for ${name}`);
    if (!has(exec.command)) problems.push(`command must be specified for ${name} to use exec authentication plugin`);
    if (!has(exec.apiVersion)) problems.push(`apiVersion must be specified for ${name} to use exec authentication plugin`);
    for (const v of exec.env ?? []) {
      if (!has(v.name)) problems.push(`env variable name must be specified for ${name} to use exec authentication plugin`);
    }
    const mode = exec.interactiveMode ?? '';
    if (mode === '') problems.push(`interactiveMode must be specified for ${name} to use exec authentication plugin`);
    else if (!INTERACTIVE_MODES.has(mode)) problems.push(`invalid interactiveMode for ${name}: ${JSON.stringify(mode)}`);
  }
  if (methods.length > 1) problems.push(`more than one authentication method found for ${name}; found [${methods.join(' ')}], only one is allowed`);
  if ((has(user['as-uid']) || has(user['as-groups']) || has(user['as-user-extra'])) && !has(user.as)) {
    problems.push(`requesting uid, groups or user-extra for ${name} without impersonating a user`);
  }
  return problems;
}

/** Whether a cluster entry has nothing set at all. */
export function isEmptyCluster(cluster: ClusterEntry): boolean {
  return Object.keys(CLUSTER.fields).every((key) => !has(cluster[key]));
}

/** client-go's `parseProxyURL` check; returns the problem, if any. */
export function proxyUrlProblem(proxyUrl: string): string | undefined {
  let u: URL;
  try {
    u = new URL(proxyUrl);
  } catch {
    return `parse ${JSON.stringify(proxyUrl)}: invalid URL`;
  }
  const scheme = u.protocol.replace(/:$/, '');
  if (!['http', 'https', 'socks5'].includes(scheme)) return `unsupported scheme ${JSON.stringify(scheme)}, must be http, https, or socks5`;
  return undefined;
}

/** Problems of a cluster entry; an entirely empty entry gives just {@link EMPTY_CLUSTER}. */
export async function validateClusterInfo(name: string, cluster: ClusterEntry): Promise<string[]> {
  if (isEmptyCluster(cluster)) return [EMPTY_CLUSTER];
  const problems: string[] = [];
  if (!has(cluster.server)) problems.push(name === '' ? 'default cluster has no server defined' : `no server found for cluster ${JSON.stringify(name)}`);
  const proxy = cluster['proxy-url'] ?? '';
  if (proxy !== '') {
    const why = proxyUrlProblem(proxy);
    if (why !== undefined) problems.push(`invalid 'proxy-url' ${JSON.stringify(proxy)} for cluster ${JSON.stringify(name)}: ${why}`);
  }
  const ca = cluster['certificate-authority'] ?? '';
  if (ca !== '' && has(cluster['certificate-authority-data'])) {
    problems.push(`certificate-authority-data and certificate-authority are both specified for ${name}. certificate-authority-data will override.`);
  }
  if (ca !== '') {
    const why = await unreadable(ca);
    if (why !== undefined) problems.push(`unable to read certificate-authority ${ca} for ${name} due to ${why}`);
  }
  return problems;
}
