/**
 * Answers to SelfSubjectRulesReview: the rules the caller holds in `spec.namespace`, listed by
 * every mode that can list them; `incomplete` when some mode cannot, and the resolution errors as
 * `evaluationError`.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { GROUPS } from '../../../../sdk/naming.js';
import { badRequest } from '../../../errors.js';
import { asObject, asString } from '../../../util/json.js';
import type { UserInfo } from '../../../request/user.js';
import type { ModeUnion } from '../union.js';
import type { PolicyRule } from '../../../../machinery/rbac/policy-rule.js';

function resourceRule(r: PolicyRule): JsonObject {
  const out: JsonObject = { verbs: [...r.verbs] };
  if (r.apiGroups.length > 0) out.apiGroups = [...r.apiGroups];
  if (r.resources.length > 0) out.resources = [...r.resources];
  if (r.resourceNames.length > 0) out.resourceNames = [...r.resourceNames];
  return out;
}

function nonResourceRule(r: PolicyRule): JsonObject {
  const out: JsonObject = { verbs: [...r.verbs] };
  if (r.nonResourceURLs.length > 0) out.nonResourceURLs = [...r.nonResourceURLs];
  return out;
}

/** Answers one SelfSubjectRulesReview. */
export async function answerRulesReview(union: ModeUnion, body: JsonObject, caller: UserInfo): Promise<JsonObject> {
  const spec = asObject(body.spec) ?? {};
  const namespace = asString(spec.namespace) ?? '';
  if (namespace === '') throw badRequest('no namespace on request');
  const rules = await union.rulesFor(caller, namespace);
  const status: JsonObject = {
    resourceRules: rules.resourceRules.map(resourceRule),
    nonResourceRules: rules.nonResourceRules.map(nonResourceRule),
    incomplete: rules.incomplete,
  };
  if (rules.errors.length > 0) status.evaluationError = rules.errors.length === 1 ? rules.errors[0] ?? '' : `[${rules.errors.join(', ')}]`;
  const metadata = { ...(asObject(body.metadata) ?? {}) };
  if (metadata.creationTimestamp === undefined) metadata.creationTimestamp = null;
  return { kind: 'SelfSubjectRulesReview', apiVersion: `${GROUPS.authorization}/v1`, metadata, spec, status };
}
