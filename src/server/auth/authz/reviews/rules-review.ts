/**
 * Answers to SelfSubjectRulesReview: the rules the caller holds in `spec.namespace`, listed by
 * every mode that can list them; `incomplete` when some mode cannot, and the resolution errors as
 * `evaluationError`. The review was decoded as its kind by the endpoint, so it is read typed.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import type { NonResourceRule, ResourceRule, SelfSubjectRulesReview, SubjectRulesReviewStatus } from '../../../../sdk/types/generated/authorization-v1.js';
import { GROUPS } from '../../../../sdk/naming.js';
import { badRequest } from '../../../errors.js';
import type { UserInfo } from '../../../request/user.js';
import type { ModeUnion } from '../union.js';
import type { PolicyRule } from '../../../../machinery/rbac/policy-rule.js';

function resourceRule(r: PolicyRule): ResourceRule {
  const out: ResourceRule = { verbs: [...r.verbs] };
  if (r.apiGroups.length > 0) out.apiGroups = [...r.apiGroups];
  if (r.resources.length > 0) out.resources = [...r.resources];
  if (r.resourceNames.length > 0) out.resourceNames = [...r.resourceNames];
  return out;
}

function nonResourceRule(r: PolicyRule): NonResourceRule {
  const out: NonResourceRule = { verbs: [...r.verbs] };
  if (r.nonResourceURLs.length > 0) out.nonResourceURLs = [...r.nonResourceURLs];
  return out;
}

/** Answers one SelfSubjectRulesReview. */
export async function answerRulesReview(union: ModeUnion, body: SelfSubjectRulesReview, caller: UserInfo): Promise<JsonObject> {
  const spec = body.spec ?? {};
  const namespace = spec.namespace ?? '';
  if (namespace === '') throw badRequest('no namespace on request');
  const rules = await union.rulesFor(caller, namespace);
  const status: SubjectRulesReviewStatus = {
    resourceRules: rules.resourceRules.map(resourceRule),
    nonResourceRules: rules.nonResourceRules.map(nonResourceRule),
    incomplete: rules.incomplete,
  };
  if (rules.errors.length > 0) status.evaluationError = rules.errors.length === 1 ? rules.errors[0] ?? '' : `[${rules.errors.join(', ')}]`;
  // Untyped: the answer's creationTimestamp is null, as Go encodes an unset time.
  const metadata: JsonObject = { ...body.metadata };
  if (metadata.creationTimestamp === undefined) metadata.creationTimestamp = null;
  return { kind: 'SelfSubjectRulesReview', apiVersion: `${GROUPS.authorization}/v1`, metadata, spec, status };
}
