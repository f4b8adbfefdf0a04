/**
 * Does a webhook apply to a request: rules (operations, apiGroups, apiVersions, resources with `*`,
 * `*\/*`, `pods/*`, `*\/status`, scope), matchPolicy Exact/Equivalent (another served version of the
 * same resource), namespaceSelector and objectSelector — in the order the API server checks them.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { RuleWithOperations } from '../../sdk/types/generated/admissionregistration-v1.js';
import type { Webhook } from './types.js';
import type { AdmissionAttributes } from '../admission/types.js';
import type { ResourceDef } from '../registry/types.js';
import { fromObjectSelector, isEverything, labelsOf, matchesLabels } from '../../machinery/labels/selector.js';
import { asObject } from '../util/json.js';

function resourceMatches(patterns: string[], resource: string, subresource: string): boolean {
  return patterns.some((p) => {
    if (p === '*/*') return true;
    const slash = p.indexOf('/');
    const pr = slash < 0 ? p : p.slice(0, slash);
    const ps = slash < 0 ? '' : p.slice(slash + 1);
    if (slash < 0) return subresource === '' && (pr === '*' || pr === resource);
    return (pr === '*' || pr === resource) && (ps === '*' || ps === subresource);
  });
}

/** True when one rule matches the request as addressed to `def`. */
export function ruleMatches(rule: RuleWithOperations, operation: string, def: ResourceDef, subresource: string): boolean {
  const ops = rule.operations ?? [];
  if (!ops.includes('*') && !ops.includes(operation)) return false;
  const groups = rule.apiGroups ?? [];
  if (!groups.includes('*') && !groups.includes(def.group)) return false;
  const versions = rule.apiVersions ?? [];
  if (!versions.includes('*') && !versions.includes(def.version)) return false;
  if (!resourceMatches(rule.resources ?? [], def.plural, subresource)) return false;
  const scope = rule.scope ?? '*';
  if (scope === 'Cluster' && def.namespaced) return false;
  if (scope === 'Namespaced' && !def.namespaced) return false;
  return true;
}

/**
 * The def a webhook sees the request as: the request's own when a rule matches it; with
 * `matchPolicy: Equivalent`, another served version of the same resource whose rule matches;
 * undefined when the webhook does not apply.
 */
export function matchedDef(hook: Webhook, attrs: AdmissionAttributes, equivalents: ResourceDef[]): ResourceDef | undefined {
  const rules = hook.rules ?? [];
  const matches = (def: ResourceDef): boolean => rules.some((r) => ruleMatches(r, attrs.operation, def, attrs.subresource));
  if (matches(attrs.def)) return attrs.def;
  if (hook.matchPolicy !== 'Equivalent') return undefined;
  return equivalents.find((d) => d !== attrs.def && d.bucket === attrs.def.bucket && d.custom === undefined && matches(d));
}

/** objectSelector: the labels of the object or the old object; objects without metadata never match a non-empty selector. */
export function objectSelectorMatches(hook: Webhook, attrs: AdmissionAttributes): boolean {
  const sel = fromObjectSelector(hook.objectSelector ?? {});
  if (isEverything(sel)) return true;
  const candidates = [attrs.object, attrs.oldObject].filter((o): o is JsonObject => o !== undefined && asObject(o.metadata) !== undefined);
  return candidates.some((o) => matchesLabels(sel, labelsOf(o) ?? {}));
}

/**
 * namespaceSelector: the labels of the request's namespace, or of the Namespace object itself;
 * no effect on other cluster-scoped resources.
 */
export async function namespaceSelectorMatches(hook: Webhook, attrs: AdmissionAttributes,
  lookupNamespace: (name: string) => Promise<JsonObject | undefined>): Promise<boolean> {
  const sel = fromObjectSelector(hook.namespaceSelector ?? {});
  if (isEverything(sel)) return true;
  const isNamespace = attrs.def.group === '' && attrs.def.plural === 'namespaces';
  if (isNamespace) {
    const ns = attrs.object ?? attrs.oldObject;
    return ns !== undefined && matchesLabels(sel, labelsOf(ns) ?? {});
  }
  if (!attrs.def.namespaced || attrs.namespace === '') return true;
  const ns = await lookupNamespace(attrs.namespace);
  return matchesLabels(sel, (ns === undefined ? undefined : labelsOf(ns)) ?? {});
}
