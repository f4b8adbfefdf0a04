/**
 * What a restarted node agent knows about container instances of an earlier run: only the pod
 * status it wrote. Each container's last instance is rebuilt from it as an exited instance (a
 * container runtime keeps exited containers across a reboot), so that restart policy, back-off,
 * restart counts and `lastState` continue as on a real node after a reboot. A clean shutdown
 * wrote each stopped instance as terminated (reason NodeShutdown), and it comes back as that; an
 * instance still `running` in the status means the server was killed before it could write
 * anything, and is reported as the kubelet reports a container it cannot find any more
 * (ContainerStatusUnknown, exit code 137). An ephemeral container that ran is not started again.
 */
import type { ContainerStateTerminated, Pod } from '../../../sdk/types/generated/core-v1.js';
import type { ContainerInfo } from '../runtime/runtime.js';

/** The kubelet's message for a container that was running and is gone. */
export const LOST_CONTAINER_MESSAGE = 'The container could not be located when the pod was deleted.  The container used to be Running';

function ms(v: string | undefined, fallback: number): number {
  const t = v === undefined ? NaN : Date.parse(v);
  return Number.isNaN(t) ? fallback : t;
}

function fromTerminated(podUid: string, name: string, image: string, attempt: number, t: ContainerStateTerminated, now: number): ContainerInfo {
  const info: ContainerInfo = {
    id: t.containerID ?? `process://previous-${podUid}-${name}-${attempt}`,
    podUid, name, attempt, image, state: 'exited',
    createdAt: ms(t.startedAt, now), startedAt: ms(t.startedAt, now), finishedAt: ms(t.finishedAt, now),
    exitCode: t.exitCode,
    reason: t.reason ?? 'Error',
  };
  if (t.message !== undefined) info.message = t.message;
  return info;
}

/** The last instance of every container a pod status describes, as exited instances. */
export function previousInstances(pod: Pod, now: number): ContainerInfo[] {
  const podUid = pod.metadata?.uid ?? '';
  const status = pod.status ?? {};
  const out: ContainerInfo[] = [];
  for (const list of [status.initContainerStatuses, status.containerStatuses, status.ephemeralContainerStatuses]) {
    for (const cs of list ?? []) {
      const { name, image, restartCount: attempt } = cs;
      const running = cs.state?.running;
      const terminated = cs.state?.terminated;
      const last = cs.lastState?.terminated;
      if (running !== undefined) {
        const started = ms(running.startedAt, now);
        out.push({
          id: cs.containerID ?? `process://previous-${podUid}-${name}-${attempt}`, podUid, name, attempt, image, state: 'exited',
          createdAt: started, startedAt: started, finishedAt: now, exitCode: 137, reason: 'ContainerStatusUnknown', message: LOST_CONTAINER_MESSAGE,
        });
      } else if (terminated !== undefined) {
        out.push(fromTerminated(podUid, name, image, attempt, terminated, now));
      } else if (last !== undefined) {
        out.push(fromTerminated(podUid, name, image, attempt, last, now));
      }
    }
  }
  return out;
}
