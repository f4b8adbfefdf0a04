/**
 * The node agent of the node `local`: registers the node and keeps its lease, watches the pods
 * bound to it, and runs each through its pod worker: a sandbox (the pod's address), init containers
 * in order, the regular containers with their restart policy and back-off, probes, graceful
 * termination on deletion, and the status the status manager writes. With the runtime off it
 * registers a NotReady node and tells every pending pod why nothing runs.
 */
import os from 'node:os';
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { Container, EphemeralContainer, Pod } from '../../../sdk/types/generated/core-v1.js';
import { COMPONENTS, IN_CLUSTER_HOST_ENV, IN_CLUSTER_PORT_ENV } from '../../../sdk/naming.js';
import type { ServerContext, WriteEvent } from '../../context.js';
import { InternalClient } from '../../control/client.js';
import { realClock } from '../../control/clock.js';
import { EventRecorder, referenceTo } from '../../control/event-recorder.js';
import { storedAs, type KindDef } from '../../registry/kind-def.js';
import { asNumber } from '../../util/json.js';
import { jsonEqual } from '../../../machinery/json/equal.js';
import type { ContainerLogs } from '../logs/container-logs.js';
import { quantityMilli } from '../../scheduler/pod-resources.js';
import type { ResolvedNodeOptions } from '../options.js';
import type { LogEntry } from '../logs/cri-format.js';
import type { ContainerInfo, ContainerRuntime, Sandbox, WildcardListener } from '../runtime/runtime.js';
import { Backoff } from './backoff.js';
import { fieldPathOf, startContainer, type ContainerList, type StartDeps } from './container-start.js';
import type { EnvSources } from './env.js';
import { NodeReporter } from './node-reporter.js';
import { nodeResources } from './node-status.js';
import { generatePodStatus, initDone, type AgentPodStatus, NODE_SHUTDOWN_MESSAGE, NODE_SHUTDOWN_REASON, shouldRestart, type WaitingReason } from './pod-status.js';
import { PodWorkers } from './pod-workers.js';
import { previousInstances } from './previous-instances.js';
import { ProberManager } from './prober/prober-manager.js';
import { StatusManager } from './status-manager.js';
import {
  ADDRESS_IN_USE, addressInUseIn, addressInUseMessage, BINDS_ALL_ADDRESSES, bindsAllAddressesMessage, WildcardListenerChecks, type ListenerOwner,
} from './wildcard-listeners.js';

/** The kubelet never gives a container less than this between SIGTERM and SIGKILL. */
const MIN_GRACE_SECONDS = 2;
/** How long after a crash its last output is read: the output pipes drain into the log a moment after the exit. */
const CRASH_LOG_SETTLE_MS = 1000;
/** How many of a crashed instance's last log lines are looked at. */
const CRASH_LOG_LINES = 20;

/** What the agent is made of. */
export interface AgentParts {
  ctx: ServerContext;
  nodeName: string;
  hostIP: string;
  /** Where the data of the node lives (disk pressure, ephemeral storage). */
  storageDir: string;
  runtime: ContainerRuntime | undefined;
  logs: ContainerLogs;
  options: ResolvedNodeOptions;
  /** The API server's address, for the in-cluster environment variables. */
  serverAddress(): { host: string; port: number };
}

interface PodState {
  pod: Pod;
  waiting: Map<string, WaitingReason>;
  /** Instances of an earlier run, rebuilt from the stored status. */
  previous: ContainerInfo[];
  killing: Promise<void> | undefined;
  finished: boolean;
  notified: Set<string>;
}

function uidOf(pod: Pod): string {
  return pod.metadata?.uid ?? '';
}

function containersOf(pod: Pod, list: ContainerList): (Container | EphemeralContainer)[] {
  return pod.spec?.[list] ?? [];
}

/** The list of the pod spec that holds container `name`. */
function listOf(pod: Pod, name: string): ContainerList {
  for (const list of ['containers', 'initContainers', 'ephemeralContainers'] as const) {
    if (containersOf(pod, list).some((c) => c.name === name)) return list;
  }
  return 'containers';
}

/** The pod with status and bookkeeping fields removed: what a sync depends on. */
function syncRelevant(pod: Pod): JsonObject {
  const meta = { ...pod.metadata };
  delete meta.resourceVersion;
  delete meta.managedFields;
  const foreign = (pod.status?.conditions ?? []).filter((c) => !['PodScheduled', 'Ready', 'Initialized', 'ContainersReady', 'PodReadyToStartContainers'].includes(c.type));
  return { meta, spec: pod.spec ?? null, foreign, phase: pod.status?.phase ?? null };
}

/** The node agent. */
export class NodeAgent {
  private readonly client: InternalClient;
  private readonly pods: KindDef<Pod>;
  private readonly recorder: EventRecorder;
  private readonly status: StatusManager;
  private readonly prober: ProberManager;
  private readonly workers: PodWorkers;
  private readonly backoff: Backoff;
  private readonly reporter: NodeReporter;
  private readonly states = new Map<string, PodState>();
  private readonly known = new Map<string, Pod>();
  private unsubscribe: (() => void) | undefined;
  private unsubscribeExit: (() => void) | undefined;
  private stopped = false;
  /** Looks for containers listening on all addresses, where the runtime can tell. */
  private readonly listenerChecks: WildcardListenerChecks | undefined;
  /** The instances that ran when the node shut down cleanly: their status says so (NodeShutdown). */
  private readonly stoppedAtShutdown = new Set<string>();

  constructor(private readonly p: AgentParts) {
    const ctx = p.ctx;
    this.client = new InternalClient(ctx, `system:node:${p.nodeName}`, COMPONENTS.nodeAgent);
    this.pods = ctx.registry.kind('v1', 'Pod');
    this.recorder = new EventRecorder(ctx, { component: COMPONENTS.nodeAgent, host: p.nodeName });
    this.status = new StatusManager(this.client, this.pods, ctx.log);
    this.backoff = new Backoff({ initialMs: p.options.backoffInitialMs, maxMs: p.options.backoffMaxMs, resetMs: p.options.backoffResetMs }, () => ctx.now());
    this.workers = new PodWorkers((uid) => this.sync(uid), (uid, e) => ctx.log(`node agent: sync of pod ${uid}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`), realClock(ctx.now));
    const runtime = p.runtime;
    this.prober = new ProberManager({
      exec: (id, argv, timeoutMs) => runtime?.execSync(id, argv, timeoutMs) ?? Promise.resolve({ exitCode: 126, output: 'no container runtime', timedOut: false }),
      instance: (uid, name) => {
        if (runtime === undefined) return undefined;
        const latest = runtime.listContainers(uid).filter((c) => c.name === name).at(-1);
        const sandbox = runtime.sandbox(uid);
        if (latest === undefined || sandbox === undefined) return undefined;
        return { id: latest.id, running: latest.state === 'running', startedAt: latest.startedAt, podIP: sandbox.ip };
      },
      unhealthy: (uid, name, message) => {
        const pod = this.states.get(uid)?.pod;
        if (pod !== undefined) this.recorder.event(pod, 'Warning', 'Unhealthy', message, fieldPathOf(name, 'containers'));
      },
      changed: (uid) => this.workers.update(uid),
      now: () => ctx.now(),
    });
    const scan = runtime?.wildcardListeners?.bind(runtime);
    this.listenerChecks = scan === undefined ? undefined : new WildcardListenerChecks({
      scan, now: () => Date.now(), log: ctx.log,
      found: (_id, owner, listeners) => this.reportWildcardListeners(owner, listeners),
    });
    this.reporter = new NodeReporter(this.client, { nodes: ctx.registry.kind('v1', 'Node'), leases: ctx.registry.kind('coordination.platform.io/v1', 'Lease') }, this.recorder, {
      name: p.nodeName, hostIP: p.hostIP, storageDir: p.storageDir, runtimeVersion: runtime?.version ?? '', maxPods: p.options.maxPods,
      notReadyMessage: runtime === undefined ? `container runtime is off: ${p.options.disabledReason}` : undefined,
      leaseDurationSeconds: p.options.leaseDurationSeconds, leaseRenewIntervalMs: p.options.leaseRenewIntervalMs, statusIntervalMs: p.options.nodeStatusIntervalMs,
      now: () => ctx.now(), log: ctx.log,
    });
  }

  /** Registers the node, then takes over the pods bound to it. */
  async start(): Promise<void> {
    await this.p.runtime?.init();
    await this.reporter.start();
    this.unsubscribe = this.p.ctx.onWrite((ev) => this.onPodEvent(ev));
    this.unsubscribeExit = this.p.runtime?.onExit((info) => {
      this.listenerChecks?.exited(info.id);
      this.explainAddressInUse(info);
      this.workers.update(info.podUid);
    });
    for (const pod of await this.client.list(this.pods)) this.observe(pod);
  }

  private mine(pod: Pod): boolean {
    const nodeName = pod.spec?.nodeName ?? '';
    if (nodeName === this.p.nodeName) return true;
    // With the runtime off, pending pods hear why the node runs nothing even before they are bound.
    return this.p.runtime === undefined && nodeName === '' && (pod.status?.phase ?? 'Pending') === 'Pending';
  }

  private onPodEvent(ev: WriteEvent): void {
    if (ev.def.group !== '' || ev.def.plural !== 'pods' || this.stopped) return;
    const pod = storedAs(this.pods, ev.object);
    const uid = uidOf(pod);
    if (ev.type === 'DELETED') {
      if (this.known.has(uid)) {
        this.known.delete(uid);
        this.workers.update(uid);
      }
      return;
    }
    if (!this.mine(pod)) return;
    const before = this.known.get(uid);
    this.known.set(uid, pod);
    if (before !== undefined) this.shortenTermination(uid, before, pod);
    if (before !== undefined && jsonEqual(syncRelevant(before), syncRelevant(pod)) && !this.statusOverwritten(uid, pod)) return;
    this.workers.update(uid);
  }

  /**
   * A second delete with a shorter grace period shortens a termination in progress: the pod worker
   * is busy waiting out the longer one, so the shorter deadline goes to the runtime directly.
   */
  private shortenTermination(uid: string, before: Pod, now: Pod): void {
    const was = asNumber(before.metadata?.deletionGracePeriodSeconds);
    const is = asNumber(now.metadata?.deletionGracePeriodSeconds);
    const runtime = this.p.runtime;
    if (was === undefined || is === undefined || is >= was || runtime === undefined) return;
    for (const c of runtime.listContainers(uid)) {
      if (c.state === 'running') void runtime.stopContainer(c.id, Math.max(MIN_GRACE_SECONDS, is) * 1000);
    }
  }

  /** True when someone else changed what the agent reports (node lifecycle marking pods not ready). */
  private statusOverwritten(uid: string, pod: Pod): boolean {
    const cached = this.status.cached(uid);
    if (cached === undefined) return false;
    const summary = (s: AgentPodStatus): string => JSON.stringify([s.phase ?? null, (s.conditions ?? []).map((c) => [c.type ?? null, c.status ?? null])]);
    return summary(cached) !== summary(pod.status ?? {});
  }

  private observe(pod: Pod): void {
    if (!this.mine(pod)) return;
    const uid = uidOf(pod);
    this.known.set(uid, pod);
    this.workers.update(uid);
  }

  private stateOf(uid: string, pod: Pod): PodState {
    let st = this.states.get(uid);
    if (st === undefined) {
      st = { pod, waiting: new Map(), previous: previousInstances(pod, this.p.ctx.now()), killing: undefined, finished: false, notified: new Set() };
      this.states.set(uid, st);
    }
    st.pod = pod;
    return st;
  }

  private instances(uid: string, st: PodState): ContainerInfo[] {
    // Every status written from now on (a sync still running while the node shuts down too) says
    // why the instances that ran at the shutdown ended.
    const current = (this.p.runtime?.listContainers(uid) ?? []).map((c) => (
      c.state === 'exited' && this.stoppedAtShutdown.has(c.id) ? { ...c, reason: NODE_SHUTDOWN_REASON, message: NODE_SHUTDOWN_MESSAGE } : c
    ));
    return [...st.previous, ...current];
  }

  private latestOf(list: ContainerInfo[], name: string): ContainerInfo | undefined {
    return list.filter((c) => c.name === name).sort((a, b) => a.attempt - b.attempt || a.createdAt - b.createdAt).at(-1);
  }

  private graceSeconds(pod: Pod): number {
    const g = asNumber(pod.metadata?.deletionGracePeriodSeconds) ?? asNumber(pod.spec?.terminationGracePeriodSeconds) ?? 30;
    return Math.max(MIN_GRACE_SECONDS, g);
  }

  private event(pod: Pod, type: 'Normal' | 'Warning', reason: string, message: string, fieldPath?: string): void {
    this.recorder.event(referenceTo(pod, fieldPath), type, reason, message);
  }

  /** One sync of one pod (its worker runs these one at a time). */
  private async sync(uid: string): Promise<void> {
    const pod = this.known.get(uid);
    if (pod === undefined) {
      await this.cleanup(uid);
      return;
    }
    const st = this.stateOf(uid, pod);
    const runtime = this.p.runtime;
    if (runtime === undefined) {
      if (!st.notified.has('off')) {
        st.notified.add('off');
        this.event(pod, 'Warning', 'NodeRuntimeOff', `The local node runs no containers: ${this.p.options.disabledReason}. Start the server with --node-runtime=process to run pods as processes of the user who started it.`);
      }
      return;
    }
    const meta = pod.metadata ?? {};
    const deleting = meta.deletionTimestamp !== undefined;
    const apiPhase = pod.status?.phase;
    const deadline = this.deadlineExceeded(pod, st);
    if (deleting || deadline || st.finished || apiPhase === 'Succeeded' || apiPhase === 'Failed') {
      await this.terminate(pod, st, deadline);
      return;
    }
    let sandbox = runtime.sandbox(uid);
    if (sandbox === undefined) {
      const oldIP = pod.status?.podIP;
      if (st.previous.length > 0) this.event(pod, 'Normal', 'SandboxChanged', 'Pod sandbox changed, it will be killed and re-created.');
      sandbox = await runtime.runPodSandbox({ podUid: uid, namespace: meta.namespace ?? '', name: meta.name ?? '', ...(oldIP !== undefined ? { previousIP: oldIP } : {}) });
    }
    this.prober.addPod(uid, pod);
    // As the kubelet does, a new pod's status (ContainerCreating) is reported before anything starts.
    if (this.status.cached(uid) === undefined) this.publish(pod, st, false);
    await this.killUnhealthy(pod, st);
    await this.startWhatIsDue(pod, st, sandbox);
    const status = this.publish(pod, st, false);
    const phase = status.phase;
    if (phase === 'Succeeded' || phase === 'Failed') {
      st.finished = true;
      await this.terminate(pod, st, undefined);
    }
    this.collectGarbage(uid);
    const activeDeadline = asNumber(pod.spec?.activeDeadlineSeconds);
    const start = Date.parse(status.startTime ?? '');
    if (activeDeadline !== undefined && !Number.isNaN(start)) this.workers.updateAfter(uid, Math.max(0, start + activeDeadline * 1000 - this.p.ctx.now()) + 10);
  }

  private deadlineExceeded(pod: Pod, st: PodState): WaitingReason | undefined {
    const seconds = asNumber(pod.spec?.activeDeadlineSeconds);
    const startTime = this.status.cached(uidOf(pod))?.startTime ?? pod.status?.startTime;
    if (seconds === undefined || startTime === undefined) return undefined;
    if (this.p.ctx.now() - Date.parse(startTime) < seconds * 1000) return undefined;
    if (!st.notified.has('deadline')) {
      st.notified.add('deadline');
      this.event(pod, 'Warning', 'DeadlineExceeded', 'Pod was active on the node longer than the specified deadline');
    }
    return { reason: 'DeadlineExceeded', message: 'Pod was active on the node longer than the specified deadline' };
  }

  /** Restarts containers whose liveness or startup probe failed. */
  private async killUnhealthy(pod: Pod, st: PodState): Promise<void> {
    const runtime = this.p.runtime;
    if (runtime === undefined) return;
    const uid = uidOf(pod);
    for (const c of containersOf(pod, 'containers')) {
      const name = c.name;
      const latest = this.latestOf(this.instances(uid, st), name);
      if (latest === undefined || latest.state !== 'running') continue;
      const failed = this.prober.failedFor(uid, name, latest.id);
      if (failed === undefined) continue;
      this.event(pod, 'Normal', 'Killing', `Container ${name} failed ${failed} probe, will be restarted`, fieldPathOf(name, 'containers'));
      await this.stopOne(pod, c, latest, asNumber(pod.spec?.terminationGracePeriodSeconds) ?? 30);
    }
  }

  /**
   * Starts the ephemeral containers not started yet (once, never again, even during initialization:
   * the kubelet's rule), then the init container that is due, or the regular containers once
   * initialization is done.
   */
  private async startWhatIsDue(pod: Pod, st: PodState, sandbox: Sandbox): Promise<void> {
    const uid = uidOf(pod);
    const policy = pod.spec?.restartPolicy ?? 'Always';
    for (const c of containersOf(pod, 'ephemeralContainers')) {
      if (this.latestOf(this.instances(uid, st), c.name) !== undefined) continue;
      await this.startOne(pod, st, sandbox, c, 'ephemeralContainers', undefined);
    }
    for (const c of containersOf(pod, 'initContainers')) {
      const latest = this.latestOf(this.instances(uid, st), c.name);
      if (initDone(latest)) continue;
      if (latest?.state === 'running') return;
      if (latest !== undefined && policy === 'Never') return;
      await this.startOne(pod, st, sandbox, c, 'initContainers', latest);
      return;
    }
    for (const c of containersOf(pod, 'containers')) {
      const latest = this.latestOf(this.instances(uid, st), c.name);
      if (!shouldRestart(pod, latest)) continue;
      await this.startOne(pod, st, sandbox, c, 'containers', latest);
    }
  }

  private startDeps(runtime: ContainerRuntime): StartDeps {
    const ctx = this.p.ctx;
    const configmaps = ctx.registry.kind('v1', 'ConfigMap');
    const secrets = ctx.registry.kind('v1', 'Secret');
    const sources: EnvSources = {
      configMap: (ns, name) => this.client.get(configmaps, ns, name),
      secret: (ns, name) => this.client.get(secrets, ns, name),
    };
    return {
      runtime, logs: this.p.logs, backoff: this.backoff, sources, now: () => ctx.now(),
      baseEnv: (pod) => {
        const server = this.p.serverAddress();
        return [
          ['PATH', process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'],
          ['HOME', os.homedir()],
          ['HOSTNAME', pod.metadata?.name ?? ''],
          [IN_CLUSTER_HOST_ENV, server.host],
          [IN_CLUSTER_PORT_ENV, String(server.port)],
          [`${IN_CLUSTER_PORT_ENV}_HTTPS`, String(server.port)],
        ];
      },
      facts: (sandbox) => ({ podIP: sandbox.ip, hostIP: this.p.hostIP, allocatable: this.allocatable() }),
      event: (pod, type, reason, message, fieldPath) => this.event(pod, type, reason, message, fieldPath),
    };
  }

  private allocatable(): Record<string, bigint> {
    const facts = this.reporter.machine();
    if (facts === undefined) return {};
    const out: Record<string, bigint> = {};
    for (const [k, v] of Object.entries(nodeResources(facts).allocatable)) out[k] = quantityMilli(v);
    return out;
  }

  private async startOne(pod: Pod, st: PodState, sandbox: Sandbox, container: Container | EphemeralContainer, list: ContainerList, latest: ContainerInfo | undefined): Promise<void> {
    const runtime = this.p.runtime;
    if (runtime === undefined) return;
    const uid = uidOf(pod);
    const name = container.name;
    const outcome = await startContainer(this.startDeps(runtime), pod, sandbox, container, list, latest);
    if (outcome.kind === 'waiting') {
      st.waiting.set(name, outcome.reason);
      if (outcome.retryAfterMs !== undefined) this.workers.updateAfter(uid, outcome.retryAfterMs);
      return;
    }
    st.waiting.delete(name);
    if (outcome.info.state === 'running' && list === 'containers') this.prober.containerStarted(uid, name);
    if (outcome.info.state === 'running') this.listenerChecks?.started(outcome.info.id, { podUid: uid, name });
  }

  /** The `BindsAllAddresses` warning on the pod of a container found listening on all addresses. */
  private reportWildcardListeners(owner: ListenerOwner, listeners: WildcardListener[]): void {
    const pod = this.states.get(owner.podUid)?.pod;
    if (pod === undefined || this.stopped) return;
    const podIP = this.p.runtime?.sandbox(owner.podUid)?.ip;
    this.event(pod, 'Warning', BINDS_ALL_ADDRESSES, bindsAllAddressesMessage(owner.name, listeners, podIP), fieldPathOf(owner.name, listOf(pod, owner.name)));
  }

  /**
   * A container that failed saying "address already in use" (in its last log lines) may have lost
   * its port to another pod that listens on all addresses: if one does, the crashed pod hears which
   * (an `AddressInUse` warning), since nothing else would tell the user why.
   */
  private explainAddressInUse(info: ContainerInfo): void {
    const checks = this.listenerChecks;
    const runtime = this.p.runtime;
    const st = this.states.get(info.podUid);
    if (checks === undefined || runtime === undefined || st === undefined || this.stopped || st.killing !== undefined) return;
    // Exit codes above 128 are deaths by a signal (stopped, killed), not a program that gave up.
    if (info.exitCode === undefined || info.exitCode === 0 || info.exitCode > 128) return;
    void (async () => {
      await new Promise((r) => setTimeout(r, CRASH_LOG_SETTLE_MS).unref());
      if (this.stopped) return;
      const meta = st.pod.metadata ?? {};
      const entries: LogEntry[] = [];
      const ref = { namespace: meta.namespace ?? '', podName: meta.name ?? '', podUid: info.podUid, container: info.name, attempt: info.attempt };
      for await (const e of this.p.logs.read(ref, { tailLines: CRASH_LOG_LINES })) entries.push(e);
      const inUse = addressInUseIn(entries);
      if (inUse === undefined) return;
      const others = new Map<string, ListenerOwner>();
      for (const uid of this.states.keys()) {
        if (uid === info.podUid) continue;
        for (const c of runtime.listContainers(uid)) if (c.state === 'running') others.set(c.id, { podUid: uid, name: c.name });
      }
      if (others.size === 0) return;
      const holders: { pod: string; container: string; listeners: WildcardListener[] }[] = [];
      for (const [id, listeners] of await checks.scanNow(others)) {
        const owner = others.get(id);
        const holder = owner === undefined ? undefined : this.states.get(owner.podUid)?.pod;
        const relevant = listeners.filter((l) => inUse.port === undefined || l.port === inUse.port);
        if (owner === undefined || holder === undefined || relevant.length === 0) continue;
        holders.push({ pod: `${holder.metadata?.namespace ?? ''}/${holder.metadata?.name ?? ''}`, container: owner.name, listeners: relevant });
      }
      if (holders.length === 0 || this.stopped) return;
      this.event(st.pod, 'Warning', ADDRESS_IN_USE, addressInUseMessage(info.name, holders), fieldPathOf(info.name, listOf(st.pod, info.name)));
    })().catch((e: unknown) => this.p.ctx.log(`node agent: explaining the exit of ${info.id}: ${e instanceof Error ? e.message : String(e)}`));
  }

  /** Stops one running instance: preStop hook, SIGTERM, SIGKILL after the grace period. */
  private async stopOne(pod: Pod, container: Container | EphemeralContainer | undefined, inst: ContainerInfo, graceSeconds: number): Promise<void> {
    const runtime = this.p.runtime;
    if (runtime === undefined) return;
    let remainingMs = Math.max(0, graceSeconds) * 1000;
    const preStop = container?.lifecycle?.preStop?.exec?.command;
    if (preStop !== undefined && preStop.length > 0 && remainingMs > 0) {
      const began = Date.now();
      const r = await runtime.execSync(inst.id, preStop, remainingMs);
      if (r.exitCode !== 0) {
        this.event(pod, 'Warning', 'FailedPreStopHook', `PreStopHook failed`, fieldPathOf(inst.name, 'containers'));
      }
      remainingMs -= Date.now() - began;
    }
    await runtime.stopContainer(inst.id, Math.max(MIN_GRACE_SECONDS * 1000, remainingMs));
  }

  /** Stops every container of a pod that must not run any more, then writes its final status. */
  private async terminate(pod: Pod, st: PodState, deadline: WaitingReason | undefined): Promise<void> {
    const runtime = this.p.runtime;
    const uid = uidOf(pod);
    const deleting = pod.metadata?.deletionTimestamp !== undefined;
    if (runtime !== undefined) {
      st.killing ??= (async () => {
        this.prober.removePod(uid);
        const grace = this.graceSeconds(pod);
        const running = runtime.listContainers(uid).filter((c) => c.state === 'running');
        const specs = [...containersOf(pod, 'containers'), ...containersOf(pod, 'initContainers')];
        await Promise.all(running.map((inst) => {
          this.event(pod, 'Normal', 'Killing', `Stopping container ${inst.name}`, fieldPathOf(inst.name, listOf(pod, inst.name)));
          return this.stopOne(pod, specs.find((c) => c.name === inst.name), inst, grace);
        }));
      })();
      await st.killing;
    }
    const status = this.publish(pod, st, true, deadline);
    if (!deleting && runtime !== undefined && runtime.sandbox(uid) !== undefined && (status.phase === 'Succeeded' || status.phase === 'Failed')) {
      // The finished pod stays; its address goes back to the pool (its status keeps showing it).
      st.finished = true;
      st.previous = this.instances(uid, st).filter((c) => c.state === 'exited');
      await runtime.removePodSandbox(uid);
    }
    if (deleting) this.status.terminated(pod);
  }

  private publish(pod: Pod, st: PodState, podIsTerminal: boolean, terminalReason?: WaitingReason): AgentPodStatus {
    const uid = uidOf(pod);
    const instances = this.instances(uid, st);
    const byId = new Map(instances.map((c) => [c.id, c.name]));
    const status = generatePodStatus({
      pod,
      oldStatus: this.status.cached(uid) ?? pod.status ?? {},
      podIP: this.p.runtime?.sandbox(uid)?.ip,
      hostIP: this.p.hostIP,
      containers: instances,
      ready: (id) => this.prober.readyFor(uid, byId.get(id) ?? '', id),
      started: (id) => this.prober.startedFor(uid, byId.get(id) ?? '', id),
      waiting: st.waiting,
      now: this.p.ctx.now(),
      podIsTerminal,
      ...(terminalReason !== undefined ? { terminalReason } : {}),
    });
    this.status.setStatus(pod, status);
    return status;
  }

  /** Keeps the last two instances of each container (the current one and the one before). */
  private collectGarbage(uid: string): void {
    const runtime = this.p.runtime;
    if (runtime === undefined) return;
    const byName = new Map<string, ContainerInfo[]>();
    for (const c of runtime.listContainers(uid)) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
    for (const list of byName.values()) {
      for (const old of list.slice(0, -2)) runtime.removeContainer(old.id);
    }
    const st = this.states.get(uid);
    // An instance of an earlier run is only needed while it is the last or the one before it.
    if (st !== undefined) st.previous = st.previous.filter((p) => (byName.get(p.name)?.length ?? 0) < 2);
  }

  /** The pod is gone from the store: stop what is left and forget it. */
  private async cleanup(uid: string): Promise<void> {
    const st = this.states.get(uid);
    const runtime = this.p.runtime;
    if (runtime !== undefined) {
      const running = runtime.listContainers(uid).filter((c) => c.state === 'running');
      const grace = st === undefined ? MIN_GRACE_SECONDS : this.graceSeconds(st.pod);
      await Promise.all(running.map((inst) => runtime.stopContainer(inst.id, grace * 1000)));
      await runtime.removePodSandbox(uid);
    }
    this.prober.removePod(uid);
    this.status.forget(uid);
    this.backoff.forget(`${uid}/`);
    if (st !== undefined) {
      await this.p.logs.removePod(st.pod.metadata?.namespace ?? '', st.pod.metadata?.name ?? '', uid);
    }
    this.states.delete(uid);
    this.workers.remove(uid);
  }

  /** Resolves when the agent has nothing queued (tests). */
  async idle(): Promise<void> {
    await this.workers.idle();
    await this.status.idle();
    await this.reporter.idle();
    await this.recorder.flush();
  }

  /**
   * Stops the agent: no new syncs, every container stopped within the shutdown grace period, and
   * the final status of every pod whose containers it stopped written (terminated, reason
   * NodeShutdown), so that the next start tells a clean stop from a server that was killed.
   */
  async shutdown(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.reporter.stop();
    this.workers.stop();
    this.prober.stop();
    this.listenerChecks?.stop();
    this.unsubscribeExit?.();
    const runtime = this.p.runtime;
    if (runtime !== undefined) {
      const stopped: string[] = [];
      for (const uid of this.states.keys()) {
        for (const c of runtime.listContainers(uid)) {
          if (c.state !== 'running') continue;
          this.stoppedAtShutdown.add(c.id);
          stopped.push(uid);
        }
      }
      await runtime.shutdown(this.p.options.shutdownGracePeriodMs);
      for (const uid of new Set(stopped)) {
        const st = this.states.get(uid);
        if (st !== undefined) this.publish(st.pod, st, false);
      }
      await this.status.idle();
    }
    await this.p.logs.close();
    await this.recorder.flush();
  }

  /** When the current instance of a container started (ms), if it runs. */
  startedAt(uid: string, container: string): number | undefined {
    const latest = this.p.runtime?.listContainers(uid).filter((c) => c.name === container).at(-1);
    return latest?.state === 'running' ? latest.startedAt : undefined;
  }

  /** Pod and container usage (for the metrics API): uid → container → usage. */
  async usage(): Promise<Map<string, { pod: Pod; containers: Map<string, { cpuNanos: number; memoryBytes: number }> }>> {
    const out = new Map<string, { pod: Pod; containers: Map<string, { cpuNanos: number; memoryBytes: number }> }>();
    const runtime = this.p.runtime;
    if (runtime === undefined) return out;
    const ids: { uid: string; name: string; id: string }[] = [];
    for (const [uid, st] of this.states) {
      for (const c of runtime.listContainers(uid)) if (c.state === 'running') ids.push({ uid, name: c.name, id: c.id });
      if (!out.has(uid)) out.set(uid, { pod: st.pod, containers: new Map() });
    }
    const usage = await runtime.usage(ids.map((i) => i.id));
    for (const i of ids) {
      const u = usage.get(i.id);
      if (u !== undefined) out.get(i.uid)?.containers.set(i.name, u);
    }
    for (const [uid, v] of out) if (v.containers.size === 0) out.delete(uid);
    return out;
  }
}
