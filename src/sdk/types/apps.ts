/**
 * Kinds of the `apps` group (`apps/v1`): Deployment, ReplicaSet, StatefulSet, DaemonSet.
 */
import type { Condition, JsonValue, LabelSelector, ObjectBase } from './meta.js';
import type { PersistentVolumeClaim, PodTemplateSpec } from './core.js';

/** How a Deployment replaces old pods. */
export interface DeploymentStrategy {
  type?: 'RollingUpdate' | 'Recreate' | string;
  rollingUpdate?: { maxUnavailable?: number | string; maxSurge?: number | string };
}

/** A Deployment. */
export interface Deployment extends ObjectBase {
  kind?: 'Deployment';
  spec?: {
    replicas?: number;
    selector?: LabelSelector;
    template?: PodTemplateSpec;
    strategy?: DeploymentStrategy;
    minReadySeconds?: number;
    revisionHistoryLimit?: number;
    paused?: boolean;
    progressDeadlineSeconds?: number;
  };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    updatedReplicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    unavailableReplicas?: number;
    conditions?: Condition[];
    collisionCount?: number;
  };
}

/** A ReplicaSet. */
export interface ReplicaSet extends ObjectBase {
  kind?: 'ReplicaSet';
  spec?: { replicas?: number; selector?: LabelSelector; template?: PodTemplateSpec; minReadySeconds?: number };
  status?: {
    replicas?: number;
    fullyLabeledReplicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    observedGeneration?: number;
    conditions?: Condition[];
  };
}

/** A StatefulSet. */
export interface StatefulSet extends ObjectBase {
  kind?: 'StatefulSet';
  spec?: {
    replicas?: number;
    selector?: LabelSelector;
    template?: PodTemplateSpec;
    serviceName?: string;
    podManagementPolicy?: 'OrderedReady' | 'Parallel' | string;
    updateStrategy?: { type?: 'RollingUpdate' | 'OnDelete' | string; rollingUpdate?: { partition?: number; maxUnavailable?: number | string } };
    volumeClaimTemplates?: PersistentVolumeClaim[];
    revisionHistoryLimit?: number;
    minReadySeconds?: number;
    persistentVolumeClaimRetentionPolicy?: { whenDeleted?: 'Retain' | 'Delete' | string; whenScaled?: 'Retain' | 'Delete' | string };
    ordinals?: { start?: number };
  };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    currentReplicas?: number;
    updatedReplicas?: number;
    availableReplicas?: number;
    currentRevision?: string;
    updateRevision?: string;
    observedGeneration?: number;
    conditions?: Condition[];
  };
}

/** A DaemonSet. */
export interface DaemonSet extends ObjectBase {
  kind?: 'DaemonSet';
  spec?: {
    selector?: LabelSelector;
    template?: PodTemplateSpec;
    updateStrategy?: { type?: 'RollingUpdate' | 'OnDelete' | string; rollingUpdate?: { maxUnavailable?: number | string; maxSurge?: number | string } };
    minReadySeconds?: number;
    revisionHistoryLimit?: number;
  };
  status?: {
    currentNumberScheduled?: number;
    desiredNumberScheduled?: number;
    numberMisscheduled?: number;
    numberReady?: number;
    updatedNumberScheduled?: number;
    numberAvailable?: number;
    numberUnavailable?: number;
    observedGeneration?: number;
    conditions?: Condition[];
  };
}

/** An immutable snapshot of a StatefulSet's or DaemonSet's template, numbered for rollbacks. */
export interface ControllerRevision extends ObjectBase {
  kind?: 'ControllerRevision';
  /** The serialized state (a patch of the owner's template). */
  data?: JsonValue;
  revision: number;
}
