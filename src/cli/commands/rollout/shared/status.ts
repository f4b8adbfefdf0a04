/**
 * kubectl's status viewers: the line `rollout status` prints for a Deployment, DaemonSet or
 * StatefulSet, and whether the rollout is done.
 */
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { jsonObjectOrEmpty as obj, numberOrZero as num } from '../../../../machinery/json/values.js';

type Json = Record<string, unknown>;

/** A status line and whether the rollout finished. */
export interface RolloutStatus {
  message: string;
  done: boolean;
}

/** A rollout that cannot finish (deadline exceeded, unsupported strategy, wrong revision). */
export class RolloutStatusError extends Error {}

/** The status line of an object of `kind` (`revision` > 0 pins a Deployment's revision). */
export function rolloutStatus(kind: 'Deployment' | 'DaemonSet' | 'StatefulSet', o: KubeObject, revision: number, revisionAnnotation: string): RolloutStatus {
  const spec = obj((o as Json).spec);
  const status = obj((o as Json).status);
  const name = o.metadata?.name ?? '';
  const generation = o.metadata?.generation ?? 0;
  const observed = num(status.observedGeneration);
  if (kind === 'Deployment') {
    if (revision > 0) {
      const text = o.metadata?.annotations?.[revisionAnnotation];
      const running = text !== undefined && /^\d+$/.test(text) ? Number(text) : 0;
      if (revision !== running) throw new RolloutStatusError(`desired revision (${revision}) is different from the running revision (${running})`);
    }
    if (generation <= observed) {
      const progressing = (Array.isArray(status.conditions) ? status.conditions : []).map(obj).find((c) => c.type === 'Progressing');
      if (progressing?.reason === 'ProgressDeadlineExceeded') throw new RolloutStatusError(`deployment ${JSON.stringify(name)} exceeded its progress deadline`);
      const replicas = typeof spec.replicas === 'number' ? spec.replicas : undefined;
      const updated = num(status.updatedReplicas);
      if (replicas !== undefined && updated < replicas) {
        return { message: `Waiting for deployment ${JSON.stringify(name)} rollout to finish: ${updated} out of ${replicas} new replicas have been updated...\n`, done: false };
      }
      if (num(status.replicas) > updated) {
        return { message: `Waiting for deployment ${JSON.stringify(name)} rollout to finish: ${num(status.replicas) - updated} old replicas are pending termination...\n`, done: false };
      }
      if (num(status.availableReplicas) < updated) {
        return { message: `Waiting for deployment ${JSON.stringify(name)} rollout to finish: ${num(status.availableReplicas)} of ${updated} updated replicas are available...\n`, done: false };
      }
      return { message: `deployment ${JSON.stringify(name)} successfully rolled out\n`, done: true };
    }
    return { message: 'Waiting for deployment spec update to be observed...\n', done: false };
  }
  const strategy = obj(spec.updateStrategy);
  if ((strategy.type ?? 'RollingUpdate') !== 'RollingUpdate') throw new RolloutStatusError('rollout status is only available for RollingUpdate strategy type');
  if (kind === 'DaemonSet') {
    if (generation <= observed) {
      const updated = num(status.updatedNumberScheduled);
      const desired = num(status.desiredNumberScheduled);
      if (updated < desired) return { message: `Waiting for daemon set ${JSON.stringify(name)} rollout to finish: ${updated} out of ${desired} new pods have been updated...\n`, done: false };
      if (num(status.numberAvailable) < desired) {
        return { message: `Waiting for daemon set ${JSON.stringify(name)} rollout to finish: ${num(status.numberAvailable)} of ${desired} updated pods are available...\n`, done: false };
      }
      return { message: `daemon set ${JSON.stringify(name)} successfully rolled out\n`, done: true };
    }
    return { message: 'Waiting for daemon set spec update to be observed...\n', done: false };
  }
  if (observed === 0 || generation > observed) return { message: 'Waiting for statefulset spec update to be observed...\n', done: false };
  const replicas = typeof spec.replicas === 'number' ? spec.replicas : undefined;
  if (replicas !== undefined && num(status.readyReplicas) < replicas) return { message: `Waiting for ${replicas - num(status.readyReplicas)} pods to be ready...\n`, done: false };
  const rolling = strategy.rollingUpdate;
  if (rolling !== undefined && rolling !== null) {
    const partition = obj(rolling).partition;
    if (replicas !== undefined && typeof partition === 'number' && num(status.updatedReplicas) < replicas - partition) {
      return { message: `Waiting for partitioned roll out to finish: ${num(status.updatedReplicas)} out of ${replicas - partition} new pods have been updated...\n`, done: false };
    }
    return { message: `partitioned roll out complete: ${num(status.updatedReplicas)} new pods have been updated...\n`, done: true };
  }
  if (status.updateRevision !== status.currentRevision) {
    return { message: `waiting for statefulset rolling update to complete ${num(status.updatedReplicas)} pods at revision ${String(status.updateRevision ?? '')}...\n`, done: false };
  }
  return { message: `statefulset rolling update complete ${num(status.currentReplicas)} pods at revision ${String(status.currentRevision ?? '')}...\n`, done: true };
}
