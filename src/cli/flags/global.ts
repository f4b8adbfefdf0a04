/**
 * Flags accepted by every command (kubectl's "global" options), and their parsed form.
 */
import type { FlagName, FlagsOf } from '../framework/flag-reader.js';
import type { FlagSpec } from '../framework/spec.js';
import { FlagValues } from '../framework/flag-values.js';
import { GLOBAL_FLAG_SPECS } from './global-flag-specs.js';

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
