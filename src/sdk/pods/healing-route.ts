/**
 * The route of a port-forward that heals: the forward goes to a service's or workload's pods, not
 * to one pod. A watch on those pods tells when the pod in use is deleted, terminating or no longer
 * ready; the next connection then goes to another ready pod (connections open on the old one end
 * with it, and the forward closes its tunnel there once they have), and a connection the server
 * refuses because its pod has gone tries once more on the new one.
 */
import type { PlatformClient } from '../client.js';
import { PlatformError, StatusError } from '../errors.js';
import type { ForwardRoute, PortMapping } from '../streams/port-forward.js';
import type { Pod } from '../types/core.js';
import { toKubeObject, type KubeObject } from '../types/meta.js';
import { Informer } from '../watch/informer.js';
import { podPort, servicePort } from './forward-ports.js';
import type { RemotePort } from './forward-target.js';
import { byActive, type PodObject } from './pods-for-object.js';

/** Why a healing forward left its pod: `refused` is a connection the server refused for it. */
export type ForwardSwitchReason = 'deleted' | 'terminating' | 'not running' | 'not ready' | 'refused';

/** The forward moved to another pod. */
export interface ForwardSwitch {
  from: string;
  to: string;
  /** Why the old pod was left. */
  reason: ForwardSwitchReason;
}

/** What a healing route needs to know. */
export interface HealingRouteOptions {
  client: PlatformClient;
  namespace: string;
  /** The label selector of the pods behind the target. */
  selector: string;
  /** The service whose ports map to target ports, when the target is a service. */
  service?: KubeObject | undefined;
  /** The port arguments, in the order of the forward's mappings. */
  ports: readonly RemotePort[];
  /** The pod the forward starts on, and the pod ports it resolved for each mapping. */
  pod: PodObject;
  mappings: readonly PortMapping[];
  /** How long a new connection waits for a ready pod when there is none. */
  waitMs: number;
  onSwitch?: ((change: ForwardSwitch) => void) | undefined;
}

function asPodObject(pod: Pod): PodObject {
  return toKubeObject(pod) as PodObject;
}

function isReady(pod: Pod): boolean {
  return pod.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;
}

function usable(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && pod.metadata?.deletionTimestamp === undefined;
}

/** Why `pod` can no longer take connections, or undefined while it can. */
function unusableReason(pod: Pod | undefined): ForwardSwitchReason | undefined {
  if (pod === undefined) return 'deleted';
  if (pod.metadata?.deletionTimestamp !== undefined) return 'terminating';
  if (pod.status?.phase !== 'Running') return 'not running';
  if (!isReady(pod) && pod.spec?.containers?.some((c) => c.readinessProbe !== undefined) === true) return 'not ready';
  return undefined;
}

/** A {@link ForwardRoute} that follows the pods behind a service or workload. */
export class HealingRoute implements ForwardRoute {
  private current: PodObject | undefined;
  /** Mapping index by the pod port the first pod resolved (the forward's listeners carry that one). */
  private readonly indexByFirstRemote = new Map<number, number>();
  private readonly informer: Informer<Pod>;
  private readonly stop = new AbortController();
  private waiters: (() => void)[] = [];
  private readonly leaveListeners: ((path: string) => void)[] = [];
  /** The pod left last and why, for the message when no other pod takes over. */
  private left: { from: string; reason: ForwardSwitchReason } = { from: '', reason: 'deleted' };

  constructor(private readonly o: HealingRouteOptions) {
    this.current = o.pod;
    o.mappings.forEach((m, i) => {
      if (!this.indexByFirstRemote.has(m.remote)) this.indexByFirstRemote.set(m.remote, i);
    });
    this.informer = new Informer<Pod>(o.client.pods(o.namespace), { labelSelector: o.selector, maxRetries: 8, retryDelayMs: 250 });
    this.informer.addHandlers({
      onAdd: () => this.review(),
      onUpdate: () => this.review(),
      onDelete: () => this.review(),
    });
  }

  /** The pod new connections go to now ('' while there is none). */
  get podName(): string {
    return this.current?.metadata?.name ?? '';
  }

  /** Starts watching; resolves once the first list is in. */
  async start(): Promise<void> {
    // A watch that gives up leaves the route on its last pod; refused connections still move it.
    void this.informer.run(this.stop.signal).catch(() => undefined);
    await Promise.race([this.informer.waitForSync(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  }

  close(): void {
    this.stop.abort();
    for (const w of this.waiters.splice(0)) w();
  }

  async connect(mapping: PortMapping, signal: AbortSignal): Promise<{ path: string; remote: number }> {
    const pod = this.current ?? await this.waitForPod(signal);
    const index = this.indexByFirstRemote.get(mapping.remote) ?? 0;
    const port = this.o.ports[index];
    const remote = port === undefined ? mapping.remote
      : this.o.service !== undefined ? servicePort(this.o.service, pod, String(port.remote)) : podPort(pod, String(port.remote));
    return { path: this.pathOf(pod.metadata?.name ?? ''), remote };
  }

  onLeave(listener: (path: string) => void): void {
    this.leaveListeners.push(listener);
  }

  private pathOf(podName: string): string {
    return `/api/v1/namespaces/${encodeURIComponent(this.o.namespace)}/pods/${encodeURIComponent(podName)}/portforward`;
  }

  async refused(path: string, error: unknown, signal: AbortSignal): Promise<boolean> {
    if (!(error instanceof StatusError) || ![400, 404].includes(error.code)) return false;
    const name = this.podName;
    if (name === '' || path !== this.pathOf(name)) return this.current !== undefined;
    this.leave('refused');
    try {
      await this.waitForPod(signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Re-reads the watched pods: leaves the pod in use when it cannot take connections, and picks one when none is in use. */
  private review(): void {
    if (this.current !== undefined) {
      const live = this.informer.get(this.o.namespace, this.current.metadata?.name ?? '');
      const reason = unusableReason(live);
      if (live !== undefined && reason === undefined) this.current = asPodObject(live);
      // A pod that is only not ready (yet, or for a moment) is left only for one that is.
      else if (live !== undefined && reason === 'not ready') this.leave(reason, true);
      else this.leave(reason ?? 'deleted', false);
    }
    for (const w of this.waiters.splice(0)) w();
  }

  /** Moves to the best other pod, or (unless `onlyToReady`) to none until one comes. */
  private leave(reason: ForwardSwitchReason, onlyToReady = false): void {
    const from = this.podName;
    const candidates = this.informer.list().filter((p) => usable(p) && p.metadata?.name !== from);
    const ready = candidates.filter(isReady);
    const next = (ready.length > 0 || onlyToReady ? ready : candidates).map(asPodObject).sort(byActive)[0];
    if (next === undefined && onlyToReady) return;
    this.current = next;
    if (from !== '') for (const l of this.leaveListeners) l(this.pathOf(from));
    if (next !== undefined) {
      this.o.onSwitch?.({ from, to: next.metadata?.name ?? '', reason });
      for (const w of this.waiters.splice(0)) w();
    } else {
      this.left = { from, reason };
    }
  }

  /** Waits for a pod to take connections (a pod being added or becoming ready), up to the route's wait. */
  private async waitForPod(signal: AbortSignal): Promise<PodObject> {
    const deadline = Date.now() + this.o.waitMs;
    // A running pod that is not ready yet is taken only when no ready one has come for a while.
    const readyOnlyUntil = Date.now() + Math.min(this.o.waitMs / 2, 10_000);
    for (;;) {
      if (this.current !== undefined) return this.current;
      const candidates = this.informer.list().filter(usable);
      const ready = candidates.filter(isReady);
      const next = (ready.length > 0 ? ready : candidates).map(asPodObject).sort(byActive)[0];
      if (next !== undefined && (ready.length > 0 || Date.now() >= readyOnlyUntil)) {
        this.current = next;
        const to = next.metadata?.name ?? '';
        if (to !== this.left.from) this.o.onSwitch?.({ from: this.left.from, to, reason: this.left.reason });
        return next;
      }
      if (signal.aborted || this.stop.signal.aborted) throw new PlatformError('the port-forward was closed');
      if (Date.now() >= deadline) throw new PlatformError(`no running pod to forward to (the last one, pod/${this.left.from}, is ${this.left.reason})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, 250);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.push(done);
      });
    }
  }
}
