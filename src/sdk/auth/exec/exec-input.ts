/**
 * The ExecCredential a plugin receives in `PLATFORM_EXEC_INFO`: `spec.interactive`, and with
 * `provideClusterInfo` the cluster (`server`, CA data as base64, `config` from the cluster extension).
 */
import type { ExecClusterInfo, ExecConfig } from '../../config/client-config.js';
import type { ExecCredential, ExecCredentialCluster } from '../../types/exec-credential.js';

/** Converts the config's cluster info into the ExecCredential wire form. */
export function toExecCluster(info: ExecClusterInfo): ExecCredentialCluster {
  const cluster: ExecCredentialCluster = { server: info.server };
  if (info.tlsServerName !== undefined && info.tlsServerName !== '') cluster['tls-server-name'] = info.tlsServerName;
  if (info.insecureSkipTLSVerify === true) cluster['insecure-skip-tls-verify'] = true;
  if (info.certificateAuthorityData !== undefined && info.certificateAuthorityData !== '') {
    // The config carries PEM text; the wire form is base64 of those bytes, as client-go's []byte.
    cluster['certificate-authority-data'] = Buffer.from(info.certificateAuthorityData, 'utf8').toString('base64');
  }
  if (info.proxyURL !== undefined && info.proxyURL !== '') cluster['proxy-url'] = info.proxyURL;
  if (info.disableCompression === true) cluster['disable-compression'] = true;
  if (info.config !== undefined) cluster.config = info.config;
  return cluster;
}

/** Builds the input object for one plugin run. */
export function buildExecInput(exec: ExecConfig, interactive: boolean, clusterInfo: ExecClusterInfo | undefined): ExecCredential {
  const spec: NonNullable<ExecCredential['spec']> = { interactive };
  if (exec.provideClusterInfo === true && clusterInfo !== undefined) spec.cluster = toExecCluster(clusterInfo);
  return { apiVersion: exec.apiVersion, kind: 'ExecCredential', spec };
}
