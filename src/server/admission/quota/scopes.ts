/**
 * Quota scopes (`spec.scopes` and `spec.scopeSelector`): a scoped quota tracks only pods, and only
 * the pods its scopes select — Terminating / NotTerminating (`activeDeadlineSeconds`), BestEffort /
 * NotBestEffort (no requests or limits), PriorityClass (by class name), CrossNamespacePodAffinity.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import { asArray, asObject, asString } from '../../util/json.js';
import { isJsonNumber } from '../../../machinery/json-numbers.js';

/** One scope requirement. */
interface ScopeRequirement {
  scope: string;
  operator: string;
  values: string[];
}

/** The requirements of a quota; empty for an unscoped quota. */
export function scopeRequirements(quota: JsonObject): ScopeRequirement[] {
  const spec = asObject(quota.spec) ?? {};
  const out: ScopeRequirement[] = (asArray(spec.scopes) ?? []).map((s) => ({ scope: asString(s) ?? '', operator: 'Exists', values: [] }));
  for (const e of asArray(asObject(spec.scopeSelector)?.matchExpressions) ?? []) {
    const x = asObject(e) ?? {};
    out.push({ scope: asString(x.scopeName) ?? '', operator: asString(x.operator) ?? 'Exists', values: (asArray(x.values) ?? []).map((v) => asString(v) ?? '') });
  }
  return out;
}

function bestEffort(spec: JsonObject): boolean {
  return [...(asArray(spec.containers) ?? []), ...(asArray(spec.initContainers) ?? [])].every((c) => {
    const r = asObject(asObject(c)?.resources) ?? {};
    return Object.keys(asObject(r.requests) ?? {}).length === 0 && Object.keys(asObject(r.limits) ?? {}).length === 0;
  });
}

function crossNamespaceAffinity(spec: JsonObject): boolean {
  const affinity = asObject(spec.affinity) ?? {};
  return ['podAffinity', 'podAntiAffinity'].some((k) => {
    const a = asObject(affinity[k]) ?? {};
    const terms = [...(asArray(a.requiredDuringSchedulingIgnoredDuringExecution) ?? []),
      ...(asArray(a.preferredDuringSchedulingIgnoredDuringExecution) ?? []).map((w) => asObject(w)?.podAffinityTerm ?? null)];
    return terms.some((t) => (asArray(asObject(t)?.namespaces) ?? []).length > 0 || asObject(t)?.namespaceSelector !== undefined);
  });
}

/** True when a pod matches every requirement. */
export function podMatchesScopes(pod: JsonObject, requirements: ScopeRequirement[]): boolean {
  const spec = asObject(pod.spec) ?? {};
  return requirements.every((r) => {
    switch (r.scope) {
      case 'Terminating': return isJsonNumber(spec.activeDeadlineSeconds);
      case 'NotTerminating': return !isJsonNumber(spec.activeDeadlineSeconds);
      case 'BestEffort': return bestEffort(spec);
      case 'NotBestEffort': return !bestEffort(spec);
      case 'CrossNamespacePodAffinity': return crossNamespaceAffinity(spec);
      case 'PriorityClass': {
        const name = asString(spec.priorityClassName) ?? '';
        if (r.operator === 'In') return r.values.includes(name);
        if (r.operator === 'NotIn') return !r.values.includes(name);
        if (r.operator === 'DoesNotExist') return name === '';
        return name !== '';
      }
      default: return false;
    }
  });
}
