/**
 * Kinds of the `apps` group (`apps/v1`): Deployment, ReplicaSet, StatefulSet, DaemonSet.
 */
import type { Condition, KubeObject, LabelSelector } from './meta.js';
import type { PodTemplateSpec } from './core.js';

/** How a Deployment replaces old pods. */
export interface DeploymentStrategy {
  type?: 'RollingUpdate' | 'Recreate' | string;
  rollingUpdate?: { maxUnavailable?: number | string; maxSurge?: number | string };
}

/** A Deployment. */
export interface Deployment extends KubeObject {
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
export interface ReplicaSet extends KubeObject {
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
export interface StatefulSet extends KubeObject {
  spec?: {
    replicas?: number;
    selector?: LabelSelector;
    template?: PodTemplateSpec;
    serviceName?: string;
    podManagementPolicy?: 'OrderedReady' | 'Parallel' | string;
    updateStrategy?: { type?: string; rollingUpdate?: { partition?: number; maxUnavailable?: number | string } };
    volumeClaimTemplates?: KubeObject[];
    [key: string]: unknown;
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
export interface DaemonSet extends KubeObject {
  spec?: {
    selector?: LabelSelector;
    template?: PodTemplateSpec;
    updateStrategy?: { type?: string; rollingUpdate?: { maxUnavailable?: number | string; maxSurge?: number | string } };
    minReadySeconds?: number;
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
