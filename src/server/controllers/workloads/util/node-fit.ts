/**
 * Whether a pod may run on a node as the DaemonSet controller judges it (`NodeShouldRunDaemonPod`):
 * its NoSchedule and NoExecute taints tolerated, its nodeSelector and required node affinity
 * matched (labels, and `metadata.name` through matchFields).
 */
import type { JsonObject, JsonValue } from '../../../../sdk/types/meta.js';
import { asArray, asObject, asString } from '../../../util/json.js';

/** A toleration tolerates a taint (`Toleration.ToleratesTaint`). */
export function tolerates(toleration: JsonObject, taint: JsonObject): boolean {
  const effect = asString(toleration.effect) ?? '';
  if (effect !== '' && effect !== taint.effect) return false;
  const key = asString(toleration.key) ?? '';
  const op = asString(toleration.operator) ?? 'Equal';
  if (key === '') return op === 'Exists';
  if (key !== taint.key) return false;
  if (op === 'Exists') return true;
  return (asString(toleration.value) ?? '') === (asString(taint.value) ?? '');
}

function requirementMatches(req: JsonObject, value: string | undefined): boolean {
  const values = (asArray(req.values) ?? []).map((v) => asString(v) ?? '');
  switch (req.operator) {
    case 'In': return value !== undefined && values.includes(value);
    case 'NotIn': return value === undefined || !values.includes(value);
    case 'Exists': return value !== undefined;
    case 'DoesNotExist': return value === undefined;
    case 'Gt': return value !== undefined && /^-?\d+$/.test(value) && Number(value) > Number(values[0]);
    case 'Lt': return value !== undefined && /^-?\d+$/.test(value) && Number(value) < Number(values[0]);
    default: return false;
  }
}

/** A node selector term matches (all its expressions and fields). */
function termMatches(term: JsonObject, node: JsonObject): boolean {
  const labels = asObject(asObject(node.metadata)?.labels) ?? {};
  const exprs = asArray(term.matchExpressions) ?? [];
  const fields = asArray(term.matchFields) ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  for (const e of exprs) {
    const req = asObject(e) ?? {};
    if (!requirementMatches(req, asString(labels[asString(req.key) ?? '']))) return false;
  }
  for (const f of fields) {
    const req = asObject(f) ?? {};
    const value = req.key === 'metadata.name' ? asString(asObject(node.metadata)?.name) : undefined;
    if (!requirementMatches(req, value)) return false;
  }
  return true;
}

/** The pod spec fits the node: selector, required affinity and taints. */
export function podFitsNode(podSpec: JsonObject, node: JsonObject): boolean {
  const labels = asObject(asObject(node.metadata)?.labels) ?? {};
  for (const [k, v] of Object.entries(asObject(podSpec.nodeSelector) ?? {})) if (labels[k] !== v) return false;
  const required = asObject(asObject(asObject(podSpec.affinity)?.nodeAffinity)?.requiredDuringSchedulingIgnoredDuringExecution);
  if (required !== undefined) {
    const terms = (asArray(required.nodeSelectorTerms) ?? []).map((t) => asObject(t) ?? {});
    if (!terms.some((t) => termMatches(t, node))) return false;
  }
  const tolerations = (asArray(podSpec.tolerations) ?? []).map((t) => asObject(t) ?? {});
  for (const t of asArray(asObject(node.spec)?.taints) ?? []) {
    const taint = asObject(t) ?? {};
    if (taint.effect !== 'NoSchedule' && taint.effect !== 'NoExecute') continue;
    if (!tolerations.some((tol) => tolerates(tol, taint))) return false;
  }
  return true;
}

/** Sets the required node affinity to exactly this node (`ReplaceDaemonSetPodNodeNameNodeAffinity`). */
export function pinToNode(podSpec: JsonObject, nodeName: string): void {
  const field: JsonValue = { key: 'metadata.name', operator: 'In', values: [nodeName] };
  const affinity = asObject(podSpec.affinity) ?? {};
  const nodeAffinity = asObject(affinity.nodeAffinity) ?? {};
  const required = asObject(nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution);
  const terms = (asArray(required?.nodeSelectorTerms) ?? []).map((t) => asObject(t) ?? {});
  if (terms.length === 0) {
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [{ matchFields: [field] }] };
  } else {
    for (const t of terms) t.matchFields = [field];
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: terms };
  }
  affinity.nodeAffinity = nodeAffinity;
  podSpec.affinity = affinity;
}
