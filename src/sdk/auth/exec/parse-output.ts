/**
 * Validates what an exec plugin printed: an ExecCredential of the configured apiVersion with a
 * token, or a certificate and key. Messages follow client-go; none quotes the output, which holds
 * secrets.
 */
import { typeMetaProbeError } from '../../../machinery/type-meta-probe.js';
import { ExecPluginError } from '../../errors.js';
import type { ExecCredentialStatus } from '../../types/exec-credential.js';
import { stringOrEmpty as str } from '../../../machinery/json/values.js';

/** A validated plugin answer. */
export interface ExecPluginResult {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
  /** Expiry in epoch milliseconds, when the plugin gave one. */
  expiresAt?: number;
}

/**
 * The document the plugin printed: JSON, or else YAML (client-go's decoder accepts both). Output
 * that is neither is refused without being quoted.
 */
async function decodeDocument(stdout: string): Promise<unknown> {
  try {
    return JSON.parse(stdout);
  } catch {
    // Not JSON: YAML, as the universal decoder reads it.
  }
  const { parseYaml } = await import('../../config/yaml-parse.js');
  try {
    return await parseYaml(stdout);
  } catch {
    return fail(`decoding stdout: the plugin did not print an ExecCredential (${Buffer.byteLength(stdout)} bytes of other output)`);
  }
}

function fail(message: string, stderr?: string): never {
  throw new ExecPluginError(`getting credentials: ${message}`, stderr === undefined ? undefined : { stderr });
}

/** Parses and validates plugin stdout against the configured apiVersion. */
export async function parseExecOutput(stdout: string, apiVersion: string): Promise<ExecPluginResult> {
  // A null document decodes to nothing, as Go's decoder leaves its struct empty for it.
  const parsed = (await decodeDocument(stdout)) ?? {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    // client-go's universal decoder reads other text as YAML; a scalar or a list then fails its type probe.
    fail(`decoding stdout: couldn't get version/kind; json parse error: ${typeMetaProbeError(parsed)}`);
  }
  const obj = parsed as { apiVersion?: unknown; kind?: unknown; status?: unknown };
  if (typeof obj.apiVersion !== 'string' || obj.apiVersion === '') fail("decoding stdout: Object 'apiVersion' is missing");
  // client-go decodes into an ExecCredential: a missing kind is taken from it, another one is refused.
  if (obj.kind !== undefined && obj.kind !== '' && obj.kind !== 'ExecCredential') {
    fail(`decoding stdout: expected kind "ExecCredential", got ${JSON.stringify(typeof obj.kind === 'string' ? obj.kind : '')}`);
  }
  if (obj.apiVersion !== apiVersion) {
    fail(`exec plugin is configured to use API version ${apiVersion}, plugin returned version ${obj.apiVersion}`);
  }
  if (typeof obj.status !== 'object' || obj.status === null) fail("exec plugin didn't return a status field");
  const status = obj.status as Record<keyof ExecCredentialStatus, unknown>;
  const token = str(status.token);
  const cert = str(status.clientCertificateData);
  const key = str(status.clientKeyData);
  if (token === '' && cert === '' && key === '') fail("exec plugin didn't return a token or cert/key pair");
  if ((cert === '') !== (key === '')) fail('exec plugin returned only certificate or key, not both');
  const result: ExecPluginResult = {};
  if (token !== '') result.token = token;
  if (cert !== '') {
    // Loaded here: only plugins that return certificates need TLS parsing.
    const { createSecureContext } = await import('node:tls');
    try {
      createSecureContext({ cert, key });
    } catch {
      fail('failed parsing client key/certificate returned by the exec plugin');
    }
    result.clientCertificateData = cert;
    result.clientKeyData = key;
  }
  if (status.expirationTimestamp !== undefined && status.expirationTimestamp !== null) {
    const ts = str(status.expirationTimestamp);
    const ms = Date.parse(ts);
    if (ts === '' || Number.isNaN(ms)) fail('decoding stdout: status.expirationTimestamp is not an RFC 3339 time');
    result.expiresAt = ms;
  }
  return result;
}
