/**
 * Resource usage samples behind the metrics API, taken as metrics-server takes them: every
 * resolution interval, cumulative CPU time and current memory of the node and of each container
 * (its whole process group). Usage is the CPU rate between the last two samples (a container's
 * start counts as a zero sample, so a new container has metrics after one interval), reported with
 * the time of the later sample and the window between them.
 */
import type { Pod } from '../../../sdk/types/generated/core-v1.js';
import { machineCpu, machineMemory } from '../runtime/process/proc.js';

/** One cumulative reading. */
interface Point {
  time: number;
  cpuNanos: number;
  memoryBytes: number;
}

/** Usage over a window. */
export interface Usage {
  /** CPU in nanocores. */
  cpuNanocores: number;
  memoryBytes: number;
  /** Time of the later sample (ms). */
  timestamp: number;
  windowMs: number;
}

/** A pod's usage per container. */
export interface PodUsage {
  pod: Pod;
  containers: { name: string; usage: Usage }[];
  timestamp: number;
  windowMs: number;
}

/** What the sampler reads pod usage from. */
export interface UsageSource {
  /** uid → the pod and its running containers' cumulative usage. */
  usage(): Promise<Map<string, { pod: Pod; containers: Map<string, { cpuNanos: number; memoryBytes: number }> }>>;
  /** When a container's current instance started (ms), to use as a zero sample. */
  startedAt(podUid: string, container: string): number | undefined;
}

function rate(prev: Point, last: Point): Usage | undefined {
  const windowMs = last.time - prev.time;
  if (windowMs <= 0 || last.cpuNanos < prev.cpuNanos) return undefined;
  return { cpuNanocores: Math.round(((last.cpuNanos - prev.cpuNanos) / windowMs) * 1000), memoryBytes: last.memoryBytes, timestamp: last.time, windowMs };
}

/** Takes and keeps samples. */
export class MetricsSampler {
  private nodePoints: Point[] = [];
  private containerPoints = new Map<string, Point[]>();
  private pods = new Map<string, Pod>();
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> = Promise.resolve();

  constructor(private readonly source: UsageSource, private readonly resolutionMs: number, private readonly serverUsage: () => { cpuNanos: number; memoryBytes: number }) {}

  start(): void {
    this.sampleSoon();
    this.timer = setInterval(() => this.sampleSoon(), this.resolutionMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
  }

  /** Takes a sample now (tests; the timer takes them otherwise). */
  sampleSoon(): Promise<void> {
    this.sampling = this.sampling.then(() => this.sample()).catch(() => undefined);
    return this.sampling;
  }

  private async sample(): Promise<void> {
    const time = Date.now();
    const cpu = await machineCpu();
    const mem = await machineMemory();
    let nodePoint: Point;
    if (cpu !== undefined && mem !== undefined) {
      nodePoint = { time, cpuNanos: cpu.busyNanos, memoryBytes: mem.total - mem.available };
    } else {
      // Without /proc, the node's usage is what the server and its pods use.
      const server = this.serverUsage();
      nodePoint = { time, cpuNanos: server.cpuNanos, memoryBytes: server.memoryBytes };
    }
    const usage = await this.source.usage();
    const seen = new Set<string>();
    const pods = new Map<string, Pod>();
    for (const [uid, { pod, containers }] of usage) {
      pods.set(uid, pod);
      for (const [name, u] of containers) {
        const key = `${uid}/${name}`;
        seen.add(key);
        if (cpu === undefined) {
          nodePoint.cpuNanos += u.cpuNanos;
          nodePoint.memoryBytes += u.memoryBytes;
        }
        const prev = this.containerPoints.get(key) ?? [];
        const started = this.source.startedAt(uid, name);
        // A restarted container's CPU time starts over: drop the older instance's points.
        const kept = prev.filter((p) => started === undefined || p.time >= started);
        this.containerPoints.set(key, [...kept, { time, cpuNanos: u.cpuNanos, memoryBytes: u.memoryBytes }].slice(-2));
      }
    }
    for (const k of [...this.containerPoints.keys()]) if (!seen.has(k)) this.containerPoints.delete(k);
    this.pods = pods;
    this.nodePoints = [...this.nodePoints, nodePoint].slice(-2);
  }

  /** The node's usage, once two samples exist. */
  node(): Usage | undefined {
    const [prev, last] = this.nodePoints;
    return prev === undefined || last === undefined ? undefined : rate(prev, last);
  }

  /** Usage of every pod whose containers all have a reading. */
  podUsage(): PodUsage[] {
    const out: PodUsage[] = [];
    for (const [uid, pod] of this.pods) {
      const containers: { name: string; usage: Usage }[] = [];
      for (const [key, points] of this.containerPoints) {
        if (!key.startsWith(`${uid}/`)) continue;
        const name = key.slice(uid.length + 1);
        const last = points.at(-1);
        if (last === undefined) continue;
        let prev = points.length > 1 ? points[0] : undefined;
        const started = this.source.startedAt(uid, name);
        if (prev === undefined && started !== undefined && started < last.time) prev = { time: started, cpuNanos: 0, memoryBytes: 0 };
        const u = prev === undefined ? undefined : rate(prev, last);
        if (u !== undefined) containers.push({ name, usage: u });
      }
      if (containers.length === 0) continue;
      const timestamp = Math.max(...containers.map((c) => c.usage.timestamp));
      const windowMs = Math.max(...containers.map((c) => c.usage.windowMs));
      out.push({ pod, containers, timestamp, windowMs });
    }
    return out.sort((a, b) => key(a.pod).localeCompare(key(b.pod)));
  }
}

function key(pod: Pod): string {
  return `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
}
