/**
 * What the authorization modes of this package share beyond the server's Authorizer seam: a
 * decision may carry the reason it was allowed and an evaluation error, and a mode may list the
 * rules a user holds (for SelfSubjectRulesReview).
 */
import type { AuthorizationAttributes, Authorizer } from '../authorizer.js';
import type { UserInfo } from '../../request/user.js';
import type { PolicyRule } from '../../../machinery/rbac/policy-rule.js';

/** A decision with the reason and evaluation error a SubjectAccessReview reports. */
export type ModeDecision =
  | { decision: 'allow'; reason?: string; error?: string }
  | { decision: 'deny'; reason: string; error?: string }
  | { decision: 'no-opinion'; reason?: string; error?: string };

/** The rules a user holds according to one mode. */
export interface RuleSet {
  resourceRules: PolicyRule[];
  nonResourceRules: PolicyRule[];
  /** True when the mode cannot list everything it would allow. */
  incomplete: boolean;
  errors: string[];
}

/** One authorization mode of `--authorization-mode`. */
export interface AuthorizationMode extends Authorizer {
  authorize(attrs: AuthorizationAttributes): Promise<ModeDecision> | ModeDecision;
  /** The rules of `user` in `namespace`; modes that cannot say return `incomplete`. */
  rulesFor(user: UserInfo, namespace: string): Promise<RuleSet> | RuleSet;
}

/** A rule set a mode cannot describe. */
export function unknownRules(error?: string): RuleSet {
  return { resourceRules: [], nonResourceRules: [], incomplete: true, errors: error === undefined ? [] : [error] };
}

/** Reads the optional reason and error of any decision (other Authorizers return plain ones). */
export function decisionDetails(d: object): { reason: string; error: string } {
  const r = 'reason' in d && typeof d.reason === 'string' ? d.reason : '';
  const e = 'error' in d && typeof d.error === 'string' ? d.error : '';
  return { reason: r, error: e };
}
