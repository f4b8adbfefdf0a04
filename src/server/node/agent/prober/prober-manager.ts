/**
 * The prober manager: one worker per container and probe type (startup, readiness, liveness),
 * each on its own timer, as the kubelet runs them. A worker waits `initialDelaySeconds` after the
 * container started, probes every `periodSeconds` with `timeoutSeconds`, and changes its result
 * only after `successThreshold` / `failureThreshold` equal outcomes in a row. Readiness and
 * liveness wait until the startup probe succeeded. Every failed probe is an `Unhealthy` event; a
 * changed result is reported to the pod worker, which restarts containers that failed liveness or
 * startup and writes readiness into the status.
 */
import type { Container, Pod, Probe } from '../../../../sdk/types/generated/core-v1.js';
import type { ExecResult } from '../../runtime/runtime.js';
import { runProbe } from './probes.js';
import { MAX_TIMER_MS } from '../../../../machinery/long-timeout.js';

/** The three probe types. */
export type ProbeType = 'startup' | 'readiness' | 'liveness';

const FIELD = { startup: 'startupProbe', readiness: 'readinessProbe', liveness: 'livenessProbe' } as const satisfies Record<ProbeType, keyof Container>;
const TITLE: Record<ProbeType, string> = { startup: 'Startup', readiness: 'Readiness', liveness: 'Liveness' };

/** The instance a worker probes, as the pod worker knows it. */
export interface ProbedInstance {
  id: string;
  running: boolean;
  startedAt: number;
  podIP: string;
}

/** What the manager needs from the agent. */
export interface ProberDeps {
  /** Runs a command in a container (exec probes). */
  exec(id: string, argv: string[], timeoutMs: number): Promise<ExecResult>;
  /** The current instance of a container, if any. */
  instance(podUid: string, container: string): ProbedInstance | undefined;
  /** A probe failed (the `Unhealthy` event). */
  unhealthy(podUid: string, container: string, message: string): void;
  /** A result changed; the pod needs a sync. */
  changed(podUid: string): void;
  now(): number;
}

class Worker {
  private timer: NodeJS.Timeout | undefined;
  private containerId: string | undefined;
  private lastOk: boolean | undefined;
  private run = 0;
  private onHold = false;
  private busy = false;
  /** The published result for the current instance (undefined: not decided yet). */
  result: boolean | undefined;

  constructor(private readonly deps: ProberDeps, private readonly manager: ProberManager, readonly podUid: string, readonly container: Container, readonly type: ProbeType, private readonly probe: Probe) {}

  get name(): string {
    return this.container.name;
  }

  /** The result that holds for instance `id` (the initial one until probes decide). */
  resultFor(id: string): boolean | undefined {
    return this.containerId === id ? this.result : this.initial();
  }

  private initial(): boolean | undefined {
    if (this.type === 'liveness') return true;
    if (this.type === 'readiness') return false;
    return undefined;
  }

  start(): void {
    // A period past a Node timer's reach would repeat every millisecond; 24.8 days is as good as never.
    const period = Math.min(Math.max(1, this.probe.periodSeconds ?? 10) * 1000, MAX_TIMER_MS);
    this.timer = setInterval(() => void this.tick(), period);
    this.timer.unref();
    setImmediate(() => void this.tick());
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
  }

  /** Probes now (called on its timer, and when the container (re)starts). */
  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.probeOnce();
    } finally {
      this.busy = false;
    }
  }

  private async probeOnce(): Promise<void> {
    const inst = this.deps.instance(this.podUid, this.name);
    if (inst === undefined) return;
    if (inst.id !== this.containerId) {
      this.containerId = inst.id;
      this.result = this.initial();
      this.lastOk = undefined;
      this.run = 0;
      this.onHold = false;
    }
    if (!inst.running || this.onHold) return;
    const delay = (this.probe.initialDelaySeconds ?? 0) * 1000;
    if (this.deps.now() - inst.startedAt < delay) return;
    if (this.type !== 'startup' && !this.manager.startedFor(this.podUid, this.name, inst.id)) return;
    if (this.type === 'startup' && this.result === true) return;
    const r = await runProbe(this.probe, { exec: this.deps.exec, containerId: inst.id, container: this.container, podIP: inst.podIP });
    if (this.containerId !== inst.id) return;
    if (!r.ok) this.deps.unhealthy(this.podUid, this.name, `${TITLE[this.type]} probe failed: ${r.output.trim()}`);
    this.run = this.lastOk === r.ok ? this.run + 1 : 1;
    this.lastOk = r.ok;
    const threshold = r.ok ? this.probe.successThreshold ?? 1 : this.probe.failureThreshold ?? 3;
    if (this.run < threshold) return;
    const changed = this.result !== r.ok;
    this.result = r.ok;
    if (!r.ok && this.type !== 'readiness') {
      // The container is restarted; probing resumes with the next instance.
      this.onHold = true;
      this.run = 0;
    }
    if (changed || (!r.ok && this.type !== 'readiness')) this.deps.changed(this.podUid);
  }
}

/** The prober manager of a node agent. */
export class ProberManager {
  private readonly workers = new Map<string, Worker[]>();

  constructor(private readonly deps: ProberDeps) {}

  /** Starts workers for the probes of a pod's containers (idempotent). */
  addPod(podUid: string, pod: Pod): void {
    if (this.workers.has(podUid)) return;
    const list: Worker[] = [];
    for (const container of pod.spec?.containers ?? []) {
      for (const type of ['startup', 'readiness', 'liveness'] as const) {
        const probe = container[FIELD[type]];
        if (probe !== undefined) list.push(new Worker(this.deps, this, podUid, container, type, probe));
      }
    }
    this.workers.set(podUid, list);
    for (const w of list) w.start();
  }

  /** Stops a pod's workers. */
  removePod(podUid: string): void {
    for (const w of this.workers.get(podUid) ?? []) w.stop();
    this.workers.delete(podUid);
  }

  /** Probes a container's new instance at once (instead of waiting for the next period). */
  containerStarted(podUid: string, container: string): void {
    for (const w of this.workers.get(podUid) ?? []) if (w.name === container) void w.tick();
  }

  private worker(podUid: string, container: string, type: ProbeType): Worker | undefined {
    return this.workers.get(podUid)?.find((w) => w.name === container && w.type === type);
  }

  /** True once instance `id` passed its startup probe (or has none). */
  startedFor(podUid: string, container: string, id: string): boolean {
    const w = this.worker(podUid, container, 'startup');
    return w === undefined ? true : w.resultFor(id) === true;
  }

  /** Readiness of instance `id` (true without a readiness probe). */
  readyFor(podUid: string, container: string, id: string): boolean {
    const w = this.worker(podUid, container, 'readiness');
    return w === undefined ? true : w.resultFor(id) === true;
  }

  /** The probe type that decided instance `id` must be restarted (liveness or startup failure). */
  failedFor(podUid: string, container: string, id: string): 'liveness' | 'startup' | undefined {
    if (this.worker(podUid, container, 'liveness')?.resultFor(id) === false) return 'liveness';
    if (this.worker(podUid, container, 'startup')?.resultFor(id) === false) return 'startup';
    return undefined;
  }

  /** Stops every worker. */
  stop(): void {
    for (const uid of [...this.workers.keys()]) this.removePod(uid);
  }
}
