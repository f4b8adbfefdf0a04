/**
 * Quota scopes (`spec.scopes` and `spec.scopeSelector`): a scoped quota tracks only pods, and only
 * the pods its scopes select — Terminating / NotTerminating (`activeDeadlineSeconds`), BestEffort /
 * NotBestEffort (no requests or limits), PriorityClass (by class name), CrossNamespacePodAffinity.
 */
import type { Pod, PodSpec, ResourceQuota } from '../../../sdk/types/generated/core-v1.js';
import { isJsonNumber } from '../../../machinery/json-numbers.js';

/** One scope requirement. */
interface ScopeRequirement {
  scope: string;
  operator: string;
  values: string[];
}

/** The requirements of a quota; empty for an unscoped quota. */
export function scopeRequirements(quota: ResourceQuota): ScopeRequirement[] {
  const spec = quota.spec ?? {};
  const out: ScopeRequirement[] = (spec.scopes ?? []).map((s) => ({ scope: s, operator: 'Exists', values: [] }));
  for (const x of spec.scopeSelector?.matchExpressions ?? []) {
    out.push({ scope: x.scopeName ?? '', operator: x.operator ?? 'Exists', values: x.values ?? [] });
  }
  return out;
}

function bestEffort(spec: Partial<PodSpec>): boolean {
  return [...(spec.containers ?? []), ...(spec.initContainers ?? [])].every((c) =>
    Object.keys(c.resources?.requests ?? {}).length === 0 && Object.keys(c.resources?.limits ?? {}).length === 0);
}

function crossNamespaceAffinity(spec: Partial<PodSpec>): boolean {
  const affinity = spec.affinity ?? {};
  return [affinity.podAffinity, affinity.podAntiAffinity].some((a) => {
    const terms = [...(a?.requiredDuringSchedulingIgnoredDuringExecution ?? []),
      ...(a?.preferredDuringSchedulingIgnoredDuringExecution ?? []).map((w) => w.podAffinityTerm)];
    return terms.some((t) => (t?.namespaces ?? []).length > 0 || t?.namespaceSelector !== undefined);
  });
}

/** True when a pod matches every requirement. */
export function podMatchesScopes(pod: Pod, requirements: ScopeRequirement[]): boolean {
  const spec: Partial<PodSpec> = pod.spec ?? {};
  return requirements.every((r) => {
    switch (r.scope) {
      case 'Terminating': return isJsonNumber(spec.activeDeadlineSeconds);
      case 'NotTerminating': return !isJsonNumber(spec.activeDeadlineSeconds);
      case 'BestEffort': return bestEffort(spec);
      case 'NotBestEffort': return !bestEffort(spec);
      case 'CrossNamespacePodAffinity': return crossNamespaceAffinity(spec);
      case 'PriorityClass': {
        const name = spec.priorityClassName ?? '';
        if (r.operator === 'In') return r.values.includes(name);
        if (r.operator === 'NotIn') return !r.values.includes(name);
        if (r.operator === 'DoesNotExist') return name === '';
        return name !== '';
      }
      default: return false;
    }
  });
}
