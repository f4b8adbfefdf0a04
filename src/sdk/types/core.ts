/**
 * Kinds of the core (legacy) group, `apiVersion: v1`: Namespace, ConfigMap, Secret, ServiceAccount,
 * Pod, Service, Node, Event, Endpoints, PersistentVolumeClaim, PersistentVolume, LimitRange,
 * ResourceQuota, with the fields of the v1 API. The types are closed (no index signature), so that
 * a misspelled field fails to compile; objects stay plain JSON at run time, and the generic
 * `resource()` client takes and returns any object.
 */
import type { ConfigMapKeySelector, SeccompProfile } from './generated/core-v1.js';
export type { Affinity, Binding, ConfigMap, Container, ContainerPort, ContainerState, ContainerStatus, DownwardAPIVolumeFile, Endpoints, EnvFromSource, EnvVar, EphemeralContainer, Event, ExecAction, HTTPGetAction, KeyToPath, Lifecycle, LifecycleHandler, LimitRange, LimitRangeItem, LocalObjectReference, Namespace, Node, NodeSelectorRequirement, NodeSelectorTerm, NodeSystemInfo, ObjectFieldSelector, ObjectReference, PersistentVolume, PersistentVolumeClaim, PersistentVolumeClaimSpec, PersistentVolumeClaimTemplate, Pod, PodAffinity, PodAffinityTerm, PodSecurityContext, PodSpec, PodStatus, PodTemplate, PodTemplateSpec, Probe, ReplicationController, ReplicationControllerCondition, ResourceFieldSelector, ResourceQuota, ResourceRequirements, SELinuxOptions, ScopedResourceSelectorRequirement, Secret, SecurityContext, Service, ServiceAccount, ServicePort, ServiceSpec, TCPSocketAction, Taint, Toleration, TopologySpreadConstraint, Volume, VolumeMount, WindowsSecurityContextOptions } from './generated/core-v1.js';

/** A key of a ConfigMap or Secret, as an environment variable's source. */
export type KeySelector = ConfigMapKeySelector;

/** A seccomp or AppArmor profile. */
export type SecurityProfile = SeccompProfile;
