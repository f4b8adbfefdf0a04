/**
 * Picks the credential source for a {@link ClientConfig}, with client-go's precedence: a token
 * file over a token; a token or basic auth from the config as given; an exec plugin only when the
 * config has no token, basic auth or client certificate of its own (so `--token` overrides a
 * plugin); a client certificate from the config alongside any of them.
 */
import type { ClientConfig } from '../config/client-config.js';
import type { ClientCertificate, CredentialSource, ExecIO } from './credentials.js';
import { sharedExecCredentialSource } from './exec/exec-credential-source.js';
import { basicAuthorization, bearerAuthorization, StaticCredentialSource } from './static-credentials.js';
import { TokenFileSource } from './token-file.js';

/** Options of {@link createCredentialSource}. */
export interface CreateCredentialSourceOptions {
  /** Stdio, terminal facts and environment for exec plugins. */
  execIO?: ExecIO | undefined;
  /** How long a plugin run without the terminal may take when a request has no timeout (default 60 s; 0: no limit). */
  execTimeoutMs?: number | undefined;
  /** Clock, for tests. */
  now?: (() => number) | undefined;
}

/** The client certificate of the config itself, when it has both halves. */
export function configClientCertificate(config: ClientConfig): ClientCertificate | undefined {
  if (config.certData === undefined || config.certData === '' || config.keyData === undefined || config.keyData === '') return undefined;
  return { certData: config.certData, keyData: config.keyData };
}

/** Creates the {@link CredentialSource} for `config`. */
export function createCredentialSource(config: ClientConfig, options: CreateCredentialSourceOptions = {}): CredentialSource {
  const cert = configClientCertificate(config);
  if (config.bearerTokenFile !== undefined && config.bearerTokenFile !== '') {
    const tfOptions: ConstructorParameters<typeof TokenFileSource>[1] = {};
    if (cert !== undefined) tfOptions.clientCertificate = cert;
    if (options.now !== undefined) tfOptions.now = options.now;
    return new TokenFileSource(config.bearerTokenFile, tfOptions);
  }
  if (config.bearerToken !== undefined && config.bearerToken !== '') {
    return new StaticCredentialSource(bearerAuthorization(config.bearerToken), cert);
  }
  const hasBasic = (config.username !== undefined && config.username !== '') || (config.password !== undefined && config.password !== '');
  if (hasBasic) return new StaticCredentialSource(basicAuthorization(config.username ?? '', config.password ?? ''), cert);
  if (config.exec !== undefined && cert === undefined) {
    const execOptions: Parameters<typeof sharedExecCredentialSource>[1] = {};
    if (config.execClusterInfo !== undefined) execOptions.clusterInfo = config.execClusterInfo;
    if (config.userName !== undefined) execOptions.userName = config.userName;
    if (options.execIO !== undefined) execOptions.io = options.execIO;
    if (options.execTimeoutMs !== undefined) execOptions.timeoutMs = options.execTimeoutMs;
    if (options.now !== undefined) execOptions.now = options.now;
    return sharedExecCredentialSource(config.exec, execOptions);
  }
  return new StaticCredentialSource(undefined, cert);
}
