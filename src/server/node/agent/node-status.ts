/**
 * The Node object a node agent registers and the status it keeps current: labels, pod CIDR,
 * capacity and allocatable (the kubelet's defaults: 110 pods, 100Mi of memory and 10% of the disk
 * held back for eviction), addresses, the four conditions with the kubelet's reasons and messages,
 * and nodeInfo naming the runtime as it is.
 */
import type { Node, NodeCondition, NodeStatus } from '../../../sdk/types/generated/core-v1.js';
import type { JsonObject } from '../../../sdk/types/meta.js';
import { LABELS } from '../../../sdk/naming.js';
import { SERVER_VERSION } from '../../api/version.js';
import { timestamp } from '../../util/time.js';
import { asArray, asObject } from '../../util/json.js';
import { POD_CIDR } from '../runtime/process/addresses.js';
import type { MachineFacts } from './machine.js';

/** Pods a node runs at most (the kubelet's `maxPods`). */
export const MAX_PODS = 110;
/** Memory held back for hard eviction (`memory.available<100Mi`). */
export const EVICTION_MEMORY_BYTES = 100 * 1024 * 1024;
/** Share of the disk held back for hard eviction (`nodefs.available<10%`). */
export const EVICTION_DISK_FRACTION = 0.1;

/** Pressure and readiness as the agent sees them now. */
export interface NodeHealth {
  memoryPressure: boolean;
  diskPressure: boolean;
  pidPressure: boolean;
  /** Undefined when ready; else the reason the node is not (runtime off). */
  notReadyMessage: string | undefined;
}

/** The labels a node agent sets. */
export function nodeLabels(name: string, facts: MachineFacts): Record<string, string> {
  return {
    [LABELS.betaArch]: facts.architecture,
    [LABELS.betaOs]: facts.operatingSystem,
    [LABELS.arch]: facts.architecture,
    [LABELS.hostname]: name,
    [LABELS.os]: facts.operatingSystem,
  };
}

function ki(bytes: number): string {
  return `${Math.floor(bytes / 1024)}Ki`;
}

/** Capacity and allocatable of the machine. */
export function nodeResources(facts: MachineFacts): { capacity: Record<string, string>; allocatable: Record<string, string> } {
  const common: Record<string, string> = { cpu: String(facts.cpus), pods: String(facts.maxPods ?? MAX_PODS) };
  if (facts.operatingSystem === 'linux') {
    common['hugepages-1Gi'] = '0';
    common['hugepages-2Mi'] = '0';
  }
  const capacity: Record<string, string> = { ...common, 'ephemeral-storage': ki(facts.storageBytes), memory: ki(facts.memoryBytes) };
  const allocatable: Record<string, string> = {
    ...common,
    'ephemeral-storage': String(Math.floor(Math.floor(facts.storageBytes / 1024) * 1024 * (1 - EVICTION_DISK_FRACTION))),
    memory: ki(Math.max(0, facts.memoryBytes - EVICTION_MEMORY_BYTES)),
  };
  return { capacity: sortKeys(capacity), allocatable: sortKeys(allocatable) };
}

function sortKeys(o: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The condition list (without times) for a health reading. */
export function nodeConditionsOf(h: NodeHealth): NodeCondition[] {
  return [
    h.memoryPressure
      ? { type: 'MemoryPressure', status: 'True', reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available' }
      : { type: 'MemoryPressure', status: 'False', reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
    h.diskPressure
      ? { type: 'DiskPressure', status: 'True', reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure' }
      : { type: 'DiskPressure', status: 'False', reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure' },
    h.pidPressure
      ? { type: 'PIDPressure', status: 'True', reason: 'KubeletHasInsufficientPID', message: 'kubelet has insufficient PID available' }
      : { type: 'PIDPressure', status: 'False', reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available' },
    h.notReadyMessage === undefined
      ? { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' }
      : { type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: h.notReadyMessage },
  ];
}

/** Conditions with heartbeat and transition times (a transition only when the status changed). */
export function timedConditions(current: NodeCondition[], previous: readonly NodeCondition[] | undefined, now: number): NodeCondition[] {
  const stamp = timestamp(now);
  return current.map((c) => {
    const p = previous?.find((x) => x.type === c.type);
    const transition = p !== undefined && p.status === c.status && typeof p.lastTransitionTime === 'string' ? p.lastTransitionTime : stamp;
    return { type: c.type, status: c.status, lastHeartbeatTime: stamp, lastTransitionTime: transition, reason: c.reason ?? '', message: c.message ?? '' };
  });
}

/** The node's status (conditions included) for a health reading. */
export function nodeStatus(facts: MachineFacts, health: NodeHealth, runtimeVersion: string, hostIP: string, previousConditions: readonly NodeCondition[] | undefined, now: number): NodeStatus {
  const { capacity, allocatable } = nodeResources(facts);
  return {
    capacity,
    allocatable,
    conditions: timedConditions(nodeConditionsOf(health), previousConditions, now),
    addresses: [{ type: 'InternalIP', address: hostIP }, { type: 'Hostname', address: facts.hostname }],
    daemonEndpoints: { kubeletEndpoint: { Port: 0 } },
    nodeInfo: {
      machineID: facts.machineID,
      systemUUID: facts.machineID,
      bootID: facts.bootID,
      kernelVersion: facts.kernelVersion,
      osImage: facts.osImage,
      containerRuntimeVersion: runtimeVersion,
      kubeletVersion: SERVER_VERSION.gitVersion,
      kubeProxyVersion: '',
      operatingSystem: facts.operatingSystem,
      architecture: facts.architecture,
    },
  };
}

/** The Node to register. */
export function nodeObject(name: string, facts: MachineFacts, status: NodeStatus): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: nodeLabels(name, facts) },
    spec: { podCIDR: POD_CIDR, podCIDRs: [POD_CIDR] },
    status,
  };
}

/** The status with heartbeats blanked, to tell a real change from a heartbeat (JSON: they become null). */
export function withoutHeartbeats(status: unknown): JsonObject {
  const s = structuredClone(asObject(status) ?? {});
  s.conditions = (asArray(s.conditions) ?? []).map((c) => ({ ...(asObject(c) ?? {}), lastHeartbeatTime: null }));
  return s;
}
