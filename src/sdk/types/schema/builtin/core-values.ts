/**
 * Schemas of core/v1 named string types and the values the API fixes for them.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { named } from './build.js';
import { STRING } from './scalars.js';

/** Values of `v1.RestartPolicy`. */
export const RESTART_POLICY = named(STRING, 'v1.RestartPolicy', ['Always', 'Never', 'OnFailure']);
/** Values of `v1.DNSPolicy`. */
export const DNS_POLICY = named(STRING, 'v1.DNSPolicy', ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None']);
/** Values of `v1.PreemptionPolicy`. */
export const PREEMPTION_POLICY = named(STRING, 'v1.PreemptionPolicy', ['Never', 'PreemptLowerPriority']);
/** Values of `v1.HostPathType`. */
export const HOST_PATH_TYPE = named(STRING, 'v1.HostPathType', ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket']);
/** `v1.StorageMedium`. */
export const STORAGE_MEDIUM = named(STRING, 'v1.StorageMedium');
/** Values of `v1.AzureDataDiskCachingMode`. */
export const AZURE_DATA_DISK_CACHING_MODE = named(STRING, 'v1.AzureDataDiskCachingMode', ['None', 'ReadOnly', 'ReadWrite']);
/** Values of `v1.AzureDataDiskKind`. */
export const AZURE_DATA_DISK_KIND = named(STRING, 'v1.AzureDataDiskKind', ['Dedicated', 'Managed', 'Shared']);
/** Values of `v1.PersistentVolumeAccessMode`. */
export const PERSISTENT_VOLUME_ACCESS_MODE = named(STRING, 'v1.PersistentVolumeAccessMode', ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod']);
/** Values of `v1.PersistentVolumeMode`. */
export const PERSISTENT_VOLUME_MODE = named(STRING, 'v1.PersistentVolumeMode', ['Block', 'Filesystem']);
/** Values of `v1.PullPolicy`. */
export const PULL_POLICY = named(STRING, 'v1.PullPolicy', ['Always', 'IfNotPresent', 'Never']);
/** `v1.ContainerRestartPolicy`. */
export const CONTAINER_RESTART_POLICY = named(STRING, 'v1.ContainerRestartPolicy');
/** Values of `v1.TerminationMessagePolicy`. */
export const TERMINATION_MESSAGE_POLICY = named(STRING, 'v1.TerminationMessagePolicy', ['FallbackToLogsOnError', 'File']);
/** Values of `v1.Protocol`. */
export const PROTOCOL = named(STRING, 'v1.Protocol', ['SCTP', 'TCP', 'UDP']);
/** `v1.ResourceName`. */
export const RESOURCE_NAME = named(STRING, 'v1.ResourceName');
/** `v1.ResourceResizeRestartPolicy`. */
export const RESOURCE_RESIZE_RESTART_POLICY = named(STRING, 'v1.ResourceResizeRestartPolicy');
/** `v1.RecursiveReadOnlyMode`. */
export const RECURSIVE_READ_ONLY_MODE = named(STRING, 'v1.RecursiveReadOnlyMode');
/** Values of `v1.MountPropagationMode`. */
export const MOUNT_PROPAGATION_MODE = named(STRING, 'v1.MountPropagationMode', ['Bidirectional', 'HostToContainer', 'None']);
/** Values of `v1.URIScheme`. */
export const URI_SCHEME = named(STRING, 'v1.URIScheme', ['HTTP', 'HTTPS']);
/** Values of `v1.ProcMountType`. */
export const PROC_MOUNT_TYPE = named(STRING, 'v1.ProcMountType', ['Default', 'Unmasked']);
/** `v1.Capability`. */
export const CAPABILITY = named(STRING, 'v1.Capability');
/** Values of `v1.SeccompProfileType`. */
export const SECCOMP_PROFILE_TYPE = named(STRING, 'v1.SeccompProfileType', ['Localhost', 'RuntimeDefault', 'Unconfined']);
/** Values of `v1.AppArmorProfileType`. */
export const APP_ARMOR_PROFILE_TYPE = named(STRING, 'v1.AppArmorProfileType', ['Localhost', 'RuntimeDefault', 'Unconfined']);
/** Values of `v1.SupplementalGroupsPolicy`. */
export const SUPPLEMENTAL_GROUPS_POLICY = named(STRING, 'v1.SupplementalGroupsPolicy', ['Merge', 'Strict']);
/** Values of `v1.PodFSGroupChangePolicy`. */
export const POD_FS_GROUP_CHANGE_POLICY = named(STRING, 'v1.PodFSGroupChangePolicy', ['Always', 'OnRootMismatch']);
/** `v1.PodSELinuxChangePolicy`. */
export const POD_SE_LINUX_CHANGE_POLICY = named(STRING, 'v1.PodSELinuxChangePolicy');
/** Values of `v1.NodeSelectorOperator`. */
export const NODE_SELECTOR_OPERATOR = named(STRING, 'v1.NodeSelectorOperator', ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn']);
/** Values of `v1.TolerationOperator`. */
export const TOLERATION_OPERATOR = named(STRING, 'v1.TolerationOperator', ['Equal', 'Exists']);
/** Values of `v1.TaintEffect`. */
export const TAINT_EFFECT = named(STRING, 'v1.TaintEffect', ['NoExecute', 'NoSchedule', 'PreferNoSchedule']);
/** `v1.PodConditionType`. */
export const POD_CONDITION_TYPE = named(STRING, 'v1.PodConditionType');
/** Values of `v1.UnsatisfiableConstraintAction`. */
export const UNSATISFIABLE_CONSTRAINT_ACTION = named(STRING, 'v1.UnsatisfiableConstraintAction', ['DoNotSchedule', 'ScheduleAnyway']);
/** Values of `v1.NodeInclusionPolicy`. */
export const NODE_INCLUSION_POLICY = named(STRING, 'v1.NodeInclusionPolicy', ['Honor', 'Ignore']);
/** `v1.OSName`. */
export const OS_NAME = named(STRING, 'v1.OSName');
/** Values of `v1.PodPhase`. */
export const POD_PHASE = named(STRING, 'v1.PodPhase', ['Failed', 'Pending', 'Running', 'Succeeded', 'Unknown']);
/** Values of `v1.PodQOSClass`. */
export const POD_QOS_CLASS = named(STRING, 'v1.PodQOSClass', ['BestEffort', 'Burstable', 'Guaranteed']);
/** `v1.PodResizeStatus`. */
export const POD_RESIZE_STATUS = named(STRING, 'v1.PodResizeStatus');
/** `v1.ConditionStatus`. */
export const CONDITION_STATUS = named(STRING, 'v1.ConditionStatus');
/** `v1.ResourceID`. */
export const RESOURCE_ID = named(STRING, 'v1.ResourceID');
/** `v1.ResourceHealthStatus`. */
export const RESOURCE_HEALTH_STATUS = named(STRING, 'v1.ResourceHealthStatus');
/** `v1.FinalizerName`. */
export const FINALIZER_NAME = named(STRING, 'v1.FinalizerName');
/** Values of `v1.NamespacePhase`. */
export const NAMESPACE_PHASE = named(STRING, 'v1.NamespacePhase', ['Active', 'Terminating']);
/** `v1.NamespaceConditionType`. */
export const NAMESPACE_CONDITION_TYPE = named(STRING, 'v1.NamespaceConditionType');
/** Values of `v1.NodePhase`. */
export const NODE_PHASE = named(STRING, 'v1.NodePhase', ['Pending', 'Running', 'Terminated']);
/** `v1.UniqueVolumeName`. */
export const UNIQUE_VOLUME_NAME = named(STRING, 'v1.UniqueVolumeName');
/** `v1.NodeConditionType`. */
export const NODE_CONDITION_TYPE = named(STRING, 'v1.NodeConditionType');
/** `v1.NodeAddressType`. */
export const NODE_ADDRESS_TYPE = named(STRING, 'v1.NodeAddressType');
/** `v1.SecretType`. */
export const SECRET_TYPE = named(STRING, 'v1.SecretType');
/** Values of `v1.ServiceType`. */
export const SERVICE_TYPE = named(STRING, 'v1.ServiceType', ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort']);
/** Values of `v1.ServiceAffinity`. */
export const SERVICE_AFFINITY = named(STRING, 'v1.ServiceAffinity', ['ClientIP', 'None']);
/** Values of `v1.ServiceExternalTrafficPolicy`. */
export const SERVICE_EXTERNAL_TRAFFIC_POLICY = named(STRING, 'v1.ServiceExternalTrafficPolicy', ['Cluster', 'Local']);
/** Values of `v1.IPFamily`. */
export const IP_FAMILY = named(STRING, 'v1.IPFamily', ['', 'IPv4', 'IPv6']);
/** Values of `v1.IPFamilyPolicy`. */
export const IP_FAMILY_POLICY = named(STRING, 'v1.IPFamilyPolicy', ['PreferDualStack', 'RequireDualStack', 'SingleStack']);
/** Values of `v1.ServiceInternalTrafficPolicy`. */
export const SERVICE_INTERNAL_TRAFFIC_POLICY = named(STRING, 'v1.ServiceInternalTrafficPolicy', ['Cluster', 'Local']);
/** `v1.LoadBalancerIPMode`. */
export const LOAD_BALANCER_IP_MODE = named(STRING, 'v1.LoadBalancerIPMode');
/** Values of `v1.PersistentVolumeReclaimPolicy`. */
export const PERSISTENT_VOLUME_RECLAIM_POLICY = named(STRING, 'v1.PersistentVolumeReclaimPolicy', ['Delete', 'Recycle', 'Retain']);
/** Values of `v1.PersistentVolumePhase`. */
export const PERSISTENT_VOLUME_PHASE = named(STRING, 'v1.PersistentVolumePhase', ['Available', 'Bound', 'Failed', 'Pending', 'Released']);
/** Values of `v1.PersistentVolumeClaimPhase`. */
export const PERSISTENT_VOLUME_CLAIM_PHASE = named(STRING, 'v1.PersistentVolumeClaimPhase', ['Bound', 'Lost', 'Pending']);
/** Values of `v1.ClaimResourceStatus`. */
export const CLAIM_RESOURCE_STATUS = named(STRING, 'v1.ClaimResourceStatus', ['ControllerResizeInProgress', 'ControllerResizeInfeasible', 'NodeResizeInProgress', 'NodeResizeInfeasible', 'NodeResizePending']);
/** `v1.PersistentVolumeClaimConditionType`. */
export const PERSISTENT_VOLUME_CLAIM_CONDITION_TYPE = named(STRING, 'v1.PersistentVolumeClaimConditionType');
/** Values of `v1.PersistentVolumeClaimModifyVolumeStatus`. */
export const PERSISTENT_VOLUME_CLAIM_MODIFY_VOLUME_STATUS = named(STRING, 'v1.PersistentVolumeClaimModifyVolumeStatus', ['InProgress', 'Infeasible', 'Pending']);
/** `v1.LimitType`. */
export const LIMIT_TYPE = named(STRING, 'v1.LimitType');
/** Values of `v1.ResourceQuotaScope`. */
export const RESOURCE_QUOTA_SCOPE = named(STRING, 'v1.ResourceQuotaScope', ['BestEffort', 'CrossNamespacePodAffinity', 'NotBestEffort', 'NotTerminating', 'PriorityClass', 'Terminating']);
/** Values of `v1.ScopeSelectorOperator`. */
export const SCOPE_SELECTOR_OPERATOR = named(STRING, 'v1.ScopeSelectorOperator', ['DoesNotExist', 'Exists', 'In', 'NotIn']);
