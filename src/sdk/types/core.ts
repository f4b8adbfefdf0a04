/**
 * Kinds of the core (legacy) group, `apiVersion: v1`: Namespace, ConfigMap, Secret, ServiceAccount,
 * Pod, Service, Node, Event, Endpoints, PersistentVolumeClaim, PersistentVolume, LimitRange,
 * ResourceQuota, with the fields of the v1 API. The types are closed (no index signature), so that
 * a misspelled field fails to compile; objects stay plain JSON at run time, and the generic
 * `resource()` client takes and returns any object.
 */
import type { Condition, LabelSelector, ObjectBase, ObjectMeta } from './meta.js';

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

/** Binds a pod to a node: what a scheduler posts to `pods/binding`. */
export interface Binding extends ObjectBase {
  kind?: 'Binding';
  target: ObjectReference;
}

/** A namespace (cluster-scoped). */
export interface Namespace extends ObjectBase {
  kind?: 'Namespace';
  spec?: { finalizers?: string[] };
  status?: { phase?: 'Active' | 'Terminating' | string; conditions?: Condition[] };
}

/** A ConfigMap: non-secret string (`data`) and binary (`binaryData`, base64) values. */
export interface ConfigMap extends ObjectBase {
  kind?: 'ConfigMap';
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
  immutable?: boolean;
}

/** A Secret: `data` values are base64; `stringData` is a write-only convenience. */
export interface Secret extends ObjectBase {
  kind?: 'Secret';
  type?: string;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  immutable?: boolean;
}

/** A service account. */
export interface ServiceAccount extends ObjectBase {
  kind?: 'ServiceAccount';
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

/** A key of a ConfigMap or Secret, as an environment variable's source. */
export interface KeySelector {
  name?: string;
  key: string;
  optional?: boolean;
}

/** A field of the pod (`metadata.name`, `status.podIP` ...), for env vars and downward API files. */
export interface ObjectFieldSelector {
  apiVersion?: string;
  fieldPath: string;
}

/** A container's resource request or limit, for env vars and downward API files. */
export interface ResourceFieldSelector {
  containerName?: string;
  resource: string;
  divisor?: string | number;
}

/** An environment variable of a container. */
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    fieldRef?: ObjectFieldSelector;
    resourceFieldRef?: ResourceFieldSelector;
    configMapKeyRef?: KeySelector;
    secretKeyRef?: KeySelector;
  };
}

/** Every key of a ConfigMap or Secret as environment variables. */
export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name?: string; optional?: boolean };
  secretRef?: { name?: string; optional?: boolean };
}

/** Compute resource requests and limits. */
export interface ResourceRequirements {
  limits?: Record<string, string | number>;
  requests?: Record<string, string | number>;
  claims?: { name: string; request?: string }[];
}

/** Where a volume is mounted in a container. */
export interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  recursiveReadOnly?: 'Disabled' | 'IfPossible' | 'Enabled' | string;
  subPath?: string;
  subPathExpr?: string;
  mountPropagation?: 'None' | 'HostToContainer' | 'Bidirectional' | string;
}

/** An HTTP GET of a probe or lifecycle hook. */
export interface HTTPGetAction {
  path?: string;
  port: number | string;
  host?: string;
  scheme?: 'HTTP' | 'HTTPS' | string;
  httpHeaders?: { name: string; value: string }[];
}

/** A TCP connection of a probe or lifecycle hook. */
export interface TCPSocketAction {
  port: number | string;
  host?: string;
}

/** A command run in the container. */
export interface ExecAction {
  command?: string[];
}

/** What a lifecycle hook does. */
export interface LifecycleHandler {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
  sleep?: { seconds: number };
}

/** A container's lifecycle hooks. */
export interface Lifecycle {
  postStart?: LifecycleHandler;
  preStop?: LifecycleHandler;
  stopSignal?: string;
}

/** A liveness, readiness or startup probe. */
export interface Probe {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
  grpc?: { port: number; service?: string };
  initialDelaySeconds?: number;
  timeoutSeconds?: number;
  periodSeconds?: number;
  successThreshold?: number;
  failureThreshold?: number;
  terminationGracePeriodSeconds?: number;
}

/** SELinux labels of a container or pod. */
export interface SELinuxOptions {
  user?: string;
  role?: string;
  type?: string;
  level?: string;
}

/** A seccomp or AppArmor profile. */
export interface SecurityProfile {
  type: 'RuntimeDefault' | 'Unconfined' | 'Localhost' | string;
  localhostProfile?: string;
}

/** Windows options of a container or pod. */
export interface WindowsSecurityContextOptions {
  gmsaCredentialSpecName?: string;
  gmsaCredentialSpec?: string;
  runAsUserName?: string;
  hostProcess?: boolean;
}

/** Security settings of a container. */
export interface SecurityContext {
  capabilities?: { add?: string[]; drop?: string[] };
  privileged?: boolean;
  seLinuxOptions?: SELinuxOptions;
  windowsOptions?: WindowsSecurityContextOptions;
  runAsUser?: number;
  runAsGroup?: number;
  runAsNonRoot?: boolean;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  procMount?: 'Default' | 'Unmasked' | string;
  seccompProfile?: SecurityProfile;
  appArmorProfile?: SecurityProfile;
}

/** Security settings of a pod (and defaults for its containers). */
export interface PodSecurityContext {
  seLinuxOptions?: SELinuxOptions;
  windowsOptions?: WindowsSecurityContextOptions;
  runAsUser?: number;
  runAsGroup?: number;
  runAsNonRoot?: boolean;
  supplementalGroups?: number[];
  supplementalGroupsPolicy?: 'Merge' | 'Strict' | string;
  fsGroup?: number;
  fsGroupChangePolicy?: 'OnRootMismatch' | 'Always' | string;
  sysctls?: { name: string; value: string }[];
  seccompProfile?: SecurityProfile;
  appArmorProfile?: SecurityProfile;
  seLinuxChangePolicy?: string;
}

/** A container of a pod. */
export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  workingDir?: string;
  ports?: ContainerPort[];
  envFrom?: EnvFromSource[];
  env?: EnvVar[];
  resources?: ResourceRequirements;
  resizePolicy?: { resourceName: string; restartPolicy: 'NotRequired' | 'RestartContainer' | string }[];
  /** `Always` makes an init container a sidecar. */
  restartPolicy?: 'Always' | string;
  volumeMounts?: VolumeMount[];
  volumeDevices?: { name: string; devicePath: string }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: Lifecycle;
  terminationMessagePath?: string;
  terminationMessagePolicy?: 'File' | 'FallbackToLogsOnError' | string;
  imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never' | string;
  securityContext?: SecurityContext;
  stdin?: boolean;
  stdinOnce?: boolean;
  tty?: boolean;
}

/** A debugging container added to a running pod (`kubectl debug`). */
export interface EphemeralContainer extends Container {
  targetContainerName?: string;
}

/** A toleration of a pod. */
export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal' | string;
  value?: string;
  effect?: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;
  tolerationSeconds?: number;
}

/** A requirement on node labels or fields. */
export interface NodeSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt' | string;
  values?: string[];
}

/** One term of a node selector: every requirement must match. */
export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

/** Pods near which (or away from which) a pod is scheduled. */
export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaces?: string[];
  topologyKey: string;
  namespaceSelector?: LabelSelector;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}

/** Affinity rules between pods. */
export interface PodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: { weight: number; podAffinityTerm: PodAffinityTerm }[];
}

/** Scheduling constraints of a pod. */
export interface Affinity {
  nodeAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms: NodeSelectorTerm[] };
    preferredDuringSchedulingIgnoredDuringExecution?: { weight: number; preference: NodeSelectorTerm }[];
  };
  podAffinity?: PodAffinity;
  podAntiAffinity?: PodAffinity;
}

/** How pods spread over a topology domain. */
export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway' | string;
  labelSelector?: LabelSelector;
  minDomains?: number;
  nodeAffinityPolicy?: 'Honor' | 'Ignore' | string;
  nodeTaintsPolicy?: 'Honor' | 'Ignore' | string;
  matchLabelKeys?: string[];
}

/** A file of a ConfigMap, Secret or downward API volume. */
export interface KeyToPath {
  key: string;
  path: string;
  mode?: number;
}

/** A file of a downward API volume. */
export interface DownwardAPIVolumeFile {
  path: string;
  fieldRef?: ObjectFieldSelector;
  resourceFieldRef?: ResourceFieldSelector;
  mode?: number;
}

/** A persistent volume claim made for one pod (generic ephemeral volume). */
export interface PersistentVolumeClaimTemplate {
  metadata?: ObjectMeta;
  spec: PersistentVolumeClaimSpec;
}

/** A volume of a pod: its name and one source. */
export interface Volume {
  name: string;
  hostPath?: { path: string; type?: string };
  emptyDir?: { medium?: string; sizeLimit?: string };
  secret?: { secretName?: string; items?: KeyToPath[]; defaultMode?: number; optional?: boolean };
  configMap?: { name?: string; items?: KeyToPath[]; defaultMode?: number; optional?: boolean };
  persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
  downwardAPI?: { items?: DownwardAPIVolumeFile[]; defaultMode?: number };
  projected?: {
    sources?: {
      secret?: { name?: string; items?: KeyToPath[]; optional?: boolean };
      configMap?: { name?: string; items?: KeyToPath[]; optional?: boolean };
      downwardAPI?: { items?: DownwardAPIVolumeFile[] };
      serviceAccountToken?: { audience?: string; expirationSeconds?: number; path: string };
      clusterTrustBundle?: { name?: string; signerName?: string; labelSelector?: LabelSelector; optional?: boolean; path: string };
    }[];
    defaultMode?: number;
  };
  csi?: { driver: string; readOnly?: boolean; fsType?: string; volumeAttributes?: Record<string, string>; nodePublishSecretRef?: LocalObjectReference };
  ephemeral?: { volumeClaimTemplate?: PersistentVolumeClaimTemplate };
  image?: { reference?: string; pullPolicy?: 'Always' | 'IfNotPresent' | 'Never' | string };
  nfs?: { server: string; path: string; readOnly?: boolean };
  iscsi?: { targetPortal: string; iqn: string; lun: number; iscsiInterface?: string; fsType?: string; readOnly?: boolean; portals?: string[]; chapAuthDiscovery?: boolean; chapAuthSession?: boolean; secretRef?: LocalObjectReference; initiatorName?: string };
  fc?: { targetWWNs?: string[]; lun?: number; fsType?: string; readOnly?: boolean; wwids?: string[] };
}

/** The desired state of a pod. */
export interface PodSpec {
  volumes?: Volume[];
  initContainers?: Container[];
  containers: Container[];
  ephemeralContainers?: EphemeralContainer[];
  restartPolicy?: 'Always' | 'OnFailure' | 'Never' | string;
  terminationGracePeriodSeconds?: number;
  activeDeadlineSeconds?: number;
  dnsPolicy?: 'ClusterFirst' | 'ClusterFirstWithHostNet' | 'Default' | 'None' | string;
  nodeSelector?: Record<string, string>;
  serviceAccountName?: string;
  /** Deprecated alias of {@link serviceAccountName}. */
  serviceAccount?: string;
  automountServiceAccountToken?: boolean;
  nodeName?: string;
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
  shareProcessNamespace?: boolean;
  securityContext?: PodSecurityContext;
  imagePullSecrets?: LocalObjectReference[];
  hostname?: string;
  subdomain?: string;
  affinity?: Affinity;
  schedulerName?: string;
  tolerations?: Toleration[];
  hostAliases?: { ip: string; hostnames?: string[] }[];
  priorityClassName?: string;
  priority?: number;
  dnsConfig?: { nameservers?: string[]; searches?: string[]; options?: { name?: string; value?: string }[] };
  readinessGates?: { conditionType: string }[];
  runtimeClassName?: string;
  enableServiceLinks?: boolean;
  preemptionPolicy?: 'PreemptLowerPriority' | 'Never' | string;
  overhead?: Record<string, string | number>;
  topologySpreadConstraints?: TopologySpreadConstraint[];
  setHostnameAsFQDN?: boolean;
  os?: { name: 'linux' | 'windows' | string };
  hostUsers?: boolean;
  schedulingGates?: { name: string }[];
  resourceClaims?: { name: string; resourceClaimName?: string; resourceClaimTemplateName?: string }[];
  resources?: ResourceRequirements;
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
  state?: ContainerState;
  lastState?: ContainerState;
  allocatedResources?: Record<string, string | number>;
  resources?: ResourceRequirements;
  volumeMounts?: VolumeMount[];
  user?: { linux?: { uid: number; gid: number; supplementalGroups?: number[] } };
  stopSignal?: string;
}

/** What a container is doing: one of waiting, running or terminated. */
export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode: number; signal?: number; reason?: string; message?: string; startedAt?: string; finishedAt?: string; containerID?: string };
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
  hostIPs?: { ip: string }[];
  startTime?: string;
  nominatedNodeName?: string;
  containerStatuses?: ContainerStatus[];
  initContainerStatuses?: ContainerStatus[];
  ephemeralContainerStatuses?: ContainerStatus[];
  qosClass?: 'Guaranteed' | 'Burstable' | 'BestEffort' | string;
  resize?: string;
  resourceClaimStatuses?: { name: string; resourceClaimName?: string }[];
}

/** A pod. */
export interface Pod extends ObjectBase {
  kind?: 'Pod';
  spec?: PodSpec;
  status?: PodStatus;
}

/** A template for pods, embedded in workload kinds. */
export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec?: PodSpec;
}

/** A stored pod template (a `PodTemplate` object, as opposed to the template embedded in a workload). */
export interface PodTemplate extends ObjectBase {
  kind?: 'PodTemplate';
  template?: PodTemplateSpec;
}

/** A condition of a {@link ReplicationController}. */
export interface ReplicationControllerCondition {
  type: 'ReplicaFailure' | string;
  status: 'True' | 'False' | 'Unknown' | string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** A replication controller: keeps `replicas` pods matching an equality-based selector running. */
export interface ReplicationController extends ObjectBase {
  kind?: 'ReplicationController';
  spec?: { replicas?: number; minReadySeconds?: number; selector?: Record<string, string>; template?: PodTemplateSpec };
  status?: {
    replicas?: number;
    fullyLabeledReplicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    observedGeneration?: number;
    conditions?: ReplicationControllerCondition[];
  };
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

/** The desired state of a service. */
export interface ServiceSpec {
  type?: 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName' | string;
  selector?: Record<string, string>;
  ports?: ServicePort[];
  clusterIP?: string;
  clusterIPs?: string[];
  externalIPs?: string[];
  externalName?: string;
  externalTrafficPolicy?: 'Cluster' | 'Local' | string;
  internalTrafficPolicy?: 'Cluster' | 'Local' | string;
  healthCheckNodePort?: number;
  loadBalancerIP?: string;
  loadBalancerSourceRanges?: string[];
  loadBalancerClass?: string;
  allocateLoadBalancerNodePorts?: boolean;
  publishNotReadyAddresses?: boolean;
  sessionAffinity?: 'ClientIP' | 'None' | string;
  sessionAffinityConfig?: { clientIP?: { timeoutSeconds?: number } };
  ipFamilies?: ('IPv4' | 'IPv6' | string)[];
  ipFamilyPolicy?: 'SingleStack' | 'PreferDualStack' | 'RequireDualStack' | string;
  trafficDistribution?: string;
}

/** A service. */
export interface Service extends ObjectBase {
  kind?: 'Service';
  spec?: ServiceSpec;
  status?: {
    loadBalancer?: { ingress?: { ip?: string; hostname?: string; ipMode?: string; ports?: { port: number; protocol: string; error?: string }[] }[] };
    conditions?: Condition[];
  };
}

/** A taint of a node. */
export interface Taint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;
  timeAdded?: string;
}

/** Facts a node reports about itself. */
export interface NodeSystemInfo {
  machineID?: string;
  systemUUID?: string;
  bootID?: string;
  kernelVersion?: string;
  osImage?: string;
  containerRuntimeVersion?: string;
  kubeletVersion?: string;
  kubeProxyVersion?: string;
  operatingSystem?: string;
  architecture?: string;
}

/** A node (cluster-scoped). */
export interface Node extends ObjectBase {
  kind?: 'Node';
  spec?: {
    podCIDR?: string;
    podCIDRs?: string[];
    providerID?: string;
    unschedulable?: boolean;
    taints?: Taint[];
    configSource?: { configMap?: { namespace: string; name: string; uid?: string; resourceVersion?: string; kubeletConfigKey: string } };
  };
  status?: {
    capacity?: Record<string, string | number>;
    allocatable?: Record<string, string | number>;
    phase?: string;
    conditions?: Condition[];
    addresses?: { type: string; address: string }[];
    daemonEndpoints?: { kubeletEndpoint?: { Port: number } };
    nodeInfo?: NodeSystemInfo;
    images?: { names?: string[]; sizeBytes?: number }[];
    volumesInUse?: string[];
    volumesAttached?: { name: string; devicePath: string }[];
    runtimeHandlers?: { name?: string; features?: { recursiveReadOnlyMounts?: boolean; userNamespaces?: boolean } }[];
    features?: { supplementalGroupsPolicy?: boolean };
  };
}

/** An event (`v1` core kind; `events.platform.io/v1` has its own shape). */
export interface Event extends ObjectBase {
  kind?: 'Event';
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
export interface Endpoints extends ObjectBase {
  kind?: 'Endpoints';
  subsets?: {
    addresses?: { ip: string; hostname?: string; nodeName?: string; targetRef?: ObjectReference }[];
    notReadyAddresses?: { ip: string; hostname?: string; nodeName?: string; targetRef?: ObjectReference }[];
    ports?: { name?: string; port: number; protocol?: string; appProtocol?: string }[];
  }[];
}

/** The desired state of a persistent volume claim. */
export interface PersistentVolumeClaimSpec {
  accessModes?: ('ReadWriteOnce' | 'ReadOnlyMany' | 'ReadWriteMany' | 'ReadWriteOncePod' | string)[];
  resources?: ResourceRequirements;
  storageClassName?: string;
  volumeName?: string;
  selector?: LabelSelector;
  volumeMode?: 'Filesystem' | 'Block' | string;
  dataSource?: { apiGroup?: string; kind: string; name: string };
  dataSourceRef?: { apiGroup?: string; kind: string; name: string; namespace?: string };
  volumeAttributesClassName?: string;
}

/** A persistent volume claim. */
export interface PersistentVolumeClaim extends ObjectBase {
  kind?: 'PersistentVolumeClaim';
  spec?: PersistentVolumeClaimSpec;
  status?: {
    phase?: 'Pending' | 'Bound' | 'Lost' | string;
    accessModes?: string[];
    capacity?: Record<string, string | number>;
    conditions?: Condition[];
    allocatedResources?: Record<string, string | number>;
    currentVolumeAttributesClassName?: string;
  };
}

/** A persistent volume (cluster-scoped): storage that claims bind to. */
export interface PersistentVolume extends ObjectBase {
  kind?: 'PersistentVolume';
  spec?: {
    capacity?: Record<string, string | number>;
    accessModes?: ('ReadWriteOnce' | 'ReadOnlyMany' | 'ReadWriteMany' | 'ReadWriteOncePod' | string)[];
    claimRef?: ObjectReference;
    persistentVolumeReclaimPolicy?: 'Retain' | 'Recycle' | 'Delete' | string;
    storageClassName?: string;
    mountOptions?: string[];
    volumeMode?: 'Filesystem' | 'Block' | string;
    nodeAffinity?: { required?: { nodeSelectorTerms: NodeSelectorTerm[] } };
    volumeAttributesClassName?: string;
    hostPath?: { path: string; type?: string };
    local?: { path: string; fsType?: string };
    nfs?: { server: string; path: string; readOnly?: boolean };
    csi?: {
      driver: string;
      volumeHandle: string;
      readOnly?: boolean;
      fsType?: string;
      volumeAttributes?: Record<string, string>;
      controllerPublishSecretRef?: { name?: string; namespace?: string };
      nodeStageSecretRef?: { name?: string; namespace?: string };
      nodePublishSecretRef?: { name?: string; namespace?: string };
      controllerExpandSecretRef?: { name?: string; namespace?: string };
      nodeExpandSecretRef?: { name?: string; namespace?: string };
    };
    iscsi?: { targetPortal: string; iqn: string; lun: number; fsType?: string; readOnly?: boolean; portals?: string[] };
    fc?: { targetWWNs?: string[]; lun?: number; fsType?: string; readOnly?: boolean; wwids?: string[] };
  };
  status?: { phase?: 'Pending' | 'Available' | 'Bound' | 'Released' | 'Failed' | string; message?: string; reason?: string; lastPhaseTransitionTime?: string };
}

/** One limit of a {@link LimitRange}. */
export interface LimitRangeItem {
  type: 'Container' | 'Pod' | 'PersistentVolumeClaim' | string;
  max?: Record<string, string | number>;
  min?: Record<string, string | number>;
  default?: Record<string, string | number>;
  defaultRequest?: Record<string, string | number>;
  maxLimitRequestRatio?: Record<string, string | number>;
}

/** Default and bounding resources of the containers, pods and claims of a namespace. */
export interface LimitRange extends ObjectBase {
  kind?: 'LimitRange';
  spec?: { limits: LimitRangeItem[] };
}

/** A scope selector of a {@link ResourceQuota}. */
export interface ScopedResourceSelectorRequirement {
  scopeName: 'Terminating' | 'NotTerminating' | 'BestEffort' | 'NotBestEffort' | 'PriorityClass' | 'CrossNamespacePodAffinity' | string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | string;
  values?: string[];
}

/** Aggregate resource limits of a namespace. */
export interface ResourceQuota extends ObjectBase {
  kind?: 'ResourceQuota';
  spec?: {
    hard?: Record<string, string | number>;
    scopes?: string[];
    scopeSelector?: { matchExpressions?: ScopedResourceSelectorRequirement[] };
  };
  status?: { hard?: Record<string, string | number>; used?: Record<string, string | number> };
}
