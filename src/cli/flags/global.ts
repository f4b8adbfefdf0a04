/**
 * Flags accepted by every command (kubectl's "global" options), and their parsed form.
 */
import type { FlagName, FlagsOf } from '../framework/flag-reader.js';
import type { FlagSpec } from '../framework/spec.js';
import { FlagValues } from '../framework/flag-values.js';

/** The global flags with their literal names and types, which {@link globalOptionsFrom} reads. */
const GLOBAL_FLAG_SPECS = [
  { name: 'as', type: 'string', default: '', description: 'Username to impersonate for the operation. User could be a regular user or a service account in a namespace.' },
  { name: 'as-group', type: 'stringArray', default: [], description: 'Group to impersonate for the operation, this flag can be repeated to specify multiple groups.' },
  { name: 'as-uid', type: 'string', default: '', description: 'UID to impersonate for the operation.' },
  { name: 'cache-dir', type: 'string', default: '', description: 'Default cache directory (default ~/.platform/cache)', complete: { kind: 'dir' } },
  { name: 'certificate-authority', type: 'string', default: '', description: 'Path to a cert file for the certificate authority', complete: { kind: 'file' } },
  { name: 'client-certificate', type: 'string', default: '', description: 'Path to a client certificate file for TLS', complete: { kind: 'file' } },
  { name: 'client-key', type: 'string', default: '', description: 'Path to a client key file for TLS', complete: { kind: 'file' } },
  { name: 'cluster', type: 'string', default: '', description: 'The name of the kubeconfig cluster to use', complete: { kind: 'cluster' } },
  { name: 'context', type: 'string', default: '', description: 'The name of the kubeconfig context to use', complete: { kind: 'context' } },
  { name: 'disable-compression', type: 'bool', default: false, description: 'If true, opt-out of response compression for all requests to the server' },
  { name: 'insecure-skip-tls-verify', type: 'bool', default: false, description: "If true, the server's certificate will not be checked for validity. This will make your HTTPS connections insecure" },
  { name: 'kubeconfig', type: 'string', default: '', description: 'Path to the kubeconfig file to use for CLI requests.', complete: { kind: 'file' } },
  { name: 'match-server-version', type: 'bool', default: false, description: 'Require server version to match client version' },
  { name: 'namespace', short: 'n', type: 'string', default: '', description: 'If present, the namespace scope for this CLI request', complete: { kind: 'namespace' } },
  { name: 'password', type: 'string', default: '', description: 'Password for basic authentication to the API server' },
  {
    name: 'request-timeout', type: 'string', default: '0',
    description: "The length of time to wait before giving up on a single server request. Non-zero values should contain a corresponding time unit (e.g. 1s, 2m, 3h). A value of zero means don't timeout requests; a request then still gives up when the server's response headers take 60s (PLATFORM_RESPONSE_HEADER_TIMEOUT), and an exec credential plugin run without the terminal after 60s (PLATFORM_EXEC_PLUGIN_TIMEOUT). Connecting gives up after 30s (PLATFORM_CONNECT_TIMEOUT). Each variable takes a duration; 0 waits forever. Watches, logs and exec sessions run as long as the server keeps them.",
  },
  { name: 'server', short: 's', type: 'string', default: '', description: 'The address and port of the API server' },
  { name: 'tls-server-name', type: 'string', default: '', description: 'Server name to use for server certificate validation. If it is not provided, the hostname used to contact the server is used' },
  { name: 'token', type: 'string', default: '', description: 'Bearer token for authentication to the API server' },
  { name: 'user', type: 'string', default: '', description: 'The name of the kubeconfig user to use', complete: { kind: 'user' } },
  { name: 'username', type: 'string', default: '', description: 'Username for basic authentication to the API server' },
  { name: 'v', short: 'v', type: 'int', default: 0, description: 'number for the log level verbosity' },
  { name: 'warnings-as-errors', type: 'bool', default: false, description: 'Treat warnings received from the server as errors and exit with a non-zero exit code' },
] as const satisfies readonly FlagSpec[];

/** The global flags, in the order `platformctl options` lists them. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = GLOBAL_FLAG_SPECS;

/** The global flags as {@link globalOptionsFrom} reads them. */
type GlobalFlags = FlagsOf<typeof GLOBAL_FLAG_SPECS>;

/** The name of a global `string` flag. */
type GlobalStringFlag = FlagName<(typeof GLOBAL_FLAG_SPECS)[number], 'string'>;

/** Global flags after parsing. Empty strings of the flags are normalized to undefined. */
export interface GlobalOptions {
  as?: string;
  asGroups: string[];
  asUid?: string;
  cacheDir?: string;
  certificateAuthority?: string;
  clientCertificate?: string;
  clientKey?: string;
  cluster?: string;
  context?: string;
  disableCompression: boolean;
  insecureSkipTlsVerify: boolean;
  /** Whether --insecure-skip-tls-verify was given at all (an explicit false also overrides the config). */
  insecureSkipTlsVerifySet: boolean;
  kubeconfig?: string;
  matchServerVersion: boolean;
  namespace?: string;
  password?: string;
  requestTimeout: string;
  server?: string;
  tlsServerName?: string;
  token?: string;
  user?: string;
  username?: string;
  verbosity: number;
  warningsAsErrors: boolean;
}

/** The parsed values with the shadowed global flags at their global defaults. */
function withoutShadowed(parsed: GlobalFlags, shadowed: ReadonlySet<string>): GlobalFlags {
  const values = new Map<string, string | number | boolean | readonly string[] | undefined>();
  const set = new Set<string>();
  for (const flag of GLOBAL_FLAG_SPECS) {
    if (shadowed.has(flag.name)) {
      values.set(flag.name, flag.default);
      continue;
    }
    const raw = flag.type === 'bool' ? parsed.bool(flag.name) : flag.type === 'int' ? parsed.int(flag.name) : flag.type === 'stringArray' ? parsed.strings(flag.name) : parsed.string(flag.name);
    values.set(flag.name, raw);
    if (parsed.changed(flag.name)) set.add(flag.name);
  }
  return new FlagValues(values, set);
}

function opt(values: GlobalFlags, name: GlobalStringFlag): string | undefined {
  const v = values.string(name);
  return v === undefined || v === '' ? undefined : v;
}

/**
 * Extracts {@link GlobalOptions} from parsed flag values. `shadowed` names the global flags the
 * command declares itself (`create rolebinding --user`): those values are the command's, not global
 * options, as with kubectl's local flags that shadow a persistent one.
 */
export function globalOptionsFrom(parsed: GlobalFlags, shadowed: ReadonlySet<string> = new Set()): GlobalOptions {
  const values = shadowed.size === 0 ? parsed : withoutShadowed(parsed, shadowed);
  const g: GlobalOptions = {
    asGroups: values.strings('as-group'),
    disableCompression: values.bool('disable-compression'),
    insecureSkipTlsVerify: values.bool('insecure-skip-tls-verify'),
    insecureSkipTlsVerifySet: values.changed('insecure-skip-tls-verify'),
    matchServerVersion: values.bool('match-server-version'),
    requestTimeout: values.string('request-timeout') ?? '0',
    verbosity: values.int('v') ?? 0,
    warningsAsErrors: values.bool('warnings-as-errors'),
  };
  const strings: [keyof GlobalOptions, GlobalStringFlag][] = [
    ['as', 'as'], ['asUid', 'as-uid'], ['cacheDir', 'cache-dir'], ['certificateAuthority', 'certificate-authority'],
    ['clientCertificate', 'client-certificate'], ['clientKey', 'client-key'], ['cluster', 'cluster'], ['context', 'context'],
    ['kubeconfig', 'kubeconfig'], ['namespace', 'namespace'], ['password', 'password'], ['server', 'server'],
    ['tlsServerName', 'tls-server-name'], ['token', 'token'], ['user', 'user'], ['username', 'username'],
  ];
  for (const [key, flag] of strings) {
    const v = opt(values, flag);
    if (v !== undefined) (g as unknown as Record<string, string>)[key] = v;
  }
  return g;
}
