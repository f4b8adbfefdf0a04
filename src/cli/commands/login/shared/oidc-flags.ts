/**
 * The flags that name an OIDC login (shared by `login oidc`, `credential oidc` and `logout`), and
 * their conversion to the SDK's settings and to exec-plugin arguments.
 */
import * as path from 'node:path';
import type { FlagSpec } from '../../../framework/spec.js';
import type { FlagReader } from '../../../framework/flag-reader.js';
import { UsageError } from '../../../framework/usage-error.js';
import type { OidcSettings } from '../../../../sdk/auth/oidc/settings.js';
import { TooLargeError } from '../../../../sdk/errors.js';

/** `--issuer`. */
export const ISSUER_FLAG = { name: 'issuer', type: 'string', default: '', description: 'Issuer URL of the OpenID Connect provider (e.g. https://accounts.example.com)' } as const satisfies FlagSpec;

/** `--client-id`. */
export const CLIENT_ID_FLAG = { name: 'client-id', type: 'string', default: '', description: 'Client ID registered at the provider' } as const satisfies FlagSpec;

/** `--client-secret`. */
const CLIENT_SECRET_FLAG = { name: 'client-secret', type: 'string', default: '', description: 'Client secret, for confidential clients (public clients rely on PKCE alone)' } as const satisfies FlagSpec;

/** `--scope`. */
const SCOPE_FLAG = { name: 'scope', type: 'stringArray', default: [], description: 'Scope to request besides "openid" (repeatable, e.g. --scope email --scope groups)' } as const satisfies FlagSpec;

/** `--issuer-ca-file`. */
const ISSUER_CA_FILE_FLAG = { name: 'issuer-ca-file', type: 'string', default: '', description: "Path to a PEM CA bundle for the provider's certificate (default: the system roots)", complete: { kind: 'file' } } as const satisfies FlagSpec;

/** `--issuer`, `--client-id`, `--client-secret`, `--scope`, `--issuer-ca-file`. */
export const OIDC_FLAGS = [ISSUER_FLAG, CLIENT_ID_FLAG, CLIENT_SECRET_FLAG, SCOPE_FLAG, ISSUER_CA_FILE_FLAG] as const satisfies readonly FlagSpec[];

/** What the flags name. */
export interface OidcFlagValues {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string[];
  /** Absolute path of the CA file, when given. */
  caFile?: string;
}

/**
 * Reads the OIDC flags; `required` makes a missing issuer or client ID a usage error. `logout`
 * declares only `--issuer` and `--client-id`: the others read as absent there.
 */
export function readOidcFlags(flags: FlagReader<typeof ISSUER_FLAG | typeof CLIENT_ID_FLAG>, cwd: string, required = true): OidcFlagValues | undefined {
  const issuer = flags.string('issuer') ?? '';
  const clientId = flags.string('client-id') ?? '';
  if (issuer === '' || clientId === '') {
    if (!required && issuer === '' && clientId === '') return undefined;
    // Every missing flag at once, in cobra's order (by name).
    const missing = [clientId === '' ? 'client-id' : '', issuer === '' ? 'issuer' : ''].filter((f) => f !== '');
    throw new UsageError(missing.length === 1 ? `required flag "${missing[0] ?? ''}" not set` : `required flag(s) "${missing.join('", "')}" not set`);
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new UsageError(`invalid issuer URL "${issuer}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost'))) {
    throw new UsageError(`the issuer URL must use https: "${issuer}"`);
  }
  const scopes = flags.optional(SCOPE_FLAG) ?? [];
  const values: OidcFlagValues = { issuer, clientId, scopes: scopes.flatMap((s) => s.split(/[\s,]+/)).filter((s) => s !== '') };
  const secret = flags.optional(CLIENT_SECRET_FLAG) ?? '';
  if (secret !== '') values.clientSecret = secret;
  const ca = flags.optional(ISSUER_CA_FILE_FLAG) ?? '';
  if (ca !== '') values.caFile = path.resolve(cwd, ca);
  return values;
}

/** The SDK settings, reading the CA file. */
export async function oidcSettings(values: OidcFlagValues, signal?: AbortSignal): Promise<OidcSettings> {
  const settings: OidcSettings = { issuer: values.issuer, clientId: values.clientId, extraScopes: values.scopes };
  if (values.clientSecret !== undefined) settings.clientSecret = values.clientSecret;
  const http: NonNullable<OidcSettings['http']> = {};
  if (values.caFile !== undefined) {
    const { CREDENTIAL_FILE_LIMIT, readTextFileLimited } = await import('../../../../sdk/bounded-read.js');
    try {
      http.caPem = await readTextFileLimited(values.caFile, CREDENTIAL_FILE_LIMIT);
    } catch (err) {
      const code = err instanceof TooLargeError ? err.message : typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'error';
      throw new UsageError(`cannot read --issuer-ca-file "${values.caFile}": ${code}`, false);
    }
  }
  if (signal !== undefined) http.signal = signal;
  settings.http = http;
  return settings;
}

/** The flags again, as arguments of `credential oidc` in the exec plugin entry. */
export function oidcArgs(values: OidcFlagValues): string[] {
  const args = ['--issuer', values.issuer, '--client-id', values.clientId];
  if (values.clientSecret !== undefined) args.push('--client-secret', values.clientSecret);
  for (const scope of values.scopes) args.push('--scope', scope);
  if (values.caFile !== undefined) args.push('--issuer-ca-file', values.caFile);
  return args;
}

/** Reads issuer and client ID back from the arguments of a `credential oidc` exec entry. */
export function parseOidcArgs(args: readonly string[]): { issuer: string; clientId: string } | undefined {
  const value = (name: string): string | undefined => {
    for (let i = 0; i < args.length; i++) {
      const a = args[i] ?? '';
      if (a === `--${name}`) return args[i + 1];
      if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
    }
    return undefined;
  };
  const oidcAt = args.findIndex((a, i) => a === 'credential' && args[i + 1] === 'oidc');
  const issuer = value('issuer');
  const clientId = value('client-id');
  if (oidcAt < 0 || issuer === undefined || clientId === undefined) return undefined;
  return { issuer, clientId };
}
