/**
 * The status manager: the only writer of pod status on the node. Pod workers hand it the status
 * they computed; it keeps the latest per pod, writes it through the `status` sub-resource (one
 * write at a time per pod, later versions replacing queued ones, unchanged statuses not written),
 * keeps conditions other components own, and deletes a terminated pod for good (grace period 0,
 * UID precondition) once the agent says its containers are gone, as the kubelet does.
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import type { InternalClient } from '../../control/client.js';
import type { ResourceDef } from '../../registry/types.js';
import { asArray, asObject, asString } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { AgentPodStatus } from './pod-status.js';

const KUBELET_CONDITIONS = new Set(['PodScheduled', 'Ready', 'Initialized', 'ContainersReady', 'PodReadyToStartContainers']);
/** Status fields the node agent owns (replaced as a whole; the rest of the stored status is kept). */
const KUBELET_FIELDS = ['phase', 'conditions', 'message', 'reason', 'hostIP', 'hostIPs', 'podIP', 'podIPs', 'startTime', 'initContainerStatuses', 'containerStatuses', 'qosClass'];

interface Entry {
  namespace: string;
  name: string;
  uid: string;
  status: AgentPodStatus;
  /** Set once the pod may be removed from the store. */
  deleteWhenWritten: boolean;
  writing: Promise<void> | undefined;
  dirty: boolean;
}

/** The status manager. */
export class StatusManager {
  private readonly entries = new Map<string, Entry>();
  private readonly idleWaiters = new Set<() => void>();

  constructor(private readonly client: InternalClient, private readonly pods: ResourceDef, private readonly log: (line: string) => void) {}

  /** The status last handed in for a pod. */
  cached(uid: string): AgentPodStatus | undefined {
    return this.entries.get(uid)?.status;
  }

  /** Hands in a pod's new status. */
  setStatus(pod: Pod, status: AgentPodStatus): void {
    const meta = pod.metadata;
    const uid = meta?.uid ?? '';
    let e = this.entries.get(uid);
    if (e === undefined) {
      e = { namespace: meta?.namespace ?? '', name: meta?.name ?? '', uid, status, deleteWhenWritten: false, writing: undefined, dirty: false };
      this.entries.set(uid, e);
    }
    e.status = status;
    this.schedule(e);
  }

  /** Deletes the pod (grace 0) after its final status is written. */
  terminated(pod: Pod): void {
    const uid = pod.metadata?.uid ?? '';
    const e = this.entries.get(uid);
    if (e === undefined || e.deleteWhenWritten) return;
    e.deleteWhenWritten = true;
    this.schedule(e);
  }

  /** Forgets a pod that is gone from the store. */
  forget(uid: string): void {
    this.entries.delete(uid);
  }

  /** Resolves when no write is queued or running. */
  idle(): Promise<void> {
    if ([...this.entries.values()].every((e) => e.writing === undefined)) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.add(r));
  }

  private schedule(e: Entry): void {
    if (e.writing !== undefined) {
      e.dirty = true;
      return;
    }
    e.writing = this.flush(e).finally(() => {
      e.writing = undefined;
      if (e.dirty && this.entries.get(e.uid) === e) {
        e.dirty = false;
        this.schedule(e);
        return;
      }
      if ([...this.entries.values()].every((x) => x.writing === undefined)) {
        for (const w of this.idleWaiters) w();
        this.idleWaiters.clear();
      }
    });
  }

  private async flush(e: Entry): Promise<void> {
    const desired = e.status;
    try {
      await this.client.update(this.pods, e.namespace, e.name, (pod) => {
        if (asString(asObject(pod.metadata)?.uid) !== e.uid) return false;
        const stored = asObject(pod.status) ?? {};
        const kept = Object.fromEntries(Object.entries(stored).filter(([k]) => !KUBELET_FIELDS.includes(k)));
        const next: JsonObject = { ...kept, ...structuredClone(desired) };
        const foreign = (asArray(stored.conditions) ?? []).map((c) => asObject(c) ?? {}).filter((c) => !KUBELET_CONDITIONS.has(asString(c.type) ?? ''));
        const ours = (desired.conditions ?? []).filter((c) => KUBELET_CONDITIONS.has(c.type));
        next.conditions = [...foreign, ...ours];
        if (jsonEqual(next, stored)) return false;
        pod.status = next;
        return true;
      }, 'status');
      if (e.deleteWhenWritten) {
        await this.client.delete(this.pods, e.namespace, e.name, { gracePeriodSeconds: 0, preconditions: { uid: e.uid } });
      }
    } catch (err) {
      this.log(`node agent: status of pod ${e.namespace}/${e.name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
