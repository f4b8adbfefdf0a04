import type { KubeObject } from '../../sdk/types/meta.js';
import { compareUtf8, sortedKeys } from '../../machinery/json/go-json.js';
import { QuantitySum, quantityString, quantityValue } from '../../machinery/quantity/text.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z, printConditions, timestampSince } from './format.js';
import { bool, obj, objs, partsOf, str, strs } from './json-access.js';
import { printTaintsMultiline } from './volumes.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, LEVEL_1, tabbedString } from './writer.js';
import { printLabelsAndAnnotations } from './object-header.js';

type Json = Record<string, unknown>;

const NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_ROLE_LABEL = 'kubernetes.io/role';
const PLATFORM_NODE_ROLE_PREFIX = 'node-role.platform.io/';
const PLATFORM_NODE_ROLE_LABEL = 'platform.io/role';

/** Roles from `node-role.platform.io/<role>` labels and a `platform.io/role` label (kubectl's k8s.io names too). */
export function nodeRoles(node: KubeObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    for (const prefix of [PLATFORM_NODE_ROLE_PREFIX, NODE_ROLE_PREFIX]) {
      if (k.startsWith(prefix) && k.length > prefix.length) roles.add(k.slice(prefix.length));
    }
    if ((k === PLATFORM_NODE_ROLE_LABEL || k === NODE_ROLE_LABEL) && v !== '') roles.add(v);
  }
  return [...roles].sort(compareUtf8);
}

/** The Lease kept by the node agent in `platform-node-lease`, when the caller found it. */
export type NodeLease = KubeObject | { error: string };

/** Sum of requests (or limits) of a pod as the scheduler counts them: containers, the largest init container, overhead. */
function podResources(pod: Json, kind: 'requests' | 'limits'): Map<string, QuantitySum> {
  const spec = obj(pod['spec']);
  const total = new Map<string, QuantitySum>();
  const add = (map: Map<string, QuantitySum>, name: string, q: unknown): void => {
    const sum = map.get(name) ?? new QuantitySum();
    sum.add(String(q));
    map.set(name, sum);
  };
  for (const c of objs(spec['containers'])) for (const [name, q] of Object.entries(obj(obj(c['resources'])[kind]))) add(total, name, q);
  for (const c of objs(spec['initContainers'])) {
    for (const [name, q] of Object.entries(obj(obj(c['resources'])[kind]))) {
      const single = new QuantitySum();
      single.add(String(q));
      const current = total.get(name);
      if (current === undefined || single.milliValue() > current.milliValue()) total.set(name, single);
    }
  }
  for (const [name, q] of Object.entries(obj(spec['overhead']))) {
    if (kind === 'limits' && !total.has(name)) continue;
    add(total, name, q);
  }
  return total;
}

function percent(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return Math.trunc((Number(part) / Number(whole)) * 100);
}

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);

function describeNodeResource(pods: readonly KubeObject[], node: KubeObject, w: DescribeWriter, options: DescribeOptions): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const status = obj(node['status']);
  const allocatable = Object.keys(obj(status['allocatable'])).length > 0 ? obj(status['allocatable']) : obj(status['capacity']);
  const allocCpu = quantityValue(allocatable['cpu'] === undefined ? undefined : String(allocatable['cpu']), true);
  const allocMem = quantityValue(allocatable['memory'] === undefined ? undefined : String(allocatable['memory']));
  const allocEph = quantityValue(allocatable['ephemeral-storage'] === undefined ? undefined : String(allocatable['ephemeral-storage']));
  const totals = { requests: new Map<string, QuantitySum>(), limits: new Map<string, QuantitySum>() };
  const zero = new QuantitySum();
  for (const pod of pods) {
    const req = podResources(pod, 'requests');
    const lim = podResources(pod, 'limits');
    const cpuReq = req.get('cpu') ?? zero;
    const cpuLim = lim.get('cpu') ?? zero;
    const memReq = req.get('memory') ?? zero;
    const memLim = lim.get('memory') ?? zero;
    w.write(
      LEVEL_1,
      `${pod.metadata?.namespace ?? ''}\t${pod.metadata?.name ?? ''}\t\t${cpuReq.toString()} (${percent(cpuReq.milliValue(), allocCpu)}%)\t${cpuLim.toString()} (${percent(cpuLim.milliValue(), allocCpu)}%)\t${memReq.toString()} (${percent(memReq.value(), allocMem)}%)\t${memLim.toString()} (${percent(memLim.value(), allocMem)}%)\t${timestampSince(pod.metadata?.creationTimestamp, options.now)}\n`,
    );
    for (const [kind, map] of [['requests', req], ['limits', lim]] as const) {
      for (const [name, sum] of map) {
        const acc = totals[kind].get(name) ?? new QuantitySum();
        acc.add(sum.toString());
        totals[kind].set(name, acc);
      }
    }
  }
  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const get = (kind: 'requests' | 'limits', name: string): QuantitySum => totals[kind].get(name) ?? zero;
  const row = (name: string, milli: boolean, whole: bigint): void => {
    const r = get('requests', name);
    const l = get('limits', name);
    const rv = milli ? r.milliValue() : r.value();
    const lv = milli ? l.milliValue() : l.value();
    w.write(LEVEL_1, `${name}\t${r.toString()} (${percent(rv, whole)}%)\t${l.toString()} (${percent(lv, whole)}%)\n`);
  };
  row('cpu', true, allocCpu);
  row('memory', false, allocMem);
  row('ephemeral-storage', false, allocEph);
  const names = Object.keys(allocatable);
  const hugePages = names.filter((n) => n.startsWith('hugepages-')).sort(compareUtf8);
  const extended = names.filter((n) => !n.startsWith('hugepages-') && !STANDARD_CONTAINER_RESOURCES.has(n) && n !== 'pods').sort(compareUtf8);
  for (const name of hugePages) row(name, false, quantityValue(String(allocatable[name])));
  for (const name of extended) w.write(LEVEL_1, `${name}\t${get('requests', name).toString()}\t${get('limits', name).toString()}\n`);
}

/**
 * `describe node`: roles, labels, annotations, taints, the lease, conditions, addresses,
 * capacity and allocatable resources, system info, the pods running there with what they
 * request, the totals, and the events.
 *
 * @param pods - the node's non-terminated pods, or undefined when the caller may not list pods
 * @param lease - the node's Lease, or the error that getting it gave
 */
export function describeNode(node: KubeObject, pods: readonly KubeObject[] | undefined, lease: NodeLease | undefined, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec, status } = partsOf(node);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    const roles = nodeRoles(node);
    w.write(LEVEL_0, `Roles:\t${roles.length > 0 ? roles.join(',') : '<none>'}\n`);
    printLabelsAndAnnotations(w, meta);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRfc1123z(meta.creationTimestamp, options)}\n`);
    printTaintsMultiline(w, 'Taints', objs(spec['taints']));
    w.write(LEVEL_0, `Unschedulable:\t${bool(spec['unschedulable'])}\n`);
    if (lease !== undefined) {
      if ('error' in lease && typeof lease.error === 'string') {
        w.write(LEVEL_0, `Lease:\tFailed to get lease: ${lease.error}\n`);
      } else {
        const ls = obj((lease as KubeObject)['spec']);
        w.write(LEVEL_0, 'Lease:\n');
        w.write(LEVEL_1, `HolderIdentity:\t${ls['holderIdentity'] === undefined ? '<unset>' : str(ls['holderIdentity'])}\n`);
        w.write(LEVEL_1, `AcquireTime:\t${ls['acquireTime'] === undefined ? '<unset>' : formatRfc1123z(str(ls['acquireTime']), options)}\n`);
        w.write(LEVEL_1, `RenewTime:\t${ls['renewTime'] === undefined ? '<unset>' : formatRfc1123z(str(ls['renewTime']), options)}\n`);
      }
    }
    printConditions(w, objs(status['conditions']), 'Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage', '----\t------\t-----------------\t------------------\t------\t-------',
      (c) => `${str(c['type'])} \t${str(c['status'])} \t${formatRfc1123z(str(c['lastHeartbeatTime']), options)} \t${formatRfc1123z(str(c['lastTransitionTime']), options)} \t${str(c['reason'])} \t${str(c['message'])}`);
    w.write(LEVEL_0, 'Addresses:\n');
    for (const a of objs(status['addresses'])) w.write(LEVEL_1, `${str(a['type'])}:\t${str(a['address'])}\n`);
    const resources = (title: string, list: Json): void => {
      if (Object.keys(list).length === 0) return;
      w.write(LEVEL_0, `${title}:\n`);
      for (const name of sortedKeys(list)) w.write(LEVEL_0, `  ${name}:\t${quantityString(String(list[name]))}\n`);
    };
    resources('Capacity', obj(status['capacity']));
    resources('Allocatable', obj(status['allocatable']));
    const info = obj(status['nodeInfo']);
    w.write(LEVEL_0, 'System Info:\n');
    w.write(LEVEL_0, `  Machine ID:\t${str(info['machineID'])}\n`);
    w.write(LEVEL_0, `  System UUID:\t${str(info['systemUUID'])}\n`);
    w.write(LEVEL_0, `  Boot ID:\t${str(info['bootID'])}\n`);
    w.write(LEVEL_0, `  Kernel Version:\t${str(info['kernelVersion'])}\n`);
    w.write(LEVEL_0, `  OS Image:\t${str(info['osImage'])}\n`);
    w.write(LEVEL_0, `  Operating System:\t${str(info['operatingSystem'])}\n`);
    w.write(LEVEL_0, `  Architecture:\t${str(info['architecture'])}\n`);
    w.write(LEVEL_0, `  Container Runtime Version:\t${str(info['containerRuntimeVersion'])}\n`);
    w.write(LEVEL_0, `  Kubelet Version:\t${str(info['kubeletVersion'])}\n`);
    w.write(LEVEL_0, `  Kube-Proxy Version:\t${str(info['kubeProxyVersion'])}\n`);
    if (str(spec['podCIDR'])) w.write(LEVEL_0, `PodCIDR:\t${str(spec['podCIDR'])}\n`);
    const cidrs = strs(spec['podCIDRs']);
    if (cidrs.length > 0) w.write(LEVEL_0, `PodCIDRs:\t${cidrs.join(',')}\n`);
    if (str(spec['providerID'])) w.write(LEVEL_0, `ProviderID:\t${str(spec['providerID'])}\n`);
    if (pods !== undefined) describeNodeResource(pods, node, w, options);
    else w.write(LEVEL_0, 'Pods:\tnot authorized\n');
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}
