/**
 * What a follower needs to know about one container of a pod from the pod's status: which
 * instance runs (its container ID changes with every restart), whether it has started, and
 * whether an ended instance will be followed by another.
 */
import type { ContainerStatus, Pod } from '../types/core.js';

/** The status of container `name`, among the regular, init and ephemeral containers. */
export function containerStatusOf(pod: Pod, name: string): ContainerStatus | undefined {
  const s = pod.status;
  return [...(s?.containerStatuses ?? []), ...(s?.initContainerStatuses ?? []), ...(s?.ephemeralContainerStatuses ?? [])].find((c) => c.name === name);
}

/** The ID of the container's current instance once it has started (running or ended), else undefined. */
export function startedInstance(status: ContainerStatus | undefined): string | undefined {
  if (status === undefined || (status.state?.running === undefined && status.state?.terminated === undefined)) return undefined;
  // A runtime that reports no ID still counts its instances.
  return status.containerID !== undefined && status.containerID !== '' ? status.containerID : `restart-${status.restartCount}`;
}

/** True when the pod has reached a phase from which no container starts again. */
export function podFinished(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed' || pod.metadata?.deletionTimestamp !== undefined;
}

/** True when container `name`, whose instance has ended, will run again (by the pod's restart policy). */
export function willRestart(pod: Pod, name: string, status: ContainerStatus): boolean {
  if (podFinished(pod)) return false;
  const exitCode = status.state?.terminated?.exitCode ?? 0;
  const init = pod.spec?.initContainers?.find((c) => c.name === name);
  if (init !== undefined) {
    // A sidecar (an init container that restarts always) runs again; another init container only after a failure.
    if (init.restartPolicy === 'Always') return true;
    return exitCode !== 0 && pod.spec?.restartPolicy !== 'Never';
  }
  if (pod.spec?.ephemeralContainers?.some((c) => c.name === name) === true) return false;
  switch (pod.spec?.restartPolicy ?? 'Always') {
    case 'Never':
      return false;
    case 'OnFailure':
      return exitCode !== 0;
    default:
      return true;
  }
}
