/**
 * The authentication flags of `local start` (kube-apiserver's names) and the optional
 * `<data dir>/authn.yaml`, whose keys are the same flag names; a flag on the command line wins
 * over the file. Maps both to the server's AuthenticationOptions.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { CONFIG_FILE_LIMIT, readTextFileLimited } from '../../../../sdk/bounded-read.js';
import type { AuthenticationOptions } from '../../../../server/auth/authn/options.js';
import type { FlagName, FlagReader, FlagsOf } from '../../../framework/flag-reader.js';
import { parseGoDuration } from '../../../../machinery/go-duration.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';

/** File name of the authentication config in the data directory. */
export const AUTHN_CONFIG_FILE = 'authn.yaml';

const file = { kind: 'file' } as const;

/** The authentication flags. */
export const authnFlags = [
  { name: 'anonymous-auth', type: 'bool', default: true, description: 'Allow anonymous requests (user system:anonymous); always off with the AlwaysAllow authorization mode.' },
  { name: 'token-auth-file', type: 'string', default: '', description: 'CSV file of static bearer tokens: token,user,uid,"group1,group2".', complete: file },
  { name: 'client-ca-file', type: 'string', default: '', description: "CA bundle trusted for client certificates besides the server's CA (CN is the user, O the groups).", complete: file },
  { name: 'service-account-key-file', type: 'stringArray', default: [], description: 'PEM file of public (or private) keys that verify service-account tokens. Repeatable.', complete: file },
  { name: 'service-account-signing-key-file', type: 'string', default: '', description: 'Private key that signs service-account tokens (default: one kept in the data directory).', complete: file },
  { name: 'service-account-issuer', type: 'stringArray', default: [], description: 'Issuer of service-account tokens (the first signs; more are accepted). Repeatable.' },
  { name: 'api-audiences', type: 'stringSlice', default: [], description: 'Audiences of the API (default: the service-account issuers).' },
  { name: 'enable-bootstrap-token-auth', type: 'bool', default: false, description: 'Accept bootstrap tokens (secrets bootstrap-token-<id> in platform-system) and run the token cleaner.' },
  { name: 'oidc-issuer-url', type: 'string', default: '', description: 'HTTPS URL of the trusted OpenID Connect issuer.' },
  { name: 'oidc-client-id', type: 'string', default: '', description: 'Client id every OpenID Connect ID token must be issued for.' },
  { name: 'oidc-username-claim', type: 'string', default: 'sub', description: 'ID-token claim holding the user name; claims other than email are prefixed with the issuer URL.' },
  { name: 'oidc-username-prefix', type: 'string', default: '', description: 'Prefix of OIDC user names ("-" disables the default "<issuer>#" prefix).' },
  { name: 'oidc-groups-claim', type: 'string', default: '', description: 'ID-token claim holding the groups (a string or an array of strings).' },
  { name: 'oidc-groups-prefix', type: 'string', default: '', description: 'Prefix of OIDC group names.' },
  { name: 'oidc-required-claim', type: 'stringSlice', default: [], description: 'key=value claim every ID token must carry. Repeatable.' },
  { name: 'oidc-ca-file', type: 'string', default: '', description: "CA of the OIDC provider's certificate (default: the host's roots).", complete: file },
  { name: 'oidc-signing-algs', type: 'stringSlice', default: ['RS256'], description: 'Accepted ID-token signing algorithms.' },
  { name: 'authentication-token-webhook-config-file', type: 'string', default: '', description: 'Client-config file of a TokenReview webhook.', complete: file },
  { name: 'authentication-token-webhook-version', type: 'string', default: 'v1beta1', description: 'TokenReview version sent to the webhook: v1 or v1beta1.', complete: { kind: 'values', values: ['v1', 'v1beta1'] } },
  { name: 'authentication-token-webhook-cache-ttl', type: 'duration', default: '2m0s', description: 'How long webhook decisions are cached.' },
  { name: 'requestheader-username-headers', type: 'stringSlice', default: [], description: 'Headers an authenticating proxy names the user in (first with a value wins).' },
  { name: 'requestheader-group-headers', type: 'stringSlice', default: [], description: 'Headers an authenticating proxy names groups in.' },
  { name: 'requestheader-extra-headers-prefix', type: 'stringSlice', default: [], description: 'Header prefixes an authenticating proxy sends extra user info in.' },
  { name: 'requestheader-client-ca-file', type: 'string', default: '', description: "CA bundle the authenticating proxy's client certificate must verify against.", complete: file },
  { name: 'requestheader-allowed-names', type: 'stringSlice', default: [], description: 'Common names allowed for the proxy certificate (empty: every name).' },
] as const satisfies readonly FlagSpec[];

type AuthnFlag = (typeof authnFlags)[number];

/** Values from the command line, else the config file (whose keys are the flags' names), each by the type of its flag. */
interface Source {
  has(name: AuthnFlag['name']): boolean;
  str(name: FlagName<AuthnFlag, 'string' | 'duration'>): string;
  bool(name: FlagName<AuthnFlag, 'bool'>): boolean;
  list(name: FlagName<AuthnFlag, 'stringArray' | 'stringSlice'>): string[];
  /** A path, absolute against the place the value came from. */
  path(name: FlagName<AuthnFlag, 'string'>): string | undefined;
}

function fileSource(doc: Record<string, unknown>, dir: string): Source {
  const str = (n: AuthnFlag['name']): string => {
    const v = doc[n];
    return v === undefined || v === null ? '' : Array.isArray(v) ? v.map(String).join(',') : String(v);
  };
  return {
    has: (n) => doc[n] !== undefined && doc[n] !== null,
    str,
    bool: (n) => doc[n] === true || doc[n] === 'true',
    list: (n) => {
      const v = doc[n];
      if (Array.isArray(v)) return v.map(String);
      return typeof v === 'string' && v !== '' ? v.split(',') : [];
    },
    path: (n) => (str(n) === '' ? undefined : isAbsolute(str(n)) ? str(n) : resolve(dir, str(n))),
  };
}

/** The flags, over the file's values for those not given. */
function flagSource(flags: FlagsOf<typeof authnFlags>, cwd: string, fallback: Source): Source {
  const changed = (n: AuthnFlag['name']): boolean => flags.changed(n);
  return {
    has: (n) => changed(n) || fallback.has(n),
    str: (n) => (changed(n) || !fallback.has(n) ? flags.string(n) ?? '' : fallback.str(n)),
    bool: (n) => (changed(n) || !fallback.has(n) ? flags.bool(n) : fallback.bool(n)),
    list: (n) => (changed(n) || !fallback.has(n) ? flags.strings(n) : fallback.list(n)),
    path: (n) => {
      if (!changed(n)) return fallback.path(n);
      const v = flags.string(n) ?? '';
      return v === '' ? undefined : resolve(cwd, v);
    },
  };
}

async function readConfigFile(dataDir: string): Promise<Record<string, unknown>> {
  const path = join(dataDir, AUTHN_CONFIG_FILE);
  let text: string;
  try {
    text = await readTextFileLimited(path, CONFIG_FILE_LIMIT);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  const { loadYaml } = await import('../../../../machinery/yaml/read.js');
  let doc: unknown;
  try {
    doc = await loadYaml(text, { schema: 'yaml12' });
  } catch (e) {
    throw new UsageError(`${path}: ${e instanceof Error ? e.message.split('\n')[0] ?? '' : String(e)}`, false);
  }
  if (doc === undefined || doc === null) return {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new UsageError(`${path}: must be a mapping of flag names to values`, false);
  const known = new Set<string>(authnFlags.map((f) => f.name));
  for (const k of Object.keys(doc)) if (!known.has(k)) throw new UsageError(`${path}: unknown key "${k}"`, false);
  return doc as Record<string, unknown>;
}

function pairs(values: string[], flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const i = v.indexOf('=');
    if (i <= 0) throw new UsageError(`invalid argument "${v}" for "--${flag}" flag: must be key=value`, false);
    out[v.slice(0, i)] = v.slice(i + 1);
  }
  return out;
}

/** Authorization modes that make anonymous access unsafe. */
function modesOf(flags: FlagReader<{ name: 'authorization-mode'; type: 'stringSlice' }>): string[] {
  return flags.strings('authorization-mode').flatMap((m) => m.split(',')).map((m) => m.trim()).filter((m) => m !== '');
}

/** The server's authentication options from the flags and `<dataDir>/authn.yaml`. */
export async function authenticationFromFlags(flags: FlagReader<(typeof authnFlags)[number] | { name: 'authorization-mode'; type: 'stringSlice' }>, dataDir: string, cwd: string, warn: (line: string) => void): Promise<AuthenticationOptions> {
  const s = flagSource(flags, cwd, fileSource(await readConfigFile(dataDir), dataDir));
  const o: AuthenticationOptions = {};
  const modes = modesOf(flags);
  // The server's authorization default is AlwaysAllow, under which anonymous access is refused.
  const alwaysAllow = modes.length === 0 || modes.includes('AlwaysAllow');
  if (s.bool('anonymous-auth') && alwaysAllow) {
    if (flags.changed('anonymous-auth')) warn('AnonymousAuth is not allowed with the AlwaysAllow authorizer. Resetting AnonymousAuth to false. You should use a different authorizer');
  } else {
    o.anonymous = s.bool('anonymous-auth');
  }
  const tokenFile = s.path('token-auth-file');
  if (tokenFile !== undefined) o.tokenAuthFile = tokenFile;
  const clientCA = s.path('client-ca-file');
  if (clientCA !== undefined) o.clientCAFile = clientCA;
  const sa: NonNullable<AuthenticationOptions['serviceAccounts']> = {};
  const signing = s.path('service-account-signing-key-file');
  if (signing !== undefined) sa.signingKeyFile = signing;
  const keyFiles = s.list('service-account-key-file').filter((f) => f !== '').map((f) => resolve(flags.changed('service-account-key-file') ? cwd : dataDir, f));
  if (keyFiles.length > 0) sa.keyFiles = keyFiles;
  const issuers = s.list('service-account-issuer').filter((x) => x !== '');
  if (issuers.length > 0) sa.issuers = issuers;
  const audiences = s.list('api-audiences').filter((x) => x !== '');
  if (audiences.length > 0) sa.apiAudiences = audiences;
  if (Object.keys(sa).length > 0) o.serviceAccounts = sa;
  if (s.bool('enable-bootstrap-token-auth')) o.enableBootstrapTokenAuth = true;
  const issuer = s.str('oidc-issuer-url');
  if (issuer !== '') {
    const clientID = s.str('oidc-client-id');
    if (clientID === '') throw new UsageError('--oidc-client-id is required with --oidc-issuer-url', false);
    const oidc: NonNullable<AuthenticationOptions['oidc']> = { issuerURL: issuer, clientID, usernameClaim: s.str('oidc-username-claim') || 'sub' };
    if (s.has('oidc-username-prefix') && s.str('oidc-username-prefix') !== '') oidc.usernamePrefix = s.str('oidc-username-prefix');
    if (s.str('oidc-groups-claim') !== '') oidc.groupsClaim = s.str('oidc-groups-claim');
    if (s.str('oidc-groups-prefix') !== '') oidc.groupsPrefix = s.str('oidc-groups-prefix');
    const required = pairs(s.list('oidc-required-claim').filter((x) => x !== ''), 'oidc-required-claim');
    if (Object.keys(required).length > 0) oidc.requiredClaims = required;
    const ca = s.path('oidc-ca-file');
    if (ca !== undefined) oidc.caFile = ca;
    const algs = s.list('oidc-signing-algs').filter((x) => x !== '');
    if (algs.length > 0) oidc.signingAlgs = algs;
    o.oidc = oidc;
  }
  const webhook = s.path('authentication-token-webhook-config-file');
  if (webhook !== undefined) {
    const version = s.str('authentication-token-webhook-version') || 'v1beta1';
    if (version !== 'v1' && version !== 'v1beta1') throw new UsageError(`invalid --authentication-token-webhook-version "${version}": must be v1 or v1beta1`, false);
    const ttlText = s.str('authentication-token-webhook-cache-ttl') || '2m0s';
    const ttl = parseGoDuration(ttlText);
    if (ttl === undefined) throw new UsageError(`invalid argument "${ttlText}" for "--authentication-token-webhook-cache-ttl" flag: time: invalid duration "${ttlText}"`, false);
    o.webhook = { configFile: webhook, version, cacheTtlMs: ttl };
  }
  const userHeaders = s.list('requestheader-username-headers').filter((x) => x !== '');
  if (userHeaders.length > 0) {
    const ca = s.path('requestheader-client-ca-file');
    if (ca === undefined) throw new UsageError('--requestheader-client-ca-file is required with --requestheader-username-headers', false);
    o.requestHeader = {
      usernameHeaders: userHeaders, clientCAFile: ca,
      groupHeaders: s.list('requestheader-group-headers').filter((x) => x !== ''),
      extraHeadersPrefix: s.list('requestheader-extra-headers-prefix').filter((x) => x !== ''),
      allowedNames: s.list('requestheader-allowed-names').filter((x) => x !== ''),
    };
  }
  return o;
}

/** The authentication flags given on the command line, to pass on to the background server process. */
export function authnChildArgs(flags: FlagsOf<typeof authnFlags>): string[] {
  const out: string[] = [];
  for (const f of authnFlags) {
    if (!flags.changed(f.name)) continue;
    if (f.type === 'bool') out.push(`--${f.name}=${String(flags.bool(f.name))}`);
    else if (f.type === 'stringArray' || f.type === 'stringSlice') for (const v of flags.strings(f.name)) out.push(`--${f.name}=${v}`);
    else out.push(`--${f.name}=${flags.string(f.name) ?? ''}`);
  }
  return out;
}
