/**
 * The scheduler's filters, in the default scheduler's order (NodeUnschedulable, TaintToleration,
 * NodeAffinity, NodePorts, NodeResourcesFit), as pure functions from a pod and a node (with the
 * pods already on it) to the reasons it does not fit, worded as the real plugins word them. A node
 * fails at its first failing filter; resource shortages are all listed.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { TAINTS } from '../../sdk/naming.js';
import { asArray, asObject, asString } from '../util/json.js';
import { podRequest, quantityMilli } from './pod-resources.js';

/** Why a node does not fit: reasons, and whether evicting other pods could help. */
export interface NodeFitFailure {
  reasons: string[];
  /** `UnschedulableAndUnresolvable`: preemption cannot help. */
  unresolvable: boolean;
}

/** A node and what is already bound to it. */
export interface NodeInfo {
  node: JsonObject;
  /** Pods bound to the node that are not finished. */
  pods: JsonObject[];
}

function spec(o: JsonObject): JsonObject {
  return asObject(o.spec) ?? {};
}

/** Toleration.ToleratesTaint. */
export function tolerates(toleration: JsonObject, taint: JsonObject): boolean {
  const effect = asString(toleration.effect) ?? '';
  if (effect !== '' && effect !== asString(taint.effect)) return false;
  const key = asString(toleration.key) ?? '';
  if (key !== '' && key !== asString(taint.key)) return false;
  const op = asString(toleration.operator) ?? 'Equal';
  if (op === 'Exists') return true;
  if (op === 'Equal' || op === '') return (asString(toleration.value) ?? '') === (asString(taint.value) ?? '');
  return false;
}

function tolerations(pod: JsonObject): JsonObject[] {
  return (asArray(spec(pod).tolerations) ?? []).map((t) => asObject(t) ?? {});
}

/** The first taint with one of `effects` that the pod does not tolerate. */
export function untoleratedTaint(pod: JsonObject, node: JsonObject, effects: string[]): JsonObject | undefined {
  const tols = tolerations(pod);
  for (const t of asArray(spec(node).taints) ?? []) {
    const taint = asObject(t) ?? {};
    if (!effects.includes(asString(taint.effect) ?? '')) continue;
    if (!tols.some((tol) => tolerates(tol, taint))) return taint;
  }
  return undefined;
}

function labelsOf(node: JsonObject): Record<string, string> {
  const l = asObject(asObject(node.metadata)?.labels) ?? {};
  return Object.fromEntries(Object.entries(l).map(([k, v]) => [k, String(v)]));
}

function matchRequirement(value: string | undefined, op: string, values: string[]): boolean {
  switch (op) {
    case 'In': return value !== undefined && values.includes(value);
    case 'NotIn': return value === undefined || !values.includes(value);
    case 'Exists': return value !== undefined;
    case 'DoesNotExist': return value === undefined;
    case 'Gt':
    case 'Lt': {
      if (value === undefined || values.length !== 1) return false;
      const a = Number.parseInt(value, 10);
      const b = Number.parseInt(values[0] ?? '', 10);
      if (!Number.isInteger(a) || !Number.isInteger(b) || !/^-?\d+$/.test(value)) return false;
      return op === 'Gt' ? a > b : a < b;
    }
    default: return false;
  }
}

/** One NodeSelectorTerm: its expressions and fields all hold; an empty term matches nothing. */
function termMatches(term: JsonObject, node: JsonObject): boolean {
  const exprs = (asArray(term.matchExpressions) ?? []).map((e) => asObject(e) ?? {});
  const fields = (asArray(term.matchFields) ?? []).map((e) => asObject(e) ?? {});
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = labelsOf(node);
  for (const e of exprs) {
    const key = asString(e.key) ?? '';
    if (!matchRequirement(labels[key], asString(e.operator) ?? '', (asArray(e.values) ?? []).map(String))) return false;
  }
  for (const f of fields) {
    if (asString(f.key) !== 'metadata.name') return false;
    if (!matchRequirement(asString(asObject(node.metadata)?.name), asString(f.operator) ?? '', (asArray(f.values) ?? []).map(String))) return false;
  }
  return true;
}

/** nodeSelector and required node affinity. */
export function matchesNodeAffinity(pod: JsonObject, node: JsonObject): boolean {
  const labels = labelsOf(node);
  for (const [k, v] of Object.entries(asObject(spec(pod).nodeSelector) ?? {})) if (labels[k] !== String(v)) return false;
  const required = asObject(asObject(asObject(spec(pod).affinity)?.nodeAffinity)?.requiredDuringSchedulingIgnoredDuringExecution);
  if (required === undefined) return true;
  const terms = (asArray(required.nodeSelectorTerms) ?? []).map((t) => asObject(t) ?? {});
  return terms.some((t) => termMatches(t, node));
}

function hostPorts(pod: JsonObject): string[] {
  const out: string[] = [];
  for (const list of [spec(pod).containers, spec(pod).initContainers]) {
    for (const c of asArray(list) ?? []) {
      for (const p of asArray(asObject(c)?.ports) ?? []) {
        const port = asObject(p) ?? {};
        const hp = port.hostPort;
        if (typeof hp === 'number' && hp > 0) out.push(`${asString(port.hostIP) ?? '0.0.0.0'}/${asString(port.protocol) ?? 'TCP'}/${hp}`);
      }
    }
  }
  return out;
}

function portsConflict(a: string, b: string): boolean {
  const [ipA, protoA, portA] = a.split('/');
  const [ipB, protoB, portB] = b.split('/');
  if (protoA !== protoB || portA !== portB) return false;
  return ipA === ipB || ipA === '0.0.0.0' || ipB === '0.0.0.0';
}

const SCALAR_SKIP = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods']);

/** The resources a pod requests that the node cannot give (in the plugin's wording). */
function insufficient(pod: JsonObject, info: NodeInfo): string[] {
  const out: string[] = [];
  const allocatable = asObject(asObject(info.node.status)?.allocatable) ?? {};
  const maxPods = quantityMilli(allocatable.pods ?? '0') / 1000n;
  if (BigInt(info.pods.length + 1) > maxPods) out.push('Too many pods');
  const requested = new Set<string>(['cpu', 'memory', 'ephemeral-storage']);
  for (const list of [spec(pod).containers, spec(pod).initContainers]) {
    for (const c of asArray(list) ?? []) {
      const res = asObject(asObject(c)?.resources) ?? {};
      for (const k of [...Object.keys(asObject(res.requests) ?? {}), ...Object.keys(asObject(res.limits) ?? {})]) requested.add(k);
    }
  }
  for (const r of requested) {
    const want = podRequest(pod, r);
    if (want === 0n) continue;
    if (!SCALAR_SKIP.has(r) && allocatable[r] === undefined) {
      out.push(`Insufficient ${r}`);
      continue;
    }
    let used = 0n;
    for (const p of info.pods) used += podRequest(p, r);
    if (want > quantityMilli(allocatable[r] ?? '0') - used) out.push(`Insufficient ${r}`);
  }
  return out;
}

/** Runs the filters; undefined when the pod fits the node. */
export function checkFit(pod: JsonObject, info: NodeInfo): NodeFitFailure | undefined {
  const node = info.node;
  if (spec(node).unschedulable === true) {
    const taint = { key: TAINTS.unschedulable, effect: 'NoSchedule' };
    if (!tolerations(pod).some((t) => tolerates(t, taint))) return { reasons: ['node(s) were unschedulable'], unresolvable: true };
  }
  const taint = untoleratedTaint(pod, node, ['NoSchedule', 'NoExecute']);
  if (taint !== undefined) {
    return { reasons: [`node(s) had untolerated taint {${asString(taint.key) ?? ''}: ${asString(taint.value) ?? ''}}`], unresolvable: true };
  }
  if (!matchesNodeAffinity(pod, node)) return { reasons: ["node(s) didn't match Pod's node affinity/selector"], unresolvable: true };
  const wanted = hostPorts(pod);
  if (wanted.length > 0) {
    const used = info.pods.flatMap(hostPorts);
    if (wanted.some((w) => used.some((u) => portsConflict(w, u)))) return { reasons: ["node(s) didn't have free ports for the requested pod ports"], unresolvable: false };
  }
  const short = insufficient(pod, info);
  if (short.length > 0) return { reasons: short, unresolvable: false };
  return undefined;
}

function histogram(counts: Map<string, number>): string {
  return [...counts.entries()].map(([reason, n]) => `${n} ${reason}`).sort().join(', ');
}

/** The FitError message: `0/N nodes are available: <reasons>. preemption: 0/N nodes are available: <why not>.` */
export function fitErrorMessage(pod: JsonObject, failures: NodeFitFailure[]): string {
  if (failures.length === 0) return 'no nodes available to schedule pods';
  const n = failures.length;
  const reasons = new Map<string, number>();
  for (const f of failures) for (const r of f.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  let msg = `0/${n} nodes are available: ${histogram(reasons)}.`;
  if (asString(spec(pod).preemptionPolicy) === 'Never') return `${msg} preemption: not eligible due to preemptionPolicy=Never.`;
  const preemption = new Map<string, number>();
  for (const f of failures) {
    const why = f.unresolvable ? 'Preemption is not helpful for scheduling' : 'No preemption victims found for incoming pod';
    preemption.set(why, (preemption.get(why) ?? 0) + 1);
  }
  msg += ` preemption: 0/${n} nodes are available: ${histogram(preemption)}.`;
  return msg;
}
