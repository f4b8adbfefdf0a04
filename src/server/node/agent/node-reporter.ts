/**
 * Registration and heartbeats of the node: creates (or adopts) the Node object, checks the
 * machine every `statusIntervalMs` (memory and disk pressure) and writes the status when it changed
 * or every five minutes, renews the node's Lease in the node-lease namespace every
 * `leaseRenewIntervalMs`, and records the kubelet's node events (Starting, NodeHasSufficientMemory,
 * NodeReady, NodeNotReady, ...).
 */
import type { Lease } from '../../../sdk/types/generated/coordination-v1.js';
import type { Node, NodeStatus } from '../../../sdk/types/generated/core-v1.js';
import { NAMESPACES } from '../../../sdk/naming.js';
import { microTimestamp } from '../../util/time.js';
import type { InternalClient } from '../../control/client.js';
import type { EventRecorder, InvolvedObject } from '../../control/event-recorder.js';
import type { KindDef } from '../../registry/kind-def.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import { machineMemory } from '../runtime/process/proc.js';
import { machineFacts, storageOf, type MachineFacts } from './machine.js';
import { EVICTION_DISK_FRACTION, EVICTION_MEMORY_BYTES, nodeLabels, nodeObject, nodeStatus, withoutHeartbeats, type NodeHealth } from './node-status.js';

/** The kubelet's status report frequency when nothing changes. */
const REPORT_EVERY_MS = 5 * 60_000;

/** Settings of the reporter. */
export interface NodeReporterOptions {
  name: string;
  hostIP: string;
  storageDir: string;
  runtimeVersion: string;
  /** The kubelet's `--max-pods` (default 110). */
  maxPods?: number;
  /** Set when the runtime is off: the Ready condition's message. */
  notReadyMessage: string | undefined;
  leaseDurationSeconds: number;
  leaseRenewIntervalMs: number;
  statusIntervalMs: number;
  now: () => number;
  log: (line: string) => void;
}

const EVENT_OF: Record<string, [string, string]> = {
  'MemoryPressure/False': ['Normal', 'NodeHasSufficientMemory'],
  'MemoryPressure/True': ['Normal', 'NodeHasInsufficientMemory'],
  'DiskPressure/False': ['Normal', 'NodeHasNoDiskPressure'],
  'DiskPressure/True': ['Normal', 'NodeHasDiskPressure'],
  'PIDPressure/False': ['Normal', 'NodeHasSufficientPID'],
  'PIDPressure/True': ['Normal', 'NodeHasInsufficientPID'],
  'Ready/True': ['Normal', 'NodeReady'],
  'Ready/False': ['Normal', 'NodeNotReady'],
};

/** Reports the node. */
export class NodeReporter {
  private facts: MachineFacts | undefined;
  private statusTimer: NodeJS.Timeout | undefined;
  private leaseTimer: NodeJS.Timeout | undefined;
  private lastReport = 0;
  private chain: Promise<void> = Promise.resolve();
  private nodeUid = '';
  private readonly reported = new Map<string, string>();

  constructor(
    private readonly client: InternalClient,
    private readonly defs: { nodes: KindDef<Node>; leases: KindDef<Lease> },
    private readonly recorder: EventRecorder,
    private readonly o: NodeReporterOptions,
  ) {}

  /** The machine facts read at registration. */
  machine(): MachineFacts | undefined {
    return this.facts;
  }

  private ref(): InvolvedObject {
    // The kubelet refers to its node by name, with the name as UID.
    return { apiVersion: 'v1', kind: 'Node', name: this.o.name, uid: this.o.name };
  }

  private async health(): Promise<NodeHealth> {
    const mem = await machineMemory();
    const disk = await storageOf(this.o.storageDir);
    return {
      memoryPressure: mem !== undefined && mem.available < EVICTION_MEMORY_BYTES,
      diskPressure: disk.total > 0 && disk.available < disk.total * EVICTION_DISK_FRACTION,
      pidPressure: false,
      notReadyMessage: this.o.notReadyMessage,
    };
  }

  /** Registers the node and renews its lease once; then keeps both current on timers. */
  async start(): Promise<void> {
    this.facts = { ...await machineFacts(this.o.storageDir), ...(this.o.maxPods === undefined ? {} : { maxPods: this.o.maxPods }) };
    this.recorder.event(this.ref(), 'Normal', 'Starting', 'Starting kubelet.');
    await this.report(true);
    await this.renewLease();
    this.recorder.event(this.ref(), 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
    this.statusTimer = setInterval(() => this.enqueue(() => this.report(false)), this.o.statusIntervalMs);
    this.statusTimer.unref();
    this.leaseTimer = setInterval(() => this.enqueue(() => this.renewLease()), this.o.leaseRenewIntervalMs);
    this.leaseTimer.unref();
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch((e: unknown) => this.o.log(`node agent: ${e instanceof Error ? e.message : String(e)}`));
  }

  /** Resolves when the queued heartbeats are written. */
  idle(): Promise<void> {
    return this.chain;
  }

  stop(): void {
    if (this.statusTimer !== undefined) clearInterval(this.statusTimer);
    if (this.leaseTimer !== undefined) clearInterval(this.leaseTimer);
  }

  private async report(force: boolean): Promise<void> {
    const facts = this.facts;
    if (facts === undefined) return;
    const now = this.o.now();
    const health = await this.health();
    const existing = await this.client.get(this.defs.nodes, '', this.o.name);
    if (existing === undefined) {
      const status = nodeStatus(facts, health, this.o.runtimeVersion, this.o.hostIP, undefined, now);
      const created = await this.client.createIfMissing(this.defs.nodes, '', nodeObject(this.o.name, facts, status));
      this.nodeUid = created?.metadata?.uid ?? '';
      this.lastReport = now;
      this.noteConditions(status);
      return;
    }
    this.nodeUid = existing.metadata?.uid ?? '';
    const labels = nodeLabels(this.o.name, facts);
    const have = existing.metadata?.labels ?? {};
    if (Object.entries(labels).some(([k, v]) => have[k] !== v)) {
      await this.client.update(this.defs.nodes, '', this.o.name, (n) => {
        const meta = n.metadata ?? {};
        meta.labels = { ...meta.labels, ...labels };
        n.metadata = meta;
        return true;
      });
    }
    const current = existing.status ?? {};
    const status = nodeStatus(facts, health, this.o.runtimeVersion, this.o.hostIP, current.conditions, now);
    const changed = !jsonEqual(withoutHeartbeats({ ...current, ...status }), withoutHeartbeats(current));
    if (!force && !changed && now - this.lastReport < REPORT_EVERY_MS) return;
    await this.client.update(this.defs.nodes, '', this.o.name, (n) => {
      n.status = { ...n.status, ...status };
      return true;
    }, 'status');
    this.lastReport = now;
    this.noteConditions(status);
  }

  /** Records an event for every condition whose status differs from what was last reported. */
  private noteConditions(status: NodeStatus): void {
    for (const { type, status: value } of status.conditions ?? []) {
      if (this.reported.get(type) === value) continue;
      this.reported.set(type, value);
      const ev = EVENT_OF[`${type}/${value}`];
      if (ev !== undefined) this.recorder.event(this.ref(), ev[0] === 'Warning' ? 'Warning' : 'Normal', ev[1], `Node ${this.o.name} status is now: ${ev[1]}`);
    }
  }

  private async renewLease(): Promise<void> {
    const ns = NAMESPACES.nodeLease;
    const renewTime = microTimestamp(this.o.now());
    const updated = await this.client.update(this.defs.leases, ns, this.o.name, (l) => {
      const spec = l.spec ?? {};
      spec.holderIdentity = this.o.name;
      spec.leaseDurationSeconds = this.o.leaseDurationSeconds;
      spec.renewTime = renewTime;
      l.spec = spec;
      return true;
    });
    if (updated !== undefined) return;
    const owner = this.nodeUid === '' ? [] : [{ apiVersion: 'v1', kind: 'Node', name: this.o.name, uid: this.nodeUid }];
    await this.client.createIfMissing(this.defs.leases, ns, {
      apiVersion: `${this.defs.leases.group}/${this.defs.leases.version}`,
      kind: 'Lease',
      metadata: { name: this.o.name, namespace: ns, ...(owner.length > 0 ? { ownerReferences: owner } : {}) },
      spec: { holderIdentity: this.o.name, leaseDurationSeconds: this.o.leaseDurationSeconds, renewTime },
    });
  }
}
