/**
 * The authorization of the local server, assembled from its options: the modes in order behind
 * the `system:masters` check, RBAC's policy view, escalation prevention on RBAC writes, the
 * access-review endpoint, the ClusterRole aggregation controller (which also creates the
 * bootstrap policy), and the signer check for the certificate role rules.
 */
import { readFile } from 'node:fs/promises';
import type { AdmissionPlugin } from '../../admission/types.js';
import type { ServerCore } from '../../context.js';
import type { Authorizer } from '../authorizer.js';
import type { UserInfo } from '../../request/user.js';
import { AbacMode, parseAbacPolicies } from './abac.js';
import { NodeMode } from './node.js';
import { validateAuthorizationOptions, type AuthorizationModeName, type AuthorizationOptions } from './options.js';
import { RbacAuthorizer } from './rbac/authorizer.js';
import { rbacEscalationAdmission } from './rbac/escalation.js';
import { RbacPolicyStore } from './rbac/policy-store.js';
import { RbacRuleResolver } from './rbac/resolver.js';
import { accessReviewEndpoint, type ReviewEndpoint } from './reviews/endpoint.js';
import { mayUseSigner, type SignerVerb } from './signers.js';
import { AlwaysAllowMode, AlwaysDenyMode, PrivilegedGroupsMode } from './simple-modes.js';
import { ModeUnion } from './union.js';
import { WebhookMode } from './webhook.js';
import { readClientConfig } from '../client-config.js';

export type { AuthorizationModeName, AuthorizationOptions } from './options.js';
export { AuthorizationOptionsError, parseAuthorizationModes } from './options.js';
export type { WebhookAuthorizationOptions } from './webhook.js';
export { mayUseSigner, type SignerVerb } from './signers.js';

/** The assembled authorization of a server. */
export interface Authorization {
  /** The modes in order, for the request pipeline and the reviews. */
  authorizer: ModeUnion;
  /** Escalation prevention on RBAC writes. */
  admission: AdmissionPlugin;
  /** The access-review endpoint. */
  endpoints: ReviewEndpoint[];
  /** The RBAC objects as the authorizer sees them (the ClusterRole aggregation controller reads them too). */
  policy: RbacPolicyStore;
  /** Whether the bootstrap policy is written at start (`bootstrapPolicy`, by default when RBAC is on). */
  bootstrapPolicy: boolean;
  /** True when `user` may `verb` requests of signer `signerName` (certificate role rules). */
  mayUseSigner(user: UserInfo, verb: SignerVerb, signerName: string): Promise<boolean>;
}

async function buildMode(ctx: ServerCore, name: AuthorizationModeName, o: AuthorizationOptions, resolver: RbacRuleResolver): Promise<Authorizer> {
  switch (name) {
    case 'AlwaysAllow': return new AlwaysAllowMode();
    case 'AlwaysDeny': return new AlwaysDenyMode();
    case 'RBAC': return new RbacAuthorizer(resolver);
    case 'Node': return new NodeMode();
    case 'ABAC': {
      const source = o.policyFile ?? 'policy';
      return new AbacMode(parseAbacPolicies(await readFile(source, 'utf8'), source));
    }
    case 'Webhook': {
      const w = o.webhook;
      if (w === undefined) throw new Error("authorization-mode Webhook's authorization config file not passed");
      const { configFile, ...rest } = w;
      return new WebhookMode(await readClientConfig(configFile), rest, () => ctx.now());
    }
  }
}

/**
 * Builds the authorization of a server. `authorizers` (tests) replace the modes as they are;
 * otherwise the modes of `options.modes` (default AlwaysAllow) are asked after the
 * `system:masters` check.
 */
export async function createAuthorization(ctx: ServerCore, options: { authorizers?: Authorizer[]; authorization?: AuthorizationOptions }): Promise<Authorization> {
  const o = options.authorization ?? {};
  const modeNames = validateAuthorizationOptions(o);
  const policy = await RbacPolicyStore.open(ctx);
  const resolver = new RbacRuleResolver(policy);
  let modes: Authorizer[];
  if (options.authorizers !== undefined) {
    modes = options.authorizers;
  } else {
    modes = [new PrivilegedGroupsMode()];
    for (const m of modeNames) modes.push(await buildMode(ctx, m, o, resolver));
  }
  const union = new ModeUnion(modes);
  return {
    authorizer: union,
    admission: rbacEscalationAdmission(union, resolver),
    endpoints: [accessReviewEndpoint(union)],
    policy,
    bootstrapPolicy: o.bootstrapPolicy ?? modeNames.includes('RBAC'),
    mayUseSigner: (user, verb, signerName) => mayUseSigner(union, user, verb, signerName),
  };
}
