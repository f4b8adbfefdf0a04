/**
 * Verifying the `cluster-info` ConfigMap of bootstrap discovery: the detached HS256 JWS
 * `jws-clientconfig-<id>` keyed with the whole token must sign the `clientconfig` text, or the
 * server cannot be trusted. Only HS256 is accepted.
 */
import { ProtocolError } from '../errors.js';
import { CLUSTER_INFO_CONFIGMAP } from '../naming.js';
import { parseBootstrapToken } from './bootstrap-token.js';

/** The trusted facts of a verified cluster-info. */
export interface VerifiedClusterInfo {
  /** The API server URL the cluster-info names. */
  server: string;
  /** The cluster CA (PEM). */
  caPem: string;
  /** The verified `clientconfig` text. */
  clientConfig: string;
}

const UNTRUSTED = "failed to verify JWS signature of received cluster info object, can't trust this API Server";

/** Checks a detached JWS (`header..signature`) over `content` with HS256 keyed by `token`. */
export async function verifyDetachedJws(jws: string, content: string, token: string): Promise<boolean> {
  const parts = jws.split('.');
  if (parts.length !== 3 || parts[1] !== '' || parts[0] === '' || parts[2] === '') return false;
  const jose = await import('jose');
  try {
    await jose.flattenedVerify(
      { protected: parts[0] ?? '', payload: Buffer.from(content, 'utf8').toString('base64url'), signature: parts[2] ?? '' },
      new TextEncoder().encode(token),
      { algorithms: ['HS256'] },
    );
    return true;
  } catch {
    return false;
  }
}

/** Verifies the data of cluster-info for `token` and returns the server and CA it names. */
export async function verifyClusterInfo(data: Readonly<Record<string, string>>, token: string): Promise<VerifiedClusterInfo> {
  const { id } = parseBootstrapToken(token);
  const content = data.clientconfig;
  if (content === undefined) throw new ProtocolError(`there is no clientconfig key in the ${CLUSTER_INFO_CONFIGMAP} ConfigMap. This API Server isn't set up for token bootstrapping, can't connect`);
  const jws = data[`jws-clientconfig-${id}`];
  if (jws === undefined) {
    throw new ProtocolError(`token id "${id}" is invalid for this cluster or it has expired. Use "platformctl create bootstrap-token" to create a new valid token`);
  }
  if (!(await verifyDetachedJws(jws, content, token))) throw new ProtocolError(UNTRUSTED);
  const { parseYaml } = await import('../config/yaml-parse.js');
  const doc = (await parseYaml(content)) as { clusters?: { cluster?: { server?: unknown; 'certificate-authority-data'?: unknown } }[] } | null;
  const cluster = doc?.clusters?.[0]?.cluster;
  const server = typeof cluster?.server === 'string' ? cluster.server : '';
  const caData = typeof cluster?.['certificate-authority-data'] === 'string' ? cluster['certificate-authority-data'] : '';
  if (server === '' || caData === '') throw new ProtocolError(`the ${CLUSTER_INFO_CONFIGMAP} clientconfig names no cluster server and certificate authority`);
  return { server, caPem: Buffer.from(caData, 'base64').toString('utf8'), clientConfig: content };
}
