/**
 * The RBAC mode: allows a request when a rule of a role bound to the user (cluster-wide, or in the
 * request's namespace) allows it; otherwise it has no opinion, so that later modes are asked.
 */
import type { AuthorizationAttributes } from '../../authorizer.js';
import type { UserInfo } from '../../../request/user.js';
import type { AuthorizationMode, ModeDecision, RuleSet } from '../types.js';
import type { RbacRuleResolver } from './resolver.js';
import { ruleAllows } from './rules.js';

/** `RBAC`. */
export class RbacAuthorizer implements AuthorizationMode {

  constructor(private readonly resolver: RbacRuleResolver) {}

  authorize(attrs: AuthorizationAttributes): ModeDecision {
    let allowedBy: string | undefined;
    const errors: string[] = [];
    this.resolver.visitRules(attrs.user, attrs.namespace, (source, rule, error) => {
      if (error !== undefined) errors.push(error);
      if (rule !== undefined && ruleAllows(attrs, rule)) {
        allowedBy = source;
        return false;
      }
      return true;
    });
    if (allowedBy !== undefined) return { decision: 'allow', reason: `RBAC: allowed by ${allowedBy}` };
    if (errors.length === 0) return { decision: 'no-opinion' };
    return { decision: 'no-opinion', reason: `RBAC: ${errors.length === 1 ? errors[0] ?? '' : `[${errors.join(', ')}]`}` };
  }

  rulesFor(user: UserInfo, namespace: string): RuleSet {
    const { rules, errors } = this.resolver.rulesFor(user, namespace);
    return {
      resourceRules: rules.filter((r) => r.resources.length > 0),
      nonResourceRules: rules.filter((r) => r.nonResourceURLs.length > 0),
      incomplete: false,
      errors,
    };
  }
}
