/**
 * Schemas of apps/v1: Deployments, ReplicaSets, StatefulSets and DaemonSets.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, keyedList, kind, message, named, withPatchStrategy } from './build.js';
import { PERSISTENT_VOLUME_CLAIM } from './core.js';
import { POD_TEMPLATE_SPEC } from './core-pods.js';
import { CONDITION_STATUS } from './core-values.js';
import { LABEL_SELECTOR, OBJECT_META } from './meta.js';
import { BOOLEAN, INT32, INT64, INT_OR_STRING, RAW_EXTENSION, STRING, TIME } from './scalars.js';

/** Values of `v1.DeploymentStrategyType`. */
export const DEPLOYMENT_STRATEGY_TYPE = named(STRING, 'v1.DeploymentStrategyType', ['Recreate', 'RollingUpdate']);
/** `v1.DeploymentConditionType`. */
export const DEPLOYMENT_CONDITION_TYPE = named(STRING, 'v1.DeploymentConditionType');
/** Values of `v1.PodManagementPolicyType`. */
export const POD_MANAGEMENT_POLICY_TYPE = named(STRING, 'v1.PodManagementPolicyType', ['OrderedReady', 'Parallel']);
/** Values of `v1.StatefulSetUpdateStrategyType`. */
export const STATEFUL_SET_UPDATE_STRATEGY_TYPE = named(STRING, 'v1.StatefulSetUpdateStrategyType', ['OnDelete', 'RollingUpdate']);
/** `v1.PersistentVolumeClaimRetentionPolicyType`. */
export const PERSISTENT_VOLUME_CLAIM_RETENTION_POLICY_TYPE = named(STRING, 'v1.PersistentVolumeClaimRetentionPolicyType');
/** `v1.StatefulSetConditionType`. */
export const STATEFUL_SET_CONDITION_TYPE = named(STRING, 'v1.StatefulSetConditionType');
/** Values of `v1.DaemonSetUpdateStrategyType`. */
export const DAEMON_SET_UPDATE_STRATEGY_TYPE = named(STRING, 'v1.DaemonSetUpdateStrategyType', ['OnDelete', 'RollingUpdate']);
/** `v1.DaemonSetConditionType`. */
export const DAEMON_SET_CONDITION_TYPE = named(STRING, 'v1.DaemonSetConditionType');
/** `v1.ReplicaSetConditionType`. */
export const REPLICA_SET_CONDITION_TYPE = named(STRING, 'v1.ReplicaSetConditionType');

/** RollingUpdateDeployment (apps/v1). */
export const ROLLING_UPDATE_DEPLOYMENT: StructSchema = message('api.apps.v1', 'RollingUpdateDeployment', 'The pace of a rolling update.', {
  maxUnavailable: [1, INT_OR_STRING, 'How many pods (or what percentage, rounded down) may be unavailable during the update; 25% by default. Cannot be 0 when maxSurge is 0.', 'p'],
  maxSurge: [2, INT_OR_STRING, 'How many pods (or what percentage, rounded up) may be created beyond the desired count; 25% by default. Cannot be 0 when maxUnavailable is 0.', 'p'],
});

/** DeploymentStrategy (apps/v1). */
export const DEPLOYMENT_STRATEGY: StructSchema = message('api.apps.v1', 'DeploymentStrategy', 'How a deployment replaces pods.', {
  type: [1, DEPLOYMENT_STRATEGY_TYPE, 'RollingUpdate (the default: replace pods gradually) or Recreate (delete all old pods first).'],
  rollingUpdate: [2, ROLLING_UPDATE_DEPLOYMENT, 'Pace of a rolling update.', 'p'],
});

/** DeploymentSpec (apps/v1). */
export const DEPLOYMENT_SPEC: StructSchema = message('api.apps.v1', 'DeploymentSpec', 'The desired state of a deployment.', {
  replicas: [1, INT32, 'How many pods to run; 1 by default.', 'p'],
  selector: [2, LABEL_SELECTOR, 'Labels of the pods the deployment manages; must match the template\'s labels. Cannot be changed in apps/v1.', 'rpe'],
  template: [3, POD_TEMPLATE_SPEC, 'The pods to create; restartPolicy must be Always.', 're'],
  strategy: [4, withPatchStrategy(DEPLOYMENT_STRATEGY, 'retainKeys'), 'How new pods replace old ones.'],
  minReadySeconds: [5, INT32, 'Seconds a new pod must be ready, without crashing, to count as available; 0 by default.'],
  revisionHistoryLimit: [6, INT32, 'How many old ReplicaSets to keep for rollbacks; 10 by default.', 'p'],
  paused: [7, BOOLEAN, 'Stop rolling out changes to the template.'],
  progressDeadlineSeconds: [9, INT32, 'Seconds a rollout may go without progress before it is reported as failed (600 by default); the rollout itself continues.', 'p'],
});

/** DeploymentCondition (apps/v1). */
export const DEPLOYMENT_CONDITION: StructSchema = message('api.apps.v1', 'DeploymentCondition', 'A condition of a deployment.', {
  type: [1, DEPLOYMENT_CONDITION_TYPE, 'Available, Progressing or ReplicaFailure.', 're'],
  status: [2, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastUpdateTime: [6, TIME, 'When the condition was last updated.'],
  lastTransitionTime: [7, TIME, 'When the status last changed.'],
  reason: [4, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [5, STRING, 'A human-readable explanation of the condition.'],
});

/** DeploymentStatus (apps/v1). */
export const DEPLOYMENT_STATUS: StructSchema = message('api.apps.v1', 'DeploymentStatus', 'The observed state of a deployment.', {
  observedGeneration: [1, INT64, 'The metadata.generation the controller last acted on.'],
  replicas: [2, INT32, 'Pods of the deployment that are not terminating.'],
  updatedReplicas: [3, INT32, 'Pods that match the current template.'],
  readyReplicas: [7, INT32, 'Pods that are ready.'],
  availableReplicas: [4, INT32, 'Pods that have been ready for at least minReadySeconds.'],
  unavailableReplicas: [5, INT32, 'Pods still needed for the deployment to be fully available.'],
  conditions: [6, keyedList(['type'], DEPLOYMENT_CONDITION, { key: 'type' }), 'The deployment\'s conditions (Available, Progressing, ReplicaFailure).'],
  collisionCount: [8, INT32, 'Counter the controller uses to avoid name collisions when it makes the name of the newest revision.', 'p'],
});

/** Deployment (apps/v1). */
export const DEPLOYMENT: StructSchema = kind('api.apps.v1', 'Deployment', [{ group: GROUPS.apps, version: 'v1', kind: 'Deployment' }], 'Declarative updates of a set of identical pods through ReplicaSets, with rolling updates and rollbacks.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, DEPLOYMENT_SPEC, 'The desired state of the deployment.'],
  status: [3, DEPLOYMENT_STATUS, 'The observed state of the deployment. Read-only.'],
});

/** RollingUpdateStatefulSetStrategy (apps/v1). */
export const ROLLING_UPDATE_STATEFUL_SET_STRATEGY: StructSchema = message('api.apps.v1', 'RollingUpdateStatefulSetStrategy', 'Parameters of a stateful set\'s rolling update.', {
  partition: [1, INT32, 'Only pods with an ordinal of at least this are updated; 0 by default.', 'p'],
  maxUnavailable: [2, INT_OR_STRING, 'How many pods (or what percentage, rounded up) may be unavailable during the update; 1 by default. Beta.', 'p'],
});

/** StatefulSetUpdateStrategy (apps/v1). */
export const STATEFUL_SET_UPDATE_STRATEGY: StructSchema = message('api.apps.v1', 'StatefulSetUpdateStrategy', 'How a stateful set updates its pods.', {
  type: [1, STATEFUL_SET_UPDATE_STRATEGY_TYPE, 'RollingUpdate (the default) or OnDelete (pods are replaced only when deleted by hand).'],
  rollingUpdate: [2, ROLLING_UPDATE_STATEFUL_SET_STRATEGY, 'Parameters of a rolling update.', 'p'],
});

/** StatefulSetPersistentVolumeClaimRetentionPolicy (apps/v1). */
export const STATEFUL_SET_PERSISTENT_VOLUME_CLAIM_RETENTION_POLICY: StructSchema = message('api.apps.v1', 'StatefulSetPersistentVolumeClaimRetentionPolicy', 'What becomes of a stateful set\'s claims.', {
  whenDeleted: [1, PERSISTENT_VOLUME_CLAIM_RETENTION_POLICY_TYPE, 'Retain (the default) or Delete the claims when the set is deleted.'],
  whenScaled: [2, PERSISTENT_VOLUME_CLAIM_RETENTION_POLICY_TYPE, 'Retain (the default) or Delete the claims of pods removed by a scale-down.'],
});

/** StatefulSetOrdinals (apps/v1). */
export const STATEFUL_SET_ORDINALS: StructSchema = message('api.apps.v1', 'StatefulSetOrdinals', 'Numbering of a stateful set\'s pods.', {
  start: [1, INT32, 'Ordinal of the first pod; 0 by default.', 'e'],
});

/** StatefulSetSpec (apps/v1). */
export const STATEFUL_SET_SPEC: StructSchema = message('api.apps.v1', 'StatefulSetSpec', 'The desired state of a stateful set.', {
  replicas: [1, INT32, 'How many pods to run; 1 by default.', 'p'],
  selector: [2, LABEL_SELECTOR, 'Labels of the pods the set manages; must match the template\'s labels.', 'rpe'],
  template: [3, POD_TEMPLATE_SPEC, 'The pods to create; each gets a unique, stable identity.', 're'],
  volumeClaimTemplates: [4, atomicList(PERSISTENT_VOLUME_CLAIM), 'Claims made for each pod; each pod mounts its own. They take precedence over volumes of the template with the same name.'],
  serviceName: [5, STRING, 'The headless service that gives the pods their DNS names (`<pod>.<service>.<namespace>.svc`).', 're'],
  podManagementPolicy: [6, POD_MANAGEMENT_POLICY_TYPE, 'OrderedReady (the default: one pod at a time, in order) or Parallel (all at once).'],
  updateStrategy: [7, STATEFUL_SET_UPDATE_STRATEGY, 'How pods are updated when the template changes.'],
  revisionHistoryLimit: [8, INT32, 'How many old revisions to keep; 10 by default.', 'p'],
  minReadySeconds: [9, INT32, 'Seconds a new pod must be ready to count as available; 0 by default.'],
  persistentVolumeClaimRetentionPolicy: [10, STATEFUL_SET_PERSISTENT_VOLUME_CLAIM_RETENTION_POLICY, 'What happens to the claims when the set is deleted or scaled down.', 'p'],
  ordinals: [11, STATEFUL_SET_ORDINALS, 'Numbering of the pods.', 'p'],
});

/** StatefulSetCondition (apps/v1). */
export const STATEFUL_SET_CONDITION: StructSchema = message('api.apps.v1', 'StatefulSetCondition', 'A condition of a stateful set.', {
  type: [1, STATEFUL_SET_CONDITION_TYPE, 'The aspect this condition describes, in CamelCase (Ready, Available ...).', 're'],
  status: [2, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastTransitionTime: [3, TIME, 'When the status last changed.'],
  reason: [4, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [5, STRING, 'A human-readable explanation of the condition.'],
});

/** StatefulSetStatus (apps/v1). */
export const STATEFUL_SET_STATUS: StructSchema = message('api.apps.v1', 'StatefulSetStatus', 'The observed state of a stateful set.', {
  observedGeneration: [1, INT64, 'The metadata.generation the controller last acted on.'],
  replicas: [2, INT32, 'Pods created by the set.', 're'],
  readyReplicas: [3, INT32, 'Pods that are ready.'],
  currentReplicas: [4, INT32, 'Pods at currentRevision.'],
  updatedReplicas: [5, INT32, 'Pods at updateRevision.'],
  currentRevision: [6, STRING, 'Revision of the pods up to the current replica count.'],
  updateRevision: [7, STRING, 'Revision of the pods being rolled out.'],
  collisionCount: [9, INT32, 'Counter the controller uses to avoid name collisions when it makes the name of the newest revision.', 'p'],
  conditions: [10, keyedList(['type'], STATEFUL_SET_CONDITION, { key: 'type' }), 'The set\'s conditions.'],
  availableReplicas: [11, INT32, 'Pods that have been ready for at least minReadySeconds.', 'e'],
});

/** StatefulSet (apps/v1). */
export const STATEFUL_SET: StructSchema = kind('api.apps.v1', 'StatefulSet', [{ group: GROUPS.apps, version: 'v1', kind: 'StatefulSet' }], 'Pods with stable names and storage, created and updated in order.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, STATEFUL_SET_SPEC, 'The desired state of the stateful set.'],
  status: [3, STATEFUL_SET_STATUS, 'The observed state of the stateful set. Read-only.'],
});

/** RollingUpdateDaemonSet (apps/v1). */
export const ROLLING_UPDATE_DAEMON_SET: StructSchema = message('api.apps.v1', 'RollingUpdateDaemonSet', 'The pace of a daemon set\'s rolling update.', {
  maxUnavailable: [1, INT_OR_STRING, 'How many nodes (or what percentage, rounded up) may be without an available pod during the update; 1 by default.', 'p'],
  maxSurge: [2, INT_OR_STRING, 'How many nodes (or what percentage) may run an old and a new pod at once during the update; 0 by default.', 'p'],
});

/** DaemonSetUpdateStrategy (apps/v1). */
export const DAEMON_SET_UPDATE_STRATEGY: StructSchema = message('api.apps.v1', 'DaemonSetUpdateStrategy', 'How a daemon set updates its pods.', {
  type: [1, DAEMON_SET_UPDATE_STRATEGY_TYPE, 'RollingUpdate (the default) or OnDelete.'],
  rollingUpdate: [2, ROLLING_UPDATE_DAEMON_SET, 'Pace of a rolling update.', 'p'],
});

/** DaemonSetSpec (apps/v1). */
export const DAEMON_SET_SPEC: StructSchema = message('api.apps.v1', 'DaemonSetSpec', 'The desired state of a daemon set.', {
  selector: [1, LABEL_SELECTOR, 'Labels of the pods the set manages; must match the template\'s labels.', 'rpe'],
  template: [2, POD_TEMPLATE_SPEC, 'The pod to run on each eligible node (the template\'s node selector and affinity restrict the nodes).', 're'],
  updateStrategy: [3, DAEMON_SET_UPDATE_STRATEGY, 'How pods are replaced when the template changes.'],
  minReadySeconds: [4, INT32, 'Seconds a new pod must be ready to count as available; 0 by default.'],
  revisionHistoryLimit: [6, INT32, 'How many old revisions to keep; 10 by default.', 'p'],
});

/** DaemonSetCondition (apps/v1). */
export const DAEMON_SET_CONDITION: StructSchema = message('api.apps.v1', 'DaemonSetCondition', 'A condition of a daemon set.', {
  type: [1, DAEMON_SET_CONDITION_TYPE, 'The aspect this condition describes, in CamelCase (Ready, Available ...).', 're'],
  status: [2, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastTransitionTime: [3, TIME, 'When the status last changed.'],
  reason: [4, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [5, STRING, 'A human-readable explanation of the condition.'],
});

/** DaemonSetStatus (apps/v1). */
export const DAEMON_SET_STATUS: StructSchema = message('api.apps.v1', 'DaemonSetStatus', 'The observed state of a daemon set.', {
  currentNumberScheduled: [1, INT32, 'Nodes running the pod that should.', 're'],
  numberMisscheduled: [2, INT32, 'Nodes running the pod that should not.', 're'],
  desiredNumberScheduled: [3, INT32, 'Nodes that should run the pod.', 're'],
  numberReady: [4, INT32, 'Nodes whose pod is ready.', 're'],
  observedGeneration: [5, INT64, 'The metadata.generation the controller last acted on.'],
  updatedNumberScheduled: [6, INT32, 'Nodes running the current pod template.'],
  numberAvailable: [7, INT32, 'Nodes whose pod has been ready for at least minReadySeconds.'],
  numberUnavailable: [8, INT32, 'Nodes that should run an available pod but do not.'],
  collisionCount: [9, INT32, 'Counter the controller uses to avoid name collisions when it makes the name of the newest revision.', 'p'],
  conditions: [10, keyedList(['type'], DAEMON_SET_CONDITION, { key: 'type' }), 'The set\'s conditions.'],
});

/** DaemonSet (apps/v1). */
export const DAEMON_SET: StructSchema = kind('api.apps.v1', 'DaemonSet', [{ group: GROUPS.apps, version: 'v1', kind: 'DaemonSet' }], 'A pod on each eligible node.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, DAEMON_SET_SPEC, 'The desired state of the daemon set.'],
  status: [3, DAEMON_SET_STATUS, 'The observed state of the daemon set. Read-only.'],
});

/** ReplicaSetSpec (apps/v1). */
export const REPLICA_SET_SPEC: StructSchema = message('api.apps.v1', 'ReplicaSetSpec', 'The desired state of a replica set.', {
  replicas: [1, INT32, 'How many pods to run; 1 by default.', 'p'],
  minReadySeconds: [4, INT32, 'Seconds a new pod must be ready to count as available; 0 by default.'],
  selector: [2, LABEL_SELECTOR, 'Labels of the pods the set counts; must match the template\'s labels.', 'rpe'],
  template: [3, POD_TEMPLATE_SPEC, 'The pods to create when too few match the selector.'],
});

/** ReplicaSetCondition (apps/v1). */
export const REPLICA_SET_CONDITION: StructSchema = message('api.apps.v1', 'ReplicaSetCondition', 'A condition of a replica set.', {
  type: [1, REPLICA_SET_CONDITION_TYPE, 'The aspect this condition describes, in CamelCase (Ready, Available ...).', 're'],
  status: [2, CONDITION_STATUS, 'Whether the condition holds: True, False or Unknown.', 're'],
  lastTransitionTime: [3, TIME, 'When the status last changed.'],
  reason: [4, STRING, 'A CamelCase word for why the condition has its status, for programs.'],
  message: [5, STRING, 'A human-readable explanation of the condition.'],
});

/** ReplicaSetStatus (apps/v1). */
export const REPLICA_SET_STATUS: StructSchema = message('api.apps.v1', 'ReplicaSetStatus', 'The observed state of a replica set.', {
  replicas: [1, INT32, 'Pods the set counts.', 're'],
  fullyLabeledReplicas: [2, INT32, 'Pods whose labels match the template\'s.'],
  readyReplicas: [4, INT32, 'Pods that are ready.'],
  availableReplicas: [5, INT32, 'Pods that have been ready for at least minReadySeconds.'],
  observedGeneration: [3, INT64, 'The metadata.generation the controller last acted on.'],
  conditions: [6, keyedList(['type'], REPLICA_SET_CONDITION, { key: 'type' }), 'The set\'s conditions.'],
});

/** ReplicaSet (apps/v1). */
export const REPLICA_SET: StructSchema = kind('api.apps.v1', 'ReplicaSet', [{ group: GROUPS.apps, version: 'v1', kind: 'ReplicaSet' }], 'A given number of identical pods; normally managed by a Deployment.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  spec: [2, REPLICA_SET_SPEC, 'The desired state of the replica set.'],
  status: [3, REPLICA_SET_STATUS, 'The observed state of the replica set. Read-only.'],
});

/** ControllerRevision (apps/v1): an immutable snapshot of a StatefulSet's or DaemonSet's template. */
export const CONTROLLER_REVISION: StructSchema = kind('api.apps.v1', 'ControllerRevision', [{ group: GROUPS.apps, version: 'v1', kind: 'ControllerRevision' }], 'An immutable snapshot of the state a controller rolls out; StatefulSets and DaemonSets keep their history in them.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  data: [2, RAW_EXTENSION, 'The snapshot: the part of the owner\'s spec that the revision records.'],
  revision: [3, INT64, 'The revision number: higher is newer.', 'r'],
});
