/**
 * The authorization flags of `platformctl local start` (kube-apiserver's `--authorization-*`),
 * their mapping to the server's AuthorizationOptions, and their forwarding to the background
 * server process. The default mode list is `Node,RBAC`: the admin user stays a superuser through
 * `system:masters`, everyone else gets what roles grant.
 */
import type { FlagSpec } from '../../../framework/spec.js';
import type { FlagsOf } from '../../../framework/flag-reader.js';
import { UsageError, usageErrorOn } from '../../../framework/usage-error.js';
import type { AuthorizationOptions } from '../../../../server/auth/authz/options.js';
import { absolute, forwardedArgs } from './forward-flags.js';

/** The default `--authorization-mode` of `local start`. */
export const DEFAULT_LOCAL_AUTHORIZATION_MODES = ['Node', 'RBAC'];

/** The authorization flags. */
export const authzFlags = [
  {
    name: 'authorization-mode', type: 'stringSlice', default: DEFAULT_LOCAL_AUTHORIZATION_MODES,
    description: 'Ordered list of authorization modes: AlwaysAllow, AlwaysDeny, ABAC, Webhook, RBAC, Node.',
    complete: { kind: 'values', values: ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'] },
  },
  { name: 'authorization-policy-file', type: 'string', default: '', description: 'File with the ABAC policy (JSON lines), for --authorization-mode=ABAC.', complete: { kind: 'file' } },
  { name: 'authorization-webhook-config-file', type: 'string', default: '', description: 'Client-config file of the authorization webhook, for --authorization-mode=Webhook.', complete: { kind: 'file' } },
  {
    name: 'authorization-webhook-version', type: 'string', default: 'v1beta1', description: 'API version of the SubjectAccessReview sent to the webhook (v1 or v1beta1).',
    complete: { kind: 'values', values: ['v1', 'v1beta1'] },
  },
  { name: 'authorization-webhook-cache-authorized-ttl', type: 'duration', default: '5m0s', description: 'How long to cache allowed answers of the webhook.' },
  { name: 'authorization-webhook-cache-unauthorized-ttl', type: 'duration', default: '30s', description: 'How long to cache denied answers of the webhook.' },
] as const satisfies readonly FlagSpec[];

/** The server's authorization options from the flags (paths resolved against `cwd`). */
export async function authorizationOptionsFromFlags(flags: FlagsOf<typeof authzFlags>, cwd: string): Promise<AuthorizationOptions> {
  const { parseAuthorizationModes, AuthorizationOptionsError } = await import('../../../../server/auth/authz/options.js');
  const o: AuthorizationOptions = {};
  o.modes = usageErrorOn(AuthorizationOptionsError, () => parseAuthorizationModes(flags.strings('authorization-mode').join(',')));
  const policyFile = flags.string('authorization-policy-file') ?? '';
  if (policyFile !== '') o.policyFile = absolute(policyFile, cwd);
  const webhookFile = flags.string('authorization-webhook-config-file') ?? '';
  if (webhookFile !== '') {
    const version = flags.string('authorization-webhook-version') ?? 'v1beta1';
    if (version !== 'v1' && version !== 'v1beta1') throw new UsageError(`unsupported authorization-webhook-version "${version}": must be v1 or v1beta1`, false);
    o.webhook = {
      configFile: absolute(webhookFile, cwd), version,
      authorizedTtlMs: flags.durationMs('authorization-webhook-cache-authorized-ttl') ?? 5 * 60_000,
      unauthorizedTtlMs: flags.durationMs('authorization-webhook-cache-unauthorized-ttl') ?? 30_000,
    };
  }
  return o;
}

/** The authorization flags given on the command line, as arguments for the background server. */
export function authzArgs(flags: FlagsOf<typeof authzFlags>, cwd: string): string[] {
  return forwardedArgs(flags, authzFlags, cwd);
}
