/**
 * Options of the server's authorization (the `authorization` field of ServerOptions), mirroring
 * kube-apiserver's `--authorization-*` flags, and their validation with its messages.
 */
import type { WebhookAuthorizationOptions } from './webhook.js';

/** The values of `--authorization-mode`. */
export const AUTHORIZATION_MODES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'] as const;

/** One value of `--authorization-mode`. */
export type AuthorizationModeName = (typeof AUTHORIZATION_MODES)[number];

/** Authorization of the local server. */
export interface AuthorizationOptions {
  /** `--authorization-mode`, asked in order (default `AlwaysAllow`). */
  modes?: AuthorizationModeName[];
  /** `--authorization-policy-file`: the ABAC policy (JSON lines). */
  policyFile?: string;
  /** The Webhook mode (`--authorization-webhook-*`). */
  webhook?: WebhookAuthorizationOptions;
  /** Create the default roles and bindings at start-up (default: when RBAC is a mode). */
  bootstrapPolicy?: boolean;
}

/** Invalid authorization options (the message is kube-apiserver's). */
export class AuthorizationOptionsError extends Error {
  override name = 'AuthorizationOptionsError';
}

/** Parses a comma-separated `--authorization-mode` value. */
export function parseAuthorizationModes(value: string): AuthorizationModeName[] {
  const out: AuthorizationModeName[] = [];
  for (const raw of value.split(',')) {
    const m = raw.trim();
    if (m === '') continue;
    if (!(AUTHORIZATION_MODES as readonly string[]).includes(m)) throw new AuthorizationOptionsError(`authorization-mode "${m}" is not a valid mode`);
    out.push(m as AuthorizationModeName);
  }
  return out;
}

/** Checks the options as kube-apiserver checks its flags; throws {@link AuthorizationOptionsError}. */
export function validateAuthorizationOptions(o: AuthorizationOptions): AuthorizationModeName[] {
  const modes = o.modes ?? ['AlwaysAllow'];
  if (modes.length === 0) throw new AuthorizationOptionsError('at least one authorization-mode must be passed');
  const seen = new Set<string>();
  for (const m of modes) {
    if (!(AUTHORIZATION_MODES as readonly string[]).includes(m)) throw new AuthorizationOptionsError(`authorization-mode "${m}" is not a valid mode`);
    if (seen.has(m)) throw new AuthorizationOptionsError(`authorization-mode "${m}" has mode specified more than once`);
    seen.add(m);
  }
  const abacPolicy = o.policyFile !== undefined;
  if (seen.has('ABAC') && !abacPolicy) throw new AuthorizationOptionsError("authorization-mode ABAC's authorization policy file not passed");
  if (!seen.has('ABAC') && abacPolicy) throw new AuthorizationOptionsError('cannot specify --authorization-policy-file without mode ABAC');
  if (seen.has('Webhook') && o.webhook === undefined) throw new AuthorizationOptionsError("authorization-mode Webhook's authorization config file not passed");
  if (!seen.has('Webhook') && o.webhook !== undefined) throw new AuthorizationOptionsError('cannot specify --authorization-webhook-config-file without mode Webhook');
  return modes;
}
