/**
 * Schemas of core/v1 pod types: pod specs, scheduling (affinity, tolerations, topology spread), pod status and pod templates.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, keyedList, mapOf, message } from './build.js';
import { APP_ARMOR_PROFILE, CONTAINER, CONTAINER_STATUS, EPHEMERAL_CONTAINER, RESOURCE_REQUIREMENTS, SECCOMP_PROFILE, SE_LINUX_OPTIONS, WINDOWS_SECURITY_CONTEXT_OPTIONS } from './core-containers.js';
import { CONDITION_STATUS, DNS_POLICY, NODE_INCLUSION_POLICY, OS_NAME, POD_CONDITION_TYPE, POD_FS_GROUP_CHANGE_POLICY, POD_PHASE, POD_QOS_CLASS, POD_RESIZE_STATUS, POD_SE_LINUX_CHANGE_POLICY, PREEMPTION_POLICY, RESTART_POLICY, SUPPLEMENTAL_GROUPS_POLICY, TAINT_EFFECT, TOLERATION_OPERATOR, UNSATISFIABLE_CONSTRAINT_ACTION } from './core-values.js';
import { LOCAL_OBJECT_REFERENCE, NODE_SELECTOR, NODE_SELECTOR_TERM, VOLUME } from './core-volumes.js';
import { LABEL_SELECTOR, OBJECT_META } from './meta.js';
import { BOOLEAN, INT32, INT64, QUANTITY, STRING, TIME } from './scalars.js';

/** Sysctl (core/v1). */
export const SYSCTL: StructSchema = message('api.core.v1', 'Sysctl', 'A kernel parameter.', {
  name: [1, STRING, 'Name of the parameter.', 're'],
  value: [2, STRING, 'Value to set.', 're'],
});

/** PodSecurityContext (core/v1). */
export const POD_SECURITY_CONTEXT: StructSchema = message('api.core.v1', 'PodSecurityContext', 'Security options of a pod; containers inherit them unless they set their own.', {
  seLinuxOptions: [1, SE_LINUX_OPTIONS, 'SELinux context of every container.', 'p'],
  windowsOptions: [8, WINDOWS_SECURITY_CONTEXT_OPTIONS, 'Windows-specific options of every container.', 'p'],
  runAsUser: [2, INT64, 'User ID every container\'s process runs as.', 'p'],
  runAsGroup: [6, INT64, 'Group ID every container\'s process runs as.', 'p'],
  runAsNonRoot: [3, BOOLEAN, 'Refuse to start containers that would run as UID 0.', 'p'],
  supplementalGroups: [4, atomicList(INT64), 'Extra group IDs of the first process of every container.'],
  supplementalGroupsPolicy: [12, SUPPLEMENTAL_GROUPS_POLICY, 'Merge (the default) adds the groups of the image\'s /etc/group; Strict uses only the groups given here.', 'p'],
  fsGroup: [5, INT64, 'A group that owns the pod\'s volumes: files get this group, new files too, and the permissions are set so that it can read and write.', 'p'],
  sysctls: [7, atomicList(SYSCTL), 'Namespaced kernel parameters set for the pod.'],
  fsGroupChangePolicy: [9, POD_FS_GROUP_CHANGE_POLICY, 'OnRootMismatch changes volume ownership only when the root directory does not match; Always (the default) changes it on every mount.', 'p'],
  seccompProfile: [10, SECCOMP_PROFILE, 'Seccomp profile of every container.', 'p'],
  appArmorProfile: [11, APP_ARMOR_PROFILE, 'AppArmor profile of every container.', 'p'],
  seLinuxChangePolicy: [13, POD_SE_LINUX_CHANGE_POLICY, 'Recursive relabels every file of a volume; MountOption mounts it with the pod\'s SELinux label.', 'p'],
});

/** PreferredSchedulingTerm (core/v1). */
export const PREFERRED_SCHEDULING_TERM: StructSchema = message('api.core.v1', 'PreferredSchedulingTerm', 'A weighted node preference.', {
  weight: [1, INT32, 'Weight of the term, 1 to 100.', 're'],
  preference: [2, NODE_SELECTOR_TERM, 'The nodes preferred.', 're'],
});

/** NodeAffinity (core/v1). */
export const NODE_AFFINITY: StructSchema = message('api.core.v1', 'NodeAffinity', 'Node constraints of a pod.', {
  requiredDuringSchedulingIgnoredDuringExecution: [1, NODE_SELECTOR, 'Nodes the pod must be placed on; a later label change does not evict it.', 'p'],
  preferredDuringSchedulingIgnoredDuringExecution: [2, atomicList(PREFERRED_SCHEDULING_TERM), 'Nodes the scheduler prefers, by the sum of the matching terms\' weights.'],
});

/** PodAffinityTerm (core/v1). */
export const POD_AFFINITY_TERM: StructSchema = message('api.core.v1', 'PodAffinityTerm', 'A group of pods and the topology domain to be in (or out of) with them.', {
  labelSelector: [1, LABEL_SELECTOR, 'Labels of the pods in the group.', 'p'],
  namespaces: [2, atomicList(STRING), 'Namespaces to look for the pods in, added to those of namespaceSelector; the pod\'s own when both are empty.'],
  topologyKey: [3, STRING, 'Node label that defines the domain (such as a zone); nodes with the same value are in the same domain.', 're'],
  namespaceSelector: [4, LABEL_SELECTOR, 'Namespaces to look for the pods in, by label; an empty selector means every namespace.', 'p'],
  matchLabelKeys: [5, atomicList(STRING), 'Label keys whose values are taken from the incoming pod and added to labelSelector as `key in (value)`.'],
  mismatchLabelKeys: [6, atomicList(STRING), 'Label keys whose values are taken from the incoming pod and added to labelSelector as `key notin (value)`.'],
});

/** WeightedPodAffinityTerm (core/v1). */
export const WEIGHTED_POD_AFFINITY_TERM: StructSchema = message('api.core.v1', 'WeightedPodAffinityTerm', 'A weighted pod affinity term.', {
  weight: [1, INT32, 'Weight of the term, 1 to 100.', 're'],
  podAffinityTerm: [2, POD_AFFINITY_TERM, 'The term.', 're'],
});

/** PodAffinity (core/v1). */
export const POD_AFFINITY: StructSchema = message('api.core.v1', 'PodAffinity', 'Pods to be placed near.', {
  requiredDuringSchedulingIgnoredDuringExecution: [1, atomicList(POD_AFFINITY_TERM), 'Terms that must all hold when the pod is scheduled.'],
  preferredDuringSchedulingIgnoredDuringExecution: [2, atomicList(WEIGHTED_POD_AFFINITY_TERM), 'Terms the scheduler prefers, by the sum of the matching terms\' weights.'],
});

/** PodAntiAffinity (core/v1). */
export const POD_ANTI_AFFINITY: StructSchema = message('api.core.v1', 'PodAntiAffinity', 'Pods to be placed away from.', {
  requiredDuringSchedulingIgnoredDuringExecution: [1, atomicList(POD_AFFINITY_TERM), 'Terms that must all hold when the pod is scheduled.'],
  preferredDuringSchedulingIgnoredDuringExecution: [2, atomicList(WEIGHTED_POD_AFFINITY_TERM), 'Terms the scheduler prefers, by the sum of the matching terms\' weights.'],
});

/** Affinity (core/v1). */
export const AFFINITY: StructSchema = message('api.core.v1', 'Affinity', 'Scheduling constraints relative to nodes and to other pods.', {
  nodeAffinity: [1, NODE_AFFINITY, 'Which nodes the pod should or must run on.', 'p'],
  podAffinity: [2, POD_AFFINITY, 'Pods this pod should or must run near.', 'p'],
  podAntiAffinity: [3, POD_ANTI_AFFINITY, 'Pods this pod should or must not run near.', 'p'],
});

/** Toleration (core/v1). */
export const TOLERATION: StructSchema = message('api.core.v1', 'Toleration', 'A taint the pod tolerates.', {
  key: [1, STRING, 'Taint key to match; empty with operator Exists matches every taint.'],
  operator: [2, TOLERATION_OPERATOR, 'Exists (any value) or Equal (the default: the value must match).'],
  value: [3, STRING, 'Taint value to match; empty with Exists.'],
  effect: [4, TAINT_EFFECT, 'Taint effect to match: NoSchedule, PreferNoSchedule or NoExecute; empty matches all.'],
  tolerationSeconds: [5, INT64, 'For NoExecute: how long the pod stays on a node after the taint appears; forever when unset, evicted at once when 0 or less.', 'p'],
});

/** HostAlias (core/v1). */
export const HOST_ALIAS: StructSchema = message('api.core.v1', 'HostAlias', 'An /etc/hosts entry.', {
  ip: [1, STRING, 'IP address of the entry.', 're'],
  hostnames: [2, atomicList(STRING), 'Host names for that address.'],
});

/** PodDNSConfigOption (core/v1). */
export const POD_DNS_CONFIG_OPTION: StructSchema = message('api.core.v1', 'PodDNSConfigOption', 'A resolver option.', {
  name: [1, STRING, 'Name of the option (ndots, timeout ...).'],
  value: [2, STRING, 'Value of the option.', 'p'],
});

/** PodDNSConfig (core/v1). */
export const POD_DNS_CONFIG: StructSchema = message('api.core.v1', 'PodDNSConfig', 'DNS settings of a pod.', {
  nameservers: [1, atomicList(STRING), 'Name servers, added to those of the DNS policy (at most 3 in all).'],
  searches: [2, atomicList(STRING), 'Search domains, added to those of the DNS policy.'],
  options: [3, atomicList(POD_DNS_CONFIG_OPTION), 'Resolver options; they override those of the DNS policy with the same name.'],
});

/** PodReadinessGate (core/v1). */
export const POD_READINESS_GATE: StructSchema = message('api.core.v1', 'PodReadinessGate', 'An extra condition of pod readiness.', {
  conditionType: [1, POD_CONDITION_TYPE, 'Type of a pod condition that must be True.', 're'],
});

/** TopologySpreadConstraint (core/v1). */
export const TOPOLOGY_SPREAD_CONSTRAINT: StructSchema = message('api.core.v1', 'TopologySpreadConstraint', 'How a group of pods spreads across topology domains.', {
  maxSkew: [1, INT32, 'The most the number of matching pods may differ between two domains (for DoNotSchedule), or how strongly even spreading is preferred (for ScheduleAnyway). At least 1.', 're'],
  topologyKey: [2, STRING, 'Node label whose values define the domains.', 're'],
  whenUnsatisfiable: [3, UNSATISFIABLE_CONSTRAINT_ACTION, 'DoNotSchedule refuses a node that breaks the constraint; ScheduleAnyway only prefers nodes that reduce the skew.', 're'],
  labelSelector: [4, LABEL_SELECTOR, 'Labels of the pods counted in each domain.', 'p'],
  minDomains: [5, INT32, 'Fewest domains to spread over; with fewer eligible domains they count as holding no pods. Only with DoNotSchedule.', 'p'],
  nodeAffinityPolicy: [6, NODE_INCLUSION_POLICY, 'Honor (the default) counts only nodes the pod\'s node affinity and selector allow; Ignore counts all.', 'p'],
  nodeTaintsPolicy: [7, NODE_INCLUSION_POLICY, 'Honor counts only nodes whose taints the pod tolerates; Ignore (the default) counts all.', 'p'],
  matchLabelKeys: [8, atomicList(STRING), 'Label keys whose values are taken from the incoming pod and ANDed to labelSelector.'],
});

/** PodOS (core/v1). */
export const POD_OS: StructSchema = message('api.core.v1', 'PodOS', 'The operating system of a pod.', {
  name: [1, OS_NAME, 'linux or windows.', 're'],
});

/** PodSchedulingGate (core/v1). */
export const POD_SCHEDULING_GATE: StructSchema = message('api.core.v1', 'PodSchedulingGate', 'A gate that holds back scheduling.', {
  name: [1, STRING, 'Name of the gate, unique within the pod.', 're'],
});

/** PodResourceClaim (core/v1). */
export const POD_RESOURCE_CLAIM: StructSchema = message('api.core.v1', 'PodResourceClaim', 'A resource claim of a pod, by name.', {
  name: [1, STRING, 'Name of this entry, unique within the pod; containers refer to it.', 're'],
  resourceClaimName: [3, STRING, 'An existing ResourceClaim in the pod\'s namespace.', 'p'],
  resourceClaimTemplateName: [4, STRING, 'A ResourceClaimTemplate from which a claim is made for this pod.', 'p'],
});

/** PodSpec (core/v1). */
export const POD_SPEC: StructSchema = message('api.core.v1', 'PodSpec', 'The desired contents of a pod: containers, volumes, scheduling constraints and security settings.', {
  volumes: [1, keyedList(['name'], VOLUME, { key: 'name', strategy: 'merge,retainKeys' }), 'Volumes the containers can mount.'],
  initContainers: [20, keyedList(['name'], CONTAINER, { key: 'name' }), 'Containers run one after the other, each to completion, before the main containers start; a failure follows the restart policy. Sidecars (restartPolicy Always) keep running instead.'],
  containers: [2, keyedList(['name'], CONTAINER, { key: 'name' }), 'The main containers; at least one. Cannot be added or removed after creation.', 're'],
  ephemeralContainers: [34, keyedList(['name'], EPHEMERAL_CONTAINER, { key: 'name' }), 'Troubleshooting containers added to the running pod; set through the ephemeralcontainers sub-resource only.'],
  restartPolicy: [3, RESTART_POLICY, 'Always, OnFailure or Never: when containers are restarted after they exit. Always by default.'],
  terminationGracePeriodSeconds: [4, INT64, 'Seconds between the termination signal and the kill; 30 by default. 0 kills at once.', 'p'],
  activeDeadlineSeconds: [5, INT64, 'Seconds the pod may run (counted from its start) before the system fails it.', 'p'],
  dnsPolicy: [6, DNS_POLICY, 'ClusterFirst (the default), ClusterFirstWithHostNet, Default (the node\'s resolver) or None (only dnsConfig).'],
  nodeSelector: [7, mapOf(STRING, { atomic: true }), 'Labels a node must have for the pod to be scheduled there.'],
  serviceAccountName: [8, STRING, 'The service account whose identity the pod runs with; `default` when empty.'],
  serviceAccount: [9, STRING, 'Deprecated alias of serviceAccountName.'],
  automountServiceAccountToken: [21, BOOLEAN, 'Whether a token of the service account is mounted automatically.', 'p'],
  nodeName: [10, STRING, 'The node the pod runs on. Set by the scheduler; setting it yourself skips scheduling.'],
  hostNetwork: [11, BOOLEAN, 'Use the node\'s network namespace; ports then must be declared.'],
  hostPID: [12, BOOLEAN, 'Use the node\'s process namespace.'],
  hostIPC: [13, BOOLEAN, 'Use the node\'s IPC namespace.'],
  shareProcessNamespace: [27, BOOLEAN, 'One process namespace for all containers, so they can see and signal each other.', 'p'],
  securityContext: [14, POD_SECURITY_CONTEXT, 'Security options of the pod, defaults for every container.', 'p'],
  imagePullSecrets: [15, keyedList(['name'], LOCAL_OBJECT_REFERENCE, { key: 'name' }, {name: ''}), 'Secrets in the pod\'s namespace with registry credentials for pulling images.'],
  hostname: [16, STRING, 'Host name of the pod; the pod\'s name by default.'],
  subdomain: [17, STRING, 'With a headless service of this name, the pod gets the name `<hostname>.<subdomain>.<namespace>.svc.<cluster domain>`.'],
  affinity: [18, AFFINITY, 'Scheduling preferences and requirements relative to nodes and other pods.', 'p'],
  schedulerName: [19, STRING, 'The scheduler that places this pod; the default scheduler when empty.'],
  tolerations: [22, atomicList(TOLERATION), 'The node taints this pod tolerates.'],
  hostAliases: [23, keyedList(['ip'], HOST_ALIAS, { key: 'ip' }), 'Extra entries for the pod\'s /etc/hosts.'],
  priorityClassName: [24, STRING, 'Priority class of the pod; sets priority.'],
  priority: [25, INT32, 'Scheduling priority, filled in from priorityClassName by admission; higher is more important.', 'p'],
  dnsConfig: [26, POD_DNS_CONFIG, 'DNS settings merged with those of the DNS policy.', 'p'],
  readinessGates: [28, atomicList(POD_READINESS_GATE), 'Extra conditions that must be True for the pod to be ready.'],
  runtimeClassName: [29, STRING, 'RuntimeClass to run the pod with; the default runtime when empty.', 'p'],
  enableServiceLinks: [30, BOOLEAN, 'Whether environment variables describing the namespace\'s services are injected, docker-link style. True by default.', 'p'],
  preemptionPolicy: [31, PREEMPTION_POLICY, 'Never or PreemptLowerPriority (the default): whether this pod may evict lower-priority pods to be scheduled.', 'p'],
  overhead: [32, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Resources the pod\'s runtime uses beyond its containers, filled in from the RuntimeClass.'],
  topologySpreadConstraints: [33, keyedList(['topologyKey', 'whenUnsatisfiable'], TOPOLOGY_SPREAD_CONSTRAINT, { key: 'topologyKey' }), 'How the pods of a group spread across zones, nodes or other topology domains.'],
  setHostnameAsFQDN: [35, BOOLEAN, 'Use the fully qualified domain name as the host name inside the containers.', 'p'],
  os: [36, POD_OS, 'Operating system of the containers; checks and defaults follow it.', 'p'],
  hostUsers: [37, BOOLEAN, 'Use the node\'s user namespace (true, the default); false gives the pod a user namespace of its own.', 'p'],
  schedulingGates: [38, keyedList(['name'], POD_SCHEDULING_GATE, { key: 'name' }), 'Gates that keep the pod from being scheduled while any remains.'],
  resourceClaims: [39, keyedList(['name'], POD_RESOURCE_CLAIM, { key: 'name', strategy: 'merge,retainKeys' }), 'Resource claims (dynamic resource allocation) the pod\'s containers may use.'],
  resources: [40, RESOURCE_REQUIREMENTS, 'Resources of the pod as a whole, shared by its containers.', 'p'],
});

/** PodCondition (core/v1). */
export const POD_CONDITION: StructSchema = message('api.core.v1', 'PodCondition', 'One condition of a pod.', {
  type: [1, POD_CONDITION_TYPE, 'The condition: PodScheduled, Initialized, ContainersReady, Ready ...', 're'],
  status: [2, CONDITION_STATUS, 'True, False or Unknown.', 're'],
  lastProbeTime: [3, TIME, 'When the condition was last checked.'],
  lastTransitionTime: [4, TIME, 'When the status last changed.'],
  reason: [5, STRING, 'A CamelCase reason for the last change.'],
  message: [6, STRING, 'A human-readable explanation of the last change.'],
});

/** HostIP (core/v1). */
export const HOST_IP: StructSchema = message('api.core.v1', 'HostIP', 'An IP address of a node.', {
  ip: [1, STRING, 'The address.', 're'],
});

/** PodIP (core/v1). */
export const POD_IP: StructSchema = message('api.core.v1', 'PodIP', 'An IP address of a pod.', {
  ip: [1, STRING, 'The address.', 're'],
});

/** PodResourceClaimStatus (core/v1). */
export const POD_RESOURCE_CLAIM_STATUS: StructSchema = message('api.core.v1', 'PodResourceClaimStatus', 'The claim made for a pod from a template.', {
  name: [1, STRING, 'The entry of spec.resourceClaims it belongs to.', 're'],
  resourceClaimName: [2, STRING, 'Name of the generated ResourceClaim, when one was made.', 'p'],
});

/** PodStatus (core/v1). */
export const POD_STATUS: StructSchema = message('api.core.v1', 'PodStatus', 'The observed state of a pod; it may lag behind reality.', {
  phase: [1, POD_PHASE, 'Where the pod is in its lifecycle: Pending, Running, Succeeded, Failed or Unknown.'],
  conditions: [2, keyedList(['type'], POD_CONDITION, { key: 'type' }), 'The pod\'s conditions (PodScheduled, Initialized, ContainersReady, Ready ...).'],
  message: [3, STRING, 'A human-readable message about why the pod is in this state.'],
  reason: [4, STRING, 'A CamelCase reason for the state, such as Evicted.'],
  nominatedNodeName: [11, STRING, 'Node on which the pod is expected to run once preemption frees room.'],
  hostIP: [5, STRING, 'Primary IP address of the pod\'s node.'],
  hostIPs: [16, atomicList(HOST_IP, { key: 'ip' }), 'IP addresses of the pod\'s node, the first being hostIP.'],
  podIP: [6, STRING, 'Primary IP address of the pod.'],
  podIPs: [12, keyedList(['ip'], POD_IP, { key: 'ip' }), 'IP addresses of the pod, one per IP family; the first is podIP.'],
  startTime: [7, TIME, 'When the node accepted the pod, before its images were pulled.', 'p'],
  initContainerStatuses: [10, atomicList(CONTAINER_STATUS), 'States of the init containers.'],
  containerStatuses: [8, atomicList(CONTAINER_STATUS), 'States of the main containers.'],
  qosClass: [9, POD_QOS_CLASS, 'Quality-of-service class from the resources: Guaranteed, Burstable or BestEffort.'],
  ephemeralContainerStatuses: [13, atomicList(CONTAINER_STATUS), 'States of the ephemeral containers.'],
  resize: [14, POD_RESIZE_STATUS, 'State of an in-place resize: Proposed, InProgress, Deferred or Infeasible.'],
  resourceClaimStatuses: [15, keyedList(['name'], POD_RESOURCE_CLAIM_STATUS, { key: 'name', strategy: 'merge,retainKeys' }), 'Names of the claims made from templates for this pod.'],
});

/** PodTemplateSpec (core/v1). */
export const POD_TEMPLATE_SPEC: StructSchema = message('api.core.v1', 'PodTemplateSpec', 'The pods a workload creates: their metadata and spec.', {
  metadata: [1, OBJECT_META, 'Labels and annotations of the created pods.'],
  spec: [2, POD_SPEC, 'The spec of the created pods.'],
});
