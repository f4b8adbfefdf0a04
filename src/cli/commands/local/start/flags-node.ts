/**
 * `--node-runtime` of `platformctl local start`: whether the node `local` runs pods as processes,
 * or (`none`) whether there is no node `local` at all.
 * The process runtime runs every container's command as the user who started the server, so
 * creating a pod is then as powerful as running a command as that user. By default it is on only in
 * the single-user setup `local start` makes (the server on 127.0.0.1, the local admin token, no
 * other way to authenticate); any other authentication turns it off unless the flag says `process`.
 */
import type { AuthenticationOptions } from '../../../../server/auth/authn/options.js';
import type { NodeOptions } from '../../../../server/node/options.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import type { FlagSpec } from '../../../framework/spec.js';
import { UsageError } from '../../../framework/usage-error.js';

const VALUES = ['process', 'none'];

/** The flag. */
export const nodeFlags = [
  {
    name: 'node-runtime', type: 'string', default: '',
    description: [
      'How pods run: "process" registers the node "local" and runs each container\'s command and arguments as a child process of the server, as the user who started it (images are not pulled);',
      '"none" registers no node at all, and nothing re-creates one: the server is a control plane without nodes, which schedules pods onto the nodes you register (Node objects) and runs none of them, so they stay Pending.',
      'Default: "process" when the server accepts only the local admin token; otherwise the node "local" is registered without a runtime (NotReady; pods stay Pending and an event says why).',
      'With the process runtime, creating a pod is exactly as powerful as running a command as that user, so whoever RBAC allows to create pods (or workloads that create them) can do that.',
    ].join(' '),
    complete: { kind: 'values', values: VALUES },
  },
] as const satisfies readonly FlagSpec[];

/**
 * The authentication besides the admin token that `options` configure, by flag name; undefined
 * when none. Anonymous requests are part of the setup `local start` makes (its bootstrap RBAC lets
 * them read discovery and health, nothing that creates pods), so they do not count.
 */
export function otherAuthentication(o: AuthenticationOptions): string | undefined {
  if (o.tokenAuthFile !== undefined || (o.tokens?.length ?? 0) > 0) return '--token-auth-file';
  if (o.clientCAFile !== undefined || o.clientCAPem !== undefined) return '--client-ca-file';
  if ((o.serviceAccounts?.keyFiles?.length ?? 0) > 0) return '--service-account-key-file';
  if (o.enableBootstrapTokenAuth === true) return '--enable-bootstrap-token-auth';
  if (o.oidc !== undefined) return '--oidc-issuer-url';
  if (o.webhook !== undefined) return '--authentication-token-webhook-config-file';
  if (o.requestHeader !== undefined) return '--requestheader-username-headers';
  return undefined;
}

/** The server's node options from the flag and the authentication in effect. */
export function nodeOptionsFromFlags(flags: FlagsOf<typeof nodeFlags>, authentication: AuthenticationOptions): NodeOptions {
  const value = runtimeFlag(flags);
  if (value === 'process') return { runtime: 'process' };
  if (value === 'none') return { runtime: 'none', registerNode: false, disabledReason: 'the server was started with --node-runtime=none' };
  const other = otherAuthentication(authentication);
  if (other === undefined) return { runtime: 'process' };
  return { runtime: 'none', disabledReason: `the process runtime is off because authentication other than the local admin token is configured (${other})` };
}

function runtimeFlag(flags: FlagsOf<typeof nodeFlags>): string {
  const value = flags.string('node-runtime') ?? '';
  if (value !== '' && !VALUES.includes(value)) throw new UsageError(`invalid argument "${value}" for "--node-runtime" flag: must be process or none`, false);
  return value;
}

/** The flag as given (checked), to pass on to the background server process. */
export function nodeArgs(flags: FlagsOf<typeof nodeFlags>): string[] {
  const value = runtimeFlag(flags);
  return flags.changed('node-runtime') ? [`--node-runtime=${value}`] : [];
}
