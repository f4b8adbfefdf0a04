/**
 * The modes without state: AlwaysAllow, AlwaysDeny, and the `system:masters` superuser check that
 * kube-apiserver puts in front of every configured mode.
 */
import { MASTERS_GROUP } from '../../request/user.js';
import type { AuthorizationAttributes } from '../authorizer.js';
import type { AuthorizationMode, ModeDecision, RuleSet } from './types.js';

const ALL_RULES: RuleSet = {
  resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [], nonResourceURLs: [] }],
  nonResourceRules: [{ verbs: ['*'], apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: ['*'] }],
  incomplete: false,
  errors: [],
};

function allRules(): RuleSet {
  return structuredClone(ALL_RULES);
}

/** `AlwaysAllow`. */
export class AlwaysAllowMode implements AuthorizationMode {
  authorize(): ModeDecision {
    return { decision: 'allow' };
  }
  rulesFor(): RuleSet {
    return allRules();
  }
}

/** `AlwaysDeny`: as in kube-apiserver, no opinion with a reason, so a request nothing allows is denied. */
export class AlwaysDenyMode implements AuthorizationMode {
  authorize(): ModeDecision {
    return { decision: 'no-opinion', reason: 'Everything is forbidden.' };
  }
  rulesFor(): RuleSet {
    return { resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] };
  }
}

/**
 * Members of `system:masters` may do anything, whatever the modes say. Like kube-apiserver's
 * privileged-groups authorizer it lists no rules: the cluster-admin binding shows them under RBAC.
 */
export class PrivilegedGroupsMode implements AuthorizationMode {
  constructor(private readonly groups: string[] = [MASTERS_GROUP]) {}
  authorize(attrs: AuthorizationAttributes): ModeDecision {
    return attrs.user.groups.some((g) => this.groups.includes(g)) ? { decision: 'allow' } : { decision: 'no-opinion' };
  }
  rulesFor(): RuleSet {
    return { resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] };
  }
}
