/**
 * Token-based discovery, as kubeadm's: read `cluster-info` from platform-public anonymously
 * without verifying the server (there is no trust yet), verify its JWS with the token, then read
 * it again trusting only the CA it names and check that both agree.
 */
import { setOwn } from '../../machinery/json/own-keys.js';
import { createClient } from '../client.js';
import type { Env } from '../transport/proxy.js';
import { ProtocolError } from '../errors.js';
import { CLUSTER_INFO_CONFIGMAP, NAMESPACES } from '../naming.js';
import { verifyClusterInfo, type VerifiedClusterInfo } from './cluster-info.js';

/** Options of {@link discoverCluster}. */
export interface DiscoveryOptions {
  /** The server to ask (`https://host:port`). */
  server: string;
  /** The bootstrap token `<id>.<secret>`. */
  token: string;
  /** Environment for proxy variables (default: none). */
  env?: Env | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

const PATH = `/api/v1/namespaces/${NAMESPACES.public}/configmaps/${CLUSTER_INFO_CONFIGMAP}`;

async function fetchData(server: string, tls: { insecure: true } | { caPem: string }, o: DiscoveryOptions): Promise<Record<string, string>> {
  const client = createClient({
    server, namespace: 'default',
    ...('insecure' in tls ? { insecureSkipTLSVerify: true } : { caData: tls.caPem }),
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
  }, { env: o.env ?? {} });
  const res = await client.getRaw(PATH, o.signal !== undefined ? { signal: o.signal } : {});
  const cm = res.json<{ data?: Record<string, unknown> }>();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(cm.data ?? {})) if (typeof v === 'string') setOwn(out, k, v);
  return out;
}

/** Discovers and verifies the cluster behind `server` with a bootstrap token. */
export async function discoverCluster(o: DiscoveryOptions): Promise<VerifiedClusterInfo> {
  const insecure = await fetchData(o.server, { insecure: true }, o);
  const info = await verifyClusterInfo(insecure, o.token);
  const pinned = await fetchData(o.server, { caPem: info.caPem }, o);
  if (pinned.clientconfig !== info.clientConfig) {
    throw new ProtocolError(`${CLUSTER_INFO_CONFIGMAP} changed between the insecure and the verified read; can't trust this API Server`);
  }
  return info;
}

/** A config file that pins the discovered CA and authenticates with the bootstrap token. */
export function bootstrapConfigText(info: VerifiedClusterInfo, token: string, server = info.server): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: bootstrap',
    '  cluster:',
    `    server: ${server}`,
    `    certificate-authority-data: ${Buffer.from(info.caPem, 'utf8').toString('base64')}`,
    'users:',
    '- name: bootstrap',
    '  user:',
    `    token: ${token}`,
    'contexts:',
    '- name: bootstrap',
    '  context:',
    '    cluster: bootstrap',
    '    user: bootstrap',
    'current-context: bootstrap',
    'preferences: {}',
    '',
  ].join('\n');
}
