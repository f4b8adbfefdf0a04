/**
 * The configured modes asked in order, as kube-apiserver's union authorizer: the first allow or
 * deny is final; otherwise the request has no opinion (a denial at the pipeline) with the
 * collected reasons and evaluation errors. Rules of every mode that can list them are merged.
 */
import type { AuthorizationAttributes, Authorizer } from '../authorizer.js';
import type { UserInfo } from '../../request/user.js';
import type { AuthorizationMode, ModeDecision, RuleSet } from './types.js';
import { decisionDetails, unknownRules } from './types.js';

function isMode(a: Authorizer): a is AuthorizationMode {
  return 'rulesFor' in a && typeof a.rulesFor === 'function';
}

/** The union of the configured modes (also an Authorizer for the request pipeline). */
export class ModeUnion implements Authorizer {
  constructor(readonly modes: Authorizer[]) {}

  async authorize(attrs: AuthorizationAttributes): Promise<ModeDecision> {
    const reasons: string[] = [];
    const errors: string[] = [];
    for (const m of this.modes) {
      let d: ModeDecision;
      try {
        d = await m.authorize(attrs);
      } catch (e) {
        errors.push(e instanceof Error ? e.message : String(e));
        continue;
      }
      const { reason, error } = decisionDetails(d);
      if (error !== '') errors.push(error);
      if (reason !== '') reasons.push(reason);
      if (d.decision === 'allow') return error === '' ? { decision: 'allow', reason } : { decision: 'allow', reason, error };
      if (d.decision === 'deny') return error === '' ? { decision: 'deny', reason } : { decision: 'deny', reason, error };
    }
    const out: ModeDecision = { decision: 'no-opinion', reason: reasons.join('\n') };
    if (errors.length > 0) out.error = errors.length === 1 ? errors[0] ?? '' : `[${errors.join(', ')}]`;
    return out;
  }

  /** The rules `user` holds in `namespace`, merged over the modes. */
  async rulesFor(user: UserInfo, namespace: string): Promise<RuleSet> {
    const out: RuleSet = { resourceRules: [], nonResourceRules: [], incomplete: false, errors: [] };
    for (const m of this.modes) {
      const r = isMode(m) ? await m.rulesFor(user, namespace) : unknownRules();
      out.resourceRules.push(...r.resourceRules);
      out.nonResourceRules.push(...r.nonResourceRules);
      out.incomplete ||= r.incomplete;
      out.errors.push(...r.errors);
    }
    return out;
  }
}
