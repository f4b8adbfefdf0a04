/**
 * The `ABAC` mode: a policy file of JSON lines, each a Policy of
 * `abac.authorization.platform.io/v1beta1` (or the unversioned first format), matched as
 * kube-apiserver's ABAC authorizer matches them. Blank lines and `#` comments are skipped.
 */
import type { AuthorizationAttributes } from '../authorizer.js';
import type { UserInfo } from '../../request/user.js';
import { DOMAIN } from '../../../sdk/naming.js';
import type { PolicyRule } from '../../../machinery/rbac/policy-rule.js';
import type { AuthorizationMode, ModeDecision, RuleSet } from './types.js';
import { jsonObjectOrEmpty as obj, stringOrEmpty as str } from '../../../machinery/json/values.js';
import { withoutTrailing } from '../../../machinery/trailing.js';

/** The apiVersion of versioned policy lines. */
export const ABAC_API_VERSION = `abac.authorization.${DOMAIN}/v1beta1`;

/** One policy (the `spec` of a line). */
export interface AbacPolicy {
  user: string;
  group: string;
  readonly: boolean;
  apiGroup: string;
  resource: string;
  namespace: string;
  nonResourcePath: string;
}

/** A policy file line that is not a valid policy. */
export class AbacPolicyError extends Error {
  override name = 'AbacPolicyError';
}

function parseLine(line: string, n: number, source: string): AbacPolicy {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch (e) {
    throw new AbacPolicyError(`error reading ABAC policy file "${source}" line ${n}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new AbacPolicyError(`error reading ABAC policy file "${source}" line ${n}: not a JSON object`);
  const o = v as Record<string, unknown>;
  const apiVersion = str(o.apiVersion);
  if (apiVersion === '') {
    // The unversioned format, converted as kube-apiserver converts it: no user and group (or `*`)
    // means every authenticated user, empty namespace and resource mean any, every API group
    // matches, and a rule without namespace and resource also allows non-resource paths.
    let user = str(o.user);
    let group = str(o.group);
    if ((user === '' && group === '') || user === '*' || group === '*') {
      group = 'system:authenticated';
      user = '';
    }
    const namespace = str(o.namespace);
    const resource = str(o.resource);
    return {
      user, group, readonly: o.readonly === true, apiGroup: '*', resource: resource === '' ? '*' : resource,
      namespace: namespace === '' ? '*' : namespace, nonResourcePath: namespace === '' && resource === '' ? '*' : '',
    };
  }
  if (apiVersion !== ABAC_API_VERSION || str(o.kind) !== 'Policy') {
    throw new AbacPolicyError(`error reading ABAC policy file "${source}" line ${n}: unknown apiVersion/kind ${JSON.stringify(apiVersion)}/${JSON.stringify(str(o.kind))}`);
  }
  const spec = obj(o.spec);
  return {
    user: str(spec.user), group: str(spec.group), readonly: spec.readonly === true, apiGroup: str(spec.apiGroup),
    resource: str(spec.resource), namespace: str(spec.namespace), nonResourcePath: str(spec.nonResourcePath),
  };
}

/** Parses a policy file's text; throws {@link AbacPolicyError} naming the line. */
export function parseAbacPolicies(text: string, source = 'policy'): AbacPolicy[] {
  const out: AbacPolicy[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    out.push(parseLine(line, i + 1, source));
  });
  return out;
}

function subjectMatches(p: AbacPolicy, user: UserInfo): boolean {
  let matched = false;
  if (p.user !== '') {
    if (p.user === '*') matched = true;
    else if (p.user === user.username) matched = true;
    else return false;
  }
  if (p.group !== '') {
    if (p.group === '*') matched = true;
    else if (user.groups.includes(p.group)) matched = true;
    else return false;
  }
  return matched;
}

const READ_ONLY_VERBS = new Set(['get', 'list', 'watch']);

function matches(p: AbacPolicy, a: AuthorizationAttributes): boolean {
  if (!subjectMatches(p, a.user)) return false;
  if (p.readonly && !READ_ONLY_VERBS.has(a.verb)) return false;
  if (a.isResourceRequest) {
    return (p.namespace === '*' || p.namespace === a.namespace) && (p.resource === '*' || p.resource === a.resource) && (p.apiGroup === '*' || p.apiGroup === a.apiGroup);
  }
  const path = p.nonResourcePath;
  return path === '*' || path === a.path || (path.endsWith('*') && a.path.startsWith(withoutTrailing(path, '*')));
}

/** `ABAC`. */
export class AbacMode implements AuthorizationMode {

  constructor(private readonly policies: AbacPolicy[]) {}

  authorize(attrs: AuthorizationAttributes): ModeDecision {
    return this.policies.some((p) => matches(p, attrs)) ? { decision: 'allow' } : { decision: 'no-opinion', reason: 'No policy matched.' };
  }

  rulesFor(user: UserInfo, namespace: string): RuleSet {
    const resourceRules: PolicyRule[] = [];
    const nonResourceRules: PolicyRule[] = [];
    const verbs = (p: AbacPolicy): string[] => (p.readonly ? ['get', 'list', 'watch'] : ['*']);
    for (const p of this.policies) {
      if (!subjectMatches(p, user)) continue;
      if (p.namespace !== '*' && p.namespace !== namespace) continue;
      if (p.resource !== '') {
        resourceRules.push({ verbs: verbs(p), apiGroups: [p.apiGroup], resources: [p.resource], resourceNames: [], nonResourceURLs: [] });
      }
      if (p.nonResourcePath !== '') {
        nonResourceRules.push({ verbs: verbs(p), apiGroups: [], resources: [], resourceNames: [], nonResourceURLs: [p.nonResourcePath] });
      }
    }
    return { resourceRules, nonResourceRules, incomplete: false, errors: [] };
  }
}
