/**
 * The pod status a kubelet writes, computed from what the runtime reports (pure functions, so the
 * rules can be tested without processes): container statuses (waiting, running, terminated, the
 * last termination, restart counts, readiness; ephemeral containers apart), the phase (getPhase's rules), the conditions
 * PodReadyToStartContainers, Initialized, Ready, ContainersReady and PodScheduled with their
 * reasons and messages, addresses, start time and QoS class.
 */
import type { Container, ContainerState, ContainerStateTerminated, ContainerStateWaiting, ContainerStatus, EphemeralContainer, Pod, PodCondition, PodStatus } from '../../../sdk/types/generated/core-v1.js';
import { timestamp } from '../../util/time.js';
import { qosClass } from '../../kinds/pod-spec.js';
import type { ContainerInfo } from '../runtime/runtime.js';
import { goFormat } from '../../../machinery/json/values.js';

/** Why a container waits instead of running (the kubelet's reason cache). */
export interface WaitingReason {
  reason: string;
  message: string;
}

/** A pod condition as the agent writes it: `lastProbeTime` is null (Go's zero time), as a kubelet writes it. */
export type AgentPodCondition = Omit<PodCondition, 'lastProbeTime'> & { lastProbeTime?: string | null };

/**
 * The pod status the agent writes, and reads back as the old status: a PodStatus whose conditions
 * may hold a null `lastProbeTime` (a stored PodStatus is one too).
 */
export type AgentPodStatus = Omit<PodStatus, 'conditions'> & { conditions?: AgentPodCondition[] };

/** Everything the status is made from. */
export interface StatusInputs {
  pod: Pod;
  /** The status last written (or the pod's stored status). */
  oldStatus: AgentPodStatus;
  /** The pod's address once its sandbox exists. */
  podIP: string | undefined;
  hostIP: string;
  /** Instances the runtime knows for the pod, oldest first. */
  containers: ContainerInfo[];
  /** Readiness of a running instance (probe results; true without a readiness probe once started). */
  ready(id: string): boolean;
  /** True once a running instance passed its startup probe (or has none). */
  started(id: string): boolean;
  /** Reasons for containers that wait (back-off, configuration errors). */
  waiting: Map<string, WaitingReason>;
  now: number;
  /** The pod is being terminated for good (deleted, deadline exceeded, or finished). */
  podIsTerminal: boolean;
  /** Reason and message of a phase the agent forces (DeadlineExceeded). */
  terminalReason?: WaitingReason;
}

/** Pod condition types the kubelet owns. */
const KUBELET_CONDITIONS = new Set(['PodScheduled', 'Ready', 'Initialized', 'ContainersReady', 'PodReadyToStartContainers']);

function restartPolicy(pod: Pod): string {
  return pod.spec?.restartPolicy ?? 'Always';
}

/** The terminated state of an exited instance. */
export function terminatedState(c: ContainerInfo): ContainerStateTerminated {
  const t: ContainerStateTerminated = { exitCode: c.exitCode ?? 0, reason: c.reason ?? (c.exitCode === 0 ? 'Completed' : 'Error') };
  if (c.message !== undefined && c.message !== '') t.message = c.message;
  t.startedAt = timestamp(c.startedAt);
  t.finishedAt = timestamp(c.finishedAt ?? c.startedAt);
  t.containerID = c.id;
  return t;
}

/** Instances of one container, oldest first. */
function instancesOf(inputs: StatusInputs, name: string): ContainerInfo[] {
  return inputs.containers.filter((c) => c.name === name).sort((a, b) => a.attempt - b.attempt || a.createdAt - b.createdAt);
}

/** True when the kubelet would start this container (again) on the next sync. */
export function shouldRestart(pod: Pod, latest: ContainerInfo | undefined): boolean {
  if (typeof pod.metadata?.deletionTimestamp === 'string') return false;
  if (latest === undefined) return true;
  if (latest.state === 'running') return false;
  const policy = restartPolicy(pod);
  if (policy === 'Never') return false;
  if (policy === 'OnFailure' && completed(latest)) return false;
  return true;
}

/** True when an init container finished successfully. */
export function initDone(latest: ContainerInfo | undefined): boolean {
  return latest !== undefined && latest.state === 'exited' && completed(latest);
}

/**
 * The reason of an instance the node stopped when it was shut down cleanly (`local stop`): its
 * status says so, and the next start does not take it for a crash.
 */
export const NODE_SHUTDOWN_REASON = 'NodeShutdown';
/** The message that goes with {@link NODE_SHUTDOWN_REASON}. */
export const NODE_SHUTDOWN_MESSAGE = 'The node was shut down (local stop); the container was stopped with it';

/** True for an instance the node's shutdown stopped. */
export function stoppedByShutdown(c: { reason?: unknown }): boolean {
  return c.reason === NODE_SHUTDOWN_REASON;
}

/**
 * True when an exited instance did its work: exit code 0, and not stopped by a node shutdown (a
 * program may exit 0 on SIGTERM; it was interrupted all the same, so OnFailure restarts it and a
 * pod that cannot restart it fails, as after the kubelet's graceful node shutdown).
 */
function completed(c: ContainerInfo): boolean {
  return c.exitCode === 0 && !stoppedByShutdown(c);
}

/** The same for a `terminated` state of a container status. */
function terminatedOk(t: ContainerStateTerminated): boolean {
  return t.exitCode === 0 && !stoppedByShutdown(t);
}

function statusFor(inputs: StatusInputs, spec: Container, isInit: boolean, hasInit: boolean, old: ContainerStatus | undefined): ContainerStatus {
  const name = spec.name;
  const instances = instancesOf(inputs, name);
  const latest = instances.at(-1);
  const previous = instances.at(-2);
  const defaultWaiting: ContainerState = { waiting: { reason: hasInit && !isInit ? 'PodInitializing' : 'ContainerCreating' } };
  const image = spec.image ?? '';
  let status: ContainerStatus;
  if (latest === undefined) {
    if (old?.state?.terminated !== undefined) {
      status = structuredClone(old);
    } else {
      status = { name, state: defaultWaiting, lastState: structuredClone(old?.lastState ?? {}), ready: false, restartCount: old?.restartCount ?? 0, image, imageID: '', started: false };
    }
  } else {
    const running = latest.state === 'running';
    status = {
      name,
      state: running ? { running: { startedAt: timestamp(latest.startedAt) } } : { terminated: terminatedState(latest) },
      lastState: previous !== undefined ? { terminated: terminatedState(previous) } : {},
      ready: false,
      restartCount: latest.attempt,
      image,
      imageID: image,
      containerID: latest.id,
      started: running && inputs.started(latest.id),
    };
    // A running init container is not ready: it is ready once it finished successfully.
    if (isInit) status.ready = !running && completed(latest);
    else if (running) status.ready = inputs.ready(latest.id) && inputs.started(latest.id);
  }
  const wait = inputs.waiting.get(name);
  const restartable = isInit ? !initDone(latest) && (latest === undefined || latest.state === 'exited') : shouldRestart(inputs.pod, latest);
  if (wait !== undefined && restartable && !inputs.podIsTerminal) {
    if (latest !== undefined && latest.state === 'exited') status.lastState = { terminated: terminatedState(latest) };
    status.state = { waiting: wait.message === '' ? { reason: wait.reason } : { reason: wait.reason, message: wait.message } };
    status.ready = false;
    status.started = false;
  }
  return status;
}

/**
 * The status of an ephemeral container: started once and never restarted, never ready, no
 * `started` (the prober never looks at it), the waiting reason while it cannot start.
 */
function ephemeralStatusFor(inputs: StatusInputs, spec: EphemeralContainer, old: ContainerStatus | undefined): ContainerStatus {
  const name = spec.name;
  const latest = instancesOf(inputs, name).at(-1);
  const image = spec.image ?? '';
  if (latest === undefined) {
    if (old?.state?.terminated !== undefined) return structuredClone(old);
    const wait = inputs.waiting.get(name);
    const waiting: ContainerStateWaiting = wait === undefined ? { reason: 'ContainerCreating' } : wait.message === '' ? { reason: wait.reason } : { reason: wait.reason, message: wait.message };
    return { name, state: { waiting }, lastState: {}, ready: false, restartCount: 0, image, imageID: '' };
  }
  const running = latest.state === 'running';
  return {
    name,
    state: running ? { running: { startedAt: timestamp(latest.startedAt) } } : { terminated: terminatedState(latest) },
    lastState: {},
    ready: false,
    restartCount: 0,
    image,
    imageID: image,
    containerID: latest.id,
  };
}

/** What the phase is made from: the states of the container statuses. */
type StatusStates = Pick<ContainerStatus, 'state' | 'lastState'>;

function state(cs: StatusStates): ContainerState {
  return cs.state ?? {};
}

/** getPhase: the pod phase from its container statuses. */
export function podPhase(pod: Pod, init: readonly StatusStates[], main: readonly StatusStates[], podIsTerminal: boolean): string {
  const policy = restartPolicy(pod);
  let pendingInit = 0;
  let failedInit = 0;
  for (const cs of init) {
    const s = state(cs);
    const term = s.terminated;
    if (s.running !== undefined) pendingInit++;
    else if (term !== undefined) {
      if (!terminatedOk(term)) failedInit++;
    } else if (s.waiting !== undefined) {
      const last = cs.lastState?.terminated;
      if (last !== undefined && !terminatedOk(last)) failedInit++;
      else pendingInit++;
    } else {
      pendingInit++;
    }
  }
  let unknown = 0;
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const cs of main) {
    const s = state(cs);
    const term = s.terminated;
    if (s.running !== undefined) running++;
    else if (term !== undefined) {
      stopped++;
      if (terminatedOk(term)) succeeded++;
    } else if (s.waiting !== undefined) {
      if (cs.lastState?.terminated !== undefined) stopped++;
      else waiting++;
    } else {
      unknown++;
    }
  }
  if (failedInit > 0 && policy === 'Never') return 'Failed';
  if (pendingInit > 0 || waiting > 0) return 'Pending';
  if (running > 0 && unknown === 0) return 'Running';
  if (running === 0 && stopped > 0 && unknown === 0) {
    if (podIsTerminal) return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (policy === 'Always') return 'Running';
    if (stopped === succeeded) return 'Succeeded';
    if (policy === 'Never') return 'Failed';
    return 'Running';
  }
  return 'Pending';
}

function condition(type: string, ok: boolean, reason?: string, message?: string): PodCondition {
  const c: PodCondition = { type, status: ok ? 'True' : 'False' };
  if (reason !== undefined) c.reason = reason;
  if (message !== undefined) c.message = message;
  return c;
}


function conditions(pod: Pod, inputs: StatusInputs, init: ContainerStatus[], main: ContainerStatus[], phase: string, oldConditions: readonly AgentPodCondition[]): AgentPodCondition[] {
  // Conditions other components own come from the stored pod (readiness gates, DisruptionTarget).
  const out: AgentPodCondition[] = (pod.status?.conditions ?? []).filter((c) => !KUBELET_CONDITIONS.has(c.type)).map((c) => structuredClone(c));
  out.push(condition('PodReadyToStartContainers', inputs.podIP !== undefined));
  // Initialized.
  const incomplete = init.filter((cs) => cs.ready !== true).map((cs) => cs.name);
  const anyStarted = main.some((cs) => state(cs).running !== undefined || state(cs).terminated !== undefined);
  if (phase === 'Succeeded') out.push(condition('Initialized', true, 'PodCompleted'));
  else if (incomplete.length === 0 || anyStarted) out.push(condition('Initialized', true));
  else out.push(condition('Initialized', false, 'ContainersNotInitialized', `containers with incomplete status: ${goFormat(incomplete)}`));
  // ContainersReady and Ready.
  let containersReady: PodCondition;
  if (phase === 'Succeeded') containersReady = condition('ContainersReady', false, 'PodCompleted');
  else if (phase === 'Failed') containersReady = condition('ContainersReady', false, 'PodFailed');
  else {
    const unready = main.filter((cs) => cs.ready !== true).map((cs) => cs.name);
    containersReady = unready.length === 0 ? condition('ContainersReady', true) : condition('ContainersReady', false, 'ContainersNotReady', `containers with unready status: ${goFormat(unready)}`);
  }
  let ready: PodCondition = { ...containersReady, type: 'Ready' };
  if (containersReady.status === 'True') {
    const gates: string[] = [];
    for (const { conditionType: type } of pod.spec?.readinessGates ?? []) {
      const c = out.find((x) => x.type === type);
      if (c === undefined) gates.push(`corresponding condition of pod readiness gate "${type}" does not exist.`);
      else if (c.status !== 'True') gates.push(`the status of pod readiness gate "${type}" is not "True", but ${String(c.status)}`);
    }
    if (gates.length > 0) ready = condition('Ready', false, 'ReadinessGatesNotReady', gates.join(', '));
  }
  out.push(ready, containersReady, condition('PodScheduled', true));
  // Transition times: kept while a condition's status stays the same.
  const stamp = timestamp(inputs.now);
  return out.map((c) => {
    if (!KUBELET_CONDITIONS.has(c.type)) return c;
    const prev = oldConditions.find((o) => o.type === c.type);
    const transition = prev !== undefined && prev.status === c.status && typeof prev.lastTransitionTime === 'string' ? prev.lastTransitionTime : stamp;
    return { type: c.type, status: c.status, lastProbeTime: null, lastTransitionTime: transition, ...(c.reason !== undefined ? { reason: c.reason } : {}), ...(c.message !== undefined ? { message: c.message } : {}) };
  });
}

/** The pod status the agent writes. */
export function generatePodStatus(inputs: StatusInputs): AgentPodStatus {
  const pod = inputs.pod;
  const old = inputs.oldStatus;
  const byName = (list: ContainerStatus[] | undefined): Map<string, ContainerStatus> => new Map((list ?? []).map((c) => [c.name, c]));
  const oldInit = byName(old.initContainerStatuses);
  const oldMain = byName(old.containerStatuses);
  const oldEphemeral = byName(old.ephemeralContainerStatuses);
  const initSpecs = pod.spec?.initContainers ?? [];
  const hasInit = initSpecs.length > 0;
  const init = initSpecs.map((c) => statusFor(inputs, c, true, hasInit, oldInit.get(c.name)));
  const main = (pod.spec?.containers ?? []).map((c) => statusFor(inputs, c, false, hasInit, oldMain.get(c.name)));
  let phase = podPhase(pod, init, main, inputs.podIsTerminal);
  const oldPhase = old.phase;
  if (phase !== 'Failed' && phase !== 'Succeeded' && (oldPhase === 'Failed' || oldPhase === 'Succeeded')) phase = oldPhase;
  const status: AgentPodStatus = { phase };
  if (inputs.terminalReason !== undefined) {
    status.phase = 'Failed';
    phase = 'Failed';
    status.reason = inputs.terminalReason.reason;
    status.message = inputs.terminalReason.message;
  } else if (phase === oldPhase) {
    if (old.reason !== undefined) status.reason = old.reason;
    if (old.message !== undefined) status.message = old.message;
  }
  status.conditions = conditions(pod, inputs, init, main, phase, old.conditions ?? []);
  status.hostIP = inputs.hostIP;
  status.hostIPs = [{ ip: inputs.hostIP }];
  const podIP = inputs.podIP ?? old.podIP;
  if (podIP !== undefined && podIP !== '') {
    status.podIP = podIP;
    status.podIPs = [{ ip: podIP }];
  }
  status.startTime = old.startTime ?? timestamp(inputs.now);
  if (hasInit) status.initContainerStatuses = init;
  status.containerStatuses = main;
  const ephemeral = (pod.spec?.ephemeralContainers ?? []).map((c) => ephemeralStatusFor(inputs, c, oldEphemeral.get(c.name)));
  if (ephemeral.length > 0) status.ephemeralContainerStatuses = ephemeral;
  status.qosClass = qosClass(pod.spec);
  return status;
}
