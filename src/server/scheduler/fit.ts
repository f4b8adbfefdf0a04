/**
 * The scheduler's filters, in the default scheduler's order (NodeUnschedulable, TaintToleration,
 * NodeAffinity, NodePorts, NodeResourcesFit), as pure functions from a pod and a node (with the
 * pods already on it) to the reasons it does not fit, worded as the real plugins word them. A node
 * fails at its first failing filter; resource shortages are all listed.
 */
import type { Node, NodeSelectorTerm, Pod, Taint, Toleration } from '../../sdk/types/generated/core-v1.js';
import { TAINTS } from '../../sdk/naming.js';
import { podRequest, quantityMilli } from './pod-resources.js';

/** Why a node does not fit: reasons, and whether evicting other pods could help. */
export interface NodeFitFailure {
  reasons: string[];
  /** `UnschedulableAndUnresolvable`: preemption cannot help. */
  unresolvable: boolean;
}

/** A node and what is already bound to it. */
export interface NodeInfo {
  node: Node;
  /** Pods bound to the node that are not finished. */
  pods: Pod[];
}

/** Toleration.ToleratesTaint. */
export function tolerates(toleration: Toleration, taint: Taint): boolean {
  const effect = toleration.effect ?? '';
  if (effect !== '' && effect !== taint.effect) return false;
  const key = toleration.key ?? '';
  if (key !== '' && key !== taint.key) return false;
  const op = toleration.operator ?? 'Equal';
  if (op === 'Exists') return true;
  if (op === 'Equal' || op === '') return (toleration.value ?? '') === (taint.value ?? '');
  return false;
}

/** The first taint with one of `effects` that the pod does not tolerate. */
export function untoleratedTaint(pod: Pod, node: Node, effects: string[]): Taint | undefined {
  const tols = pod.spec?.tolerations ?? [];
  for (const taint of node.spec?.taints ?? []) {
    if (!effects.includes(taint.effect)) continue;
    if (!tols.some((tol) => tolerates(tol, taint))) return taint;
  }
  return undefined;
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
function termMatches(term: NodeSelectorTerm, node: Node): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata?.labels ?? {};
  for (const e of exprs) {
    if (!matchRequirement(labels[e.key], e.operator, e.values ?? [])) return false;
  }
  for (const f of fields) {
    if (f.key !== 'metadata.name') return false;
    if (!matchRequirement(node.metadata?.name, f.operator, f.values ?? [])) return false;
  }
  return true;
}

/** nodeSelector and required node affinity. */
export function matchesNodeAffinity(pod: Pod, node: Node): boolean {
  const labels = node.metadata?.labels ?? {};
  for (const [k, v] of Object.entries(pod.spec?.nodeSelector ?? {})) if (labels[k] !== v) return false;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required === undefined) return true;
  return required.nodeSelectorTerms.some((t) => termMatches(t, node));
}

function hostPorts(pod: Pod): string[] {
  const out: string[] = [];
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    for (const port of c.ports ?? []) {
      const hp = port.hostPort;
      if (hp !== undefined && hp > 0) out.push(`${port.hostIP ?? '0.0.0.0'}/${port.protocol ?? 'TCP'}/${hp}`);
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
function insufficient(pod: Pod, info: NodeInfo): string[] {
  const out: string[] = [];
  const allocatable = info.node.status?.allocatable ?? {};
  const maxPods = quantityMilli(allocatable.pods ?? '0') / 1000n;
  if (BigInt(info.pods.length + 1) > maxPods) out.push('Too many pods');
  const requested = new Set<string>(['cpu', 'memory', 'ephemeral-storage']);
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    for (const k of [...Object.keys(c.resources?.requests ?? {}), ...Object.keys(c.resources?.limits ?? {})]) requested.add(k);
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
export function checkFit(pod: Pod, info: NodeInfo): NodeFitFailure | undefined {
  const node = info.node;
  if (node.spec?.unschedulable === true) {
    const taint = { key: TAINTS.unschedulable, effect: 'NoSchedule' };
    if (!(pod.spec?.tolerations ?? []).some((t) => tolerates(t, taint))) return { reasons: ['node(s) were unschedulable'], unresolvable: true };
  }
  const taint = untoleratedTaint(pod, node, ['NoSchedule', 'NoExecute']);
  if (taint !== undefined) {
    return { reasons: [`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`], unresolvable: true };
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
export function fitErrorMessage(pod: Pod, failures: NodeFitFailure[]): string {
  if (failures.length === 0) return 'no nodes available to schedule pods';
  const n = failures.length;
  const reasons = new Map<string, number>();
  for (const f of failures) for (const r of f.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  let msg = `0/${n} nodes are available: ${histogram(reasons)}.`;
  if (pod.spec?.preemptionPolicy === 'Never') return `${msg} preemption: not eligible due to preemptionPolicy=Never.`;
  const preemption = new Map<string, number>();
  for (const f of failures) {
    const why = f.unresolvable ? 'Preemption is not helpful for scheduling' : 'No preemption victims found for incoming pod';
    preemption.set(why, (preemption.get(why) ?? 0) + 1);
  }
  msg += ` preemption: 0/${n} nodes are available: ${histogram(preemption)}.`;
  return msg;
}
