/**
 * Kinds of the `apps` group (`apps/v1`): Deployment, ReplicaSet, StatefulSet, DaemonSet.
 */
export type { ControllerRevision, DaemonSet, Deployment, DeploymentStrategy, ReplicaSet, StatefulSet } from './generated/apps-v1.js';
