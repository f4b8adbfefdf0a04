/**
 * Kinds of the core (legacy) group, `apiVersion: v1`: Namespace, ConfigMap, Secret, ServiceAccount,
 * Pod, Service, Node, Event, Endpoints, PersistentVolumeClaim. Only the fields the SDK and CLI read are
 * named; objects stay plain JSON and keep every other field.
 */
import type { Condition, KubeObject, LabelSelector, ObjectMeta } from './meta.js';

/** A reference to an object in the same namespace by name. */
export interface LocalObjectReference {
  name?: string;
}

/** A reference to any object (used by events, bindings and owner-like links). */
export interface ObjectReference {
  apiVersion?: string;
  kind?: string;
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

/** A namespace (cluster-scoped). */
export interface Namespace extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: { phase?: 'Active' | 'Terminating' | string; conditions?: Condition[] };
}

/** A ConfigMap: non-secret string (`data`) and binary (`binaryData`, base64) values. */
export interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
  immutable?: boolean;
}

/** A Secret: `data` values are base64; `stringData` is a write-only convenience. */
export interface Secret extends KubeObject {
  type?: string;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  immutable?: boolean;
}

/** A service account. */
export interface ServiceAccount extends KubeObject {
  secrets?: ObjectReference[];
  imagePullSecrets?: LocalObjectReference[];
  automountServiceAccountToken?: boolean;
}

/** One port of a container. */
export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: 'TCP' | 'UDP' | 'SCTP' | string;
  hostPort?: number;
  hostIP?: string;
}

/** An environment variable of a container. */
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, unknown>;
}

/** Compute resource requests and limits. */
export interface ResourceRequirements {
  limits?: Record<string, string>;
  requests?: Record<string, string>;
}

/** A container of a pod. */
export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  ports?: ContainerPort[];
  env?: EnvVar[];
  resources?: ResourceRequirements;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean; subPath?: string }[];
  imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never' | string;
  stdin?: boolean;
  tty?: boolean;
  [key: string]: unknown;
}

/** A toleration of a pod. */
export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal' | string;
  value?: string;
  effect?: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;
  tolerationSeconds?: number;
}

/** The desired state of a pod. */
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  ephemeralContainers?: Container[];
  restartPolicy?: 'Always' | 'OnFailure' | 'Never' | string;
  nodeName?: string;
  nodeSelector?: Record<string, string>;
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  priorityClassName?: string;
  priority?: number;
  tolerations?: Toleration[];
  volumes?: ({ name: string } & Record<string, unknown>)[];
  imagePullSecrets?: LocalObjectReference[];
  terminationGracePeriodSeconds?: number;
  overhead?: Record<string, string>;
  runtimeClassName?: string;
  [key: string]: unknown;
}

/** The state of one container as the node reports it. */
export interface ContainerStatus {
  name: string;
  ready: boolean;
  restartCount: number;
  image?: string;
  imageID?: string;
  containerID?: string;
  started?: boolean;
  state?: Record<string, Record<string, unknown> | undefined>;
  lastState?: Record<string, Record<string, unknown> | undefined>;
}

/** The observed state of a pod. */
export interface PodStatus {
  phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown' | string;
  conditions?: Condition[];
  message?: string;
  reason?: string;
  hostIP?: string;
  podIP?: string;
  podIPs?: { ip: string }[];
  startTime?: string;
  nominatedNodeName?: string;
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
  qosClass?: string;
}

/** A pod. */
export interface Pod extends KubeObject {
  spec?: PodSpec;
  status?: PodStatus;
}

/** A template for pods, embedded in workload kinds. */
export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec?: PodSpec;
}

/** One port of a service. */
export interface ServicePort {
  name?: string;
  protocol?: 'TCP' | 'UDP' | 'SCTP' | string;
  port: number;
  targetPort?: number | string;
  nodePort?: number;
  appProtocol?: string;
}

/** A service. */
export interface Service extends KubeObject {
  spec?: {
    type?: 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName' | string;
    selector?: Record<string, string>;
    ports?: ServicePort[];
    clusterIP?: string;
    clusterIPs?: string[];
    externalIPs?: string[];
    externalName?: string;
    sessionAffinity?: string;
    [key: string]: unknown;
  };
  status?: { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] }; conditions?: Condition[] };
}

/** A taint of a node. */
export interface Taint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;
  timeAdded?: string;
}

/** A node (cluster-scoped). */
export interface Node extends KubeObject {
  spec?: { podCIDR?: string; podCIDRs?: string[]; providerID?: string; unschedulable?: boolean; taints?: Taint[] };
  status?: {
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
    conditions?: Condition[];
    addresses?: { type: string; address: string }[];
    nodeInfo?: Record<string, string>;
    [key: string]: unknown;
  };
}

/** An event (`v1` core kind; `events.platform.io/v1` has its own shape). */
export interface Event extends KubeObject {
  involvedObject?: ObjectReference;
  reason?: string;
  message?: string;
  source?: { component?: string; host?: string };
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  count?: number;
  type?: 'Normal' | 'Warning' | string;
  action?: string;
  related?: ObjectReference;
  reportingComponent?: string;
  reportingInstance?: string;
  series?: { count?: number; lastObservedTime?: string };
}

/** The endpoints of a service. */
export interface Endpoints extends KubeObject {
  subsets?: {
    addresses?: { ip: string; hostname?: string; nodeName?: string; targetRef?: ObjectReference }[];
    notReadyAddresses?: { ip: string; hostname?: string; nodeName?: string; targetRef?: ObjectReference }[];
    ports?: { name?: string; port: number; protocol?: string; appProtocol?: string }[];
  }[];
}

/** A persistent volume claim. */
export interface PersistentVolumeClaim extends KubeObject {
  spec?: {
    accessModes?: string[];
    resources?: ResourceRequirements;
    storageClassName?: string;
    volumeName?: string;
    selector?: LabelSelector;
    volumeMode?: string;
  };
  status?: { phase?: string; accessModes?: string[]; capacity?: Record<string, string>; conditions?: Condition[] };
}
