/**
 * Starting one container instance, as the kubelet's startContainer does it: the crash-loop
 * back-off check, the container's configuration (command, environment, working directory), the
 * log of the new instance, the runtime call, and the events (`BackOff`, `Failed`, `Created`,
 * `Started`, and instead of `Pulled` an honest word about images). A container that cannot start
 * gets a waiting reason for its status (`CrashLoopBackOff`, `CreateContainerConfigError`,
 * `CreateContainerError`, `NoCommand`).
 */
import type { Container, EphemeralContainer, Pod } from '../../../sdk/types/generated/core-v1.js';
import type { ContainerLogs } from '../logs/container-logs.js';
import { CreateContainerError, type ContainerInfo, type ContainerRuntime, type DeclaredPort, type Sandbox } from '../runtime/runtime.js';
import { type Backoff } from './backoff.js';
import { formatGoDuration } from '../../../machinery/go-duration.js';
import { buildEnv, commandLine, EnvError, type EnvSources, type PodRuntimeFacts } from './env.js';
import { stoppedByShutdown, type WaitingReason } from './pod-status.js';

/** The waiting reason and message of a container without a command. */
export const NO_COMMAND_REASON = 'NoCommand';

/** What starting a container needs. */
export interface StartDeps {
  runtime: ContainerRuntime;
  logs: ContainerLogs;
  backoff: Backoff;
  sources: EnvSources;
  now(): number;
  /** The environment every container gets before its own (PATH, HOME, HOSTNAME, the API server's address). */
  baseEnv(pod: Pod): [string, string][];
  facts(sandbox: Sandbox): PodRuntimeFacts;
  event(pod: Pod, type: 'Normal' | 'Warning', reason: string, message: string, fieldPath: string): void;
}

/** What became of a start attempt. */
export type StartOutcome =
  | { kind: 'started'; info: ContainerInfo }
  | { kind: 'waiting'; reason: WaitingReason; retryAfterMs?: number };

/** `name_namespace(uid)`, as the kubelet names a pod in messages. */
export function podFormat(pod: Pod): string {
  const meta = pod.metadata ?? {};
  return `${meta.name ?? ''}_${meta.namespace ?? ''}(${meta.uid ?? ''})`;
}

/** The list of the pod spec a container is in. */
export type ContainerList = 'containers' | 'initContainers' | 'ephemeralContainers';

/**
 * What an ephemeral container without a command runs. Debug images (busybox, alpine, ubuntu, ...)
 * have a shell as their entrypoint; the process runtime pulls no image, so it runs the machine's.
 */
export const EPHEMERAL_DEFAULT_COMMAND = ['/bin/sh'];

/** `spec.containers{name}`, `spec.initContainers{name}` or `spec.ephemeralContainers{name}`. */
export function fieldPathOf(name: string, list: ContainerList): string {
  return `spec.${list}{${name}}`;
}

function declaredPorts(container: Container | EphemeralContainer): DeclaredPort[] {
  return (container.ports ?? []).map((p) => {
    const d: DeclaredPort = { containerPort: p.containerPort, protocol: p.protocol ?? 'TCP' };
    if (p.name !== undefined) d.name = p.name;
    return d;
  });
}

/** Starts `container` unless its back-off forbids it now. */
export async function startContainer(deps: StartDeps, pod: Pod, sandbox: Sandbox, container: Container | EphemeralContainer, list: ContainerList, latest: ContainerInfo | undefined): Promise<StartOutcome> {
  const meta = pod.metadata ?? {};
  const uid = meta.uid ?? '';
  const name = container.name;
  const namespace = meta.namespace ?? '';
  const podName = meta.name ?? '';
  const fieldPath = fieldPathOf(name, list);
  const key = `${uid}/${name}`;
  // An instance that a clean node shutdown stopped did not crash: starting it again is not a
  // restart after a failure, and a crash after it starts the back-off afresh.
  if (latest !== undefined && latest.state === 'exited' && !stoppedByShutdown(latest)) {
    const finished = latest.finishedAt ?? latest.startedAt;
    if (deps.backoff.inBackoffSince(key, finished)) {
      const delay = deps.backoff.get(key);
      deps.event(pod, 'Warning', 'BackOff', `Back-off restarting failed container ${name} in pod ${podFormat(pod)}`, fieldPath);
      return {
        kind: 'waiting',
        reason: { reason: 'CrashLoopBackOff', message: `back-off ${formatGoDuration(delay)} restarting failed container=${name} pod=${podFormat(pod)}` },
        retryAfterMs: Math.max(1, finished + delay - deps.now()),
      };
    }
    deps.backoff.next(key, finished);
  }
  const image = container.image ?? '';
  const retryAfterMs = Math.max(deps.backoff.initialMs, deps.backoff.get(key));
  let env: [string, string][];
  try {
    const built = await buildEnv(pod, container, deps.facts(sandbox), deps.baseEnv(pod), deps.sources);
    env = built.env;
    for (const s of built.skipped) {
      deps.event(pod, 'Warning', 'InvalidEnvironmentVariableNames', `Keys [${s.keys.join(', ')}] from the EnvFrom ${s.kind} ${namespace}/${s.name} were skipped since they are considered invalid environment variable names.`, fieldPath);
    }
  } catch (e) {
    if (!(e instanceof EnvError)) throw e;
    deps.event(pod, 'Warning', 'Failed', `Error: ${e.message}`, fieldPath);
    return { kind: 'waiting', reason: { reason: 'CreateContainerConfigError', message: e.message }, retryAfterMs };
  }
  const argv = commandLine(container, env) ?? (list === 'ephemeralContainers' ? [...EPHEMERAL_DEFAULT_COMMAND] : undefined);
  if (argv === undefined) {
    const message = `container "${name}" has no command: the process runtime runs a container's command as a process on this machine and does not pull images, so image "${image}" cannot provide one; set command (or args) in the pod spec`;
    deps.event(pod, 'Warning', 'Failed', `Error: ${message}`, fieldPath);
    return { kind: 'waiting', reason: { reason: NO_COMMAND_REASON, message } };
  }
  const attempt = latest !== undefined ? latest.attempt + 1 : ((await deps.logs.lastAttempt({ namespace, podName, podUid: uid, container: name })) ?? -1) + 1;
  const log = await deps.logs.open({ namespace, podName, podUid: uid, container: name, attempt });
  deps.event(pod, 'Normal', 'ImageNotUsed', `Image "${image}" not pulled: the process runtime runs the command of container ${name} as a process on this machine`, fieldPath);
  let info: ContainerInfo;
  try {
    info = await deps.runtime.startContainer(sandbox, {
      podUid: uid, podName, podNamespace: namespace, name, attempt, image, argv, env,
      workingDir: container.workingDir || undefined, stdin: container.stdin === true, tty: container.tty === true, ports: declaredPorts(container), log,
    });
  } catch (e) {
    await log.close();
    if (!(e instanceof CreateContainerError)) throw e;
    deps.event(pod, 'Warning', 'Failed', `Error: ${e.message}`, fieldPath);
    return { kind: 'waiting', reason: { reason: 'CreateContainerError', message: e.message }, retryAfterMs };
  }
  deps.event(pod, 'Normal', 'Created', `Created container: ${name}`, fieldPath);
  if (info.state === 'exited' && info.reason === 'StartError') {
    deps.event(pod, 'Warning', 'Failed', `Error: ${info.message ?? 'the container could not be started'}`, fieldPath);
  } else {
    deps.event(pod, 'Normal', 'Started', `Started container ${name}`, fieldPath);
  }
  return { kind: 'started', info };
}
